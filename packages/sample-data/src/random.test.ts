import { describe, expect, it } from 'vitest';
import { SeededRandom } from './random';

function draw(random: SeededRandom, count: number, sample: () => number): number[] {
  return Array.from({ length: count }, sample);
}

function moments(values: readonly number[]): { mean: number; variance: number } {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  return { mean, variance };
}

describe('SeededRandom', () => {
  it('repeats its sequence for the same seed and label, and changes it for another of either', () => {
    const sequence = (seed: number, label: string) => {
      const random = new SeededRandom(seed, label);
      return Array.from({ length: 8 }, () => random.nextUint32());
    };
    expect(sequence(7, 'orders')).toEqual(sequence(7, 'orders'));
    expect(sequence(7, 'orders')).not.toEqual(sequence(8, 'orders'));
    expect(sequence(7, 'orders')).not.toEqual(sequence(7, 'traffic'));
    expect(sequence(0, '')).not.toEqual(sequence(1, ''));
  });

  it('draws uniform values in [0, 1) with a flat histogram', () => {
    const random = new SeededRandom(1);
    const bins = new Array<number>(10).fill(0);
    let outside = 0;
    for (let i = 0; i < 50_000; i++) {
      const value = random.next();
      if (!(value >= 0 && value < 1)) outside++;
      const bin = Math.floor(value * 10);
      bins[bin] = (bins[bin] ?? 0) + 1;
    }
    expect(outside).toBe(0);
    expect(Math.max(...bins.map((count) => Math.abs(count - 5000)))).toBeLessThan(300);
  });

  it.each([0.7, 5, 29.9, 30, 80, 1500])('draws Poisson counts with mean and variance %d', (lambda) => {
    const random = new SeededRandom(11, String(lambda));
    const values = draw(random, 40_000, () => random.poisson(lambda));
    const { mean, variance } = moments(values);
    expect(values.every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
    expect(Math.abs(mean - lambda)).toBeLessThan(4 * Math.sqrt(lambda / values.length) + 1e-9);
    expect(variance / lambda).toBeGreaterThan(0.95);
    expect(variance / lambda).toBeLessThan(1.05);
  });

  it('returns zero for a zero or negative Poisson mean', () => {
    const random = new SeededRandom(3);
    expect([random.poisson(0), random.poisson(-2), random.poisson(Number.NaN)]).toEqual([0, 0, 0]);
  });

  it.each([
    [10, 0.3],
    [200, 0.02],
    [200, 0.5],
    [5000, 0.08],
    [200, 0.98],
  ])('draws binomial counts for n=%d, p=%d within [0, n] around n·p', (n, p) => {
    const random = new SeededRandom(5, `${n}/${p}`);
    const values = draw(random, 20_000, () => random.binomial(n, p));
    const { mean, variance } = moments(values);
    expect(values.every((v) => Number.isInteger(v) && v >= 0 && v <= n)).toBe(true);
    expect(Math.abs(mean - n * p) / (n * p)).toBeLessThan(0.02);
    expect(variance / (n * p * (1 - p))).toBeGreaterThan(0.85);
    expect(variance / (n * p * (1 - p))).toBeLessThan(1.15);
  });

  it('picks indices in proportion to their weights', () => {
    const random = new SeededRandom(9);
    const weights = [0.5, 0.3, 0.2, 0];
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 30_000; i++) {
      const index = random.pick(weights, 1);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    const errors = counts.map((count, i) => Math.abs(count / 30_000 - (weights[i] ?? 0)));
    expect(Math.max(...errors)).toBeLessThan(0.01);
    expect(counts[3]).toBe(0);
  });

  it('draws log-normal values whose median is the one asked for', () => {
    const random = new SeededRandom(4);
    const values = draw(random, 20_001, () => random.logNormal(40, 0.5)).sort((a, b) => a - b);
    expect(values[10_000]).toBeGreaterThan(39);
    expect(values[10_000]).toBeLessThan(41);
  });
});

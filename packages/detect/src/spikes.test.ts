import { describe, expect, it } from 'vitest';
import { fitExpectedRange, type ExpectedRange } from './range';
import type { InputPoint } from './series';
import { detectSpikes, scoreSeverity } from './spikes';
import { hourlySeries } from './testing';

describe('detectSpikes', () => {
  it.each([
    [-0.5, 'down'],
    [0.6, 'up'],
  ] as const)('finds a planted %d change as one %s incident with its figures', (size, direction) => {
    const r = fitExpectedRange(hourlySeries({ days: 28, spikeAt: 500, spikeSize: size }));
    const spikes = detectSpikes(r, { tier: 1, impact_to_topline: 0.8 });
    expect(spikes).toHaveLength(1);
    const s = spikes[0]!;
    expect(s.startIndex).toBe(500);
    expect(s.direction).toBe(direction);
    expect(Math.sign(s.lift)).toBe(Math.sign(size));
    expect(Math.abs(s.lift - size)).toBeLessThan(0.1);
    expect(s.severity).toBe('High');
  });

  it('merges repeats inside the cooldown into one incident', () => {
    const pts = hourlySeries({ days: 28 });
    for (const i of [400, 401, 404]) pts[i] = { ...pts[i]!, value: (pts[i]!.value as number) * 0.3 };
    const spikes = detectSpikes(fitExpectedRange(pts));
    expect(spikes).toHaveLength(1);
    expect([spikes[0]!.startIndex, spikes[0]!.endIndex, spikes[0]!.count]).toEqual([400, 404, 3]);
  });

  it('ignores deviations below the minimum lift', () => {
    const r = fitExpectedRange(hourlySeries({ days: 28, noise: 0.01, spikeAt: 300, spikeSize: 0.04 }));
    expect(detectSpikes(r).some((s) => s.startIndex === 300)).toBe(false);
    const big = fitExpectedRange(hourlySeries({ days: 28, noise: 0.01, spikeAt: 300, spikeSize: 0.2 }));
    expect(detectSpikes(big).some((s) => s.startIndex === 300)).toBe(true);
  });

  it.each([
    [8, 0.4, 3, { tier: 1, impact_to_topline: 0.9 }, 'High'],
    [5, 0.1, 1, { tier: 2, impact_to_topline: 0.3 }, 'Low'],
    [5, 0.15, 1, { tier: 2, impact_to_topline: 0.5 }, 'Medium'],
    [8, 0.4, 3, { tier: 3, impact_to_topline: 0 }, 'Medium'],
  ] as const)(
    'rates evidence %d, lift %d over %d buckets with %o as %s',
    (evidence, lift, buckets, weight, expected) => {
      expect(scoreSeverity(evidence, lift, buckets, weight).severity).toBe(expected);
    },
  );
});

/** A seeded Poisson draw (Knuth), so the low-count series below never changes. */
function poissonSeries(days: number, mean: (day: number) => number, seed: number): InputPoint[] {
  let x = seed >>> 0 || 1;
  const uniform = (): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  return Array.from({ length: days }, (_, d) => {
    const limit = Math.exp(-mean(d));
    let k = 0;
    for (let p = uniform(); p > limit; p *= uniform()) k++;
    return { timestamp: Date.UTC(2025, 0, 1) + d * 86_400_000, value: k };
  });
}

describe('a two-day drop of a low-volume series', () => {
  // About 30 orders a day with a weekly shape; on days 300 and 301 a payment method fails: 11 and 12 orders.
  const weekly = [1, 1.05, 1.1, 1.05, 1, 0.9, 0.9];
  const usual = (d: number) => 30 * weekly[d % 7]!;
  const withDrop = (seed: number) => {
    const points = poissonSeries(400, usual, seed);
    points[300]!.value = 11;
    points[301]!.value = 12;
    return fitExpectedRange(points, { grain: 'd' });
  };

  it.each([8, 11])(
    'is left out of the fit, so the expected value stays at the usual level (seed %d)',
    (seed) => {
      const r = withDrop(seed);
      for (const d of [300, 301]) {
        expect(r.yhat[d]! / usual(d)).toBeGreaterThan(0.9);
        expect(r.score[d]!).toBeLessThan(-r.z);
      }
    },
  );

  it.each([8, 11])('is raised as one incident though neither day alone would be (seed %d)', (seed) => {
    const r = withDrop(seed);
    expect(Math.min(Math.abs(r.score[300]!), Math.abs(r.score[301]!))).toBeLessThan(r.z + 2.5);
    const drops = detectSpikes(r).filter((s) => s.direction === 'down');
    expect(drops.map((s) => [s.startIndex, s.endIndex])).toEqual([[300, 301]]);
    expect(drops[0]!.lift).toBeLessThan(-0.5);
  });

  it('earns no run credit on hourly series, whose neighbouring buckets share their noise', () => {
    const n = 24 * 28;
    const score = new Float64Array(n);
    score[400] = -3.3;
    score[401] = -3.3;
    const flat = new Float64Array(n).fill(100);
    const range = (grain: 'h' | 'd') =>
      ({
        status: 'ok',
        grain,
        z: 2.5,
        periods: [grain === 'h' ? 24 : 7],
        timestamps: Array.from({ length: n }, (_, i) => i * 3_600_000),
        y: flat.map((v, i) => (score[i]! < 0 ? 40 : v)),
        yhat: flat,
        lower: flat.map((v) => v - 25),
        upper: flat.map((v) => v + 25),
        score,
      }) as unknown as ExpectedRange;
    expect(detectSpikes(range('h'))).toEqual([]);
    expect(detectSpikes(range('d'))).toHaveLength(1);
  });
});

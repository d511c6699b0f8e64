import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bendWithin,
  findBreaks,
  hingeRss,
  linePrefix,
  lineRss,
  optimalPartition,
  type LinePrefix,
} from './changepoints';

// Reference optimal partitioning: every start considered, no shortcuts.
function bruteForce(p: LinePrefix, m: number, minSeg: number, sigma2: number, beta: number): number[] {
  if (m < 2 * minSeg) return [];
  const f = new Float64Array(m + 1).fill(Infinity);
  const from = new Int32Array(m + 1);
  f[0] = 0;
  for (let t = minSeg; t <= m; t++) {
    f[t] = lineRss(p, 0, t) / sigma2 + beta;
    for (let s = minSeg; s <= t - minSeg; s++) {
      const c = f[s]! + lineRss(p, s + 1, t) / sigma2 + beta;
      if (c < f[t]!) {
        f[t] = c;
        from[t] = s;
      }
    }
  }
  const cuts: number[] = [];
  for (let t = from[m]!; t > 0; t = from[t]!) cuts.push(t);
  return cuts.reverse();
}

// Least squares on (1, t, (t − s)₊) by normal equations solved with Gaussian elimination.
function directHinge(y: number[], s: number): number {
  const X = y.map((_, t) => [1, t, Math.max(0, t - s)]);
  const A = [0, 1, 2].map((i) => [0, 1, 2].map((j) => X.reduce((acc, r) => acc + r[i]! * r[j]!, 0)));
  const b = [0, 1, 2].map((i) => X.reduce((acc, r, t) => acc + r[i]! * y[t]!, 0));
  for (let c = 0; c < 3; c++)
    for (let r = c + 1; r < 3; r++) {
      const k = A[r]![c]! / A[c]![c]!;
      for (let j = c; j < 3; j++) A[r]![j]! -= k * A[c]![j]!;
      b[r]! -= k * b[c]!;
    }
  const beta = [0, 0, 0];
  for (let r = 2; r >= 0; r--)
    beta[r] =
      (b[r]! - [0, 1, 2].filter((j) => j > r).reduce((acc, j) => acc + A[r]![j]! * beta[j]!, 0)) / A[r]![r]!;
  return y.reduce((acc, v, t) => acc + (v - X[t]!.reduce((q, x, j) => q + x * beta[j]!, 0)) ** 2, 0);
}

describe('changepoints', () => {
  it('finds the same optimal partition as an exhaustive search', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 10, maxLength: 80 }),
        fc.integer({ min: 2, max: 6 }),
        fc.double({ min: 1, max: 40, noNaN: true }),
        (values, minSeg, beta) => {
          const p = linePrefix(Float64Array.from(values));
          expect(optimalPartition(p, values.length, minSeg, 1, beta)).toEqual(
            bruteForce(p, values.length, minSeg, 1, beta),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('fits a bend in O(1) exactly as a direct least-squares fit does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 8, maxLength: 60 }),
        fc.integer({ min: 2, max: 5 }),
        (values, at) => {
          const s = Math.min(at, values.length - 3);
          const got = hingeRss(linePrefix(Float64Array.from(values)), 0, values.length, s);
          const want = directHinge(values, s);
          expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-6 * Math.max(1, want));
        },
      ),
      { numRuns: 200 },
    );
  });

  const noise = (i: number): number => Math.sin(i * 12.9898) * 0.5;
  it.each([
    [
      'a jump of the level, to the bucket',
      (i: number) => (i >= 1000 ? 130 : 100) + noise(i),
      1000,
      0,
      'jump',
    ],
    [
      'a bend of the slope, within a day',
      (i: number) => 100 + (i >= 1200 ? 0.05 * (i - 1200) : 0) + noise(i),
      1200,
      24,
      'kink',
    ],
  ] as const)('dates %s', (_, value, at, tolerance, kind) => {
    const values = Float64Array.from({ length: 2160 }, (_, i) => value(i));
    const b = findBreaks(values, 'h')!;
    expect(b.cuts).toHaveLength(1);
    expect(Math.abs(b.cuts[0]! - at)).toBeLessThanOrEqual(tolerance);
    expect(b.kinds[0]).toBe(kind);
  });

  it('finds no break in a straight noisy line', () => {
    const values = Float64Array.from({ length: 2160 }, (_, i) => 100 + 0.01 * i + noise(i));
    expect(findBreaks(values, 'h')!.cuts).toEqual([]);
  });
});

describe('bendWithin', () => {
  const wobble = (i: number) => 2 * Math.sin(i * 12.9898) * Math.cos(i * 4.1414);
  const breaks = { level: 100, sigmaBlock: 1.5 };

  it('dates a bend of the slope inside a stretch, and measures its evidence against one line', () => {
    // Flat from day 40, bending down 0.5 a day from day 150; the search starts at day 40.
    const values = Float64Array.from({ length: 220 }, (_, i) =>
      i < 40 ? NaN : 100 + wobble(i) - 0.5 * Math.max(0, i - 150),
    );
    const bend = bendWithin(values, 'd', 40, breaks)!;
    expect(Math.abs(bend.at - 150)).toBeLessThanOrEqual(2);
    expect(bend.gain).toBeGreaterThan(1000);
  });

  it('finds no evidence in a straight line, and no room in a short stretch', () => {
    const line = Float64Array.from({ length: 220 }, (_, i) => 100 + 0.2 * i + wobble(i));
    expect(bendWithin(line, 'd', 0, breaks)!.gain).toBeLessThan(6 * Math.log(220));
    expect(bendWithin(line, 'd', 200, breaks)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitExpectedRange } from './range';
import { beyondBand, countRun, detectCountRuns, isCountRun, RUN_EVIDENCE } from './runs';

/** Seeded Poisson draws (Knuth), so the test is the same every run. */
function poissonDraws(seed: number) {
  let s = seed;
  const uniform = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return (s + 0.5) / 2 ** 31;
  };
  return (lambda: number) => {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = uniform();
    while (p > limit) {
      k++;
      p *= uniform();
    }
    return k;
  };
}

describe('countRun', () => {
  it('finds three days of voided orders where one is usual a month, and not one day of three', () => {
    const usual = Array.from({ length: 10 }, () => 0.05);
    const run = [0, 0, 0, 4, 4, 4, 0, 0, 0, 0];
    const found = countRun(run, usual, 'up');
    expect([found.from, found.to]).toEqual([3, 5]);
    expect(found.evidence).toBeGreaterThanOrEqual(RUN_EVIDENCE);
    // Three orders of a rare country on one day: a blip, whatever its ratio to nothing expected.
    expect(isCountRun([0, 0, 3, 0, 0], usual.slice(0, 5), 'up')).toBe(false);
    // A country that sells one order a week, with a busy fortnight of single orders and a pair.
    expect(isCountRun([1, 0, 1, 0, 2, 0, 0, 1, 0, 1, 0, 0, 1, 0], Array(14).fill(0.15), 'up')).toBe(false);
  });

  it('finds a two-day −70 % drop of a value with thirty rows a day, not one quiet day of it', () => {
    const expected = Array.from({ length: 6 }, () => 31);
    expect(isCountRun([30, 33, 11, 12, 29, 31], expected, 'down')).toBe(true);
    expect(isCountRun([30, 33, 11, 29, 31, 30], expected, 'down')).toBe(false);
    // A single day at four times its six orders is a run of one, strong enough on its own.
    expect(isCountRun([6, 25, 7], [6.3, 6.3, 6.3], 'up')).toBe(true);
    expect(isCountRun([6, 14, 7], [6.3, 6.3, 6.3], 'up')).toBe(false);
  });

  it('raises no run from ordinary counts: none in 200 years of days at any rate', () => {
    const draw = poissonDraws(42);
    for (const lambda of [0.05, 0.4, 2, 8, 30]) {
      const days = 73_000;
      const expected = new Float64Array(days).fill(lambda);
      const observed = Float64Array.from(expected, (l) => draw(l));
      expect(countRun(observed, expected, 'up').evidence, `up at ${lambda}`).toBeLessThan(RUN_EVIDENCE);
      expect(countRun(observed, expected, 'down').evidence, `down at ${lambda}`).toBeLessThan(RUN_EVIDENCE);
    }
  });

  it('skips gaps, never reports negative evidence and rejects a ratio on the wrong side', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.nat(20), fc.constant(Number.NaN)), { maxLength: 60 }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (observed, lambda) => {
          const expected = observed.map(() => lambda);
          for (const direction of ['up', 'down'] as const) {
            const run = countRun(observed, expected, direction);
            expect(run.evidence).toBeGreaterThanOrEqual(0);
            if (run.from >= 0) expect(run.to).toBeGreaterThanOrEqual(run.from);
          }
        },
      ),
    );
    expect(countRun([1, Number.NaN, 1], [0, 0, 0], 'up')).toMatchObject({ from: 0, to: 2 });
    expect(() => countRun([1], [1], 'up', 0.5)).toThrow(RangeError);
    expect(() => countRun([1], [1], 'down', 1)).toThrow(RangeError);
  });
});

describe('detectCountRuns', () => {
  it('reads a stop at 0 as below a band clipped at 0 (its floor), and nothing else inside as beyond', () => {
    expect(beyondBand('down', 0, 9.4, 0, 17.9)).toBe(true);
    expect(beyondBand('down', 0, 0, 0, 2)).toBe(false);
    expect(beyondBand('down', 1, 9.4, 0, 17.9)).toBe(false);
    expect(beyondBand('down', 3, 9.4, 3.5, 17.9)).toBe(true);
    expect(beyondBand('up', 17.9, 9.4, 0, 17.9)).toBe(false);
    expect(beyondBand('up', 18, 9.4, 0, 17.9)).toBe(true);
  });

  const DAY = 86_400_000;
  const draw = poissonDraws(7);
  const days = (lambda: number, edit: (i: number, v: number) => number = (_, v) => v) =>
    Array.from({ length: 240 }, (_, i) => ({
      timestamp: Date.UTC(2025, 0, 1) + i * DAY,
      value: edit(i, draw(lambda * (i % 7 === 5 ? 1.2 : 1))),
    }));
  const runsOf = (points: Array<{ timestamp: number; value: number }>) => {
    const range = fitExpectedRange(points, { grain: 'd' });
    return detectCountRuns(range, { rows: range.y, perRow: 1 });
  };

  it('finds a marketplace day without an order where ten were due, claiming what its window shows', () => {
    const found = runsOf(days(10, (i, v) => (i === 200 ? 0 : v)));
    expect(found.map((f) => [f.startIndex, f.endIndex, f.direction])).toEqual([[200, 200, 'down']]);
    expect(found[0]!.current).toBe(0);
    expect(found[0]!.current).toBeLessThan(found[0]!.lower);
  });

  it('raises nothing from ordinary days of a few orders', () => {
    expect(runsOf(days(4))).toEqual([]);
    expect(runsOf(days(0.3))).toEqual([]);
  });
});

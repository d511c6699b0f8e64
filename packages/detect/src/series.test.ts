import { describe, expect, it } from 'vitest';
import { inferGrain, regularize } from './series';

const H = 3_600_000;
const T0 = Date.UTC(2024, 0, 1);

describe('regularize', () => {
  it('sorts, merges duplicates by their mean and leaves gaps as NaN', () => {
    const s = regularize(
      [
        { timestamp: T0 + 2 * H, value: 3 },
        { timestamp: T0, value: 1 },
        { timestamp: T0, value: 3 },
        { timestamp: T0 + 4 * H, value: null },
        { timestamp: T0 + 5 * H, value: NaN },
        { timestamp: T0 + 6 * H, value: 7 },
      ],
      'h',
    );
    expect(Array.from(s.values)).toEqual([2, NaN, 3, NaN, NaN, NaN, 7]);
    expect(s.timestamps[1]).toBe(T0 + H);
    expect(s.notes).toEqual(expect.arrayContaining(['timestamps sorted', '1 duplicate timestamps merged']));
  });

  it.each([
    [H, 'h'],
    [24 * H, 'd'],
    [7 * 24 * H, 'w'],
    [30 * 24 * H, 'm'],
  ] as const)('infers a spacing of %d ms as grain %s', (step, grain) => {
    expect(inferGrain([0, step, 2 * step, 3 * step])).toBe(grain);
  });

  it('buckets monthly points by calendar month whatever the tenant offset', () => {
    const s = regularize(
      [
        { timestamp: Date.UTC(2024, 0, 31, 23), value: 1 }, // Feb 1 in UTC+1
        { timestamp: Date.UTC(2024, 2, 1), value: 2 },
        { timestamp: Date.UTC(2024, 4, 1), value: 3 },
      ],
      'm',
    );
    expect(Array.from(s.values)).toEqual([1, 2, NaN, 3]);
  });

  it('caps the grid when a stray timestamp lies far away', () => {
    const s = regularize(
      [
        { timestamp: 0, value: 1 },
        { timestamp: T0, value: 2 },
      ],
      'h',
    );
    expect(s.values.length).toBeLessThanOrEqual(50_000);
    expect(s.values[s.values.length - 1]).toBe(2);
  });
});

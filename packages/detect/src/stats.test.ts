import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { median, medianInPlace } from './stats';

describe('medianInPlace', () => {
  it('returns the same median as sorting, for any values including ties', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: 200 }), (xs) => {
        expect(medianInPlace(Float64Array.from(xs), xs.length)).toBe(median(xs));
      }),
      { numRuns: 300 },
    );
  });

  it('is NaN for no values', () => {
    expect(medianInPlace(new Float64Array(0), 0)).toBeNaN();
  });
});

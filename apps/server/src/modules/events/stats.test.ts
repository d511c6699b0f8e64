import { describe, expect, it } from 'vitest';
import { chiSquarePValue, goodnessOfFit } from './stats';

describe('skew test statistics', () => {
  it.each([
    [3.841, 1, 0.05],
    [6.635, 1, 0.01],
    [9.21, 2, 0.01],
    [16.266, 3, 0.001],
    [1, 4, 0.9098],
  ])('chi-square %d with %d df has p ≈ %d', (x, df, p) => {
    expect(chiSquarePValue(x, df)).toBeCloseTo(p, 3);
  });

  it('finds a mix that follows page views not skewed, and one browser holding the errors skewed', () => {
    const pageViews = new Map([
      ['Chrome', 600],
      ['Safari', 250],
      ['Firefox', 100],
      ['Edge', 50],
    ]);
    const even = goodnessOfFit(
      new Map([
        ['Chrome', 61],
        ['Safari', 24],
        ['Firefox', 10],
        ['Edge', 5],
      ]),
      pageViews,
    );
    expect(even.pValue).toBeGreaterThan(0.5);
    const skewed = goodnessOfFit(
      new Map([
        ['Safari', 90],
        ['Chrome', 8],
        ['Firefox', 2],
      ]),
      pageViews,
    );
    expect(skewed.pValue).toBeLessThan(1e-6);
  });
});

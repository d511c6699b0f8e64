import { describe, expect, it } from 'vitest';
import { formatAgainstExpected, liftTextReadsAsPercent, readsAsPercent } from './lift';

describe('lifts in percent or in units', () => {
  it('keeps a change up to ±999 % as a percent and gives larger or broken ones in units', () => {
    expect(readsAsPercent(0.12)).toBe(true);
    expect(readsAsPercent(-0.999)).toBe(true);
    expect(readsAsPercent(9.99)).toBe(true);
    expect(readsAsPercent(40)).toBe(false);
    expect(readsAsPercent(-12)).toBe(false);
    expect(readsAsPercent(Infinity)).toBe(false);
    expect(readsAsPercent(null)).toBe(false);
  });

  it('reads a written lift as a percent only when it is a plain one of at most 999 %', () => {
    expect(liftTextReadsAsPercent('+810.7%')).toBe(true);
    expect(liftTextReadsAsPercent('-59.9%')).toBe(true);
    expect(liftTextReadsAsPercent('+999%')).toBe(true);
    expect(liftTextReadsAsPercent('+4k%')).toBe(false);
    expect(liftTextReadsAsPercent('+1.5M%')).toBe(false);
    expect(liftTextReadsAsPercent('+1200.0%')).toBe(false);
    expect(liftTextReadsAsPercent('+41')).toBe(false);
    expect(liftTextReadsAsPercent('+$4.1k')).toBe(false);
  });

  it('says a movement in units against the expected value', () => {
    expect(formatAgainstExpected('41', '1')).toBe('41 against about 1 expected');
  });
});

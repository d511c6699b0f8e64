import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatCompact,
  formatCurrency,
  formatMoneyAmount,
  formatNumber,
  formatPercent,
  MISSING,
} from './number';

describe('number formatting', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [12.5, '12.5'],
    [0.456, '0.46'],
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [-1234, '-1.2k'],
    [999_960, '1M'],
    [2_500_000, '2.5M'],
    [3_210_000_000, '3.2B'],
    [4.56e12, '4.6T'],
    [9.9e15, '9900T'],
  ])('shortens %d to %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it('uses K for chart axes when asked', () => {
    expect(formatCompact(1500, { thousands: 'K' })).toBe('1.5K');
  });

  it.each([[NaN], [Infinity], [-Infinity], [null], [undefined]])('shows a dash for %s', (value) => {
    expect(formatCompact(value)).toBe(MISSING);
    expect(formatPercent(value)).toBe(MISSING);
    expect(formatCurrency(value)).toBe(MISSING);
  });

  it.each([
    [0.2345, {}, '23.5%'],
    [-0.0004, {}, '0.0%'],
    [0.12, { signed: true }, '+12.0%'],
    [-0.12, { signed: true }, '-12.0%'],
    [0.1299, { floor: true }, '12.9%'],
    [25, {}, '2.5k%'],
  ])('writes %d as a percent %o → %s', (value, options, expected) => {
    expect(formatPercent(value, options)).toBe(expected);
  });

  it.each([
    [12345, '€', '€12.3k'],
    [-50.5, '$', '-$50.5'],
    [0, '£', '£0'],
  ])('prefixes the tenant symbol: %d %s → %s', (value, symbol, expected) => {
    expect(formatCurrency(value, { symbol })).toBe(expected);
  });

  it('shows full amounts with cents when not compact', () => {
    expect(formatCurrency(1234567.891, { compact: false })).toBe('$1,234,567.89');
    expect(formatNumber(-12345.6, 1)).toBe('-12,345.6');
  });

  it('never produces NaN, Infinity or more than one decimal after a unit for any finite number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e30, max: 1e30 }), (value) => {
        const text = formatCompact(value);
        expect(text).not.toMatch(/NaN|Infinity/);
        if (/[kMBT]$/.test(text)) expect(text).toMatch(/^-?\d{1,}(\.\d)?[kMBT]$/);
      }),
    );
  });
});

describe('formatMoneyAmount', () => {
  it.each([
    [1234.5, '€', '€1,235'],
    [12.5, '£', '£12.5'],
    [-3, 'R', '-R3'],
    [0, '$', '$0'],
    [null, '$', '–'],
  ] as const)('%s with %s → %s', (value, symbol, expected) => {
    expect(formatMoneyAmount(value, symbol)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { formatMetricValue } from './metric';

describe('formatMetricValue', () => {
  it.each([
    [3.1, 'percentage', '$', '3.1%'],
    [12345, 'number', '$', '12.3k'],
    [12345, 'currency', '€', '€12.3k'],
  ] as const)('formats %d as %s with %s → %s', (value, format, symbol, expected) => {
    expect(formatMetricValue(value, format, symbol)).toBe(expected);
  });
});

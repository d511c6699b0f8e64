import { describe, expect, it } from 'vitest';
import { formatOf } from './metrics.service';

describe('formatOf: which new metrics read as percentages', () => {
  it.each([
    ['Cancellation Rate', "100 * count_if(status = 'cancelled') / count(order_id)", 'percentage'],
    ['Discount %', 'avg(discount_pct)', 'percentage'],
    ['Percent returned', 'sum(returned) / count(order_id)', 'percentage'],
    // A rate without the 100 is a fraction: shown as a number, never as '0.0%'.
    ['Conversion Rate', 'count(order_id) / sum(sessions)', 'number'],
    ['Revenue', null, 'number'],
  ] as const)('%s (%s) → %s', (name, formula, expected) => {
    expect(formatOf(name, formula)).toBe(expected);
  });
});

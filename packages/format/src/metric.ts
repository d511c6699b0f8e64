import { formatCompact, formatCurrency, formatPercentValue } from './number';

/** kpi_format from the spec plus currency for money metrics. */
export type MetricFormat = 'number' | 'percentage' | 'currency';

/**
 * A metric's value as shown on cards. A percentage metric's values are percent points, as its formula
 * gives them (100 * a / b: 3.1 → '3.1%'), so the chart axis and the card read the same number.
 */
export function formatMetricValue(
  value: number | null | undefined,
  format: MetricFormat = 'number',
  currencySymbol = '$',
): string {
  if (format === 'percentage') return formatPercentValue(value);
  if (format === 'currency') return formatCurrency(value, { symbol: currencySymbol });
  return formatCompact(value);
}

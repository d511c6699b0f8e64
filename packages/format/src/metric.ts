import { formatCompact, formatCurrency, formatPercent } from './number';

/** kpi_format from the spec plus currency for money metrics. */
export type MetricFormat = 'number' | 'percentage' | 'currency';

/** A metric's value as shown on cards: percentages are fractions (0.031 → '3.1%'). */
export function formatMetricValue(
  value: number | null | undefined,
  format: MetricFormat = 'number',
  currencySymbol = '$',
): string {
  if (format === 'percentage') return formatPercent(value);
  if (format === 'currency') return formatCurrency(value, { symbol: currencySymbol });
  return formatCompact(value);
}

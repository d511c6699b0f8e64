import type { Mover } from '@tidemark/contract';
import { formatMetricValue, formatPercent } from '@tidemark/format';

/** A metric's value in its own format, money in the workspace's currency. */
export const metricValue = (
  value: number | null,
  format: Mover['kpi_format'],
  currencySymbol: string | undefined,
): string => formatMetricValue(value, format, currencySymbol);

/** +12.3% / -4.0%, or null when there is no change to show. */
export function signedChange(change: number | null): string | null {
  return change === null ? null : formatPercent(change, { signed: true });
}

/** Green when the move is good for the business, red when bad, grey when unknown. */
export const toneOf = (good: boolean | null): 'success.main' | 'error.main' | 'text.secondary' =>
  good === null ? 'text.secondary' : good ? 'success.main' : 'error.main';

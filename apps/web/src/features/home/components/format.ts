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

/** Whether a change against the previous period is good news: up for a positive metric, down for a negative one. */
export const changeIsGood = (change: number | null, accent: 'positive' | 'negative'): boolean | null =>
  change === null || change === 0 ? null : change > 0 === (accent === 'positive');

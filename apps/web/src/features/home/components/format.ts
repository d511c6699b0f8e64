import type { Mover } from '@tidemark/contract';
import { formatMetricValue, formatPercent, readsAsPercent } from '@tidemark/format';

/** A metric's value in its own format, money in the workspace's currency. */
export const metricValue = (
  value: number | null,
  format: Mover['kpi_format'],
  currencySymbol: string | undefined,
): string => formatMetricValue(value, format, currencySymbol);

/**
 * The change against the previous period: +12.3% / -4.0% while a percent reads as one (up to ±999 %), else the
 * difference in the metric's units (+41, +$4.1k), as it is from a previous value near zero; null with nothing
 * to compare.
 */
export function signedChange(
  mover: Pick<Mover, 'change' | 'current_value' | 'previous_value' | 'kpi_format'>,
  currencySymbol?: string,
): string | null {
  if (readsAsPercent(mover.change)) return formatPercent(mover.change, { signed: true });
  if (mover.current_value === null || mover.previous_value === null) return null;
  const diff = mover.current_value - mover.previous_value;
  if (diff === 0) return null;
  return (diff > 0 ? '+' : '') + metricValue(diff, mover.kpi_format, currencySymbol);
}

/** Green when the move is good for the business, red when bad, grey when unknown. */
export const toneOf = (good: boolean | null): 'success.main' | 'error.main' | 'text.secondary' =>
  good === null ? 'text.secondary' : good ? 'success.main' : 'error.main';

/** Whether a change against the previous period is good news: up for a positive metric, down for a negative one. */
export const changeIsGood = (change: number | null, accent: 'positive' | 'negative'): boolean | null =>
  change === null || change === 0 ? null : change > 0 === (accent === 'positive');

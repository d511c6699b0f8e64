/**
 * What a movement cost or earned, read from the workspace's money metric (its revenue) rather than priced per
 * unit of whichever metric moved: a tracking outage with normal revenue costs nothing, and one loss seen through
 * sessions, add-to-carts, checkouts and revenue is counted once, as revenue.
 */

export interface PricedMetric {
  kpi_id: number;
  /** Money per unit of the metric: 1 for a metric that is money. */
  dollar_impact: number | null;
  kpi_format?: string | null;
  impact_to_topline?: number | null;
}

/** A metric counted in money: a dollar impact of one per unit, or a currency format. */
export function isMoneyMetric(metric: PricedMetric): boolean {
  return metric.dollar_impact === 1 || metric.kpi_format === 'currency';
}

/** The workspace's money metric: of the metrics counted in money, the one nearest the topline. */
export function moneyMetricOf<T extends PricedMetric>(metrics: readonly T[]): T | null {
  const money = metrics.filter(isMoneyMetric);
  money.sort((a, b) => (b.impact_to_topline ?? 0) - (a.impact_to_topline ?? 0) || a.kpi_id - b.kpi_id);
  return money[0] ?? null;
}

export interface FittedPoints {
  /** Bucket starts, epoch ms. */
  ts: readonly number[];
  y: ReadonlyArray<number | null>;
  yhat: ReadonlyArray<number | null>;
  lower: ReadonlyArray<number | null>;
  upper: ReadonlyArray<number | null>;
}

/**
 * The money metric's movement over [from, to] in the given direction: Σ (actual − expected) over the buckets
 * that left their band. Buckets inside the band are noise, and a movement the other way earns nothing here.
 */
export function abnormalChange(
  series: FittedPoints,
  from: number,
  to: number,
  direction: 'up' | 'down',
): number {
  let sum = 0;
  for (let i = 0; i < series.ts.length; i++) {
    const t = series.ts[i]!;
    if (t < from || t > to) continue;
    const y = series.y[i];
    const yhat = series.yhat[i];
    const lower = series.lower[i];
    const upper = series.upper[i];
    if (y == null || yhat == null || lower == null || upper == null) continue;
    if (y < lower || y > upper) sum += y - yhat;
  }
  return direction === 'up' ? Math.max(0, sum) : Math.min(0, sum);
}

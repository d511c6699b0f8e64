import {
  DIGEST_ITEMS_MAX,
  DIGEST_MOVERS_MAX,
  DIGEST_WINDOW_DAYS,
  NORTH_STAR_DAYS,
  type DigestEvents,
  type DigestPeriod,
  type DigestPeriodSummary,
  type HomeDigest,
  type HomeDigestQuery,
  type Mover,
  type NorthStar,
} from '@tidemark/contract';
import { bucketEnd } from '@tidemark/format';
import type { TenantContext } from '../../plugins/context';
import * as repo from './home.repository';

/**
 * The home digest. Everything is read from what the series and pipeline jobs stored: the newest buckets of
 * each metric's daily and monthly series with their fit, and the stored insight and event groups. The
 * newest bucket of a series is still filling (the pipelines never analyse it), so "the day" is the last
 * complete day, "the month" the last complete month and "the quarter" the last calendar quarter whose
 * three months are complete, all on the workspace's clock.
 */

/** A bucket of one metric: value, the expected value and band, and the row count it came from. */
interface Bucket {
  ts: Date;
  /** Start of the next bucket: where this one ends. */
  end: Date;
  y: number | null;
  n: number | null;
  yhat: number | null;
  lower: number | null;
  upper: number | null;
}

const finite = (v: number | null | undefined): number | null =>
  v === null || v === undefined || !Number.isFinite(v) ? null : v;

/**
 * How a quarter's value comes from its months: sums and counts add up; min and max stay min and max;
 * averages, formulas and spreads are weighted by the rows behind each month (exact for an average and for
 * a ratio over rows such as an average order value, close for the rest).
 */
export function combineMonths(aggregation: string, months: Bucket[], pick: (b: Bucket) => number | null) {
  const values = months.map(pick);
  if (values.some((v) => v === null)) return null;
  const vs = values as number[];
  if (aggregation === 'sum' || aggregation === 'count') return vs.reduce((a, v) => a + v, 0);
  if (aggregation === 'min') return Math.min(...vs);
  if (aggregation === 'max') return Math.max(...vs);
  const weights = months.map((m) => (m.n && m.n > 0 ? m.n : 0));
  const total = weights.reduce((a, w) => a + w, 0);
  if (total === 0) return vs.reduce((a, v) => a + v, 0) / vs.length;
  return vs.reduce((a, v, i) => a + v * weights[i]!, 0) / total;
}

export function moverOf(metric: repo.MetricRow, current: Bucket, previous: Bucket | null): Mover {
  const y = finite(current.y);
  const prev = previous ? finite(previous.y) : null;
  const yhat = finite(current.yhat);
  const lower = finite(current.lower);
  const upper = finite(current.upper);
  const change = y !== null && prev !== null && prev !== 0 ? (y - prev) / Math.abs(prev) : null;
  let position: Mover['range_position'] = 'unknown';
  if (y !== null && lower !== null && upper !== null) {
    position = y > upper ? 'above' : y < lower ? 'below' : 'within';
  }
  // Good or bad is judged against what was expected when there is a fit, else against the period before.
  const delta = y !== null && yhat !== null ? y - yhat : change;
  const isGood = delta === null || delta === 0 ? null : delta > 0 === (metric.accent === 'positive');
  return {
    kpi_id: metric.kpi_id,
    kpi_display_name: metric.kpi_display_name,
    kpi_format: metric.kpi_format,
    accent: metric.accent,
    current_value: y,
    previous_value: prev,
    change,
    expected_value: yhat,
    yhat_lower: lower,
    yhat_upper: upper,
    range_position: position,
    is_good: isGood,
  };
}

/** How far a value strays from what was expected, in half-bands; metrics without a fit by their change. */
function moveScore(m: Mover): number {
  if (
    m.current_value !== null &&
    m.expected_value !== null &&
    m.yhat_lower !== null &&
    m.yhat_upper !== null
  ) {
    const half = Math.max((m.yhat_upper - m.yhat_lower) / 2, Math.abs(m.expected_value) * 1e-6, 1e-9);
    return Math.abs(m.current_value - m.expected_value) / half;
  }
  return Math.abs(m.change ?? 0);
}

/** Outside the expected range first, then by how far the value moved. */
export function rankMovers(movers: Mover[]): Mover[] {
  const outside = (m: Mover) => (m.range_position === 'above' || m.range_position === 'below' ? 0 : 1);
  return movers
    .filter((m) => m.current_value !== null)
    .sort(
      (a, b) => outside(a) - outside(b) || moveScore(b) - moveScore(a) || a.kpi_id.localeCompare(b.kpi_id),
    )
    .slice(0, DIGEST_MOVERS_MAX);
}

/** The workspace's clock: the newest bucket is complete once it has ended there (as the pipeline counts it). */
export interface BucketClock {
  timezone: string;
  now: number;
}

/**
 * Complete buckets of one series, each with its end: all but the newest, and the newest too once it has
 * ended in the workspace's zone (without a clock it is taken as filling).
 */
function completeBuckets(points: repo.TailPoint[], clock?: BucketClock): Bucket[] {
  const out: Bucket[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const next = points[i + 1];
    const end = next ? next.ts : clock ? new Date(bucketEnd(p.ts, p.grain, clock.timezone)) : null;
    if (!end || (!next && end.getTime() > clock!.now)) break;
    out.push({ ts: p.ts, end, y: p.y, n: p.n, yhat: p.yhat, lower: p.lower, upper: p.upper });
  }
  return out;
}

/** Calendar quarters whose three months are all complete, each as one bucket, oldest first. */
export function completeQuarters(
  aggregation: string,
  points: repo.TailPoint[],
  clock?: BucketClock,
): Array<Bucket & { quarter: number }> {
  const months = completeBuckets(points, clock).map((b, i) => ({ ...b, index: points[i]!.month_index }));
  const byQuarter = new Map<number, typeof months>();
  for (const m of months) {
    const q = Math.floor(m.index / 3);
    byQuarter.set(q, [...(byQuarter.get(q) ?? []), m]);
  }
  return [...byQuarter.entries()]
    .filter(([, ms]) => ms.length === 3)
    .sort(([a], [b]) => a - b)
    .map(([quarter, ms]) => ({
      quarter,
      ts: ms[0]!.ts,
      end: ms[2]!.end,
      y: combineMonths(aggregation, ms, (b) => b.y),
      n: ms.reduce((a, b) => a + (b.n ?? 0), 0),
      yhat: combineMonths(aggregation, ms, (b) => b.yhat),
      lower: combineMonths(aggregation, ms, (b) => b.lower),
      upper: combineMonths(aggregation, ms, (b) => b.upper),
    }));
}

/**
 * One period's movers: the period is the newest complete one across the metrics; a metric whose data
 * stops earlier has no value for it and is left out.
 */
function periodSummary(
  period: DigestPeriod,
  perMetric: Array<{ metric: repo.MetricRow; buckets: Bucket[] }>,
): DigestPeriodSummary {
  let latest: Bucket | null = null;
  for (const { buckets } of perMetric) {
    const last = buckets.at(-1);
    if (last && (!latest || last.ts > latest.ts)) latest = last;
  }
  if (!latest) return { period, ts_start: null, ts_end: null, movers: [] };
  const start = latest.ts.getTime();
  const movers: Mover[] = [];
  for (const { metric, buckets } of perMetric) {
    const i = buckets.findIndex((b) => b.ts.getTime() === start);
    if (i < 0) continue;
    const prev = i > 0 && buckets[i - 1]!.end.getTime() === start ? buckets[i - 1]! : null;
    movers.push(moverOf(metric, buckets[i]!, prev));
  }
  return {
    period,
    ts_start: latest.ts.toISOString(),
    ts_end: latest.end.toISOString(),
    movers: rankMovers(movers),
  };
}

function northStarOf(
  metric: repo.MetricRow,
  chosenBy: NorthStar['chosen_by'],
  days: Bucket[],
): NorthStar | null {
  if (days.length === 0) return null;
  const last = days.at(-1)!;
  const prev = days.length > 1 ? days.at(-2)! : null;
  return {
    kpi_id: metric.kpi_id,
    kpi_display_name: metric.kpi_display_name,
    kpi_format: metric.kpi_format,
    accent: metric.accent,
    chosen_by: chosenBy,
    points: days.slice(-NORTH_STAR_DAYS).map((b) => ({
      timestamp: b.ts.toISOString(),
      y: finite(b.y),
      yhat: finite(b.yhat),
      yhat_lower: finite(b.lower),
      yhat_upper: finite(b.upper),
    })),
    day: moverOf(metric, last, prev),
  };
}

async function eventsOf(ctx: TenantContext): Promise<DigestEvents> {
  const rows = await repo.eventCounts(ctx.db, { tenantId: ctx.tenantId, days: DIGEST_WINDOW_DAYS });
  const severity = { High: 0, Medium: 0, Low: 0 };
  const types = new Map<string, { type: string; sub_type: string | null; count: number }>();
  for (const r of rows) {
    severity[r.severity] += r.count;
    const key = `${r.type}:${r.sub_type ?? ''}`;
    const t = types.get(key) ?? { type: r.type, sub_type: r.sub_type, count: 0 };
    t.count += r.count;
    types.set(key, t);
  }
  return {
    ts_start: rows[0]?.ts_start.toISOString() ?? null,
    ts_end: rows[0]?.ts_end.toISOString() ?? null,
    severity,
    types: [...types.values()].sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
    // Event groups do not name a provider yet: outages will fill this list.
    providers: [],
  };
}

export async function getHomeDigest({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: HomeDigestQuery;
}): Promise<HomeDigest> {
  // The global filter narrows to one dimension value: its own stored series and groups.
  const scoped = input.dim_name !== undefined && input.dim_val !== undefined && input.dim_name !== '';
  const dimName = scoped ? input.dim_name! : '';
  const dimVal = scoped ? input.dim_val! : '';
  const metrics = await repo.activeMetrics(ctx.db, ctx.tenantId);
  const timezone = await repo.tenantTimezone(ctx.db, ctx.tenantId);
  // Two complete quarters need up to 8 complete months before the filling one.
  const tails = await repo.seriesTails(ctx.db, {
    tenantId: ctx.tenantId,
    dimName,
    dimVal,
    timezone,
    days: NORTH_STAR_DAYS + 2,
    months: 10,
  });
  const byKey = new Map<string, repo.TailPoint[]>();
  for (const p of tails) {
    const key = `${p.kpi_id}:${p.grain}`;
    const list = byKey.get(key);
    if (list) list.push(p);
    else byKey.set(key, [p]);
  }
  // One reading of the clock for the page, so every period agrees on what has closed.
  const clock: BucketClock = { timezone, now: Date.now() };
  const days = metrics.map((metric) => ({
    metric,
    buckets: completeBuckets(byKey.get(`${metric.kpi_id}:d`) ?? [], clock),
  }));
  const monthPoints = (metric: repo.MetricRow) => byKey.get(`${metric.kpi_id}:m`) ?? [];
  const months = metrics.map((metric) => ({ metric, buckets: completeBuckets(monthPoints(metric), clock) }));
  const quarters = metrics.map((metric) => ({
    metric,
    buckets: completeQuarters(metric.aggregation_operation, monthPoints(metric), clock),
  }));

  // The North Star: the first of the user's My Metrics, else the workspace's top-tier metric.
  const mine = await repo.firstMyMetric(ctx.db, ctx.tenantId, ctx.user.userId);
  const chosen = metrics.find((m) => m.kpi_id === mine);
  const star = chosen ?? metrics[0];
  const starDays = star ? (days.find((d) => d.metric.kpi_id === star.kpi_id)?.buckets ?? []) : [];

  const items = await repo.moneyRankedItems(ctx.db, {
    tenantId: ctx.tenantId,
    dimName,
    dimVal,
    days: DIGEST_WINDOW_DAYS,
    limit: DIGEST_ITEMS_MAX,
  });

  return {
    tenant_id: ctx.tenantId,
    has_metrics: metrics.length > 0,
    north_star: star ? northStarOf(star, chosen ? 'my_metrics' : 'top_tier', starDays) : null,
    periods: [periodSummary('day', days), periodSummary('month', months), periodSummary('quarter', quarters)],
    items: items.map((r) => ({
      kind: r.kind,
      id: r.id,
      title: r.title,
      severity: r.severity,
      accent: r.accent === 'positive' ? 'positive' : 'negative',
      ts_start: r.ts_start.toISOString(),
      ts_end: r.ts_end.toISOString(),
      dollar_impact: finite(r.dollar_impact),
      status: r.status,
    })),
    events: await eventsOf(ctx),
  };
}

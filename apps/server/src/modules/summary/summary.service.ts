import type { Histogram, SummaryQuery } from '@tidemark/contract';
import type { TenantContext } from '../../plugins/context';
import * as repo from './summary.repository';

/**
 * The feed's summary banner (spec 3 §2): over the window asked (default the last 30 days) and the same
 * filters as the feed. Insights are counted by when they happened (their bucket), as the feed groups them.
 */

const DAY = 86_400_000;

interface Window {
  start: Date;
  end: Date;
}

function windowOf(query: SummaryQuery): Window {
  const end = query.end_time ? new Date(query.end_time) : new Date();
  const start = query.start_time ? new Date(query.start_time) : new Date(end.getTime() - 30 * DAY);
  return { start, end };
}

/** The shared filter: window, metrics, kind, severity, grain and dimension value. */
function filterOf(ctx: TenantContext, query: SummaryQuery): repo.InsightFilter {
  const w = windowOf(query);
  const byValue = query.dim_name && query.dim_val !== undefined;
  return {
    tenantId: ctx.tenantId,
    start: w.start,
    end: w.end,
    kpiIds: query.kpis ? query.kpis.split(',').map(Number) : null,
    patternType: query.pattern_type ?? null,
    severity: query.severity ?? null,
    grain: query.pipeline_schedule ?? null,
    dimName: byValue ? query.dim_name! : null,
    dimVal: query.dim_val ?? null,
  };
}

/** Hours up to two days, days up to two months, weeks up to half a year, months up to two years, then quarters. */
export function granularityOf(w: Window): Histogram['histogram_granularity'] {
  const days = (w.end.getTime() - w.start.getTime()) / DAY;
  if (days <= 2) return 'hour';
  if (days <= 62) return 'day';
  if (days <= 183) return 'week';
  if (days <= 731) return 'month';
  return 'quarter';
}

export async function histogram({
  ctx,
  input: query,
}: {
  ctx: TenantContext;
  input: SummaryQuery;
}): Promise<Histogram> {
  const filter = filterOf(ctx, query);
  const granularity = granularityOf(filter);
  const tz = await repo.tenantTimezone(ctx.db, ctx.tenantId);
  const rows = await repo.insightCountsByBucket(ctx.db, filter, granularity, tz);
  return {
    histogram_granularity: granularity,
    histogram_data: rows.map((r) => ({
      timestamp: r.bucket.toISOString(),
      positive: { count: r.positive },
      negative: { count: r.negative },
    })),
  };
}

export async function pipelineStats({ ctx }: { ctx: TenantContext }) {
  const row = await repo.pipelineRunStats(ctx.db, ctx.tenantId);
  return { time_series_analysed: row?.series ?? 0, last_pipeline_run_ts: row?.last?.toISOString() ?? null };
}

export async function patterns({ ctx, input: query }: { ctx: TenantContext; input: SummaryQuery }) {
  const r = (await repo.insightCounts(ctx.db, filterOf(ctx, query))) ?? {};
  return {
    insights_count: r.total ?? 0,
    spikes_count: r.spikes ?? 0,
    trends_count: r.trends ?? 0,
    positive_count: r.positive ?? 0,
    negative_count: r.negative ?? 0,
    by_severity: { High: r.high ?? 0, Medium: r.medium ?? 0, Low: r.low ?? 0 },
  };
}

/** The metric with the most insights in the window (the most severe first on a tie), and its newest value. */
export async function topMetric({ ctx, input: query }: { ctx: TenantContext; input: SummaryQuery }) {
  const row = await repo.busiestMetric(ctx.db, filterOf(ctx, query));
  if (!row) return { value: null, formatted_value: null, insights_count: 0, attributes: null };
  return {
    value: row.value !== null && Number.isFinite(row.value) ? row.value : null,
    formatted_value: row.formatted,
    insights_count: row.n,
    attributes: { kpi_id: String(row.kpi_id), kpi_display_name: row.kpi_display_name },
  };
}

export async function summary({ ctx, input: query }: { ctx: TenantContext; input: SummaryQuery }) {
  return {
    ...(await pipelineStats({ ctx })),
    patterns: await patterns({ ctx, input: query }),
    top_metric: await topMetric({ ctx, input: query }),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A sentence for the window (the spec leaves its shape open). */
export async function summaryInfo({ ctx, input: query }: { ctx: TenantContext; input: SummaryQuery }) {
  const p = await patterns({ ctx, input: query });
  const top = await topMetric({ ctx, input: query });
  const summaryText =
    p.insights_count === 0
      ? 'No insights in this period.'
      : `${plural(p.insights_count, 'insight')}: ${plural(p.spikes_count, 'spike')} and ${plural(p.trends_count, 'trend change')}` +
        `, ${p.by_severity.High} of high severity` +
        (top.attributes ? `; most on ${top.attributes.kpi_display_name} (${top.insights_count}).` : '.');
  return { title: query.title ?? 'Summary', summary: summaryText };
}

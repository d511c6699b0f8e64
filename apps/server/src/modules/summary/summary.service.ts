import type { Histogram, SummaryQuery } from '@tidemark/contract';
import type { TenantContext } from '../../plugins/context';

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
function filters(ctx: TenantContext, query: SummaryQuery) {
  const w = windowOf(query);
  const values: unknown[] = [
    ctx.tenantId,
    w.start,
    w.end,
    query.kpis ? query.kpis.split(',').map(Number) : null,
    query.pattern_type ?? null,
    query.severity ?? null,
    query.pipeline_schedule ?? null,
    query.dim_name && query.dim_val !== undefined ? query.dim_name : null,
    query.dim_val ?? null,
  ];
  const where = `i.tenant_id = $1 and i.insight_ts >= $2 and i.insight_ts < $3
    and ($4::bigint[] is null or i.kpi_id = any($4)) and ($5::text is null or i.pattern_type = $5)
    and ($6::text is null or i.severity = $6) and ($7::text is null or i.grain = $7)
    and ($8::text is null or (i.dim_name = $8 and i.dim_val = $9))`;
  return { where, values, window: w };
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

export async function histogram(ctx: TenantContext, query: SummaryQuery): Promise<Histogram> {
  const { where, values, window } = filters(ctx, query);
  const granularity = granularityOf(window);
  const tz =
    (
      await ctx.db.query<{ timezone: string }>('select timezone from tenants where tenant_id = $1', [
        ctx.tenantId,
      ])
    )[0]?.timezone ?? 'Etc/UTC';
  values.push(granularity, tz);
  const rows = await ctx.db.query<{ bucket: Date; positive: number; negative: number }>(
    `select date_trunc($10, i.insight_ts, $11) as bucket,
            count(*) filter (where i.accent = 'positive')::int as positive,
            count(*) filter (where i.accent = 'negative')::int as negative
       from insights i where ${where} group by 1 order by 1`,
    values,
  );
  return {
    histogram_granularity: granularity,
    histogram_data: rows.map((r) => ({
      timestamp: r.bucket.toISOString(),
      positive: { count: r.positive },
      negative: { count: r.negative },
    })),
  };
}

export async function pipelineStats(ctx: TenantContext) {
  const [row] = await ctx.db.query<{ series: number; last: Date | null }>(
    `select (select coalesce(sum(series_count), 0)::int from pipeline_runs where tenant_id = $1) as series,
            (select max(last_run) from pipeline_runs where tenant_id = $1) as last`,
    [ctx.tenantId],
  );
  return { time_series_analysed: row?.series ?? 0, last_pipeline_run_ts: row?.last?.toISOString() ?? null };
}

export async function patterns(ctx: TenantContext, query: SummaryQuery) {
  const { where, values } = filters(ctx, query);
  const [row] = await ctx.db.query<Record<string, number>>(
    `select count(*)::int as total,
            count(*) filter (where i.pattern_type = 'Point Anomaly')::int as spikes,
            count(*) filter (where i.pattern_type = 'Trend Change')::int as trends,
            count(*) filter (where i.accent = 'positive')::int as positive,
            count(*) filter (where i.accent = 'negative')::int as negative,
            count(*) filter (where i.severity = 'High')::int as high,
            count(*) filter (where i.severity = 'Medium')::int as medium,
            count(*) filter (where i.severity = 'Low')::int as low
       from insights i where ${where}`,
    values,
  );
  const r = row ?? {};
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
export async function topMetric(ctx: TenantContext, query: SummaryQuery) {
  const { where, values } = filters(ctx, query);
  const [row] = await ctx.db.query<{
    kpi_id: number;
    kpi_display_name: string;
    n: number;
    value: number | null;
    formatted: string | null;
  }>(
    `select i.kpi_id::int, m.kpi_display_name, count(*)::int as n,
            (array_agg((i.draft->>'current_value')::float8 order by i.insight_ts desc))[1] as value,
            (array_agg(i.draft->>'formatted_current_value' order by i.insight_ts desc))[1] as formatted
       from insights i join metrics m on m.tenant_id = i.tenant_id and m.kpi_id = i.kpi_id
      where ${where}
      group by i.kpi_id, m.kpi_display_name
      order by n desc, max(case i.severity when 'High' then 3 when 'Medium' then 2 else 1 end) desc, i.kpi_id
      limit 1`,
    values,
  );
  if (!row) return { value: null, formatted_value: null, insights_count: 0, attributes: null };
  return {
    value: row.value !== null && Number.isFinite(row.value) ? row.value : null,
    formatted_value: row.formatted,
    insights_count: row.n,
    attributes: { kpi_id: String(row.kpi_id), kpi_display_name: row.kpi_display_name },
  };
}

export async function summary(ctx: TenantContext, query: SummaryQuery) {
  return {
    ...(await pipelineStats(ctx)),
    patterns: await patterns(ctx, query),
    top_metric: await topMetric(ctx, query),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A sentence for the window (the spec leaves its shape open). */
export async function summaryInfo(ctx: TenantContext, query: SummaryQuery) {
  const p = await patterns(ctx, query);
  const top = await topMetric(ctx, query);
  const summaryText =
    p.insights_count === 0
      ? 'No insights in this period.'
      : `${plural(p.insights_count, 'insight')}: ${plural(p.spikes_count, 'spike')} and ${plural(p.trends_count, 'trend change')}` +
        `, ${p.by_severity.High} of high severity` +
        (top.attributes ? `; most on ${top.attributes.kpi_display_name} (${top.insights_count}).` : '.');
  return { title: query.title ?? 'Summary', summary: summaryText };
}

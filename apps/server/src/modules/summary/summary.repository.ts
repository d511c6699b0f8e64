import type { Queryable } from '../../db/client';

/** The feed's filters over insights, as SQL (alias i): window, metrics, kind, severity, grain and dimension value. */
export interface InsightFilter {
  tenantId: number;
  start: Date;
  end: Date;
  kpiIds: number[] | null;
  patternType: string | null;
  severity: string | null;
  grain: string | null;
  dimName: string | null;
  dimVal: string | null;
}

function where(f: InsightFilter) {
  const values: unknown[] = [
    f.tenantId,
    f.start,
    f.end,
    f.kpiIds,
    f.patternType,
    f.severity,
    f.grain,
    f.dimName,
    f.dimVal,
  ];
  const sql = `i.tenant_id = $1 and i.insight_ts >= $2 and i.insight_ts < $3
    and ($4::bigint[] is null or i.kpi_id = any($4)) and ($5::text is null or i.pattern_type = $5)
    and ($6::text is null or i.severity = $6) and ($7::text is null or i.grain = $7)
    and ($8::text is null or (i.dim_name = $8 and i.dim_val = $9))`;
  return { sql, values };
}

export async function tenantTimezone(db: Queryable, tenantId: number): Promise<string> {
  const [row] = await db.query<{ timezone: string }>('select timezone from tenants where tenant_id = $1', [
    tenantId,
  ]);
  return row?.timezone ?? 'Etc/UTC';
}

export async function insightCountsByBucket(
  db: Queryable,
  f: InsightFilter,
  granularity: string,
  timezone: string,
): Promise<{ bucket: Date; positive: number; negative: number }[]> {
  const w = where(f);
  return db.query(
    `select date_trunc($10, i.insight_ts, $11) as bucket,
            count(*) filter (where i.accent = 'positive')::int as positive,
            count(*) filter (where i.accent = 'negative')::int as negative
       from insights i where ${w.sql} group by 1 order by 1`,
    [...w.values, granularity, timezone],
  );
}

export async function pipelineRunStats(db: Queryable, tenantId: number) {
  const [row] = await db.query<{ series: number; last: Date | null }>(
    `select (select coalesce(sum(series_count), 0)::int from pipeline_runs where tenant_id = $1) as series,
            (select max(last_run) from pipeline_runs where tenant_id = $1) as last`,
    [tenantId],
  );
  return row;
}

export async function insightCounts(
  db: Queryable,
  f: InsightFilter,
): Promise<Record<string, number> | undefined> {
  const w = where(f);
  const [row] = await db.query<Record<string, number>>(
    `select count(*)::int as total,
            count(*) filter (where i.pattern_type = 'Point Anomaly')::int as spikes,
            count(*) filter (where i.pattern_type = 'Trend Change')::int as trends,
            count(*) filter (where i.accent = 'positive')::int as positive,
            count(*) filter (where i.accent = 'negative')::int as negative,
            count(*) filter (where i.severity = 'High')::int as high,
            count(*) filter (where i.severity = 'Medium')::int as medium,
            count(*) filter (where i.severity = 'Low')::int as low
       from insights i where ${w.sql}`,
    w.values,
  );
  return row;
}

/** The metric with the most insights (the most severe first on a tie), with its newest value. */
export async function busiestMetric(db: Queryable, f: InsightFilter) {
  const w = where(f);
  const [row] = await db.query<{
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
      where ${w.sql}
      group by i.kpi_id, m.kpi_display_name
      order by n desc, max(case i.severity when 'High' then 3 when 'Medium' then 2 else 1 end) desc, i.kpi_id
      limit 1`,
    w.values,
  );
  return row;
}

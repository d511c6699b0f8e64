import type { KpiFormat, MetricDetail } from '@tidemark/contract';

import type { Queryable } from '../../db/client';
import { metricCurrencySql, shownFormatSql } from '../warehouse';

export interface DetailRow {
  kpi_id: number;
  kpi_display_name: string;
  kpi_definition: string | null;
  description: string | null;
  funnel_id: number | null;
  funnel_name: string | null;
  category_id: number | null;
  category_name: string | null;
  tier: number;
  impact_to_topline: number | null;
  dollar_impact: number | null;
  accent: 'positive' | 'negative';
  is_derived: boolean;
  is_active: boolean;
  aggregation_operation: MetricDetail['aggregation_operation'];
  kpi_format: KpiFormat;
  kpi_currency: string | null;
  formula: string | null;
  last_grain: string | null;
  is_experience: boolean;
}

/** The metric with its funnel's and category's names, shown format and currency, and last fitted grain. */
export async function findMetricDetail(
  db: Queryable,
  tenantId: number,
  kpiId: number,
): Promise<DetailRow | null> {
  const rows = await db.query<DetailRow>(
    `select m.kpi_id::int, m.kpi_display_name, m.kpi_definition, m.description,
            m.funnel_id::int, f.name as funnel_name, m.category_id::int, c.name as category_name,
            m.tier, m.impact_to_topline, m.dollar_impact, m.accent, m.is_derived, m.is_active,
            m.aggregation_operation, ${shownFormatSql('m')} as kpi_format,
            ${metricCurrencySql('m', 't')} as kpi_currency, m.formula, m.is_experience,
            (select r.grain from pipeline_runs r where r.tenant_id = m.tenant_id and r.kpi_id = m.kpi_id and r.status = 'success'
              order by r.last_run desc limit 1) as last_grain
       from metrics m
       join tenants t on t.tenant_id = m.tenant_id
       left join metric_groups f on f.tenant_id = m.tenant_id and f.metric_group_id = m.funnel_id
       left join metric_groups c on c.tenant_id = m.tenant_id and c.metric_group_id = m.category_id
      where m.tenant_id = $1 and m.kpi_id = $2`,
    [tenantId, kpiId],
  );
  return rows[0] ?? null;
}

export async function findMetricGroupId(
  db: Queryable,
  tenantId: number,
  kind: 'funnel' | 'category',
  id: number,
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    'select metric_group_id::int as id from metric_groups where tenant_id = $1 and kind = $2 and metric_group_id = $3',
    [tenantId, kind, id],
  );
  return rows[0]?.id ?? null;
}

/** The funnel or category of this name, made when new. */
export async function upsertMetricGroup(
  db: Queryable,
  tenantId: number,
  kind: 'funnel' | 'category',
  name: string,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into metric_groups (tenant_id, kind, name) values ($1, $2, $3)
     on conflict (tenant_id, kind, name) do update set name = excluded.name returning metric_group_id::int as id`,
    [tenantId, kind, name],
  );
  return rows[0]!.id;
}

/** The metric attributes the edit form may change; the column names are this type's keys, never input. */
export interface MetricColumns {
  kpi_display_name?: string;
  kpi_definition?: string | null;
  description?: string | null;
  tier?: number;
  impact_to_topline?: number | null;
  dollar_impact?: number | null;
  accent?: string;
  is_derived?: boolean;
  is_experience?: boolean;
  kpi_format?: string;
  currency?: string | null;
  funnel_id?: number | null;
  category_id?: number | null;
}

const METRIC_COLUMNS: ReadonlyArray<keyof MetricColumns> = [
  'kpi_display_name',
  'kpi_definition',
  'description',
  'tier',
  'impact_to_topline',
  'dollar_impact',
  'accent',
  'is_derived',
  'is_experience',
  'kpi_format',
  'currency',
  'funnel_id',
  'category_id',
];

/** Sets only the attributes given; nothing given, nothing written. */
export async function updateMetricColumns(
  db: Queryable,
  tenantId: number,
  kpiId: number,
  columns: MetricColumns,
): Promise<void> {
  const values: unknown[] = [tenantId, kpiId];
  const sets = METRIC_COLUMNS.filter((c) => columns[c] !== undefined).map((c) => {
    values.push(columns[c]);
    return `${c} = $${values.length}`;
  });
  if (sets.length === 0) return;
  await db.query(
    `update metrics set ${sets.join(', ')}, updated_at = now() where tenant_id = $1 and kpi_id = $2`,
    values,
  );
}

export async function listMetricGroups(
  db: Queryable,
  tenantId: number,
): Promise<Array<{ id: number; kind: string; name: string }>> {
  return db.query(
    'select metric_group_id::int as id, kind, name from metric_groups where tenant_id = $1 order by name',
    [tenantId],
  );
}

export const METRIC_FILTER_SQL: Record<string, string> = {
  kpi_display_name: 'm.kpi_display_name',
  category_name: 'c.name',
  funnel_name: 'f.name',
  tier: 'm.tier::text',
  accent: 'm.accent',
};

/** The distinct values of one column of the metrics list; `name` is one of METRIC_FILTER_SQL's keys. */
export async function metricColumnValues(db: Queryable, tenantId: number, name: string): Promise<string[]> {
  const expression = METRIC_FILTER_SQL[name];
  if (!expression) return [];
  const rows = await db.query<{ v: string }>(
    `select distinct ${expression} as v from metrics m
       left join metric_groups f on f.tenant_id = m.tenant_id and f.metric_group_id = m.funnel_id
       left join metric_groups c on c.tenant_id = m.tenant_id and c.metric_group_id = m.category_id
      where m.tenant_id = $1 and ${expression} is not null order by 1 limit 500`,
    [tenantId],
  );
  return rows.map((r) => r.v);
}

/** A series' key: tenant, metric, grain, dimension name and value ('' for the overall series). */
export type SeriesKey = [number, number, string, string, string];

/** The workspace's clock and currency, with the series' newest bucket. */
export async function seriesClock(
  db: Queryable,
  seriesKey: SeriesKey,
): Promise<{ timezone: string; currency_symbol: string; newest: Date | null } | undefined> {
  const [row] = await db.query<{ timezone: string; currency_symbol: string; newest: Date | null }>(
    `select t.timezone, t.currency_symbol,
            (select s.ts[cardinality(s.ts)] from series s
              where s.tenant_id = $1 and s.kpi_id = $2 and s.grain = $3 and s.dim_name = $4 and s.dim_val = $5)
              as newest
       from tenants t where t.tenant_id = $1`,
    seriesKey,
  );
  return row;
}

/**
 * The series over [start ?? end − 7 local days, end) and the window of the same length before it: sums when
 * the metric adds up, else means of the buckets.
 */
export async function windowTotals(
  db: Queryable,
  input: { seriesKey: SeriesKey; start: Date | null; end: Date; timezone: string; additive: boolean },
): Promise<{ cur: number | null; prev: number | null } | undefined> {
  const additive = input.additive;
  const [row] = await db.query<{ cur: number | null; prev: number | null }>(
    `with l as (
       select $7::timestamptz at time zone $8 as e,
              coalesce($6::timestamptz at time zone $8, ($7::timestamptz at time zone $8) - interval '7 days') as b
     ), w as (
       select l.e at time zone $8 as e, l.b at time zone $8 as b, (l.b - (l.e - l.b)) at time zone $8 as pb from l
     )
     select ${additive ? 'sum' : 'avg'}(p.y) filter (where p.ts >= w.b and p.ts < w.e) as cur,
            ${additive ? 'sum' : 'avg'}(p.y) filter (where p.ts >= w.pb and p.ts < w.b) as prev
       from w, series s cross join lateral unnest(s.ts, s.y) as p (ts, y)
      where s.tenant_id = $1 and s.kpi_id = $2 and s.grain = $3 and s.dim_name = $4 and s.dim_val = $5`,
    [...input.seriesKey, input.start, input.end, input.timezone],
  );
  return row;
}

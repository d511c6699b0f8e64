import {
  METRIC_EDIT_MESSAGES,
  currencySymbolOf,
  type KpiFormat,
  type MetricDetail,
  type MetricImpact,
  type MetricUpdate,
} from '@tidemark/contract';
import { formatMetricValue, formatPercent } from '@tidemark/format';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { TenantContext } from '../../plugins/context';
import { metricNotFound } from './metrics.service';
import { metricCurrencySql, shownFormatSql } from './money';

interface DetailRow {
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

async function detailRow(db: Queryable, tenantId: number, kpiId: number): Promise<DetailRow | null> {
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

function toDetail(row: DetailRow, tenantId: number): MetricDetail {
  return {
    kpi_id: String(row.kpi_id),
    kpi_display_name: row.kpi_display_name,
    kpi_definition: row.kpi_definition,
    description: row.description,
    funnel: row.funnel_id ? { id: String(row.funnel_id), name: row.funnel_name ?? '' } : null,
    category: row.category_id ? { id: String(row.category_id), name: row.category_name ?? '' } : null,
    tier: row.tier,
    impact_to_topline: row.impact_to_topline,
    dollar_impact: row.dollar_impact,
    accent: row.accent,
    is_derived: row.is_derived,
    is_active: row.is_active,
    aggregation_operation: row.aggregation_operation,
    kpi_format: row.kpi_format,
    kpi_currency: row.kpi_currency,
    extraction_funnel_expression: row.formula,
    extraction_funnel_aggregation_operation: row.aggregation_operation,
    last_active_pipeline_schedule: (row.last_grain as MetricDetail['last_active_pipeline_schedule']) ?? null,
    tenant_id: tenantId,
    is_experience: row.is_experience,
  };
}

const kpiIdOf = (value: string) => Number(value);

export async function getMetricDetail({
  ctx,
  kpiId,
}: {
  ctx: TenantContext;
  kpiId: string;
}): Promise<MetricDetail> {
  const row = await detailRow(ctx.db, ctx.tenantId, kpiIdOf(kpiId));
  if (!row) throw metricNotFound();
  return toDetail(row, ctx.tenantId);
}

/** A funnel or category by id (it must exist) or by name (found or made); null clears it. */
async function optionId(
  db: Queryable,
  tenantId: number,
  kind: 'funnel' | 'category',
  value: { id?: string | null | undefined; name: string } | null,
): Promise<number | null> {
  if (value === null) return null;
  if (value.id) {
    const rows = await db.query<{ id: number }>(
      'select metric_group_id::int as id from metric_groups where tenant_id = $1 and kind = $2 and metric_group_id = $3',
      [tenantId, kind, Number(value.id)],
    );
    if (!rows[0]) throw new AppError('bad_request', `Unknown ${kind} ${value.id}.`);
    return rows[0].id;
  }
  const rows = await db.query<{ id: number }>(
    `insert into metric_groups (tenant_id, kind, name) values ($1, $2, $3)
     on conflict (tenant_id, kind, name) do update set name = excluded.name returning metric_group_id::int as id`,
    [tenantId, kind, value.name],
  );
  return rows[0]!.id;
}

/** Spec 3 §5: only the attributes sent change (the form sends the touched ones). */
export async function updateMetric({
  ctx,
  kpiId,
  input,
}: {
  ctx: TenantContext;
  kpiId: string;
  input: MetricUpdate;
}): Promise<{ success: boolean; message: string; metric: MetricDetail }> {
  const id = kpiIdOf(kpiId);
  if (!(await detailRow(ctx.db, ctx.tenantId, id))) throw metricNotFound();
  await ctx.db.transaction(async (tx) => {
    const sets: string[] = [];
    const values: unknown[] = [ctx.tenantId, id];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (input.kpi_display_name !== undefined) set('kpi_display_name', input.kpi_display_name);
    if (input.kpi_definition !== undefined) set('kpi_definition', input.kpi_definition || null);
    if (input.description !== undefined) set('description', input.description || null);
    if (input.tier !== undefined) set('tier', input.tier);
    if (input.impact_to_topline !== undefined) set('impact_to_topline', input.impact_to_topline);
    if (input.dollar_impact !== undefined) set('dollar_impact', input.dollar_impact);
    if (input.accent !== undefined) set('accent', input.accent);
    if (input.is_derived !== undefined) set('is_derived', input.is_derived);
    if (input.is_experience !== undefined) set('is_experience', input.is_experience);
    if (input.kpi_format !== undefined) set('kpi_format', input.kpi_format);
    if (input.currency !== undefined) set('currency', input.currency);
    if (input.funnel !== undefined)
      set('funnel_id', await optionId(tx, ctx.tenantId, 'funnel', input.funnel));
    if (input.category !== undefined)
      set('category_id', await optionId(tx, ctx.tenantId, 'category', input.category));
    if (sets.length === 0) return;
    await tx.query(
      `update metrics set ${sets.join(', ')}, updated_at = now() where tenant_id = $1 and kpi_id = $2`,
      values,
    );
  });
  return {
    success: true,
    message: METRIC_EDIT_MESSAGES.updated,
    metric: toDetail((await detailRow(ctx.db, ctx.tenantId, id))!, ctx.tenantId),
  };
}

export async function metricOptions({ ctx }: { ctx: TenantContext }) {
  const rows = await ctx.db.query<{ id: number; kind: string; name: string }>(
    'select metric_group_id::int as id, kind, name from metric_groups where tenant_id = $1 order by name',
    [ctx.tenantId],
  );
  const of = (kind: string) =>
    rows.filter((r) => r.kind === kind).map((r) => ({ id: String(r.id), name: r.name }));
  return { funnels: of('funnel'), categories: of('category') };
}

const FILTER_SQL: Record<string, string> = {
  kpi_display_name: 'm.kpi_display_name',
  category_name: 'c.name',
  funnel_name: 'f.name',
  tier: 'm.tier::text',
  accent: 'm.accent',
};

/** The distinct values of one column of the metrics list (the table's column filters). */
export async function metricFilters({ ctx, input }: { ctx: TenantContext; input: { name: string } }) {
  const expression = FILTER_SQL[input.name]!;
  const rows = await ctx.db.query<{ v: string }>(
    `select distinct ${expression} as v from metrics m
       left join metric_groups f on f.tenant_id = m.tenant_id and f.metric_group_id = m.funnel_id
       left join metric_groups c on c.tenant_id = m.tenant_id and c.metric_group_id = m.category_id
      where m.tenant_id = $1 and ${expression} is not null order by 1 limit 500`,
    [ctx.tenantId],
  );
  return { values: rows.map((r) => r.v) };
}

/**
 * The metric over [start, end] against the window of the same length before it: totals for metrics that
 * add up, the mean of the buckets for the others (a ratio's total means nothing). Without a window it is the
 * last seven complete days against the seven before, on the workspace's clock: the series' newest bucket is
 * still filling (today's part of a day), so the window ends where it starts.
 */
export async function metricImpact({
  ctx,
  kpiId,
  input,
}: {
  ctx: TenantContext;
  kpiId: string;
  input: {
    timestamp_start?: string | undefined;
    timestamp_end?: string | undefined;
    pipeline_schedule: string;
    dim_name?: string | undefined;
    dim_val?: string | undefined;
    impact_type: 'absolute' | 'relative';
  };
}): Promise<MetricImpact> {
  const row = await detailRow(ctx.db, ctx.tenantId, kpiIdOf(kpiId));
  if (!row) throw metricNotFound();
  const byValue = input.dim_name && input.dim_val !== undefined;
  const seriesKey = [
    ctx.tenantId,
    row.kpi_id,
    input.pipeline_schedule,
    byValue ? input.dim_name : '',
    byValue ? input.dim_val : '',
  ];
  const [tenant] = await ctx.db.query<{ timezone: string; currency_symbol: string; newest: Date | null }>(
    `select t.timezone, t.currency_symbol,
            (select s.ts[cardinality(s.ts)] from series s
              where s.tenant_id = $1 and s.kpi_id = $2 and s.grain = $3 and s.dim_name = $4 and s.dim_val = $5)
              as newest
       from tenants t where t.tenant_id = $1`,
    seriesKey,
  );
  const end = input.timestamp_end
    ? new Date(input.timestamp_end)
    : (tenant?.newest ?? new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000));
  const start = input.timestamp_start ? new Date(input.timestamp_start) : null;
  if (start && !(end > start))
    throw new AppError('bad_request', 'timestamp_end must be after timestamp_start.');
  const additive = ['sum', 'count'].includes(row.aggregation_operation);
  // Seven local days back (not 7 × 24 hours), so a week across a clock change still holds seven day buckets.
  const [window] = await ctx.db.query<{ cur: number | null; prev: number | null }>(
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
    [...seriesKey, start, end, tenant?.timezone ?? 'Etc/UTC'],
  );
  const current = window?.cur ?? 0;
  const previous = window?.prev ?? 0;
  const movement =
    input.impact_type === 'absolute'
      ? current - previous
      : previous === 0
        ? 0
        : (current - previous) / Math.abs(previous);
  // Money metrics in their own currency (else the workspace's), never a bare number or a '$'.
  const format = (v: number) =>
    formatMetricValue(v, row.kpi_format, currencySymbolOf(row.kpi_currency) ?? tenant?.currency_symbol);
  const up = current >= previous;
  return {
    kpi_value_movement: movement,
    formatted_kpi_value_movement:
      input.impact_type === 'absolute'
        ? `${movement > 0 ? '+' : ''}${format(movement)}`
        : formatPercent(movement, { signed: true }),
    accent: up === (row.accent === 'positive') ? 'positive' : 'negative',
    formatted_current_value: format(current),
    formatted_previous_value: format(previous),
  };
}

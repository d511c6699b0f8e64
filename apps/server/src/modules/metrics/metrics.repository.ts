import type { Queryable } from '../../db/client';
import { metricCurrencySql, shownFormatSql, type MetricRow } from '../warehouse';

export type { MetricRow };

/** A metric as the wizard writes it: the row's own columns, with a definition always set. */
export type NewMetric = Pick<
  MetricRow,
  | 'tenant_id'
  | 'connection_id'
  | 'table_id'
  | 'kpi_name'
  | 'kpi_display_name'
  | 'field_name'
  | 'aggregation_operation'
  | 'formula'
  | 'accent'
  | 'kpi_format'
  | 'currency'
  | 'is_derived'
> & { kpi_definition: string };

export async function metricsOfConnection(
  db: Queryable,
  tenantId: number,
  connectionId: number,
): Promise<MetricRow[]> {
  return db.query<MetricRow>(
    'select * from metrics where tenant_id = $1 and connection_id = $2 order by kpi_id',
    [tenantId, connectionId],
  );
}

export async function findMetric(
  db: Queryable,
  tenantId: number,
  kpiId: number,
): Promise<MetricRow | undefined> {
  return (
    await db.query<MetricRow>('select * from metrics where tenant_id = $1 and kpi_id = $2', [tenantId, kpiId])
  )[0];
}

export async function takenMetricNames(
  db: Queryable,
  tenantId: number,
  exceptConnection: number,
): Promise<Set<string>> {
  const rows = await db.query<{ kpi_name: string }>(
    'select kpi_name from metrics where tenant_id = $1 and connection_id <> $2',
    [tenantId, exceptConnection],
  );
  return new Set(rows.map((r) => r.kpi_name));
}

/** Replaces a connection's metric set: kept names keep their id (and history), dropped ones go. */
export async function replaceConnectionMetrics(
  db: Queryable,
  tenantId: number,
  connectionId: number,
  metrics: NewMetric[],
): Promise<MetricRow[]> {
  await db.query(
    'delete from metrics where tenant_id = $1 and connection_id = $2 and not (kpi_name = any($3::text[]))',
    [tenantId, connectionId, metrics.map((m) => m.kpi_name)],
  );
  const out: MetricRow[] = [];
  for (const m of metrics) {
    const rows = await db.query<MetricRow>(
      `insert into metrics (tenant_id, connection_id, table_id, kpi_name, kpi_display_name, field_name,
         aggregation_operation, formula, accent, kpi_format, is_derived, kpi_definition, currency)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       on conflict (tenant_id, kpi_name) do update set table_id = excluded.table_id,
         kpi_display_name = excluded.kpi_display_name, field_name = excluded.field_name,
         aggregation_operation = excluded.aggregation_operation, formula = excluded.formula,
         accent = excluded.accent, kpi_format = excluded.kpi_format, is_derived = excluded.is_derived,
         kpi_definition = excluded.kpi_definition, currency = excluded.currency, updated_at = excluded.updated_at
       returning *`,
      [
        m.tenant_id,
        m.connection_id,
        m.table_id,
        m.kpi_name,
        m.kpi_display_name,
        m.field_name,
        m.aggregation_operation,
        m.formula,
        m.accent,
        m.kpi_format,
        m.is_derived,
        m.kpi_definition,
        m.currency,
      ],
    );
    out.push(rows[0]!);
  }
  return out;
}

export interface DimensionRow {
  tenant_id: number;
  dimension_id: number;
  name: string;
  display_name: string;
}

export async function upsertDimension(
  db: Queryable,
  tenantId: number,
  name: string,
  displayName: string,
): Promise<DimensionRow> {
  const rows = await db.query<DimensionRow>(
    `insert into dimensions (tenant_id, name, display_name) values ($1, $2, $3)
     on conflict (tenant_id, name) do update set display_name = excluded.display_name returning *`,
    [tenantId, name, displayName],
  );
  return rows[0]!;
}

export async function replaceDimensionColumns(
  db: Queryable,
  tenantId: number,
  tableIds: number[],
  columns: Array<{ dimension_id: number; table_id: number; field_name: string }>,
): Promise<void> {
  await db.query('delete from dimension_columns where tenant_id = $1 and table_id = any($2::bigint[])', [
    tenantId,
    tableIds,
  ]);
  for (const c of columns) {
    await db.query(
      `insert into dimension_columns (tenant_id, dimension_id, table_id, field_name) values ($1, $2, $3, $4)
       on conflict (tenant_id, dimension_id, table_id) do update set field_name = excluded.field_name`,
      [tenantId, c.dimension_id, c.table_id, c.field_name],
    );
  }
  // A dimension no table uses any more is gone with its values.
  await db.query(
    `delete from dimensions d where d.tenant_id = $1
       and not exists (select 1 from dimension_columns c where c.tenant_id = d.tenant_id and c.dimension_id = d.dimension_id)`,
    [tenantId],
  );
}

export async function listDimensionRows(db: Queryable, tenantId: number): Promise<DimensionRow[]> {
  return db.query<DimensionRow>(
    'select * from dimensions where tenant_id = $1 order by lower(display_name), dimension_id',
    [tenantId],
  );
}

export async function findDimension(
  db: Queryable,
  tenantId: number,
  dimensionId: number,
): Promise<DimensionRow | undefined> {
  return (
    await db.query<DimensionRow>('select * from dimensions where tenant_id = $1 and dimension_id = $2', [
      tenantId,
      dimensionId,
    ])
  )[0];
}

export async function dimensionValueRows(
  db: Queryable,
  tenantId: number,
  dimensionId: number,
): Promise<string[]> {
  const rows = await db.query<{ value: string }>(
    'select value from dimension_values where tenant_id = $1 and dimension_id = $2 order by rank, value',
    [tenantId, dimensionId],
  );
  return rows.map((r) => r.value);
}

const METRIC_SORTS: Record<string, string> = {
  kpi_display_name: 'lower(m.kpi_display_name)',
  category_name: 'lower(cat.name)',
  funnel_name: 'lower(fun.name)',
  tier: 'm.tier',
  impact_to_topline: 'm.impact_to_topline',
  accent: 'm.accent',
  created_at: 'm.created_at',
};

export async function listMetricRows(
  db: Queryable,
  input: {
    tenantId: number;
    isActive: boolean;
    limit: number;
    offset: number;
    sortBy: string;
    order: 'asc' | 'desc';
    name?: string | undefined;
    tier?: number | undefined;
    accent?: string | undefined;
    dimName?: string | undefined;
    category?: string | undefined;
    funnel?: string | undefined;
  },
): Promise<{
  rows: Array<
    MetricRow & {
      series_computed_at: Date | null;
      category_name: string | null;
      funnel_name: string | null;
      kpi_currency: string | null;
    }
  >;
  count: number;
}> {
  const where = `m.tenant_id = $1 and m.is_active = $2
    and ($3::text is null or m.kpi_display_name ilike '%' || $3 || '%')
    and ($4::int is null or m.tier = $4)
    and ($5::text is null or m.accent = $5)
    and ($6::text is null or exists (select 1 from dimension_columns c join dimensions d
         on d.tenant_id = c.tenant_id and d.dimension_id = c.dimension_id
         where c.tenant_id = m.tenant_id and c.table_id = m.table_id and d.name = $6))
    and ($7::text is null or exists (select 1 from metric_groups g
         where g.tenant_id = m.tenant_id and g.metric_group_id = m.category_id and g.name = $7))
    and ($8::text is null or exists (select 1 from metric_groups g
         where g.tenant_id = m.tenant_id and g.metric_group_id = m.funnel_id and g.name = $8))`;
  const params = [
    input.tenantId,
    input.isActive,
    input.name?.replace(/[%_\\]/g, (c) => `\\${c}`) ?? null,
    input.tier ?? null,
    input.accent ?? null,
    input.dimName ?? null,
    input.category ?? null,
    input.funnel ?? null,
  ];
  const sort = METRIC_SORTS[input.sortBy] ?? METRIC_SORTS.kpi_display_name!;
  const direction = input.order === 'desc' ? 'desc' : 'asc';
  const rows = await db.query<
    MetricRow & {
      series_computed_at: Date | null;
      category_name: string | null;
      funnel_name: string | null;
      kpi_currency: string | null;
    }
  >(
    `select m.*, ${shownFormatSql('m')} as kpi_format, ${metricCurrencySql('m', 't')} as kpi_currency,
            w.series_computed_at, cat.name as category_name, fun.name as funnel_name from metrics m
     join tenants t on t.tenant_id = m.tenant_id
     join warehouse_tables w on w.tenant_id = m.tenant_id and w.table_id = m.table_id
     left join metric_groups cat on cat.tenant_id = m.tenant_id and cat.metric_group_id = m.category_id
     left join metric_groups fun on fun.tenant_id = m.tenant_id and fun.metric_group_id = m.funnel_id
     where ${where} order by ${sort} ${direction} nulls last, m.kpi_id limit $9 offset $10`,
    [...params, input.limit, input.offset],
  );
  const [total] = await db.query<{ n: number }>(
    `select count(*)::int as n from metrics m where ${where}`,
    params,
  );
  return { rows, count: total?.n ?? 0 };
}

export interface MetricPipelineStatus {
  runs: Array<{
    kpi_id: number;
    grain: string;
    status: 'success' | 'failure';
    last_run: Date;
    reason: string | null;
  }>;
  lastInsights: Array<{ kpi_id: number; insight_id: number; insight_ts: Date }>;
  fits: Array<{ kpi_id: number; fit_status: string | null }>;
}

/** Pipeline runs, newest insight and the overall daily fit's status of each listed metric. */
export async function pipelineStatus(
  db: Queryable,
  tenantId: number,
  kpiIds: number[],
): Promise<MetricPipelineStatus> {
  const runs = await db.query<MetricPipelineStatus['runs'][number]>(
    `select kpi_id::int, grain, status, last_run, reason from pipeline_runs where tenant_id = $1 and kpi_id = any($2::bigint[])`,
    [tenantId, kpiIds],
  );
  const lastInsights = await db.query<MetricPipelineStatus['lastInsights'][number]>(
    // The newest by anomaly time: a recompute rewrites old insights, so the last written is not the latest.
    `select distinct on (kpi_id) kpi_id::int, insight_id::int, insight_ts from insights
      where tenant_id = $1 and kpi_id = any($2::bigint[]) order by kpi_id, insight_ts desc, insight_id desc`,
    [tenantId, kpiIds],
  );
  const fits = await db.query<MetricPipelineStatus['fits'][number]>(
    `select kpi_id::int, fit_status from series
      where tenant_id = $1 and kpi_id = any($2::bigint[]) and dim_name = '' and grain = 'd'`,
    [tenantId, kpiIds],
  );
  return { runs, lastInsights, fits };
}

/** Whether the workspace is the demo store (whose metrics anyone may copy). */
export async function isDemoTenant(db: Queryable, tenantId: number): Promise<boolean> {
  const rows = await db.query('select 1 from tenants where is_demo and tenant_id = $1', [tenantId]);
  return rows.length > 0;
}

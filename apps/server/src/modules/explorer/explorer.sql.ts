import type { SeriesSchedule } from '@tidemark/contract';

import { localMidnight, type LocalRange } from './explorer.plan';
import { quoteIdent, type WarehouseTable, type MetricPlan, type SqlParams } from '../warehouse';

/** Weeks start on Sunday (spec 1 §9), as in the stored series: shift into ISO weeks and back. */
const BUCKET: Record<SeriesSchedule, (local: string) => string> = {
  h: (l) => `date_trunc('hour', ${l})`,
  d: (l) => `date_trunc('day', ${l})`,
  w: (l) => `(date_trunc('week', ${l} + interval '1 day') - interval '1 day')`,
  m: (l) => `date_trunc('month', ${l})`,
};

export interface WarehouseQuery {
  table: WarehouseTable;
  /** The table's metric plan, compiled into `params` (its values come first). */
  plan: MetricPlan;
  params: SqlParams;
  kpiIds: number[];
  grain: SeriesSchedule;
  timezone: string;
  range: LocalRange;
  /**
   * Each split's value expression (top values by name, the rest 'Other'), already parameterised, and its
   * quoted column (the expression is null exactly when the column is).
   */
  splits: Array<{ sql: string; column: string }>;
  /** Each filter's value expression and the values it keeps. */
  filters: Array<{ sql: string; values: string[] }>;
}

/**
 * One statement that answers a query from a warehouse table: rows in the range and filters, grouped by
 * bucket (on the workspace's clock) and split values, then each chosen metric computed per group exactly
 * as the stored series compute it (partial aggregates rolled up, ratios from their formula per bucket).
 * Every value is a parameter; identifiers come only from the stored table, metric and dimension
 * definitions. Rows whose split value is empty belong to no line, as in the series.
 */
export function warehouseStatement(q: WarehouseQuery): [string, unknown[]] {
  const { params, plan } = q;
  const dateColumn = q.table.columns.find((c) => c.field_name === q.table.date_column);
  if (!dateColumn) throw new Error(`table ${q.table.table_id} has no date column`);
  const column = quoteIdent(dateColumn.field_name);
  const tz = params.add(q.timezone);
  const start = params.add(localMidnight(q.range.start));
  const end = params.add(localMidnight(q.range.end));
  const local =
    dateColumn.data_type === 'timestamptz' ? `(${column} at time zone ${tz})` : `${column}::timestamp`;
  // Bounds on the column itself, so the date index can skip what lies outside the range.
  const bounds =
    dateColumn.data_type === 'timestamptz'
      ? `${column} >= (${start}::timestamp at time zone ${tz}) and ${column} < (${end}::timestamp at time zone ${tz})`
      : dateColumn.data_type === 'date'
        ? `${column} >= ${start}::date and ${column} < ${end}::date`
        : `${column} >= ${start}::timestamp and ${column} < ${end}::timestamp`;
  const where = [
    bounds,
    ...q.splits.map((s) => `${s.column} is not null`),
    ...q.filters.map((f) => `(${f.sql}) = any(${params.add(f.values)}::text[])`),
  ].join('\n    and ');
  const metrics = q.kpiIds.map((id) => {
    const metric = plan.metrics.find((m) => m.kpiId === id);
    if (!metric) throw new Error(`metric ${id} is not in the plan of table ${q.table.table_id}`);
    return metric;
  });
  const splitCols = q.splits.map((s, i) => `, ${s.sql} as __s${i}`).join('');
  // Only the partial aggregates the chosen metrics read: the others would cost a pass over every row.
  const partials = plan.partials.filter((p) =>
    metrics.some((m) => new RegExp(`\\b${p.column}\\b`).test(m.sql)),
  );
  const splitNames = q.splits.map((_, i) => `, __s${i}`).join('');
  const groupKeys = ['__b', ...q.splits.map((_, i) => `__s${i}`)].join(', ');
  const values = metrics.map((m, i) => `(${m.sql})::double precision as __v${i}`).join(', ');
  const ts = `to_char((__b at time zone ${tz}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts`;
  const source = quoteIdent(q.table.destination_table_name);

  const sql = plan.rollup
    ? `with parts as (
  select ${BUCKET[q.grain](local)} as __b${splitCols},
    ${partials.map((p) => `${p.sql} as ${p.column}`).join(', ')}
  from ${source}
  where ${where}
  group by ${groupKeys}
)
select ${ts}${splitNames}, ${values}
from parts group by ${groupKeys} order by __b`
    : `select ${ts}${splitNames}, ${values}
from (
  select *, ${BUCKET[q.grain](local)} as __b${splitCols}
  from ${source}
  where ${where}
) src
group by ${groupKeys} order by __b`;
  return params.statement(sql);
}

export interface WarehouseRow {
  ts: string;
  [column: string]: string | number | null;
}

/**
 * The values one dimension takes among the rows of a scope's value (both as the series map them: top values,
 * the rest 'Other'): what a scoped link may offer, since the workspace-wide list names other segments' values.
 */
export function valuesInScopeStatement(q: {
  table: WarehouseTable;
  params: SqlParams;
  valueSql: string;
  scopeSql: string;
  scopeValue: string;
}): [string, unknown[]] {
  const scope = q.params.add(q.scopeValue);
  return q.params.statement(
    `select distinct ${q.valueSql} as v from ${quoteIdent(q.table.destination_table_name)}
  where (${q.scopeSql}) = ${scope} and (${q.valueSql}) is not null`,
  );
}

import type { BaseContext } from '../../plugins/context';
import {
  type WarehouseTable,
  quoteIdent,
  SqlParams,
  dimensionValueSql,
  dimensionsOfTable,
  metricPlanOfTable,
} from '../warehouse';

// The root-cause pairs' warehouse statement (pairs.ts runs it through the repository): its shape follows the
// table's dimensions and the metric's plan, so it is built here rather than written out in a repository.

type Ctx = BaseContext & { tenantId: number };

export interface Window {
  from: Date;
  to: Date;
}

export interface Cell {
  w: number;
  a: string;
  b_name: string;
  b: string | null;
  value: number | null;
  n: number;
}

/**
 * The statement for the metric per (window, value of `dimName`, other dimension, its value): one scan of the
 * windows' rows. Null when there is nothing to read.
 */
export async function pairCellsStatement(
  ctx: Ctx,
  input: { table: WarehouseTable; kpiId: number; timezone: string; dimName: string; windows: Window[] },
): Promise<[string, unknown[]] | null> {
  const { table } = input;
  const dateColumn = table.columns.find((c) => c.field_name === table.date_column);
  if (!dateColumn || input.windows.length === 0) return null;
  const dims = await dimensionsOfTable(ctx, table.table_id);
  const first = dims.find((d) => d.name === input.dimName);
  const others = dims.filter((d) => d !== first);
  if (!first || others.length === 0) return null;
  const params = new SqlParams();
  const plan = await metricPlanOfTable(ctx, table, params);
  const metric = plan.metrics.find((m) => m.kpiId === input.kpiId);
  if (!metric) return null;

  let tz: string | null = null;
  const column = quoteIdent(dateColumn.field_name);
  const at = (d: Date) =>
    `(${params.add(d)}::timestamptz at time zone ${(tz ??= params.add(input.timezone))})`;
  // Windows are instants: on a timestamptz column they bound the column itself, so the date index reads
  // only the windows' block ranges; plain dates and timestamps are already on the local clock.
  const bounds = input.windows.map((w) =>
    dateColumn.data_type === 'timestamptz'
      ? `(${column} >= ${params.add(w.from)}::timestamptz and ${column} < ${params.add(w.to)}::timestamptz)`
      : `(${column} >= ${at(w.from)} and ${column} < ${at(w.to)})`,
  );
  const windowCase = `case ${bounds.map((b, i) => `when ${b} then ${i}`).join(' ')} end`;
  const bound = bounds.join(' or ');
  const mapped = (d: { dimension_id: number; field_name: string }) =>
    dimensionValueSql(ctx, d.dimension_id, quoteIdent(d.field_name), params);
  const selects = [`${await mapped(first)} as __a`];
  for (const [i, d] of others.entries()) selects.push(`${await mapped(d)} as __b${i}`);
  const names = others.map((d) => params.add(d.name));
  const sets = others.map((_, i) => `(__w, __a, __b${i})`).join(', ');
  const bName = `case ${others.map((_, i) => `when grouping(__b${i}) = 0 then ${names[i]}::text`).join(' ')} end`;
  const bVal = `case ${others.map((_, i) => `when grouping(__b${i}) = 0 then __b${i}`).join(' ')} end`;
  // Named tenant: on Citus the statement (grouping sets included) then runs whole on the tenant's shard.
  const src = `select ${windowCase} as __w, ${selects.join(', ')}, * from ${quoteIdent(table.destination_table_name)}
    where tenant_id = ${params.add(ctx.tenantId)}::bigint and (${bound})`;

  // A split plan's metric is an aggregate over partial columns: the partials per cell first, then the
  // metric over each cell's single row of partials.
  const sql = plan.rollup
    ? `with cells as (
         select __w, __a, ${bName} as b_name, ${bVal} as b, count(*) as __n,
                ${plan.partials.map((p) => `${p.sql} as ${p.column}`).join(', ')}
           from (${src}) s where __w is not null and __a is not null
          group by grouping sets (${sets})
       )
       select __w as w, __a as a, b_name, b, (${metric.sql})::float8 as value, sum(__n)::float8 as n
         from cells group by __w, __a, b_name, b`
    : `select __w as w, __a as a, ${bName} as b_name, ${bVal} as b, (${metric.sql})::float8 as value, count(*)::float8 as n
         from (${src}) s where __w is not null and __a is not null
        group by grouping sets (${sets})`;
  return params.statement(sql);
}

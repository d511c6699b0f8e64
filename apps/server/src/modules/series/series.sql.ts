import type { SeriesSchedule } from '@tidemark/contract';
import { quoteIdent, type MetricPlan, type SqlParams } from '../warehouse';

// The statement that computes one warehouse table's series (series.service.ts runs it through the
// repository). Its shape follows the table's metrics, dimensions and date column, so it is built here.

const WEEK = (l: string) => `(date_trunc('week', ${l} + interval '1 day') - interval '1 day')`;
// Weeks start on Sunday (spec 1 §9): shift into ISO weeks and back.
const BUCKET: Record<SeriesSchedule, (local: string) => string> = {
  h: (l) => `date_trunc('hour', ${l})`,
  d: (l) => `date_trunc('day', ${l})`,
  w: WEEK,
  m: (l) => `date_trunc('month', ${l})`,
};
const STEP: Record<SeriesSchedule, string> = { h: '1 hour', d: '1 day', w: '1 week', m: '1 month' };

/** One table's series as one statement: every active metric, each grain, overall and per dimension value. */
export function tableSeriesSql(input: {
  params: SqlParams;
  plan: MetricPlan;
  /** The table's dimensions, each with the SQL of its (mapped) value. */
  dims: Array<{ name: string; valueSql: string }>;
  table: string;
  dateColumn: { field_name: string; data_type: string };
  timezone: string;
  grains: SeriesSchedule[];
  /** Recompute from this local wall time on ('YYYY-MM-DD HH24:MI:SS'; earlier buckets kept), or all when null. */
  boundary: string | null;
  tenantId: number;
}): string {
  const { params, plan, dims, dateColumn, timezone, grains, boundary, tenantId } = input;
  const tz = params.add(timezone);
  const column = quoteIdent(dateColumn.field_name);
  // The bucket is taken on the store's local clock: plain dates and timestamps already are.
  const local =
    dateColumn.data_type === 'timestamptz' ? `(${column} at time zone ${tz})` : `${column}::timestamp`;
  const from = boundary ? `${params.add(boundary)}::timestamp` : null;
  const dimSelects = dims.map((d, i) => `${d.valueSql} as __d${i}`);
  const dimNames = dims.map((d) => params.add(d.name));
  const dimCols = dims.map((_, i) => `__d${i}`);
  const dimNameCase = dims.length
    ? `case ${dims.map((_, i) => `when __gd${i} = 0 then ${dimNames[i]}::text`).join(' ')} else '' end`
    : `''`;
  const dimValCase = dims.length
    ? `case ${dims.map((_, i) => `when __gd${i} = 0 then __d${i}`).join(' ')} else '' end`
    : `''`;
  // A row whose dimension value is empty belongs to no value's series (root cause notes such rows apart).
  const nullDimension = dims.length
    ? dims.map((_, i) => `(__gd${i} = 0 and __d${i} is null)`).join(' or ')
    : 'false';
  const dimGroupings = dims.map((_, i) => `grouping(__d${i}) as __gd${i}`);
  // The first bound, on the column itself, lets the date index skip old ranges (a day early, for clocks
  // that skip or repeat midnight); the second is exact.
  const lowerBound = !from
    ? ''
    : dateColumn.data_type === 'timestamptz'
      ? ` and ${column} >= (${from} at time zone ${tz}) - interval '1 day'`
      : dateColumn.data_type === 'date'
        ? ` and ${column} >= ${from}::date`
        : ` and ${column} >= ${from}`;
  // The tenant's own rows, named: on Citus this routes every read of the statement to the tenant's shard.
  const tenant = params.add(tenantId);
  const where = `tenant_id = ${tenant}::bigint and ${column} is not null${from ? `${lowerBound} and ${local} >= ${from}` : ''}`;
  const source = quoteIdent(input.table);
  const values = plan.metrics.map((m, i) => `(${m.sql})::double precision as __v${i}`);
  const smallest = grains[0]!;

  const shape: ValuesInput = {
    grains,
    local,
    where,
    source,
    dimSelects,
    dimCols,
    dimGroupings,
    dimNameCase,
    dimValCase,
    nullDimension,
    values,
  };
  const vals = plan.rollup ? rollupValues({ ...shape, plan }) : directValues(shape);

  const grid = grains
    .map((g) => {
      const first = g === 'h' ? 'lo' : BUCKET[g]('lo');
      // A local hour that does not exist (the spring-forward gap) is no bucket.
      const real = g === 'h' ? ` where (g at time zone ${tz}) at time zone ${tz} = g` : '';
      return `select '${g}'::text as grain, g as __b from bounds, generate_series(${first}, hi, interval '${STEP[g]}') g${real}`;
    })
    .join('\n  union all ');
  // Every parameter must appear in the statement, so the metric list is added only when it is used.
  const existingKeys = from
    ? ` union select grain::text, dim_name, dim_val from series where tenant_id = ${tenant}::bigint and kpi_id = any(${params.add(plan.metrics.map((m) => m.kpiId))}::bigint[])`
    : '';
  const lateral = plan.metrics.map((m, i) => `(${params.add(m.kpiId)}::bigint, a.__y${i})`).join(', ');
  // The stored buckets before the new ones, which start at the first grid bucket at or after the boundary:
  // ts is sorted, so width_bucket finds their count by binary search. No parameter here: Citus sends this
  // part to the shards on its own, with every parameter of the statement, and a shard cannot type the
  // ones it does not see. The microsecond is taken off in UTC: timestamptz arithmetic is not immutable.
  const keep = (column: string) =>
    `series.${column}[1:width_bucket(((excluded.ts[1] at time zone 'UTC') - interval '1 microsecond') at time zone 'UTC', series.ts)] || excluded.${column}`;

  const sql = `
with ${vals},
bounds as (select min(__b) as lo, max(__b) as hi from vals where grain = '${smallest}' and dim_name = ''),
grid as (
  select * from (
  ${grid}
  ) all_grains${from ? ` where __b >= ${from}` : ''}
),
keys as (select distinct grain, dim_name, dim_val from vals${existingKeys}),
filled as (
  -- Every key at every bucket of the grid: the stored values and an empty row per grid cell, merged by
  -- grouping. Not a join: the planner underestimates vals and merge-joined it on three of its four columns,
  -- filtering the fourth (every hour of a key against every hour: minutes for a year of orders once the
  -- table has statistics, on one server and on Citus alike). Byte order for the keys: grouping sorts
  -- hundreds of thousands of rows, and ICU comparisons are slow.
  select u.grain collate "C" as grain, u.dim_name collate "C" as dim_name, u.dim_val collate "C" as dim_val, u.__b,
    max(u.__n) as __n, ${plan.metrics.map((_, i) => `max(u.__v${i}) as __v${i}`).join(', ')}
  from (
    select grain, dim_name, dim_val, __b, __n, ${plan.metrics.map((_, i) => `__v${i}`).join(', ')}
      from vals${from ? ` where __b >= ${from}` : ''}
    union all
    select k.grain, k.dim_name, k.dim_val, g.__b, null, ${plan.metrics.map(() => 'null').join(', ')}
      from keys k join grid g on g.grain = k.grain
  ) u
  group by 1, 2, 3, 4
),
arrays as (
  select f.grain, f.dim_name, f.dim_val,
    array_agg(f.__b at time zone ${tz} order by f.__b) as ts, array_agg(coalesce(f.__n, 0) order by f.__b) as n,
    ${plan.metrics.map((m, i) => `array_agg(${m.additive ? `coalesce(f.__v${i}, 0)` : `f.__v${i}`} order by f.__b) as __y${i}`).join(',\n    ')}
  from filled f group by f.grain, f.dim_name, f.dim_val
)
insert into series (tenant_id, kpi_id, grain, dim_name, dim_val, ts, y, n)
select ${tenant}::bigint, m.kpi_id, a.grain, a.dim_name, a.dim_val, a.ts, m.y, a.n
from arrays a cross join lateral (values ${lateral}) as m (kpi_id, y)
${
  from
    ? `on conflict (tenant_id, kpi_id, grain, dim_name, dim_val) do update set ts = ${keep('ts')}, y = ${keep('y')}, n = ${keep('n')}, updated_at = excluded.updated_at`
    : ''
}`;
  return sql;
}

interface ValuesInput {
  grains: SeriesSchedule[];
  local: string;
  where: string;
  source: string;
  dimSelects: string[];
  dimCols: string[];
  dimGroupings: string[];
  dimNameCase: string;
  dimValCase: string;
  nullDimension: string;
  values: string[];
}

/** The split path: rows → hour × dimensions partials → hour per dimension value → days, weeks, months. */
function rollupValues(input: ValuesInput & { plan: MetricPlan }): string {
  const { plan, grains, dimCols } = input;
  const partialCols = plan.partials.map((p) => p.column);
  const combined = plan.partials.map((p) => `${p.combine}(${p.column}) as ${p.column}`);
  const sets = [`(__h)`, ...dimCols.map((d) => `(__h, ${d})`)];
  const level = (g: SeriesSchedule) =>
    g === 'h'
      ? `select 'h'::text as grain, __h as __b, dim_name, dim_val, __n, ${partialCols.join(', ')} from shaped`
      : // Named in every branch: a date column has no hourly branch, so a day branch comes first in the union.
        `select '${g}'::text as grain, ${BUCKET[g]('__h')} as __b, dim_name, dim_val, sum(__n) as __n, ${combined.join(', ')} from shaped group by 2, 3, 4`;
  return `cube as materialized (
  select date_trunc('hour', ${input.local}) as __h${input.dimSelects.length ? `, ${input.dimSelects.join(', ')}` : ''},
    count(*) as __n, ${plan.partials.map((p) => `${p.sql} as ${p.column}`).join(', ')}
  from ${input.source} where ${input.where}
  group by ${['1', ...dimCols.map((_, i) => String(i + 2))].join(', ')}
),
hourly as (
  select __h${input.dimGroupings.length ? `, ${input.dimGroupings.join(', ')}, ${dimCols.join(', ')}` : ''},
    sum(__n) as __n, ${combined.join(', ')}
  from cube group by grouping sets (${sets.join(', ')})
),
shaped as (
  select __h, ${input.dimNameCase} as dim_name, ${input.dimValCase} as dim_val, __n, ${partialCols.join(', ')}
  from hourly where not (${input.nullDimension})
),
levels as (
  ${grains.map(level).join('\n  union all ')}
),
vals as (
  select grain, __b, dim_name, dim_val, sum(__n) as __n, ${input.values.join(', ')}
  from levels group by 1, 2, 3, 4
)`;
}

/** For metrics that do not split (count_distinct): every grain straight from the rows. */
function directValues(input: ValuesInput): string {
  const { grains, dimCols } = input;
  const sets = grains.flatMap((g) => [`(__b${g})`, ...dimCols.map((d) => `(__b${g}, ${d})`)]);
  const grainCase = `case ${grains.map((g) => `when grouping(__b${g}) = 0 then '${g}'`).join(' ')} end`;
  const bucketValue = `coalesce(${grains.map((g) => `__b${g}`).join(', ')})`;
  return `src as (
  select *, ${grains.map((g) => `${BUCKET[g](input.local)} as __b${g}`).join(', ')}${input.dimSelects.length ? `, ${input.dimSelects.join(', ')}` : ''}
  from ${input.source} where ${input.where}
),
grouped as (
  select ${grainCase} as grain, ${bucketValue} as __b${input.dimGroupings.length ? `, ${input.dimGroupings.join(', ')}, ${dimCols.join(', ')}` : ''},
    count(*) as __n, ${input.values.join(', ')}
  from src group by grouping sets (${sets.join(', ')})
),
vals as (
  select grain, __b, ${input.dimNameCase} as dim_name, ${input.dimValCase} as dim_val, __n, ${input.values.map((_, i) => `__v${i}`).join(', ')}
  from grouped where not (${input.nullDimension})
)`;
}

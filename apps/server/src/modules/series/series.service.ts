import {
  OTHER_DIMENSION_VALUE,
  TOP_DIMENSION_VALUES,
  type OverlaySeries,
  type OverlayType,
  type SeriesPoint,
  type SeriesSchedule,
} from '@tidemark/contract';
import {
  DEFAULT_OVERLAY,
  OVERLAY_PERIOD_DAYS,
  availableOverlays,
  buildOverlay,
  overlayWindows,
} from '@tidemark/detect';
import { addInTimezone } from '@tidemark/format';
import { AppError } from '../../errors';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import type { BaseContext, TenantContext } from '../../plugins/context';
import {
  ensureDateIndex,
  markSeriesComputed,
  quoteIdent,
  tablesOfConnection,
  type WarehouseTable,
} from '../connections';
import {
  SqlParams,
  dimensionValueSql,
  dimensionsOfTable,
  getMetricOrThrow,
  metricPlanOfTable,
  type MetricPlan,
} from '../metrics';
import { pipelinesOwed } from '../pipelines';
import { SERIES_JOB, requestPipelineRun, requestSeriesUpdate, seriesKeyOf } from '../../jobs/stages';
import * as repo from './series.repository';

export { SERIES_JOB, requestSeriesUpdate };

export function seriesJobs(base: BaseContext): JobDefinition<never>[] {
  return [
    defineJob<{ tenantId: number }>({
      name: SERIES_JOB,
      policy: 'stately',
      concurrency: 1,
      retryLimit: 3,
      async handler(job) {
        await updateTenantSeries({ ...base, tenantId: job.data.tenantId }, job.signal);
      },
    }) as JobDefinition<never>,
  ];
}

type Ctx = BaseContext & { tenantId: number };

/**
 * Every table with a date column and metrics: fully the first time (or after its definition changed),
 * afterwards only from the earliest date a load touched. Each table's series change in one transaction.
 */
export async function updateTenantSeries(ctx: Ctx, signal?: AbortSignal): Promise<void> {
  const timezone = await repo.tenantTimezone(ctx.db, ctx.tenantId);
  const tables = (await tablesOfConnection({ ctx })).filter((t) => t.date_column);
  const touchedConnections = new Set<number>();
  for (const table of tables) {
    signal?.throwIfAborted();
    if (!table.needs_full_recompute && !table.dirty_from) continue;
    await computeTableSeries(ctx, table, timezone, table.needs_full_recompute ? null : table.dirty_from);
    touchedConnections.add(table.connection_id);
  }
  // A sync of several tables queues one series run behind another: only the last asks for the pipelines,
  // which then run once on everything instead of once per table (each run refits the workspace's metrics).
  if (await ctx.jobs.isQueued(SERIES_JOB, seriesKeyOf(ctx.tenantId))) return;
  // The pipelines take it from here: they move the connections' insight_generation stage. A run that
  // found nothing new still asks when an earlier run left the pipelines owed (see above).
  if (touchedConnections.size || (await pipelinesOwed({ ctx, input: { tenantId: ctx.tenantId } })))
    await requestPipelineRun(ctx, ctx.tenantId);
}

const WEEK = (l: string) => `(date_trunc('week', ${l} + interval '1 day') - interval '1 day')`;
// Weeks start on Sunday (spec 1 §9): shift into ISO weeks and back.
const BUCKET: Record<SeriesSchedule, (local: string) => string> = {
  h: (l) => `date_trunc('hour', ${l})`,
  d: (l) => `date_trunc('day', ${l})`,
  w: WEEK,
  m: (l) => `date_trunc('month', ${l})`,
};
const STEP: Record<SeriesSchedule, string> = { h: '1 hour', d: '1 day', w: '1 week', m: '1 month' };

/**
 * Computes one warehouse table's series: every active metric, at each grain, overall and per value of each
 * dimension, in the workspace's time zone, as one SQL statement. Rows are read once into hour × dimension
 * partial aggregates that roll up to days, weeks and months (see metrics/rollup.ts); buckets without rows
 * are filled (0 for metrics that add up, no value for averages and ratios) so a series has every bucket.
 * With `dirtyFrom`, only buckets from the week or month holding it are rebuilt and spliced onto the stored
 * series; without, the table's series are rebuilt whole.
 */
export async function computeTableSeries(
  ctx: Ctx,
  table: WarehouseTable,
  timezone: string,
  dirtyFrom: Date | null,
): Promise<void> {
  const startedAt = new Date();
  const params = new SqlParams();
  const plan = await metricPlanOfTable(ctx, table, params);
  const dims = await dimensionsOfTable(ctx, table.table_id);
  if (plan.metrics.length === 0) {
    await markSeriesComputed({ ctx, tableId: table.table_id, computedAt: startedAt });
    return;
  }
  if (!dirtyFrom) for (const d of dims) await refreshTopValues(ctx, d.dimension_id);

  const dateColumn = table.columns.find((c) => c.field_name === table.date_column)!;
  await ensureDateIndex(ctx.db, table.destination_table_name, dateColumn.field_name);
  // Fresh statistics after a load, so the planner reads recent block ranges instead of the whole table.
  await ctx.db.query(`analyze ${quoteIdent(table.destination_table_name)}`);
  const tz = params.add(timezone);
  const column = quoteIdent(dateColumn.field_name);
  // The bucket is taken on the store's local clock: plain dates and timestamps already are.
  const local =
    dateColumn.data_type === 'timestamptz' ? `(${column} at time zone ${tz})` : `${column}::timestamp`;
  const grains: SeriesSchedule[] = dateColumn.data_type === 'date' ? ['d', 'w', 'm'] : ['h', 'd', 'w', 'm'];
  const boundary = dirtyFrom ? await repo.incrementalBoundary(ctx.db, dirtyFrom, timezone) : null;
  const from = boundary ? `${params.add(boundary)}::timestamp` : null;
  const dimSelects: string[] = [];
  for (const [i, d] of dims.entries()) {
    dimSelects.push(
      `${await dimensionValueSql(ctx, d.dimension_id, quoteIdent(d.field_name), params)} as __d${i}`,
    );
  }
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
  const where = `${column} is not null${from ? `${lowerBound} and ${local} >= ${from}` : ''}`;
  const source = quoteIdent(table.destination_table_name);
  const values = plan.metrics.map((m, i) => `(${m.sql})::double precision as __v${i}`);
  const smallest = grains[0]!;

  const vals = plan.rollup
    ? rollupValues({
        plan,
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
      })
    : directValues({
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
      });

  const tenant = params.add(ctx.tenantId);
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
  const cut = from ? `(${from} at time zone ${tz})` : null;
  // The stored buckets before the cut: ts is sorted, so width_bucket finds their count by binary search.
  // The microsecond is taken off in UTC: timestamptz arithmetic is not immutable, which Citus requires here.
  const keep = (column: string) =>
    `series.${column}[1:width_bucket(((${cut} at time zone 'UTC') - interval '1 microsecond') at time zone 'UTC', series.ts)] || excluded.${column}`;

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
  -- Byte order for the keys: grouping sorts hundreds of thousands of rows, and ICU comparisons are slow.
  select k.grain collate "C" as grain, k.dim_name collate "C" as dim_name, k.dim_val collate "C" as dim_val, g.__b, v.__n, ${plan.metrics.map((_, i) => `v.__v${i}`).join(', ')}
  from keys k join grid g on g.grain = k.grain
  left join vals v on v.grain = k.grain and v.dim_name = k.dim_name and v.dim_val = k.dim_val and v.__b = g.__b
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
  cut
    ? `on conflict (tenant_id, kpi_id, grain, dim_name, dim_val) do update set ts = ${keep('ts')}, y = ${keep('y')}, n = ${keep('n')}, updated_at = excluded.updated_at`
    : ''
}`;

  await ctx.db.transaction(async (tx) => {
    // Hash aggregation over many groups wants more than the default memory; spilling still works past it.
    await tx.query(`set local work_mem = '256MB'`);
    // The planner cannot estimate generated bucket grids and would pair them by sorted merges: hash them.
    await tx.query('set local enable_mergejoin = off');
    await tx.query('set local enable_nestloop = off');
    // A background recompute keeps to one core: parallel workers would take the cores API requests need.
    await tx.query('set local max_parallel_workers_per_gather = 0');
    if (!cut)
      await repo.deleteSeries(tx, { tenantId: ctx.tenantId, kpiIds: plan.metrics.map((m) => m.kpiId) });
    await tx.query(sql, [...params.values]);
  });
  await markSeriesComputed({ ctx, tableId: table.table_id, computedAt: startedAt });
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

/** The values with the most rows across every table the dimension is on; the rest become 'Other'. */
async function refreshTopValues(ctx: Ctx, dimensionId: number): Promise<void> {
  const columns = await repo.dimensionColumns(ctx.db, ctx.tenantId, dimensionId);
  if (columns.length === 0) return;
  const union = columns
    .map(
      (c) =>
        `select ${quoteIdent(c.field_name)}::text as v, count(*) as n from ${quoteIdent(c.destination_table_name)} where ${quoteIdent(c.field_name)} is not null group by 1`,
    )
    .join(' union all ');
  const rows = await ctx.db.query<{ v: string; n: number }>(
    `select left(v, 500) as v, sum(n)::bigint as n from (${union}) u group by 1 order by 2 desc, 1 limit ${TOP_DIMENSION_VALUES + 1}`,
  );
  const top = rows.slice(0, TOP_DIMENSION_VALUES);
  const hasOther = rows.length > TOP_DIMENSION_VALUES;
  await repo.replaceTopValues(ctx.db, ctx.tenantId, dimensionId, [
    ...top.map((r, i) => ({ value: r.v, rowCount: r.n, rank: i + 1 })),
    ...(hasOther ? [{ value: OTHER_DIMENSION_VALUE, rowCount: 0, rank: TOP_DIMENSION_VALUES + 1 }] : []),
  ]);
}

/** How far back a series call reaches when it names no start: hourly series are long. */
const DEFAULT_WINDOW_DAYS: Record<SeriesSchedule, number | null> = { h: 60, d: null, w: null, m: null };

export async function patternSeries({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    kpi_id: string;
    pipeline_schedule: SeriesSchedule;
    timestamp_start?: string | undefined;
    timestamp_end?: string | undefined;
    dim_name?: string | undefined;
    dim_val?: string | undefined;
    is_forecast_enabled?: 'true' | 'false' | undefined;
  };
}): Promise<SeriesPoint[]> {
  const metric = await getMetricOrThrow({ ctx, kpiId: Number(input.kpi_id) });
  const byValue = input.dim_name && input.dim_val !== undefined;
  const end = input.timestamp_end ? new Date(input.timestamp_end) : null;
  const start = input.timestamp_start ? new Date(input.timestamp_start) : null;
  const rows = await repo.readPoints(ctx.db, {
    tenantId: ctx.tenantId,
    kpiId: metric.kpi_id,
    grain: input.pipeline_schedule,
    dimName: byValue ? input.dim_name! : '',
    dimVal: byValue ? input.dim_val! : '',
    start,
    end,
    // Without a start, hourly charts default to the days before the series' last point.
    windowDays: DEFAULT_WINDOW_DAYS[input.pipeline_schedule],
  });
  const points = rows.map(toPoint);
  if (input.is_forecast_enabled === 'true' && (await repo.forecastEnabled(ctx.db, ctx.tenantId))) {
    const forecast = await repo.readForecast(ctx.db, {
      tenantId: ctx.tenantId,
      kpiId: metric.kpi_id,
      grain: input.pipeline_schedule,
      dimName: byValue ? input.dim_name! : '',
      dimVal: byValue ? input.dim_val! : '',
    });
    const byTs = new Map(points.map((p) => [Date.parse(p.timestamp), p]));
    for (const f of forecast) {
      if (end && f.ts > end) break;
      const result = { yhat: f.yhat, yhat_lower: f.lower, yhat_upper: f.upper };
      const existing = byTs.get(f.ts.getTime());
      // The filling bucket has a partial value: it gets the forecast's range, never an anomaly flag.
      if (existing) existing.result = { ...existing.result, ...result, anomaly: 'False' };
      else if (!start || f.ts >= start)
        points.push({ timestamp: f.ts.toISOString(), result: { y: null, ...result, anomaly: 'False' } });
    }
  }
  return points;
}

function toPoint(r: repo.StoredPoint): SeriesPoint {
  return {
    timestamp: r.ts,
    result: {
      y: r.value,
      yhat: r.yhat,
      yhat_lower: r.lower,
      yhat_upper: r.upper,
      anomaly:
        r.value !== null && r.lower !== null && r.upper !== null && (r.value < r.lower || r.value > r.upper)
          ? 'True'
          : 'False',
    },
  };
}

/**
 * Spec 3 §4 overlays: the window (by default the card window before the series' newest point) and the same
 * window one and two periods earlier, laid on the main window's time axis. Periods: DoD 1 day, WoW 7,
 * MoM 28, QoQ 84, YoY 364 days; each is offered only where the schedule has points enough for it.
 */
export async function patternSeriesOverlays({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    kpi_id: string;
    pipeline_schedule: SeriesSchedule;
    type?: OverlayType | undefined;
    timestamp_start?: string | undefined;
    timestamp_end?: string | undefined;
    dim_name?: string | undefined;
    dim_val?: string | undefined;
  };
}): Promise<OverlaySeries> {
  const grain = input.pipeline_schedule;
  const type = input.type ?? DEFAULT_OVERLAY[grain];
  if (!availableOverlays(grain).includes(type))
    throw new AppError(
      'bad_request',
      `${type} is not available for this schedule (${availableOverlays(grain).join(', ')}).`,
    );
  const timezone = await repo.tenantTimezone(ctx.db, ctx.tenantId);
  const metric = await getMetricOrThrow({ ctx, kpiId: Number(input.kpi_id) });
  const byValue = input.dim_name && input.dim_val !== undefined;
  const key = {
    tenantId: ctx.tenantId,
    kpiId: metric.kpi_id,
    grain,
    dimName: byValue ? input.dim_name! : '',
    dimVal: byValue ? input.dim_val! : '',
  };
  const end = input.timestamp_end
    ? Date.parse(input.timestamp_end)
    : ((await repo.lastPointTs(ctx.db, key))?.getTime() ?? Date.now());
  const windows = overlayWindows(end, grain, type, timezone);
  if (input.timestamp_start) {
    const start = Date.parse(input.timestamp_start);
    const days = OVERLAY_PERIOD_DAYS[type];
    windows.main = { start, end };
    const back = (t: number, k: number) => addInTimezone(t, -k * days, 'day', timezone);
    windows.period1 = { start: back(start, 1), end: back(end, 1) };
    windows.period2 = { start: back(start, 2), end: back(end, 2) };
  }
  const rows = await repo.readPoints(ctx.db, {
    ...key,
    start: new Date(Math.min(windows.period2.start, windows.main.start)),
    end: new Date(windows.main.end),
  });
  return buildOverlay(rows.map(toPoint), windows, timezone);
}

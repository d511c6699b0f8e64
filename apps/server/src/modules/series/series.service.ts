import {
  OTHER_DIMENSION_VALUE,
  TOP_DIMENSION_VALUES,
  type SeriesPoint,
  type SeriesSchedule,
} from '@tidemark/contract';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import type { BaseContext, TenantContext } from '../../plugins/context';
import {
  markSeriesComputed,
  quoteIdent,
  setConnectionStage,
  tablesOfConnection,
  type WarehouseTable,
} from '../connections';
import { SqlParams, compiledMetricsOfTable, dimensionsOfTable, getMetricOrThrow } from '../metrics';
import * as repo from './series.repository';

export const SERIES_JOB = 'series.compute';

/** Asks for the workspace's series to be brought up to date; one run waits behind a running one at most. */
export async function requestSeriesUpdate(ctx: BaseContext, tenantId: number): Promise<void> {
  await ctx.jobs.send(SERIES_JOB, { tenantId }, { singletonKey: `series:${tenantId}` });
}

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
  for (const connectionId of touchedConnections) {
    await setConnectionStage({
      ctx,
      connectionId,
      stage: 'insight_generation',
      status: 'SUCCESSFUL',
      message: null,
    });
  }
}

const GRAINS: ReadonlyArray<{ grain: SeriesSchedule; bucket: (local: string) => string }> = [
  { grain: 'h', bucket: (l) => `date_trunc('hour', ${l})` },
  { grain: 'd', bucket: (l) => `date_trunc('day', ${l})` },
  // Weeks start on Sunday (spec 1 §9): shift into ISO weeks and back.
  { grain: 'w', bucket: (l) => `(date_trunc('week', ${l} + interval '1 day') - interval '1 day')` },
  { grain: 'm', bucket: (l) => `date_trunc('month', ${l})` },
];

export async function computeTableSeries(
  ctx: Ctx,
  table: WarehouseTable,
  timezone: string,
  dirtyFrom: Date | null,
): Promise<void> {
  const startedAt = new Date();
  const params = new SqlParams();
  const metrics = await compiledMetricsOfTable(ctx, table, params);
  const dims = await dimensionsOfTable(ctx, table.table_id);
  if (metrics.length === 0) {
    await markSeriesComputed({ ctx, tableId: table.table_id, computedAt: startedAt });
    return;
  }
  if (!dirtyFrom) for (const d of dims) await refreshTopValues(ctx, d.dimension_id);

  const dateColumn = table.columns.find((c) => c.field_name === table.date_column)!;
  const tz = params.add(timezone);
  const column = quoteIdent(dateColumn.field_name);
  // The bucket is taken on the store's local clock: plain dates and timestamps already are.
  const local =
    dateColumn.data_type === 'timestamptz' ? `(${column} at time zone ${tz})` : `${column}::timestamp`;
  const grains = GRAINS.filter((g) => g.grain !== 'h' || dateColumn.data_type !== 'date');

  const boundary = dirtyFrom ? await repo.incrementalBoundary(ctx.db, dirtyFrom, timezone) : null;
  const boundaryParam = boundary ? params.add(boundary) : null;

  const dimSelects = await Promise.all(
    dims.map(async (d, i) => {
      const top = params.add(await repo.topValues(ctx.db, ctx.tenantId, d.dimension_id));
      const c = quoteIdent(d.field_name);
      return `case when ${c} is null then null when ${c}::text = any(${top}::text[]) then ${c}::text else '${OTHER_DIMENSION_VALUE}' end as __d${i}`;
    }),
  );
  const bucketSelects = grains.map((g) => `${g.bucket('__l')} as __b${g.grain}`);
  const sets = grains.flatMap((g) => [`(__b${g.grain})`, ...dims.map((_, i) => `(__b${g.grain}, __d${i})`)]);
  const groupings = [
    ...grains.map((g) => `grouping(__b${g.grain}) as __g${g.grain}`),
    ...dims.map((_, i) => `grouping(__d${i}) as __gd${i}`),
  ];
  const grainCase = `case ${grains.map((g) => `when __g${g.grain} = 0 then '${g.grain}'`).join(' ')} end`;
  const dimNames = dims.map((d) => params.add(d.name));
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
  const bucketValue = `coalesce(${grains.map((g) => `__b${g.grain}`).join(', ')})`;
  const tenant = params.add(ctx.tenantId);

  const sql = `
with src as (
  select *, ${local} as __l${dimSelects.length ? `, ${dimSelects.join(', ')}` : ''}
  from ${quoteIdent(table.destination_table_name)}
  where ${column} is not null${boundaryParam ? ` and ${local} >= ${boundaryParam}::timestamp` : ''}
), bucketed as (
  select *, ${bucketSelects.join(', ')} from src
), grouped as (
  select ${groupings.join(', ')}, ${grains.map((g) => `__b${g.grain}`).join(', ')}${dims.length ? `, ${dims.map((_, i) => `__d${i}`).join(', ')}` : ''},
    count(*) as __n, ${metrics.map((m, i) => `(${m.sql})::double precision as __m${i}`).join(', ')}
  from bucketed group by grouping sets (${sets.join(', ')})
), shaped as (
  select ${grainCase} as grain, ${bucketValue} at time zone ${tz} as ts, ${dimNameCase} as dim_name,
    ${dimValCase} as dim_val, __n, ${metrics.map((_, i) => `__m${i}`).join(', ')}
  from grouped where not (${nullDimension})
)
insert into series_points (tenant_id, kpi_id, grain, dim_name, dim_val, ts, value, row_count)
select ${tenant}::bigint, v.kpi_id, s.grain, s.dim_name, s.dim_val, s.ts, v.value, s.__n
from shaped s
cross join lateral (values ${metrics.map((m, i) => `(${params.add(m.kpiId)}::bigint, s.__m${i})`).join(', ')}) as v (kpi_id, value)
${boundaryParam ? `where s.ts >= (${boundaryParam}::timestamp at time zone ${tz})` : ''}
on conflict (tenant_id, kpi_id, grain, dim_name, dim_val, ts) do update set value = excluded.value, row_count = excluded.row_count`;

  await ctx.db.transaction(async (tx) => {
    // Hash aggregation over many groups wants more than the default memory; spilling still works past it.
    await tx.query(`set local work_mem = '256MB'`);
    await repo.deletePoints(tx, {
      tenantId: ctx.tenantId,
      kpiIds: metrics.map((m) => m.kpiId),
      from: boundary ? { local: boundary, timezone } : null,
    });
    await tx.query(sql, [...params.values]);
  });
  await markSeriesComputed({ ctx, tableId: table.table_id, computedAt: startedAt });
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
  };
}): Promise<SeriesPoint[]> {
  const metric = await getMetricOrThrow({ ctx, kpiId: Number(input.kpi_id) });
  const byValue = input.dim_name && input.dim_val !== undefined;
  const end = input.timestamp_end ? new Date(input.timestamp_end) : null;
  const windowDays = DEFAULT_WINDOW_DAYS[input.pipeline_schedule];
  const start = input.timestamp_start
    ? new Date(input.timestamp_start)
    : windowDays
      ? await repo.windowStart(ctx.db, ctx.tenantId, metric.kpi_id, input.pipeline_schedule, windowDays)
      : null;
  const rows = await repo.readPoints(ctx.db, {
    tenantId: ctx.tenantId,
    kpiId: metric.kpi_id,
    grain: input.pipeline_schedule,
    dimName: byValue ? input.dim_name! : '',
    dimVal: byValue ? input.dim_val! : '',
    start,
    end,
  });
  return rows.map((r) => ({
    timestamp: r.ts.toISOString(),
    result: { y: r.value, yhat: null, yhat_lower: null, yhat_upper: null, anomaly: 'False' },
  }));
}

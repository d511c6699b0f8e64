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

import { getMetricOrThrow } from '../metrics';
import {
  SERIES_JOB,
  pipelinesOwed,
  requestPipelineRun,
  requestSeriesUpdate,
  seriesKeyOf,
} from '../../jobs/stages';

import * as repo from './series.repository';
import { tableSeriesSql } from './series.sql';
import {
  ensureDateIndex,
  markSeriesComputed,
  quoteIdent,
  tablesOfConnection,
  type WarehouseTable,
  SqlParams,
  dimensionValueSql,
  dimensionsOfTable,
  metricPlanOfTable,
} from '../warehouse';

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
  if (touchedConnections.size || (await pipelinesOwed(ctx, ctx.tenantId)))
    await requestPipelineRun(ctx, ctx.tenantId);
}

/**
 * Computes one warehouse table's series: every active metric, at each grain, overall and per value of each
 * dimension, in the workspace's time zone, as one SQL statement. Rows are read once into hour × dimension
 * partial aggregates that roll up to days, weeks and months (see warehouse/plans.ts); buckets without rows
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
    await markSeriesComputed({ ctx, input: { tableId: table.table_id, computedAt: startedAt } });
    return;
  }
  if (!dirtyFrom) for (const d of dims) await refreshTopValues(ctx, d.dimension_id);

  const dateColumn = table.columns.find((c) => c.field_name === table.date_column)!;
  await ensureDateIndex(ctx.db, table.destination_table_name, dateColumn.field_name);
  // Fresh statistics after a load, so the planner reads recent block ranges instead of the whole table.
  await repo.analyzeTable(ctx.db, table.destination_table_name);
  const grains: SeriesSchedule[] = dateColumn.data_type === 'date' ? ['d', 'w', 'm'] : ['h', 'd', 'w', 'm'];
  const boundary = dirtyFrom ? await repo.incrementalBoundary(ctx.db, dirtyFrom, timezone) : null;
  const dimValues: string[] = [];
  for (const d of dims)
    dimValues.push(await dimensionValueSql(ctx, d.dimension_id, quoteIdent(d.field_name), params));
  const sql = tableSeriesSql({
    params,
    plan,
    dims: dims.map((d, i) => ({ name: d.name, valueSql: dimValues[i]! })),
    table: table.destination_table_name,
    dateColumn,
    timezone,
    grains,
    boundary,
    tenantId: ctx.tenantId,
  });

  await repo.writeTableSeries(ctx.db, {
    sql,
    values: [...params.values],
    tenantId: ctx.tenantId,
    replaceKpiIds: boundary ? null : plan.metrics.map((m) => m.kpiId),
  });
  await markSeriesComputed({ ctx, input: { tableId: table.table_id, computedAt: startedAt } });
}

/** The values with the most rows across every table the dimension is on; the rest become 'Other'. */
async function refreshTopValues(ctx: Ctx, dimensionId: number): Promise<void> {
  const columns = await repo.dimensionColumns(ctx.db, ctx.tenantId, dimensionId);
  if (columns.length === 0) return;
  const rows = await repo.mostFrequentValues(ctx.db, columns, TOP_DIMENSION_VALUES + 1);
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
  const metric = await getMetricOrThrow({ ctx, id: Number(input.kpi_id) });
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
  const metric = await getMetricOrThrow({ ctx, id: Number(input.kpi_id) });
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

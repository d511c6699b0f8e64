import {
  METRIC_EDIT_MESSAGES,
  currencySymbolOf,
  type MetricDetail,
  type MetricImpact,
  type MetricUpdate,
} from '@tidemark/contract';
import { formatMetricValue, formatPercent } from '@tidemark/format';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { TenantContext } from '../../plugins/context';
import { metricNotFound } from './metrics.service';
import * as repo from './metric-detail.repository';

function toDetail(row: repo.DetailRow, tenantId: number): MetricDetail {
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
  input,
}: {
  ctx: TenantContext;
  input: { kpiId: string };
}): Promise<MetricDetail> {
  const { kpiId } = input;
  const row = await repo.findMetricDetail(ctx.db, ctx.tenantId, kpiIdOf(kpiId));
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
    const id = await repo.findMetricGroupId(db, tenantId, kind, Number(value.id));
    if (id === null) throw new AppError('bad_request', `Unknown ${kind} ${value.id}.`);
    return id;
  }
  return repo.upsertMetricGroup(db, tenantId, kind, value.name);
}

/** Spec 3 §5: only the attributes sent change (the form sends the touched ones). */
export async function updateMetric({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: MetricUpdate & { kpiId: string };
}): Promise<{ success: boolean; message: string; metric: MetricDetail }> {
  const { kpiId } = input;
  const id = kpiIdOf(kpiId);
  if (!(await repo.findMetricDetail(ctx.db, ctx.tenantId, id))) throw metricNotFound();
  await ctx.db.transaction(async (tx) => {
    // Only the attributes sent change: the repository writes the defined ones.
    const orNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
    await repo.updateMetricColumns(tx, ctx.tenantId, id, {
      kpi_display_name: input.kpi_display_name,
      kpi_definition: orNull(input.kpi_definition),
      description: orNull(input.description),
      tier: input.tier,
      impact_to_topline: input.impact_to_topline,
      dollar_impact: input.dollar_impact,
      accent: input.accent,
      is_derived: input.is_derived,
      is_experience: input.is_experience,
      kpi_format: input.kpi_format,
      currency: input.currency,
      funnel_id:
        input.funnel === undefined ? undefined : await optionId(tx, ctx.tenantId, 'funnel', input.funnel),
      category_id:
        input.category === undefined
          ? undefined
          : await optionId(tx, ctx.tenantId, 'category', input.category),
    });
  });
  return {
    success: true,
    message: METRIC_EDIT_MESSAGES.updated,
    metric: toDetail((await repo.findMetricDetail(ctx.db, ctx.tenantId, id))!, ctx.tenantId),
  };
}

export async function metricOptions({ ctx }: { ctx: TenantContext }) {
  const rows = await repo.listMetricGroups(ctx.db, ctx.tenantId);
  const of = (kind: string) =>
    rows.filter((r) => r.kind === kind).map((r) => ({ id: String(r.id), name: r.name }));
  return { funnels: of('funnel'), categories: of('category') };
}

/** The distinct values of one column of the metrics list (the table's column filters). */
export async function metricFilters({ ctx, input }: { ctx: TenantContext; input: { name: string } }) {
  return { values: await repo.metricColumnValues(ctx.db, ctx.tenantId, input.name) };
}

/**
 * The metric over [start, end] against the window of the same length before it: totals for metrics that
 * add up, the mean of the buckets for the others (a ratio's total means nothing). Without a window it is the
 * last seven complete days against the seven before, on the workspace's clock: the series' newest bucket is
 * still filling (today's part of a day), so the window ends where it starts.
 */
export async function metricImpact({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    timestamp_start?: string | undefined;
    timestamp_end?: string | undefined;
    pipeline_schedule: string;
    dim_name?: string | undefined;
    dim_val?: string | undefined;
    impact_type: 'absolute' | 'relative';
  } & { kpiId: string };
}): Promise<MetricImpact> {
  const { kpiId } = input;
  const row = await repo.findMetricDetail(ctx.db, ctx.tenantId, kpiIdOf(kpiId));
  if (!row) throw metricNotFound();
  const byValue = input.dim_name && input.dim_val !== undefined;
  const seriesKey: repo.SeriesKey = [
    ctx.tenantId,
    row.kpi_id,
    input.pipeline_schedule,
    byValue ? input.dim_name! : '',
    byValue ? input.dim_val! : '',
  ];
  const tenant = await repo.seriesClock(ctx.db, seriesKey);
  const end = input.timestamp_end
    ? new Date(input.timestamp_end)
    : (tenant?.newest ?? new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000));
  const start = input.timestamp_start ? new Date(input.timestamp_start) : null;
  if (start && !(end > start))
    throw new AppError('bad_request', 'timestamp_end must be after timestamp_start.');
  const additive = ['sum', 'count'].includes(row.aggregation_operation);
  // Seven local days back (not 7 × 24 hours), so a week across a clock change still holds seven day buckets.
  const window = await repo.windowTotals(ctx.db, {
    seriesKey,
    start,
    end,
    timezone: tenant?.timezone ?? 'Etc/UTC',
    additive,
  });
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

import {
  CONNECTION_MESSAGES,
  METRIC_MESSAGES,
  OTHER_DIMENSION_VALUE,
  TOKEN_MESSAGES,
  catalogueFor,
  type Aggregation,
  type Dimension,
  type MetricListRow,
  type OnboardBody,
  type PipelinePreferenceBody,
} from '@tidemark/contract';

import { AppError } from '../../errors';

import type { BaseContext, TenantContext } from '../../plugins/context';

import { getConnectionOrThrow } from '../connections';
import { reportStage, requestSeriesUpdate } from '../../jobs/stages';

import { authorizeTenant } from '../tenants';

import * as repo from './metrics.repository';
import {
  columnsOf,
  compileMetricSet,
  plansRepository,
  setTableDateColumn,
  tablesOfConnection,
  SqlParams,
  type WarehouseTable,
} from '../warehouse';

const DATE_TYPES = new Set(['date', 'timestamp', 'timestamptz']);
const NUMBER_TYPES = new Set(['integer', 'decimal']);
/** As the wizard names the aggregations. */
const OPERATION_LABELS: Record<Exclude<Aggregation, 'formula'>, string> = {
  sum: 'Sum',
  avg: 'Average',
  count: 'Count',
  min: 'Minimum',
  max: 'Maximum',
  stddev_samp: 'Standard deviation',
  var_samp: 'Variance',
};
const TYPE_WORDS: Record<string, string> = {
  text: 'text',
  boolean: 'true/false',
  date: 'a date',
  timestamp: 'a date and time',
  timestamptz: 'a date and time',
};

export const metricNotFound = () => new AppError('not_found', catalogueFor(404, 'metric').message);

/** 'Average Order Value' → 'average_order_value', unique in the workspace. */
function metricKey(displayName: string, taken: Set<string>): string {
  const base =
    displayName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50) || 'metric';
  let key = /^\d/.test(base) ? `m_${base}` : base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  taken.add(key);
  return key;
}

/**
 * A percentage metric's values are percent points (see formatMetricValue), so only a metric whose values
 * are already in percent reads as one: a `100 * a / b` formula, or a name that says percent. A 'rate'
 * formula without the 100 gives a fraction and stays a number rather than showing 0.0%.
 */
export function formatOf(displayName: string, formula: string | null): 'number' | 'percentage' {
  return /\bpercent(age)?\b|%/i.test(displayName) || /^\s*100\s*\*/.test(formula ?? '')
    ? 'percentage'
    : 'number';
}

export async function onboardMetrics({ ctx, input }: { ctx: TenantContext; input: OnboardBody }) {
  const connection = await getConnectionOrThrow({ ctx, id: input.datasource_id });
  const tables = await tablesOfConnection({ ctx, input: { connectionId: connection.connection_id } });
  const byDestination = new Map(tables.map((t) => [t.destination_table_name, t]));
  const tableOf = (destination: string) => {
    const table = byDestination.get(destination);
    if (!table) throw new AppError('bad_request', `Unknown table '${destination}' for this data source.`);
    return table;
  };
  if (input.dimensions.length === 0) throw new AppError('bad_request', METRIC_MESSAGES.allMetrics);

  const taken = await repo.takenMetricNames(ctx.db, ctx.tenantId, connection.connection_id);
  const newMetrics: repo.NewMetric[] = [];
  // Errors name the metric's row in the request and its display name, as the wizard shows them.
  const rowOf = new Map<string, string>();
  for (const [index, item] of input.metrics.entries()) {
    const table = tableOf(item.destination_table_name);
    const isFormula = item.aggregation.type === 'formula';
    const row = `Row ${index + 1}, ${item.display_name}`;
    const column = table.columns.find((c) => c.field_name === item.field_name);
    if (!isFormula && !column) {
      throw new AppError(
        'bad_request',
        `${row}: ${METRIC_MESSAGES.unknownColumn(item.field_name, table.source_table_name)}`,
      );
    }
    const plain = item.aggregation.type === 'operation' ? item.aggregation.value : null;
    if (plain && plain !== 'count' && column && !NUMBER_TYPES.has(column.data_type)) {
      throw new AppError(
        'bad_request',
        `${row}: ${METRIC_MESSAGES.needsNumber(OPERATION_LABELS[plain], column.display_name, TYPE_WORDS[column.data_type] ?? column.data_type)}`,
      );
    }
    const operation: Aggregation = isFormula ? 'formula' : (item.aggregation.value as Aggregation);
    const formula = isFormula ? item.aggregation.value : null;
    newMetrics.push({
      tenant_id: ctx.tenantId,
      connection_id: connection.connection_id,
      table_id: table.table_id,
      kpi_name: metricKey(item.display_name, taken),
      kpi_display_name: item.display_name,
      field_name: item.field_name,
      aggregation_operation: operation,
      formula,
      accent: item.accent,
      kpi_format: item.kpi_format ?? formatOf(item.display_name, formula),
      // Null reads as the workspace's currency, so a later change of it still applies.
      currency: item.kpi_format === 'currency' ? (item.currency ?? null) : null,
      is_derived: isFormula,
      kpi_definition: formula ?? `${operation}(${item.field_name})`,
    });
    rowOf.set(newMetrics.at(-1)!.kpi_name, row);
  }

  // Every definition must compile against its table before anything is stored.
  for (const table of tables) {
    const defs = newMetrics.filter((m) => m.table_id === table.table_id);
    if (defs.length === 0) continue;
    const { errors, types } = compileMetricSet(
      defs.map((m) => ({
        key: m.kpi_name,
        aggregation: m.aggregation_operation,
        field_name: m.field_name,
        ...(m.formula ? { formula: m.formula } : {}),
      })),
      columnsOf(table),
      new SqlParams(),
    );
    const first = [...errors.entries()][0];
    if (first) throw new AppError('bad_request', `${rowOf.get(first[0])}: ${first[1].message}`);
    // A formula such as max(order_date) compiles to a date: a series holds numbers only.
    const notNumber = defs.find((m) => types.get(m.kpi_name) !== 'numeric');
    if (notNumber) {
      throw new AppError(
        'bad_request',
        `${rowOf.get(notNumber.kpi_name)}: ${METRIC_MESSAGES.formulaNotNumber(TYPE_WORDS[types.get(notNumber.kpi_name) ?? 'text'] ?? 'not a number')}`,
      );
    }
  }
  for (const d of input.dimensions) {
    const table = tableOf(d.destination_table_name);
    if (!table.columns.some((c) => c.field_name === d.field_name)) {
      throw new AppError(
        'bad_request',
        `${d.display_name}: ${METRIC_MESSAGES.unknownColumn(d.field_name, table.source_table_name)}`,
      );
    }
  }

  const stored = await ctx.db.transaction(async (tx) => {
    const metrics = await repo.replaceConnectionMetrics(
      tx,
      ctx.tenantId,
      connection.connection_id,
      newMetrics,
    );
    const columns: Array<{ dimension_id: number; table_id: number; field_name: string }> = [];
    for (const d of input.dimensions) {
      const dimension = await repo.upsertDimension(tx, ctx.tenantId, d.field_name, d.display_name);
      columns.push({
        dimension_id: dimension.dimension_id,
        table_id: tableOf(d.destination_table_name).table_id,
        field_name: d.field_name,
      });
    }
    await repo.replaceDimensionColumns(
      tx,
      ctx.tenantId,
      tables.map((t) => t.table_id),
      columns,
    );
    return metrics;
  });
  await updateConfigurationStage(ctx, connection.connection_id);
  return { success: true, message: METRIC_MESSAGES.onboarded, kpi_ids: stored.map((m) => String(m.kpi_id)) };
}

/**
 * Metric configuration is done when every table with metrics has its date column; the series then follow.
 */
async function updateConfigurationStage(
  ctx: BaseContext & { tenantId: number },
  connectionId: number,
): Promise<void> {
  const tables = await tablesOfConnection({ ctx, input: { connectionId } });
  const metrics = await repo.metricsOfConnection(ctx.db, ctx.tenantId, connectionId);
  const withMetrics = tables.filter((t) => metrics.some((m) => m.table_id === t.table_id));
  const stage = { tenantId: ctx.tenantId, connectionId, stage: 'metric_configuration' } as const;
  if (withMetrics.length > 0 && withMetrics.every((t) => t.date_column)) {
    await reportStage(ctx.db, { ...stage, status: 'SUCCESSFUL', message: null });
    await requestSeriesUpdate(ctx, ctx.tenantId, [connectionId]);
  } else {
    await reportStage(ctx.db, {
      ...stage,
      status: 'IN_PROGRESS',
      message: CONNECTION_MESSAGES.userActionNeeded,
    });
  }
}

export async function setPipelinePreference({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: PipelinePreferenceBody;
}) {
  const { date_column, destination_table_name } = input.preference_value;
  let table: WarehouseTable | undefined;
  let candidates: WarehouseTable[];
  if (input.datasource_id) {
    const connection = await getConnectionOrThrow({ ctx, id: input.datasource_id });
    candidates = await tablesOfConnection({ ctx, input: { connectionId: connection.connection_id } });
  } else {
    candidates = await tablesOfConnection({ ctx });
  }
  if (destination_table_name) {
    table = candidates.find((t) => t.destination_table_name === destination_table_name);
    if (!table) throw new AppError('bad_request', `Unknown table '${destination_table_name}'.`);
  } else {
    const holding = candidates.filter((t) => t.columns.some((c) => c.field_name === date_column));
    if (holding.length > 1)
      throw new AppError(
        'bad_request',
        'Several tables have this column: name the table too (destination_table_name).',
      );
    table = holding[0];
  }
  const column = table?.columns.find((c) => c.field_name === date_column);
  if (!table || !column) {
    throw new AppError(
      'bad_request',
      METRIC_MESSAGES.unknownColumn(date_column, table?.source_table_name ?? 'this data source'),
    );
  }
  if (!DATE_TYPES.has(column.data_type)) {
    const anyDate = table.columns.some((c) => DATE_TYPES.has(c.data_type));
    throw new AppError(
      'bad_request',
      anyDate ? METRIC_MESSAGES.notDateColumn(column.display_name) : CONNECTION_MESSAGES.noDateColumn,
    );
  }
  const warnings: string[] = [];
  if (column.null_fraction > 0.01) {
    warnings.push(
      METRIC_MESSAGES.mostlyEmptyDate(column.display_name, `${(column.null_fraction * 100).toFixed(1)}%`),
    );
  }
  await setTableDateColumn({ ctx, input: { tableId: table.table_id, column: date_column } });
  await updateConfigurationStage(ctx, table.connection_id);
  return { success: true, message: METRIC_MESSAGES.pipelineSaved, warnings };
}

export async function replicateMetrics({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { from_tenant_id: number; to_tenant_id: number; datasource_id: string };
}) {
  if (input.to_tenant_id !== ctx.tenantId) {
    throw new AppError('forbidden', `${catalogueFor(403).title}: ${catalogueFor(403).message}`);
  }
  // The template must be a workspace this user may read (the demo workspace, or one of theirs).
  const fromTenant = await authorizeTenant({
    ctx,
    input: { user: ctx.user, requestedTenantId: input.from_tenant_id, isDemo: false, readOnly: true },
  }).catch(async () => {
    if (!(await repo.isDemoTenant(ctx.db, input.from_tenant_id)))
      throw new AppError('forbidden', `${catalogueFor(403).title}: ${catalogueFor(403).message}`);
    return input.from_tenant_id;
  });
  const target = await getConnectionOrThrow({ ctx, id: input.datasource_id });
  const targetTables = await tablesOfConnection({ ctx, input: { connectionId: target.connection_id } });
  const templateTables = await tablesOfConnection({ ctx: { ...ctx, tenantId: fromTenant } });
  const metrics: OnboardBody['metrics'] = [];
  const dimensions: OnboardBody['dimensions'] = [];
  const dates: Array<{ destination: string; column: string }> = [];
  for (const tt of templateTables) {
    // Tables pair up by source name, or failing that by holding every column the template's metrics use.
    const templateMetrics = await plansRepository.metricsOfTable(ctx.db, fromTenant, tt.table_id);
    if (templateMetrics.length === 0) continue;
    const needed = new Set(tt.columns.map((c) => c.field_name));
    const match =
      targetTables.find((t) => t.source_table_name === tt.source_table_name) ??
      targetTables.find((t) => [...needed].every((n) => t.columns.some((c) => c.field_name === n)));
    if (!match) continue;
    for (const m of templateMetrics) {
      metrics.push({
        source_table_name: match.source_table_name,
        destination_table_name: match.destination_table_name,
        field_name: m.field_name,
        display_name: m.kpi_display_name,
        accent: m.accent,
        aggregation: m.formula
          ? { type: 'formula', value: m.formula }
          : { type: 'operation', value: m.aggregation_operation as Exclude<Aggregation, 'formula'> },
      });
    }
    for (const d of await plansRepository.dimensionColumnsOfTable(ctx.db, fromTenant, tt.table_id)) {
      if (match.columns.some((c) => c.field_name === d.field_name)) {
        dimensions.push({
          source_table_name: match.source_table_name,
          destination_table_name: match.destination_table_name,
          field_name: d.field_name,
          display_name: d.display_name,
        });
      }
    }
    if (tt.date_column && match.columns.some((c) => c.field_name === tt.date_column)) {
      dates.push({ destination: match.destination_table_name, column: tt.date_column });
    }
  }
  if (metrics.length === 0) {
    throw new AppError('bad_request', 'The template workspace has no metrics on tables like these.');
  }
  const result = await onboardMetrics({
    ctx,
    input: { metrics, dimensions, datasource_id: input.datasource_id },
  });
  for (const d of dates) {
    await setPipelinePreference({
      ctx,
      input: {
        preference_value: { date_column: d.column, destination_table_name: d.destination },
        datasource_id: input.datasource_id,
      },
    });
  }
  return result;
}

export async function listDimensions({ ctx }: { ctx: TenantContext }): Promise<{ data: Dimension[] }> {
  const rows = await repo.listDimensionRows(ctx.db, ctx.tenantId);
  return { data: rows.map((d) => ({ id: d.dimension_id, name: d.name, display_name: d.display_name })) };
}

export async function dimensionValues({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { id: number };
}): Promise<{ data: string[] }> {
  const { id } = input;
  const dimension = await repo.findDimension(ctx.db, ctx.tenantId, id);
  if (!dimension) throw new AppError('not_found', catalogueFor(404, 'dimension').message);
  // A scoped key's value alone: the list of any other dimension is drawn from every segment's rows.
  const scope = ctx.user.apiKey?.scope;
  if (scope) {
    if (dimension.name !== scope.dimName)
      throw new AppError('forbidden', TOKEN_MESSAGES.scopedValues(`${scope.dimName}: ${scope.dimVal}`));
    return { data: [scope.dimVal] };
  }
  const values = await repo.dimensionValueRows(ctx.db, ctx.tenantId, id);
  // 'Other' is listed last: it is the sum of everything outside the top values.
  return {
    data: [
      ...values.filter((v) => v !== OTHER_DIMENSION_VALUE),
      ...values.filter((v) => v === OTHER_DIMENSION_VALUE),
    ],
  };
}

export async function listMetrics({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    page_num: number;
    count: number;
    sort_by?: string | undefined;
    order?: 'asc' | 'desc' | undefined;
    is_active: boolean;
    kpi_display_name?: string | undefined;
    tier?: number | undefined;
    accent?: string | undefined;
    dim_name?: string | undefined;
    category_name?: string | undefined;
    funnel_name?: string | undefined;
  };
}): Promise<{ rows: MetricListRow[]; count: number }> {
  const { rows, count } = await repo.listMetricRows(ctx.db, {
    tenantId: ctx.tenantId,
    isActive: input.is_active,
    limit: input.count,
    offset: (input.page_num - 1) * input.count,
    sortBy: input.sort_by ?? 'kpi_display_name',
    order: input.order ?? 'asc',
    name: input.kpi_display_name,
    tier: input.tier,
    accent: input.accent,
    dimName: input.dim_name,
    category: input.category_name,
    funnel: input.funnel_name,
  });
  const status = await repo.pipelineStatus(
    ctx.db,
    ctx.tenantId,
    rows.map((m) => m.kpi_id),
  );
  return {
    count,
    rows: rows.map((m) => {
      const last = status.lastInsights.find((i) => i.kpi_id === m.kpi_id);
      const fit = status.fits.find((f) => f.kpi_id === m.kpi_id)?.fit_status ?? null;
      return {
        kpi_id: String(m.kpi_id),
        kpi_display_name: m.kpi_display_name,
        category_name: m.category_name,
        funnel_name: m.funnel_name,
        tier: m.tier,
        impact_to_topline: m.impact_to_topline,
        accent: m.accent,
        is_active: m.is_active,
        aggregation_operation: m.aggregation_operation,
        kpi_format: m.kpi_format,
        kpi_currency: m.kpi_currency,
        status: {
          // Spec 3 §4: success, failure, or disabled when the metric is not active (or has not run yet).
          pipeline_runs: (['h', 'd', 'w', 'm'] as const).map((frequency) => {
            const run = status.runs.find((r) => r.kpi_id === m.kpi_id && r.grain === frequency);
            return {
              frequency,
              status: !m.is_active || !run ? ('disabled' as const) : run.status,
              is_active: m.is_active,
              last_run: run?.last_run.toISOString() ?? null,
            };
          }),
          last_insight_ts: last?.insight_ts.toISOString() ?? null,
          last_insight_id: last ? String(last.insight_id) : null,
          reason: !m.series_computed_at
            ? 'waiting for the first series computation'
            : fit && fit !== 'ok'
              ? fit
              : (status.runs.find((r) => r.kpi_id === m.kpi_id && r.status === 'failure')?.reason ?? null),
        },
      };
    }),
  };
}

export async function getMetricOrThrow({ ctx, id }: { ctx: TenantContext; id: number }) {
  const metric = await repo.findMetric(ctx.db, ctx.tenantId, id);
  if (!metric) throw metricNotFound();
  return metric;
}

import { OTHER_DIMENSION_VALUE, TOP_DIMENSION_VALUES } from '@tidemark/contract';
import type { BaseContext } from '../../plugins/context';
import type { WarehouseTable } from './catalogue';
import { compileMetricSet, parseFormula, SqlParams, type FormulaAst, type FormulaColumn } from './formula';
import * as plans from './plans.repository';
import type { MetricRow } from './plans.repository';

/**
 * How a table's metrics are computed per bucket. Most aggregates split into partial sums that add up
 * (a sum of hourly sums is the daily sum, an average is a sum over a count, a variance comes from sums of
 * values and squares), so rows are read once into hour × dimension partials and everything else rolls up
 * from those. A metric with count_distinct does not split; a table holding one computes from its rows at
 * every grain instead.
 */
export interface MetricPlan {
  rollup: boolean;
  /** Partial aggregates over the rows, by column name (only when `rollup`). */
  partials: Array<{ column: string; sql: string; combine: 'sum' | 'min' | 'max' }>;
  /**
   * Per metric: with `rollup`, an aggregate expression over the partial columns; otherwise an aggregate
   * over the rows. `additive` metrics are 0 in a bucket without rows; the others have no value there.
   */
  metrics: Array<{ kpiId: number; key: string; sql: string; additive: boolean }>;
}

export function planMetrics(
  metrics: MetricRow[],
  columns: FormulaColumn[],
  params: SqlParams,
  warn: (key: string, message: string) => void,
): MetricPlan {
  const definitions = metrics.map((m) => ({
    key: m.kpi_name,
    aggregation: m.aggregation_operation,
    field_name: m.field_name,
    ...(m.formula ? { formula: m.formula } : {}),
  }));

  // First try the split form, in a scratch list of parameters: it is kept only if every aggregate splits.
  const scratch = new SqlParams(params.size);
  const partials: MetricPlan['partials'] = [];
  const byKey = new Map<string, string>();
  let splits = true;
  const partial = (sql: string, combine: 'sum' | 'min' | 'max'): string => {
    let column = byKey.get(`${combine}:${sql}`);
    if (!column) {
      column = `__p${partials.length}`;
      partials.push({ column, sql, combine });
      byKey.set(`${combine}:${sql}`, column);
    }
    return column;
  };
  const split = compileMetricSet(definitions, columns, scratch, {
    aggregate: (call) => {
      const where = call.filter ? ` filter (where ${call.filter})` : '';
      const v = call.value;
      switch (call.name) {
        // Partial sums are float8: adding millions of numerics is several times slower, and a series
        // holds doubles anyway (15 significant digits: cents are exact to a trillion).
        // A sum is 0 in a bucket whose rows all fell outside its condition (or held no value): it adds up.
        case 'sum':
          return `coalesce(sum(${partial(`sum((${v})::float8)${where}`, 'sum')}), 0)`;
        case 'count':
          return `sum(${partial(`count(${v})${where}`, 'sum')})`;
        case 'min':
        case 'max':
          return `${call.name}(${partial(`${call.name}(${v})${where}`, call.name)})`;
        case 'avg': {
          const s = partial(`sum((${v})::float8)${where}`, 'sum');
          const c = partial(`count(${v})${where}`, 'sum');
          return `(sum(${s}) / nullif(sum(${c}), 0))`;
        }
        case 'var_samp':
        case 'stddev_samp': {
          const s = partial(`sum((${v})::float8)${where}`, 'sum');
          const c = partial(`count(${v})${where}`, 'sum');
          const q = partial(`sum((${v})::float8 * (${v})::float8)${where}`, 'sum');
          // Rounding may take the sum of squares just below zero; a single value has no variance (greatest
          // skips nulls, so the clamp is on the numerator alone).
          const variance = `(greatest(sum(${q}) - sum(${s}) * sum(${s}) / nullif(sum(${c}), 0), 0) / nullif(greatest(sum(${c}) - 1, 0), 0))`;
          return call.name === 'var_samp' ? variance : `sqrt(${variance})`;
        }
        case 'count_distinct':
          splits = false;
          return undefined;
      }
    },
  });
  const chosen = splits
    ? split
    : compileMetricSet(definitions, columns, params, {
        aggregate: (call) =>
          call.name === 'sum'
            ? `coalesce(sum(${call.value})${call.filter ? ` filter (where ${call.filter})` : ''}, 0)`
            : undefined,
      });
  if (splits) for (const value of scratch.values) params.add(value);

  for (const [key, error] of chosen.errors) warn(key, error.message);
  const additive = additivity(metrics);
  return {
    rollup: splits,
    partials: splits ? partials : [],
    metrics: metrics
      .filter((m) => m.is_active && chosen.sql.has(m.kpi_name) && chosen.types.get(m.kpi_name) === 'numeric')
      .map((m) => ({
        kpiId: m.kpi_id,
        key: m.kpi_name,
        sql: chosen.sql.get(m.kpi_name)!,
        additive: additive.get(m.kpi_name) ?? false,
      })),
  };
}

const ADDITIVE_CALLS = new Set(['sum', 'count', 'count_if', 'sum_if', 'count_distinct']);

/**
 * Whether a metric adds up: sums and counts, and formulas that only add, subtract or scale them. Such a
 * metric is 0 in a bucket with no rows (no orders that hour is zero revenue); an average or a ratio has no
 * value there.
 */
function additivity(metrics: MetricRow[]): Map<string, boolean> {
  const byKey = new Map(metrics.map((m) => [m.kpi_name.toLowerCase(), m]));
  const memo = new Map<string, boolean>();
  const ofMetric = (m: MetricRow, depth: number): boolean => {
    const cached = memo.get(m.kpi_name);
    if (cached !== undefined) return cached;
    if (depth > 64) return false;
    let result: boolean;
    if (m.aggregation_operation !== 'formula') {
      result = m.aggregation_operation === 'sum' || m.aggregation_operation === 'count';
    } else {
      try {
        result = ofNode(parseFormula(m.formula ?? ''), depth);
      } catch {
        result = false;
      }
    }
    memo.set(m.kpi_name, result);
    return result;
  };
  const ofNode = (node: FormulaAst, depth: number): boolean => {
    switch (node.kind) {
      case 'number':
        return true;
      case 'negate':
        return ofNode(node.operand, depth);
      case 'arithmetic':
        if (node.operator === '+' || node.operator === '-')
          return ofNode(node.left, depth) && ofNode(node.right, depth);
        if (node.operator === '*') {
          return (
            (node.left.kind === 'number' && ofNode(node.right, depth)) ||
            (node.right.kind === 'number' && ofNode(node.left, depth))
          );
        }
        return false;
      case 'call':
        return ADDITIVE_CALLS.has(node.name);
      case 'identifier': {
        const target = byKey.get(node.name.toLowerCase());
        return !node.quoted && target !== undefined && ofMetric(target, depth + 1);
      }
      default:
        return false;
    }
  };
  return new Map(metrics.map((m) => [m.kpi_name, ofMetric(m, 0)]));
}

export function columnsOf(table: WarehouseTable): FormulaColumn[] {
  return table.columns.map((c) => ({
    field_name: c.field_name,
    display_name: c.display_name,
    type: c.data_type,
  }));
}

export async function metricPlanOfTable(
  ctx: BaseContext & { tenantId: number },
  table: WarehouseTable,
  params: SqlParams,
): Promise<MetricPlan> {
  const metrics = await plans.metricsOfTable(ctx.db, ctx.tenantId, table.table_id);
  return planMetrics(metrics, columnsOf(table), params, (key, message) =>
    ctx.log.warn({ kpi: key, message }, 'metric no longer compiles'),
  );
}

/**
 * A dimension column as series and root cause read it: its top values by name, the rest 'Other', an empty
 * value stays null. `column` is already quoted; the top values become one parameter of `params`.
 */
export async function dimensionValueSql(
  ctx: BaseContext & { tenantId: number },
  dimensionId: number,
  column: string,
  params: SqlParams,
): Promise<string> {
  const top = params.add(
    await plans.topDimensionValues(ctx.db, ctx.tenantId, dimensionId, TOP_DIMENSION_VALUES),
  );
  return `case when ${column} is null then null when ${column}::text = any(${top}::text[]) then ${column}::text else '${OTHER_DIMENSION_VALUE}' end`;
}

export async function dimensionsOfTable(ctx: BaseContext & { tenantId: number }, tableId: number) {
  return plans.dimensionColumnsOfTable(ctx.db, ctx.tenantId, tableId);
}

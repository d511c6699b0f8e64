import {
  CONFIGURE_INITIAL_ROWS,
  CONFIGURE_MIN_ROWS,
  type Column,
  type OnboardBody,
  type WarehouseColumnType,
} from '@tidemark/contract';

export type FieldType = 'metric' | 'dimension';
export type Operation = 'sum' | 'avg' | 'count' | 'min' | 'max' | 'stddev_samp' | 'var_samp' | 'formula';

export interface ConfigureRow {
  key: number;
  field_name: string;
  display_name: string;
  field_type: FieldType;
  aggregation: Operation;
  objective: 'positive' | 'negative';
  formula: string;
}

const DATE_TYPES: ReadonlySet<WarehouseColumnType> = new Set(['date', 'timestamp', 'timestamptz']);
export const isDateColumn = (c: Pick<Column, 'data_type'>) => DATE_TYPES.has(c.data_type);

/** A first guess a merchant rarely has to change: numbers are metrics (ids are counted), text slices them. */
export function guessRow(column: Column, key: number): ConfigureRow {
  const numeric = column.data_type === 'integer' || column.data_type === 'decimal';
  const idLike = /(^|_)(id|number|no)$/.test(column.field_name);
  return {
    key,
    field_name: column.field_name,
    display_name: column.display_name,
    field_type: numeric ? 'metric' : 'dimension',
    aggregation: numeric && idLike ? 'count' : 'sum',
    objective: /refund|cancel|return|discount|cost|churn/.test(column.field_name) ? 'negative' : 'positive',
    formula: '',
  };
}

/** Spec 1 §4: the first 10 columns are offered; date columns become the time axis instead. */
export function initialRows(columns: readonly Column[]): ConfigureRow[] {
  return columns
    .filter((c) => !isDateColumn(c))
    .slice(0, CONFIGURE_INITIAL_ROWS)
    .map((c, i) => guessRow(c, i));
}

export interface RowCheck {
  canSubmit: boolean;
  problem: 'needDimension' | 'needNames' | 'needFormula' | null;
}

/** Spec 1 §5: not every row a metric, every row with a field and a display name; formulas need their text. */
export function checkRows(rows: readonly ConfigureRow[]): RowCheck {
  if (rows.some((r) => !r.field_name || !r.display_name.trim()))
    return { canSubmit: false, problem: 'needNames' };
  if (rows.every((r) => r.field_type === 'metric')) return { canSubmit: false, problem: 'needDimension' };
  if (rows.some((r) => r.field_type === 'metric' && r.aggregation === 'formula' && !r.formula.trim()))
    return { canSubmit: false, problem: 'needFormula' };
  return { canSubmit: true, problem: null };
}

export const canRemoveRow = (rows: readonly ConfigureRow[]) => rows.length > CONFIGURE_MIN_ROWS;

/** The onboarding payload: metrics with their aggregation or formula, dimensions with a formula naming the field. */
export function onboardBody(
  rows: readonly ConfigureRow[],
  columns: readonly Column[],
  datasourceId: string,
): OnboardBody {
  const table = (field: string) => columns.find((c) => c.field_name === field)!;
  const base = (r: ConfigureRow) => ({
    source_table_name: table(r.field_name).source_table_name,
    destination_table_name: table(r.field_name).destination_table_name,
    field_name: r.field_name,
    display_name: r.display_name.trim(),
  });
  return {
    datasource_id: datasourceId,
    metrics: rows
      .filter((r) => r.field_type === 'metric')
      .map((r) => ({
        ...base(r),
        accent: r.objective,
        aggregation:
          r.aggregation === 'formula'
            ? { type: 'formula' as const, value: r.formula.trim() }
            : { type: 'operation' as const, value: r.aggregation },
      })),
    dimensions: rows
      .filter((r) => r.field_type === 'dimension')
      .map((r) => ({ ...base(r), aggregation: { type: 'formula' as const, value: r.field_name } })),
  };
}

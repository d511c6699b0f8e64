import {
  CONFIGURE_INITIAL_ROWS,
  CONFIGURE_MIN_ROWS,
  type Column,
  type KpiFormat,
  type OnboardBody,
  type WarehouseColumnType,
} from '@tidemark/contract';

export type FieldType = 'metric' | 'dimension';
/** The contract's aggregations, plus two the wizard sends as formulas: distinct count and count of rows. */
export type Operation =
  | 'sum'
  | 'avg'
  | 'count'
  | 'count_distinct'
  | 'count_rows'
  | 'min'
  | 'max'
  | 'stddev_samp'
  | 'var_samp'
  | 'formula';

const ALL_OPERATIONS: readonly Operation[] = [
  'sum',
  'avg',
  'count',
  'count_distinct',
  'count_rows',
  'min',
  'max',
  'stddev_samp',
  'var_samp',
  'formula',
];
const COUNTING: readonly Operation[] = ['count', 'count_distinct', 'count_rows', 'formula'];

const isNumber = (c: Pick<Column, 'data_type'>) => c.data_type === 'integer' || c.data_type === 'decimal';

/** What a column can be aggregated by: only numbers add up; anything else is counted. */
export const operationsFor = (column: Pick<Column, 'data_type'> | undefined): readonly Operation[] =>
  !column || isNumber(column) ? ALL_OPERATIONS : COUNTING;

/**
 * An identifier rather than a quantity: a name ending in id or number (order_id, OrderID, Transaction ID,
 * Invoice number), or text whose sampled values are all different.
 */
export function isIdLike(
  column: Pick<Column, 'field_name' | 'display_name' | 'data_type' | 'sample_values'>,
) {
  const named = (name: string) =>
    /(^|[\s_\-.#])(id|number|no|nr)$/i.test(name) || /[a-z0-9](Id|ID)$/.test(name);
  if (named(column.field_name) || named(column.display_name)) return true;
  const samples = column.sample_values;
  return !isNumber(column) && samples.length >= 3 && new Set(samples).size === samples.length;
}

export interface ConfigureRow {
  key: number;
  field_name: string;
  display_name: string;
  field_type: FieldType;
  aggregation: Operation;
  objective: 'positive' | 'negative';
  formula: string;
  /** How the metric's values read; 'currency' is money. */
  format: KpiFormat;
  /** A money metric's currency: the file's when it names one; null is the workspace's. */
  currency: string | null;
}

/** Amount-like names: with no currency in the file they are still money, in the workspace's currency. */
const MONEY_NAME =
  /revenue|amount|price|total|sales|subtotal|gross|net|fee|refund|discount|cost|tax|shipping|betrag|umsatz|brutto|netto|geb(u|ü)hr|balance|saldo/i;

/** Money: a number column whose file names a currency, or whose name is an amount; counts are never money. */
function guessMoney(column: Column, aggregation: Operation): Pick<ConfigureRow, 'format' | 'currency'> {
  const measured = ['sum', 'avg', 'min', 'max'].includes(aggregation);
  const money = measured && isNumber(column) && (!!column.currency || MONEY_NAME.test(column.display_name));
  return money
    ? { format: 'currency', currency: column.currency ?? null }
    : { format: 'number', currency: null };
}

const DATE_TYPES: ReadonlySet<WarehouseColumnType> = new Set(['date', 'timestamp', 'timestamptz']);
export const isDateColumn = (c: Pick<Column, 'data_type'>) => DATE_TYPES.has(c.data_type);

/**
 * A first guess a merchant rarely has to change: numbers are metrics (ids are counted), text slices them.
 * Made a metric, text is counted (text ids distinctly), never summed.
 */
export function guessRow(column: Column, key: number): ConfigureRow {
  const numeric = isNumber(column);
  const idLike = isIdLike(column);
  // A numeric id keeps a plain count: count_distinct cannot roll up from hourly partials (see the server's warehouse/plans.ts).
  const aggregation: Operation = numeric ? (idLike ? 'count' : 'sum') : idLike ? 'count_distinct' : 'count';
  return {
    key,
    field_name: column.field_name,
    display_name: column.display_name,
    field_type: numeric ? 'metric' : 'dimension',
    aggregation,
    objective: /refund|cancel|return|discount|cost|churn/.test(column.field_name) ? 'negative' : 'positive',
    formula: '',
    ...guessMoney(column, aggregation),
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
        aggregation: aggregationOf(r),
        // Percent or number is the server's guess from the name and formula; money is said here.
        ...(r.format === 'currency' ? { kpi_format: 'currency' as const, currency: r.currency } : {}),
      })),
    dimensions: rows
      .filter((r) => r.field_type === 'dimension')
      .map((r) => ({ ...base(r), aggregation: { type: 'formula' as const, value: r.field_name } })),
  };
}

/** A field in a formula: bare when it is a plain name, else quoted. */
const formulaField = (field: string) => (/^[a-z_][a-z0-9_]*$/i.test(field) ? field : `"${field}"`);

function aggregationOf(r: ConfigureRow): OnboardBody['metrics'][number]['aggregation'] {
  switch (r.aggregation) {
    case 'formula':
      return { type: 'formula', value: r.formula.trim() };
    case 'count_rows':
      return { type: 'formula', value: 'count(*)' };
    case 'count_distinct':
      return { type: 'formula', value: `count_distinct(${formulaField(r.field_name)})` };
    default:
      return { type: 'operation', value: r.aggregation };
  }
}

/**
 * The server numbers metrics by their place among the metrics it was sent ("Row 2, Revenue: …"); the
 * wizard's rows hold dimensions too, so the number is turned into the row's own.
 */
export function rowMessage(message: string, rows: readonly ConfigureRow[]): string {
  const rowsOf = (type: FieldType) => rows.flatMap((r, i) => (r.field_type === type ? [i + 1] : []));
  const match = /^Row (\d+), /.exec(message);
  if (match) {
    const row = rowsOf('metric')[Number(match[1]) - 1];
    return row === undefined ? message : `Row ${row}, ${message.slice(match[0].length)}`;
  }
  // A request the schema refused names its path ("Invalid body field metrics.2.display_name: …").
  const invalid = /^Invalid body field (metrics|dimensions)\.(\d+)\.(\w+): (.*)$/s.exec(message);
  if (!invalid) return message;
  const row = rowsOf(invalid[1] === 'metrics' ? 'metric' : 'dimension')[Number(invalid[2])];
  const field = FIELD_LABELS[invalid[3]!] ?? invalid[3];
  return row === undefined ? message : `Row ${row}, ${field}: ${invalid[4]}`;
}

const FIELD_LABELS: Record<string, string> = {
  field_name: 'Field',
  display_name: 'Display name',
  aggregation: 'Aggregation',
  accent: 'Objective',
};

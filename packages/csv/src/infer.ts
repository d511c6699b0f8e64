import { encodeUtf8 } from './decode';
import { normaliseHeader } from './header';
import type { CsvColumnType, CsvDelimiter } from './types';
import { readBoolean } from './values/boolean';
import { MARK_COMMA, MARK_DOT, numberShape, type DecimalMark } from './values/number';
import { currencyColumnCode, headerCurrency, symbolCurrency } from './values/currency';
import { isValidUnder, readTemporal, temporal, type DateFormat, type DateOrder } from './values/temporal';

export interface InferredColumn {
  field_name: string;
  display_name: string;
  type: CsvColumnType;
  /** Date layout of date, timestamp and timestamptz columns. */
  format?: DateFormat;
  /** Decimal mark of decimal columns. */
  decimalMark?: DecimalMark;
  /**
   * Zone of a `timestamp` column's values (they carry no offset): `UTC` when the header says so (Stripe's
   * "Created date (UTC)"); absent means the workspace's zone. The importer applies it (see the README).
   */
  timeZone?: string;
  /**
   * Money columns: the currency (ISO code) their values' symbol (`€`), their header (`Betrag (EUR)`) or, for
   * decimal columns, the file's one-code currency column (`Currency` = EUR in every row) names. Offered when
   * the metric is set up; absent when nothing names one.
   */
  currency?: string;
  /** Empty values in the sample. */
  nullCount: number;
  /** The first three non-empty values as written. */
  sampleValues: string[];
}

export interface InferOptions {
  /** The file's delimiter: a decimal comma is only considered when it is not a comma. */
  delimiter?: CsvDelimiter;
  /** Field names already used by the table (suffixed when a header repeats them). */
  taken?: Iterable<string>;
}

/** Share of a column's non-empty sampled values that must read as dates for it to be a date column. */
export const MIN_TEMPORAL_SHARE = 0.95;

/**
 * Years a compact `YYYYMMDD` value may have for its column to be read as dates rather than integers (GA4's
 * `20251203`): an 8-digit id or amount rarely stays inside this range with a valid month and day in every row.
 */
export const COMPACT_DATE_YEARS = { min: 1970, max: 2099 } as const;

/** A header naming UTC or GMT (`Created date (UTC)`, `Time UTC`): its offset-less times are UTC. */
const UTC_HEADER = /(?:^|[^a-z])(?:utc|gmt)(?:$|[^a-z])/i;

interface DatePart {
  a: number;
  b: number;
  year: number;
}

/** What one column's sampled values still allow, narrowed value by value. */
class ColumnEvidence {
  nonEmpty = 0;
  nullCount = 0;
  sampleValues: string[] = [];
  // Misses per candidate type: a stray 1% of values (5% for dates) may fail a type and still leave the
  // column that type (those rows are then reported as unreadable), so a few typos do not turn it into text.
  booleanMisses = 0;
  integerMisses = 0;
  numberMisses = 0;
  temporalMisses = 0;
  marks = MARK_DOT | MARK_COMMA;
  yearFirst: boolean | null = null;
  separator = 0;
  hasTime = false;
  hasOffset = false;
  maxA = 0;
  maxB = 0;
  dates: DatePart[] = [];
  /** Values that are valid `YYYYMMDD` dates within COMPACT_DATE_YEARS. */
  compactDates = 0;
  /** Currencies of the symbols numeric values carry. */
  symbols = new Set<string>();
  /** Distinct values (upper case) while there are at most two: a currency column holds one code. */
  distinct: Set<string> | null = new Set<string>();

  add(raw: string): void {
    const value = raw.trim();
    if (value === '') {
      this.nullCount++;
      return;
    }
    this.nonEmpty++;
    if (this.sampleValues.length < 3) this.sampleValues.push(raw);
    if (this.distinct) {
      this.distinct.add(value.toUpperCase());
      if (this.distinct.size > 2) this.distinct = null;
    }
    const bytes = encodeUtf8(value);
    const n = bytes.length;
    if (readBoolean(bytes, 0, n) < 0) this.booleanMisses++;
    const shape = numberShape(bytes, 0, n, false);
    if (shape === null || shape.leadingZero || (shape.marks & this.marks) === 0) {
      this.integerMisses++;
      this.numberMisses++;
    } else {
      if (!shape.integer || !shape.fitsInt8) this.integerMisses++;
      this.marks &= shape.marks;
      // A value read as a number holds a symbol only where the reader allows a currency.
      const code = symbolCurrency(value);
      if (code) this.symbols.add(code);
    }
    this.addTemporal(bytes);
  }

  /** Misses a type may have and still be the column's type. */
  get allowed(): number {
    return Math.floor(this.nonEmpty * 0.01);
  }

  /** Misses a date column may have: a few bad dates are reported rows, not a reason to lose the dates. */
  get allowedTemporal(): number {
    return Math.floor(this.nonEmpty * (1 - MIN_TEMPORAL_SHARE));
  }

  private addTemporal(bytes: Uint8Array): void {
    if (!readTemporal(bytes, 0, bytes.length)) {
      this.temporalMisses++;
      return;
    }
    const t = temporal;
    if (this.yearFirst === null) {
      this.yearFirst = t.yearFirst;
      this.separator = t.separator;
    } else if (this.yearFirst !== t.yearFirst || this.separator !== t.separator) {
      this.temporalMisses++;
      return;
    }
    this.hasTime ||= t.hasTime;
    this.hasOffset ||= t.hasOffset;
    this.maxA = Math.max(this.maxA, t.a);
    this.maxB = Math.max(this.maxB, t.b);
    this.dates.push({ a: t.a, b: t.b, year: t.year });
    const { min, max } = COMPACT_DATE_YEARS;
    if (t.separator === 0 && t.year >= min && t.year <= max && isValidUnder('ymd')) this.compactDates++;
  }

  /** One order for the whole column: a part above 12 decides; otherwise `/` is US and the others European. */
  dateOrder(): DateOrder | null {
    if (this.yearFirst) return 'ymd';
    if (this.maxA > 12 && this.maxB > 12) return null;
    if (this.maxA > 12) return 'dmy';
    if (this.maxB > 12) return 'mdy';
    return this.separator === 0x2f ? 'mdy' : 'dmy';
  }

  datesValidUnder(order: DateOrder): boolean {
    let invalid = 0;
    for (const d of this.dates) {
      temporal.a = d.a;
      temporal.b = d.b;
      temporal.year = d.year;
      if (!isValidUnder(order)) invalid++;
    }
    return this.dates.length > 0 && this.temporalMisses + invalid <= this.allowedTemporal;
  }
}

function decide(
  evidence: ColumnEvidence,
  delimiter: CsvDelimiter | undefined,
): Pick<InferredColumn, 'type' | 'format' | 'decimalMark'> {
  if (evidence.nonEmpty === 0) return { type: 'text' };
  const allowed = evidence.allowed;
  if (evidence.booleanMisses <= allowed) return { type: 'boolean' };
  // Every value a plausible YYYYMMDD date: dates, before integer would claim them. No misses allowed here,
  // since one value that is not a date says the column is numbers.
  if (evidence.compactDates === evidence.nonEmpty)
    return { type: 'date', format: { order: 'ymd', separator: '' } };
  if (evidence.integerMisses <= allowed) return { type: 'integer' };
  // In a comma file a decimal comma needs a value that reads only so (`"100,00"`, `1.234,56`): PayPal Germany.
  const marks =
    delimiter === ',' && evidence.marks !== MARK_COMMA ? evidence.marks & MARK_DOT : evidence.marks;
  if (evidence.numberMisses <= allowed && marks !== 0) {
    // Both marks fit only when no value tells them apart; semicolon files come from decimal-comma locales.
    const decimalMark: DecimalMark =
      marks === MARK_COMMA || (marks === (MARK_DOT | MARK_COMMA) && delimiter === ';') ? ',' : '.';
    return { type: 'decimal', decimalMark };
  }
  if (evidence.temporalMisses <= evidence.allowedTemporal) {
    const order = evidence.dateOrder();
    if (order !== null && evidence.datesValidUnder(order)) {
      const separator = (
        evidence.separator === 0 ? '' : String.fromCharCode(evidence.separator)
      ) as DateFormat['separator'];
      const type = !evidence.hasTime ? 'date' : evidence.hasOffset ? 'timestamptz' : 'timestamp';
      return { type, format: { order, separator } };
    }
  }
  return { type: 'text' };
}

/** A numeric column's currency: its one symbol, else its header's code, else (decimals only) the file's. */
function currencyOf(
  type: CsvColumnType,
  header: string,
  evidence: ColumnEvidence,
  fileCurrency: string | undefined,
): string | undefined {
  if (type !== 'decimal' && type !== 'integer') return undefined;
  if (evidence.symbols.size === 1) return [...evidence.symbols][0];
  return headerCurrency(header) ?? (type === 'decimal' ? fileCurrency : undefined);
}

/**
 * Picks each column's type from sampled records (rows whose length differs from the header's are left
 * out, but for one empty value past the end). Empty values are null and decide nothing; a type is chosen only when every other value fits it,
 * trying boolean, integer, decimal, date, timestamp, timestamptz, then text.
 */
export function inferColumns(
  header: readonly string[],
  sampleRecords: readonly (readonly string[])[],
  options: InferOptions = {},
): InferredColumn[] {
  const names = normaliseHeader(header, { taken: options.taken });
  const evidence = header.map(() => new ColumnEvidence());
  for (const record of sampleRecords) {
    const trailingEmpty = record.length === header.length + 1 && record[header.length]!.trim() === '';
    if (record.length !== header.length && !trailingEmpty) continue;
    for (let c = 0; c < header.length; c++) evidence[c]!.add(record[c]!);
  }
  const fileCurrency = names
    .map((name, c) => currencyColumnCode(name.display_name, evidence[c]!.distinct ?? ['', '?']))
    .find((code) => code !== undefined);
  return names.map((name, c) => {
    const e = evidence[c]!;
    const decided = decide(e, options.delimiter);
    const zone =
      decided.type === 'timestamp' && UTC_HEADER.test(name.display_name) ? { timeZone: 'UTC' } : {};
    const code = currencyOf(decided.type, name.display_name, e, fileCurrency);
    const currency = code ? { currency: code } : {};
    return {
      ...name,
      ...decided,
      ...zone,
      ...currency,
      nullCount: e.nullCount,
      sampleValues: e.sampleValues,
    };
  });
}

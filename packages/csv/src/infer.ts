import { encodeUtf8 } from './decode';
import { normaliseHeader } from './header';
import type { CsvColumnType, CsvDelimiter } from './types';
import { readBoolean } from './values/boolean';
import { MARK_COMMA, MARK_DOT, numberShape, type DecimalMark } from './values/number';
import { isValidUnder, readTemporal, temporal, type DateFormat, type DateOrder } from './values/temporal';

export interface InferredColumn {
  field_name: string;
  display_name: string;
  type: CsvColumnType;
  /** Date layout of date, timestamp and timestamptz columns. */
  format?: DateFormat;
  /** Decimal mark of decimal columns. */
  decimalMark?: DecimalMark;
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
  boolean = true;
  integer = true;
  number = true;
  marks = MARK_DOT | MARK_COMMA;
  temporal = true;
  yearFirst: boolean | null = null;
  separator = 0;
  hasTime = false;
  hasOffset = false;
  maxA = 0;
  maxB = 0;
  dates: DatePart[] = [];

  add(raw: string): void {
    const value = raw.trim();
    if (value === '') {
      this.nullCount++;
      return;
    }
    this.nonEmpty++;
    if (this.sampleValues.length < 3) this.sampleValues.push(raw);
    const bytes = encodeUtf8(value);
    const n = bytes.length;
    if (this.boolean && readBoolean(bytes, 0, n) < 0) this.boolean = false;
    if (this.integer || this.number) {
      const shape = numberShape(bytes, 0, n, false);
      if (shape === null || shape.leadingZero) {
        this.integer = false;
        this.number = false;
      } else {
        if (!shape.integer || !shape.fitsInt8) this.integer = false;
        this.marks &= shape.marks;
        if (this.marks === 0) this.number = false;
      }
    }
    if (this.temporal) this.addTemporal(bytes);
  }

  private addTemporal(bytes: Uint8Array): void {
    if (!readTemporal(bytes, 0, bytes.length)) {
      this.temporal = false;
      return;
    }
    const t = temporal;
    if (this.yearFirst === null) {
      this.yearFirst = t.yearFirst;
      this.separator = t.separator;
    } else if (this.yearFirst !== t.yearFirst || this.separator !== t.separator) {
      this.temporal = false;
      return;
    }
    this.hasTime ||= t.hasTime;
    this.hasOffset ||= t.hasOffset;
    this.maxA = Math.max(this.maxA, t.a);
    this.maxB = Math.max(this.maxB, t.b);
    this.dates.push({ a: t.a, b: t.b, year: t.year });
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
    return this.dates.every((d) => {
      temporal.a = d.a;
      temporal.b = d.b;
      temporal.year = d.year;
      return isValidUnder(order);
    });
  }
}

function decide(
  evidence: ColumnEvidence,
  delimiter: CsvDelimiter | undefined,
): Pick<InferredColumn, 'type' | 'format' | 'decimalMark'> {
  if (evidence.nonEmpty === 0) return { type: 'text' };
  if (evidence.boolean) return { type: 'boolean' };
  if (evidence.integer) return { type: 'integer' };
  const marks = delimiter === ',' ? evidence.marks & MARK_DOT : evidence.marks;
  if (evidence.number && marks !== 0) {
    // Both marks fit only when no value tells them apart; semicolon files come from decimal-comma locales.
    const decimalMark: DecimalMark =
      marks === MARK_COMMA || (marks === (MARK_DOT | MARK_COMMA) && delimiter === ';') ? ',' : '.';
    return { type: 'decimal', decimalMark };
  }
  if (evidence.temporal) {
    const order = evidence.dateOrder();
    if (order !== null && evidence.datesValidUnder(order)) {
      const separator = String.fromCharCode(evidence.separator) as DateFormat['separator'];
      const type = !evidence.hasTime ? 'date' : evidence.hasOffset ? 'timestamptz' : 'timestamp';
      return { type, format: { order, separator } };
    }
  }
  return { type: 'text' };
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
  return names.map((name, c) => {
    const e = evidence[c]!;
    return { ...name, ...decide(e, options.delimiter), nullCount: e.nullCount, sampleValues: e.sampleValues };
  });
}

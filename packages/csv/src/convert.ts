import { CopyOutput } from './copy-output';
import { decodeBytes, encodeUtf8 } from './decode';
import type { InferredColumn } from './infer';
import { CsvRecord } from './tokenizer';
import type { CsvColumnType, CsvDialect, RowError } from './types';
import { markByte } from './values/number';
import { isTotalsValue } from './values/totals';
import { MAX_TEMPORAL_BYTES, type DateFormat } from './values/temporal';
import { writeText } from './values/text';
import { KIND_CODES, KIND_TEXT, writeTypedValue } from './values/write-value';

const SPACE = 0x20;
const TAB = 0x09;
const BACKSLASH = 0x5c;
const LF = 0x0a;

export type ConvertResult = RowError | 'blank' | 'totals' | null;

export interface RowConverter {
  /**
   * Appends the record as one COPY text line to `out`. Returns null when written, 'blank' for a record
   * whose values are all empty, 'totals' for a totals row under the data (see isTotalsValue), or the
   * RowError; nothing is written but for null.
   */
  convertRecord(record: CsvRecord, out: CopyOutput): ConvertResult;
  /** The same for decoded values: the COPY line (with its `\n`), 'blank', 'totals', or the RowError. */
  convert(fields: readonly string[], line: number): string | RowError | 'blank' | 'totals';
}

export const NOT_FIT: Record<CsvColumnType, string> = {
  integer: 'is not a whole number',
  decimal: 'is not a number',
  boolean: 'is not a yes/no value',
  date: 'is not a valid date',
  timestamp: 'is not a valid date and time',
  timestamptz: 'is not a valid date and time',
  text: 'is not valid text',
};

export const DEFAULT_FORMAT: DateFormat = { order: 'ymd', separator: '-' };

export function quoteValue(value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 57)}…` : value;
  return `"${shown}"`;
}

/**
 * Converts records to PostgreSQL COPY text lines (tab-separated, `\N` for null, backslash escapes),
 * normalising values for their column's type. Values are trimmed for every type but text, which is kept
 * as written; a value that is empty after trimming is null.
 */
export function createRowConverter(
  columns: readonly InferredColumn[],
  dialect: Pick<CsvDialect, 'encoding'>,
): RowConverter {
  const count = columns.length;
  const kinds = Int32Array.from(columns, (c) => KIND_CODES[c.type]);
  const marks = Int32Array.from(columns, (c) => markByte(c.decimalMark ?? '.'));
  const formats = columns.map((c) => c.format ?? DEFAULT_FORMAT);

  function run(record: CsvRecord, out: CopyOutput, latin1: boolean): ConvertResult {
    const { bytes, starts, ends } = record;
    if (isBlank(record)) return 'blank';
    if (isTotalsValue(bytes, starts[0]!, ends[0]!, record.afterBlank)) return 'totals';
    if (record.count !== count && !(record.count === count + 1 && isBlankField(record, count))) {
      return {
        line: record.line,
        reason: `Line ${record.line}: expected ${count} values, found ${record.count}`,
      };
    }
    // One check for the whole line: text may triple (Latin-1, U+FFFD), a date and time grows to a fixed size.
    out.ensure((ends[count - 1]! - starts[0]!) * 3 + count * (MAX_TEMPORAL_BYTES + 3) + 1);
    const buf = out.buf;
    let o = out.pos;
    let nulls = 0;
    for (let c = 0; c < count; c++) {
      if (c > 0) buf[o++] = TAB;
      const rawStart = starts[c]!;
      const rawEnd = ends[c]!;
      let s = rawStart;
      let e = rawEnd;
      while (s < e && (bytes[s] === SPACE || bytes[s] === TAB)) s++;
      while (e > s && (bytes[e - 1] === SPACE || bytes[e - 1] === TAB)) e--;
      if (s === e) {
        nulls++;
        buf[o++] = BACKSLASH;
        buf[o++] = 0x4e;
        continue;
      }
      const next =
        kinds[c] === KIND_TEXT
          ? writeText(bytes, rawStart, rawEnd, latin1, buf, o)
          : writeTypedValue(kinds[c]!, bytes, s, e, marks[c]!, formats[c]!, latin1, buf, o);
      if (next < 0) {
        const column = columns[c]!;
        const value = decodeBytes(bytes, s, e, record.encoding);
        return {
          line: record.line,
          reason: `Line ${record.line}: ${quoteValue(value)} in column "${column.display_name}" ${NOT_FIT[column.type]}`,
        };
      }
      o = next;
    }
    if (nulls === count) return 'blank';
    buf[o++] = LF;
    out.pos = o;
    return null;
  }

  const latin1 = dialect.encoding === 'latin1';
  return {
    convertRecord: (record, out) => run(record, out, latin1),
    convert(fields, line) {
      const out = new CopyOutput(1 << 10);
      const result = run(recordFromStrings(fields, line), out, false);
      if (result !== null) return result;
      out.flush();
      return new TextDecoder().decode(out.take()[0]);
    },
  };
}

function isBlankField(record: CsvRecord, index: number): boolean {
  for (let i = record.starts[index]!; i < record.ends[index]!; i++) {
    if (record.bytes[i] !== SPACE && record.bytes[i] !== TAB) return false;
  }
  return true;
}

function isBlank(record: CsvRecord): boolean {
  const { bytes, starts, ends } = record;
  for (let c = 0; c < record.count; c++) {
    for (let i = starts[c]!; i < ends[c]!; i++) {
      if (bytes[i] !== SPACE && bytes[i] !== TAB) return false;
    }
  }
  return true;
}

function recordFromStrings(fields: readonly string[], line: number): CsvRecord {
  const record = new CsvRecord('utf-8');
  const encoded = fields.map(encodeUtf8);
  const bytes = new Uint8Array(encoded.reduce((n, b) => n + b.length, 0));
  record.starts = new Int32Array(fields.length);
  record.ends = new Int32Array(fields.length);
  let o = 0;
  encoded.forEach((b, i) => {
    record.starts[i] = o;
    bytes.set(b, o);
    o += b.length;
    record.ends[i] = o;
  });
  record.bytes = bytes;
  record.count = fields.length;
  record.line = line;
  return record;
}

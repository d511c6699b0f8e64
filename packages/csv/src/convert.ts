import { CopyOutput } from './copy-output';
import { decodeBytes, encodeUtf8 } from './decode';
import type { InferredColumn } from './infer';
import { CsvRecord } from './tokenizer';
import type { CsvColumnType, CsvDialect, CsvEncoding, RowError } from './types';
import { readBoolean } from './values/boolean';
import { writeDecimal, writeInteger } from './values/number';
import { writeTemporal, type DateFormat } from './values/temporal';
import { writeText } from './values/text';

const SPACE = 0x20;
const TAB = 0x09;
const BACKSLASH = 0x5c;
const LF = 0x0a;

/** Writes bytes[s, e) (trimmed, non-empty) as the column's COPY text; false when the value does not fit. */
type ValueWriter = (bytes: Uint8Array, s: number, e: number, out: CopyOutput) => boolean;

export type ConvertResult = RowError | 'blank' | null;

export interface RowConverter {
  /**
   * Appends the record as one COPY text line to `out`. Returns null when written, 'blank' for a record
   * whose values are all empty (nothing written), or the RowError (nothing written).
   */
  convertRecord(record: CsvRecord, out: CopyOutput): ConvertResult;
  /** The same for decoded values: the COPY line (with its `\n`), 'blank', or the RowError. */
  convert(fields: readonly string[], line: number): string | RowError | 'blank';
}

const NOT_FIT: Record<CsvColumnType, string> = {
  integer: 'is not a whole number',
  decimal: 'is not a number',
  boolean: 'is not a yes/no value',
  date: 'is not a valid date',
  timestamp: 'is not a valid date and time',
  timestamptz: 'is not a valid date and time',
  text: 'is not valid text',
};

const DEFAULT_FORMAT: DateFormat = { order: 'ymd', separator: '-' };

function writerFor(column: InferredColumn, encoding: CsvEncoding): ValueWriter {
  const latin1 = encoding === 'latin1';
  const format = column.format ?? DEFAULT_FORMAT;
  switch (column.type) {
    case 'integer':
      return writeInteger;
    case 'decimal': {
      const mark = column.decimalMark ?? '.';
      return (bytes, s, e, out) => writeDecimal(bytes, s, e, mark, latin1, out);
    }
    case 'boolean':
      return (bytes, s, e, out) => {
        const value = readBoolean(bytes, s, e);
        if (value < 0) return false;
        out.ensure(1);
        out.buf[out.pos++] = value === 1 ? 0x74 : 0x66;
        return true;
      };
    case 'date':
    case 'timestamp':
    case 'timestamptz': {
      const kind = column.type;
      return (bytes, s, e, out) => writeTemporal(bytes, s, e, format, kind, out);
    }
    case 'text':
      return (bytes, s, e, out) => {
        writeText(bytes, s, e, latin1, out);
        return true;
      };
  }
}

function quoteValue(value: string): string {
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
  const build = (encoding: CsvEncoding): ValueWriter[] => columns.map((c) => writerFor(c, encoding));
  const writers = build(dialect.encoding);
  const isText = columns.map((c) => c.type === 'text');
  let utf8Writers: ValueWriter[] | null = null;

  function run(record: CsvRecord, out: CopyOutput, valueWriters: ValueWriter[]): ConvertResult {
    const { bytes, starts, ends } = record;
    if (record.count !== count) {
      if (isBlank(record)) return 'blank';
      return {
        line: record.line,
        reason: `Line ${record.line}: expected ${count} values, found ${record.count}`,
      };
    }
    const mark = out.pos;
    let nulls = 0;
    for (let c = 0; c < count; c++) {
      if (c > 0) {
        out.ensure(1);
        out.buf[out.pos++] = TAB;
      }
      const rawStart = starts[c]!;
      const rawEnd = ends[c]!;
      let s = rawStart;
      let e = rawEnd;
      while (s < e && (bytes[s] === SPACE || bytes[s] === TAB)) s++;
      while (e > s && (bytes[e - 1] === SPACE || bytes[e - 1] === TAB)) e--;
      if (s === e) {
        nulls++;
        out.ensure(2);
        out.buf[out.pos++] = BACKSLASH;
        out.buf[out.pos++] = 0x4e;
        continue;
      }
      const ok = isText[c] ? valueWriters[c]!(bytes, rawStart, rawEnd, out) : valueWriters[c]!(bytes, s, e, out);
      if (!ok) {
        out.pos = mark;
        const column = columns[c]!;
        const value = decodeBytes(bytes, s, e, record.encoding);
        return {
          line: record.line,
          reason: `Line ${record.line}: ${quoteValue(value)} in column "${column.display_name}" ${NOT_FIT[column.type]}`,
        };
      }
    }
    if (nulls === count) {
      out.pos = mark;
      return 'blank';
    }
    out.ensure(1);
    out.buf[out.pos++] = LF;
    return null;
  }

  return {
    convertRecord: (record, out) => run(record, out, writers),
    convert(fields, line) {
      utf8Writers ??= build('utf-8');
      const record = recordFromStrings(fields, line);
      const out = new CopyOutput(1 << 10);
      const result = run(record, out, utf8Writers);
      if (result !== null) return result;
      out.flush();
      return new TextDecoder().decode(out.take()[0]);
    },
  };
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

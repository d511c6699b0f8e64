import type { CsvDialect } from './dialect';
import type { RecordBatch, RowError } from './reader';
import { convertValue, inferType, type ColumnFormat, type CsvColumnType } from './types';

/** Words PostgreSQL reserves, and the warehouse's own columns: a field so named gets a suffix. */
const RESERVED = new Set(
  'all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create current_catalog current_date current_role current_time current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign from grant group having in initially intersect into lateral leading limit localtime localtimestamp not null offset on only or order placing primary references returning select session_user some symmetric table then to trailing true union unique user using variadic when where window with tenant_id _row_id _loaded_at'.split(
    ' ',
  ),
);

export interface ColumnName {
  /** A safe PostgreSQL identifier: lower snake_case ASCII, unique, at most 63 bytes, never reserved. */
  field_name: string;
  /** The header as written. */
  display_name: string;
}

export function normaliseHeader(names: string[]): ColumnName[] {
  const used = new Set<string>();
  return names.map((raw, i) => {
    const display = raw.trim() || `Column ${i + 1}`;
    let base = display
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 55)
      .replace(/_+$/, '');
    if (!base) base = `column_${i + 1}`;
    if (/^\d/.test(base)) base = `c_${base}`;
    if (RESERVED.has(base)) base = `${base}_col`;
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}_${n}`;
    used.add(candidate);
    return { field_name: candidate, display_name: display };
  });
}

export interface InferredColumn extends ColumnName {
  type: CsvColumnType;
  format: ColumnFormat;
  nullCount: number;
  sampleValues: string[];
}

/** Each column's type from a sample of records (the first megabyte, say). */
export function inferColumns(
  header: string[],
  records: string[][],
  dialect: Pick<CsvDialect, 'delimiter'>,
): InferredColumn[] {
  return normaliseHeader(header).map((name, i) => {
    const values = records.map((r) => (r[i] ?? '').trim());
    const { type, format } = inferType(values, dialect);
    const present = values.filter((v) => v !== '');
    return {
      ...name,
      type,
      format,
      nullCount: values.length - present.length,
      sampleValues: [...new Set(present)].slice(0, 3),
    };
  });
}

const TYPE_WORDS: Record<CsvColumnType, string> = {
  integer: 'a whole number',
  decimal: 'a number',
  boolean: 'true or false',
  date: 'a valid date',
  timestamp: 'a valid date and time',
  timestamptz: 'a valid date and time',
  text: 'text',
};

/** PostgreSQL COPY text format: backslash, tab, newline and carriage return escaped; NUL cannot be stored. */
function escapeCopy(value: string): string {
  const clean = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  return /[\\\t\n\r]/.test(clean) ? clean.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : clean;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export interface ConvertedBatch {
  /** COPY text of the rows that fit, one line each. */
  text: string;
  rows: number;
  errors: RowError[];
}

export interface RowConverter {
  convert(batch: RecordBatch): ConvertedBatch;
}

const shown = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * Turns records into COPY text lines, value by value with each column's type and format. A record with
 * too many or too few values, or a value that does not fit its column, is an error with its line; a record
 * with extra empty values at the end (trailing delimiters) is fine.
 */
export function createRowConverter(
  columns: Array<Pick<InferredColumn, 'display_name' | 'type' | 'format'>>,
): RowConverter {
  const width = columns.length;
  const kinds = columns.map((c) => c.type);
  return {
    convert(batch) {
      const parts: string[] = [];
      const errors: RowError[] = [...batch.malformed];
      let rows = 0;
      for (let r = 0; r < batch.rows.length; r++) {
        const record = batch.rows[r]!;
        const line = batch.lines[r]!;
        let count = record.length;
        while (count > width && record[count - 1] === '') count--;
        if (count !== width) {
          errors.push({ line, reason: `Line ${line}: expected ${width} values, found ${record.length}` });
          continue;
        }
        let out = '';
        let bad: string | undefined;
        for (let c = 0; c < width; c++) {
          const raw = record[c]!;
          const value = kinds[c] === 'text' ? raw : raw.trim();
          if (c > 0) out += '\t';
          if (value === '') {
            out += '\\N';
            continue;
          }
          const converted = kinds[c] === 'text' ? value : convertValue(value, kinds[c]!, columns[c]!.format);
          if (converted === undefined) {
            bad = `Line ${line}: ${shown(value)} in column "${columns[c]!.display_name}" is not ${TYPE_WORDS[kinds[c]!]}`;
            break;
          }
          out += escapeCopy(converted);
        }
        if (bad) {
          errors.push({ line, reason: bad });
          continue;
        }
        parts.push(out);
        rows++;
      }
      return { text: parts.length ? `${parts.join('\n')}\n` : '', rows, errors };
    },
  };
}

/** Keeps the first 100 errors and counts them all: a report, never an unbounded list. */
export class RowErrorLog {
  readonly first: RowError[] = [];
  count = 0;
  constructor(private readonly limit = 100) {}
  add(errors: RowError[]): void {
    this.count += errors.length;
    for (const e of errors) {
      if (this.first.length >= this.limit) break;
      this.first.push(e);
    }
  }
}

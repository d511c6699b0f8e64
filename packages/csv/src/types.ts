import type { CsvDialect } from './dialect';

/**
 * Column types and the parsing of every value into PostgreSQL's input form. Inference decides a column's
 * type and format from a sample; conversion then reads every later value of the column the same way, and a
 * value that does not fit is reported with its line, never silently dropped or guessed.
 */

export type CsvColumnType = 'integer' | 'decimal' | 'boolean' | 'date' | 'timestamp' | 'timestamptz' | 'text';

export type DateOrder = 'iso' | 'mdy' | 'dmy';

export interface ColumnFormat {
  /** Dates: the order of day, month and year. */
  dateOrder?: DateOrder;
  /** Decimals: the decimal mark. */
  decimalMark?: '.' | ',';
}

const TRUE_WORDS = new Set(['true', 'yes', 't', 'y']);
const FALSE_WORDS = new Set(['false', 'no', 'f', 'n']);

export function parseBoolean(value: string): string | undefined {
  const v = value.toLowerCase();
  if (TRUE_WORDS.has(v)) return 't';
  if (FALSE_WORDS.has(v)) return 'f';
  return undefined;
}

const INTEGER = /^[+-]?\d{1,19}$/;
const INT8_MAX = 9223372036854775807n;

export function parseInteger(value: string): string | undefined {
  if (!INTEGER.test(value)) return undefined;
  if (value.length >= 18) {
    const big = BigInt(value);
    if (big > INT8_MAX || big < -INT8_MAX - 1n) return undefined;
  }
  return value.charCodeAt(0) === 43 ? value.slice(1) : value;
}

const POINT_DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const POINT_THOUSANDS = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const COMMA_DECIMAL = /^[+-]?\d+,\d+$/;
const COMMA_THOUSANDS = /^[+-]?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const CURRENCY = /^([+-]?)[$€£]\s?/;

/** Numbers as written in exports: `-1234.5`, `1,234.50`, `$12.99`, and with a decimal comma `12,5` or `1.234,50`. */
export function parseDecimal(value: string, mark: '.' | ','): string | undefined {
  let v = value;
  if (
    v.charCodeAt(0) === 36 ||
    v.charCodeAt(0) === 8364 ||
    v.charCodeAt(0) === 163 ||
    v.charCodeAt(1) > 127
  ) {
    v = v.replace(CURRENCY, '$1');
  }
  if (mark === '.') {
    if (POINT_DECIMAL.test(v)) return v.charCodeAt(0) === 43 ? v.slice(1) : v;
    if (POINT_THOUSANDS.test(v)) return v.replace(/,/g, '').replace(/^\+/, '');
    return undefined;
  }
  if (COMMA_DECIMAL.test(v)) return v.replace(',', '.').replace(/^\+/, '');
  if (COMMA_THOUSANDS.test(v)) return v.replace(/\./g, '').replace(',', '.').replace(/^\+/, '');
  if (/^[+-]?\d+$/.test(v)) return v.replace(/^\+/, '');
  return undefined;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const LOCAL =
  /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*([AaPp][Mm])?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

export interface ParsedDate {
  date: string;
  time: string | null;
  offset: string | null;
}

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [
    31,
    y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return d <= days[m - 1]!;
}

const pad = (n: number | string, w = 2) => String(n).padStart(w, '0');

function normaliseOffset(offset: string | undefined): string | null {
  if (!offset) return null;
  if (offset === 'Z' || offset === 'z') return '+00:00';
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset);
  return m ? `${m[1]}${m[2]}:${m[3] ?? '00'}` : null;
}

function timeOf(
  h: string | undefined,
  min: string | undefined,
  s: string | undefined,
  frac: string | undefined,
  ampm?: string,
): string | null | undefined {
  if (h === undefined) return null;
  let hour = Number(h);
  if (ampm) {
    if (hour < 1 || hour > 12) return undefined;
    const pm = ampm.toLowerCase() === 'pm';
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  const minute = Number(min);
  const second = s === undefined ? 0 : Number(s);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return `${pad(hour)}:${pad(minute)}:${pad(second)}${frac ?? ''}`;
}

/** A date or date-time in the given order, or undefined when it is not one (2/30 is not a date). */
export function parseDate(value: string, order: DateOrder): ParsedDate | undefined {
  if (order === 'iso') {
    const m = ISO.exec(value);
    if (!m) return undefined;
    const y = Number(m[1]);
    const mo = Number(m[2]);
    const d = Number(m[3]);
    if (!validDate(y, mo, d)) return undefined;
    const time = timeOf(m[4], m[5], m[6], m[7]);
    if (time === undefined) return undefined;
    return { date: `${m[1]}-${m[2]}-${m[3]}`, time, offset: normaliseOffset(m[8]) };
  }
  const m = LOCAL.exec(value);
  if (!m) return undefined;
  const a = Number(m[1]);
  const b = Number(m[3]);
  const y = Number(m[4]);
  const [mo, d] = order === 'mdy' ? [a, b] : [b, a];
  if (!validDate(y, mo, d)) return undefined;
  const time = timeOf(m[5], m[6], m[7], m[8], m[9]);
  if (time === undefined) return undefined;
  return { date: `${m[4]}-${pad(mo)}-${pad(d)}`, time, offset: normaliseOffset(m[10]) };
}

/**
 * What a column's sample says about its dates: the order of day and month; with every value ambiguous,
 * `/` is read US month-first and `.` or `-` day-first. Up to `allowed` values may be no date at all.
 */
export function detectDateOrder(values: string[], allowed = 0): DateOrder | undefined {
  const iso = values.filter((v) => ISO.test(v)).length;
  if (iso > 0 && values.length - iso <= allowed) return 'iso';
  let firstOver12 = false;
  let secondOver12 = false;
  let separator: string | undefined;
  let misses = 0;
  for (const v of values) {
    const m = LOCAL.exec(v);
    if (!m) {
      if (++misses > allowed) return undefined;
      continue;
    }
    if (separator && m[2] !== separator) return undefined;
    separator = m[2];
    if (Number(m[1]) > 12) firstOver12 = true;
    if (Number(m[3]) > 12) secondOver12 = true;
  }
  if (firstOver12 && secondOver12) return undefined;
  if (firstOver12) return 'dmy';
  if (secondOver12) return 'mdy';
  return separator === '/' ? 'mdy' : 'dmy';
}

/** The PostgreSQL input form of a value of the type, or undefined when the value does not fit it. */
export function convertValue(
  value: string,
  type: CsvColumnType,
  format: ColumnFormat = {},
): string | undefined {
  switch (type) {
    case 'text':
      return value;
    case 'integer':
      return parseInteger(value);
    case 'decimal':
      return parseDecimal(value, format.decimalMark ?? '.');
    case 'boolean':
      return parseBoolean(value);
    case 'date':
    case 'timestamp':
    case 'timestamptz': {
      const parsed = parseDate(value, format.dateOrder ?? 'iso');
      if (!parsed) return undefined;
      if (type === 'date') return parsed.time && parsed.time !== '00:00:00' ? undefined : parsed.date;
      const time = parsed.time ?? '00:00:00';
      if (type === 'timestamp') return `${parsed.date} ${time}`;
      // A value without an offset in a column that has them is read as UTC.
      return `${parsed.date} ${time}${parsed.offset ?? '+00:00'}`;
    }
  }
}

export interface InferredType {
  type: CsvColumnType;
  format: ColumnFormat;
}

/**
 * The narrowest type the non-empty sampled values fit: boolean, integer, decimal, date, timestamp,
 * timestamptz, else text. A stray 1% of values may miss (they are then reported as rows that could not be
 * read), so one typo does not turn a date column into text; small samples must fit whole. Integers with
 * leading zeros (`00123`) are codes, so they stay text.
 */
export function inferType(values: string[], dialect: Pick<CsvDialect, 'delimiter'>): InferredType {
  const present = values.filter((v) => v !== '');
  if (present.length === 0) return { type: 'text', format: {} };
  const allowed = Math.floor(present.length * 0.01);
  const fits = (test: (v: string) => boolean, among: string[] = present) => {
    let misses = 0;
    for (const v of among) if (!test(v) && ++misses > allowed) return false;
    return misses < among.length;
  };
  if (fits((v) => parseBoolean(v) !== undefined)) return { type: 'boolean', format: {} };
  const leadingZero = present.filter((v) => /^[+-]?0\d/.test(v)).length > allowed;
  if (!leadingZero && fits((v) => parseInteger(v) !== undefined)) return { type: 'integer', format: {} };
  if (!leadingZero) {
    if (fits((v) => parseDecimal(v, '.') !== undefined))
      return { type: 'decimal', format: { decimalMark: '.' } };
    if (dialect.delimiter !== ',' && fits((v) => parseDecimal(v, ',') !== undefined)) {
      return { type: 'decimal', format: { decimalMark: ',' } };
    }
  }
  const order = detectDateOrder(present, allowed);
  if (order) {
    const parsed = present.map((v) => parseDate(v, order)).filter((p) => p !== undefined);
    if (present.length - parsed.length <= allowed && parsed.length > 0) {
      const withTime = parsed.some((p) => p.time !== null);
      const withOffset = parsed.some((p) => p.offset !== null);
      return {
        type: withOffset ? 'timestamptz' : withTime ? 'timestamp' : 'date',
        format: { dateOrder: order },
      };
    }
  }
  return { type: 'text', format: {} };
}

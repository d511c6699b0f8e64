/** Order of the date's parts: ISO year first, US month first, European day first. */
export type DateOrder = 'ymd' | 'mdy' | 'dmy';

/** The date layout detected for a column, so every later value is read the same way. */
export interface DateFormat {
  order: DateOrder;
  /** '' is the compact `YYYYMMDD` of analytics exports (GA4's Date column). */
  separator: '-' | '/' | '.' | '';
}

/** A date or timestamp split into parts, filled by readTemporal and reused between calls. */
export interface TemporalParts {
  /** Year-first (ISO-like) layout. */
  yearFirst: boolean;
  separator: number;
  /** For year-first: year, month, day; otherwise the two leading parts in file order, then the year. */
  a: number;
  b: number;
  year: number;
  hasTime: boolean;
  hour: number;
  minute: number;
  second: number;
  /** Fraction digits of the seconds, [fracStart, fracEnd), empty when none. */
  fracStart: number;
  fracEnd: number;
  hasOffset: boolean;
  /** Offset east of UTC in minutes. */
  offsetMinutes: number;
}

export const temporal: TemporalParts = {
  yearFirst: false,
  separator: 0,
  a: 0,
  b: 0,
  year: 0,
  hasTime: false,
  hour: 0,
  minute: 0,
  second: 0,
  fracStart: 0,
  fracEnd: 0,
  hasOffset: false,
  offsetMinutes: 0,
};

const DASH = 0x2d;
const SLASH = 0x2f;
const DOT = 0x2e;
const COLON = 0x3a;
const SPACE = 0x20;

let cursor = 0;
let end = 0;
let source: Uint8Array = new Uint8Array(0);

/** The byte at i inside the value, or -1 past its end (the buffer holds other fields after it). */
function peek(i: number): number {
  return i < end ? source[i]! : -1;
}

/** Reads 1..max digits at cursor; -1 when fewer than min. */
function digits(bytes: Uint8Array, e: number, min: number, max: number): number {
  let value = 0;
  let count = 0;
  while (cursor < e && count < max) {
    const d = bytes[cursor]! - 0x30;
    if (d < 0 || d > 9) break;
    value = value * 10 + d;
    cursor++;
    count++;
  }
  return count < min ? -1 : value;
}

function lower(b: number): number {
  return b < 0 ? b : b | 0x20;
}

/**
 * Splits a trimmed value into date, optional time and optional offset. Accepted: `2024-03-01`,
 * `2024/3/1`, `3/1/2024`, `1.3.2024`, `1-3-2024`, also with two-digit years (`1.3.24`); then `T` or spaces and `H:MM[:SS[.fff]]`, an optional
 * AM/PM, an optional offset `Z`, `UTC`, `GMT`, `±HH:MM`, `±HHMM` or `±HH` (spaces allowed before it).
 * Ranges of the time and offset are checked here; the calendar date needs the column's order.
 */
export function readTemporal(bytes: Uint8Array, s: number, e: number): boolean {
  const t = temporal;
  cursor = s;
  end = e;
  source = bytes;
  const first = digits(bytes, e, 1, 4);
  if (first < 0) return false;
  const firstLength = cursor - s;
  if (firstLength === 4 && e - s === 8 && peek(cursor) >= 0x30 && peek(cursor) <= 0x39) {
    return readCompactDate(bytes, e, first);
  }
  const separator = peek(cursor);
  if (separator !== DASH && separator !== SLASH && separator !== DOT) return false;
  cursor++;
  t.separator = separator;
  if (firstLength === 4) {
    t.yearFirst = true;
    t.year = first;
    t.a = digits(bytes, e, 1, 2);
    if (t.a < 0 || peek(cursor) !== separator) return false;
    cursor++;
    t.b = digits(bytes, e, 1, 2);
    if (t.b < 0) return false;
  } else {
    if (firstLength > 2) return false;
    t.yearFirst = false;
    t.a = first;
    t.b = digits(bytes, e, 1, 2);
    if (t.b < 0 || peek(cursor) !== separator) return false;
    cursor++;
    const yearStart = cursor;
    t.year = digits(bytes, e, 2, 4);
    const yearLength = cursor - yearStart;
    if (t.year < 0 || yearLength === 3) return false;
    // Two-digit years (`05.12.25`, `12/18/17`) as POSIX strptime reads them: 69–99 → 19xx, 00–68 → 20xx.
    if (yearLength === 2) t.year += t.year >= 69 ? 1900 : 2000;
  }
  t.hasTime = false;
  t.hasOffset = false;
  t.offsetMinutes = 0;
  t.fracStart = t.fracEnd = 0;
  t.hour = t.minute = t.second = 0;
  if (cursor === e) return true;

  // Time, after a T or spaces.
  if (peek(cursor) === 0x54 || peek(cursor) === 0x74) cursor++;
  else if (peek(cursor) === SPACE) while (peek(cursor) === SPACE) cursor++;
  else return false;
  t.hour = digits(bytes, e, 1, 2);
  if (t.hour < 0 || peek(cursor) !== COLON) return false;
  cursor++;
  t.minute = digits(bytes, e, 2, 2);
  if (t.minute < 0 || t.minute > 59) return false;
  if (peek(cursor) === COLON) {
    cursor++;
    t.second = digits(bytes, e, 2, 2);
    if (t.second < 0 || t.second > 60) return false;
    if (peek(cursor) === DOT || peek(cursor) === 0x2c) {
      cursor++;
      t.fracStart = cursor;
      digits(bytes, e, 1, 9);
      t.fracEnd = cursor;
      if (t.fracEnd === t.fracStart) return false;
      // Sub-microsecond digits cannot be stored; PostgreSQL would round, so more than nine is refused.
      if (peek(cursor) >= 0x30 && peek(cursor) <= 0x39) return false;
    }
  }
  t.hasTime = true;
  let spaces = cursor;
  while (peek(spaces) === SPACE) spaces++;
  const m0 = lower(peek(spaces));
  if ((m0 === 0x61 || m0 === 0x70) && lower(peek(spaces + 1)) === 0x6d) {
    if (t.hour < 1 || t.hour > 12) return false;
    t.hour = (t.hour % 12) + (m0 === 0x70 ? 12 : 0);
    cursor = spaces + 2;
    spaces = cursor;
    while (peek(spaces) === SPACE) spaces++;
  } else if (t.hour > 23) {
    return false;
  }
  if (spaces === e) {
    cursor = e;
    return true;
  }
  cursor = spaces;
  const o = peek(cursor);
  if (o === 0x5a || o === 0x7a) {
    cursor++;
    t.hasOffset = true;
  } else if (
    (o === 0x55 && peek(cursor + 1) === 0x54 && peek(cursor + 2) === 0x43) ||
    (o === 0x47 && peek(cursor + 1) === 0x4d && peek(cursor + 2) === 0x54)
  ) {
    cursor += 3;
    t.hasOffset = true;
  } else if (o === 0x2b || o === DASH) {
    cursor++;
    const hh = digits(bytes, e, 2, 2);
    if (hh < 0 || hh > 15) return false;
    let mm = 0;
    if (peek(cursor) === COLON) {
      cursor++;
      mm = digits(bytes, e, 2, 2);
      if (mm < 0) return false;
    } else if (cursor < e) {
      mm = digits(bytes, e, 2, 2);
      if (mm < 0) return false;
    }
    if (mm > 59) return false;
    t.hasOffset = true;
    t.offsetMinutes = (o === DASH ? -1 : 1) * (hh * 60 + mm);
  } else {
    return false;
  }
  return cursor === e;
}

/** `YYYYMMDD`, date only: separator 0. The caller decides whether such a column is dates or integers. */
function readCompactDate(bytes: Uint8Array, e: number, year: number): boolean {
  const t = temporal;
  t.a = digits(bytes, e, 2, 2);
  t.b = digits(bytes, e, 2, 2);
  if (t.a < 0 || t.b < 0) return false;
  t.yearFirst = true;
  t.separator = 0;
  t.year = year;
  t.hasTime = false;
  t.hasOffset = false;
  t.offsetMinutes = 0;
  t.fracStart = t.fracEnd = 0;
  t.hour = t.minute = t.second = 0;
  return true;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isValidDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** Whether the parts read last form a calendar date under the given order. */
export function isValidUnder(order: DateOrder): boolean {
  const t = temporal;
  return order === 'dmy' ? isValidDate(t.year, t.b, t.a) : isValidDate(t.year, t.a, t.b);
}

/** The layout a read value matches, when its separator and position of the year fit the format. */
function fitsFormat(format: DateFormat): boolean {
  return (
    temporal.yearFirst === (format.order === 'ymd') &&
    temporal.separator === (format.separator === '' ? 0 : format.separator.charCodeAt(0))
  );
}

function write2(buf: Uint8Array, o: number, n: number): void {
  buf[o] = 0x30 + ((n / 10) | 0);
  buf[o + 1] = 0x30 + (n % 10);
}

export type TemporalKind = 'date' | 'timestamp' | 'timestamptz';

/** Longest output of writeTemporal: a timestamp with nine fraction digits and an offset. */
export const MAX_TEMPORAL_BYTES = 36;

/**
 * Writes a trimmed value as PostgreSQL input at buf[o]: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS[.fff]`, or that
 * plus `+HH:MM` (a value without offset in a timestamptz column is UTC). Returns the offset after it, or
 * -1 when the value does not fit.
 */
export function writeTemporal(
  bytes: Uint8Array,
  s: number,
  e: number,
  format: DateFormat,
  kind: TemporalKind,
  buf: Uint8Array,
  o: number,
): number {
  if (format.order === 'ymd' && format.separator === '-') {
    const fast = writeIsoFast(bytes, s, e, kind, buf, o);
    if (fast !== NOT_HANDLED) return fast;
  }
  if (!readTemporal(bytes, s, e) || !fitsFormat(format)) return -1;
  const t = temporal;
  if (kind === 'date' && t.hasTime) return -1;
  if (kind === 'timestamp' && t.hasOffset) return -1;
  if (!isValidUnder(format.order)) return -1;
  const month = format.order === 'dmy' ? t.b : t.a;
  const day = format.order === 'dmy' ? t.a : t.b;
  write2(buf, o, (t.year / 100) | 0);
  write2(buf, o + 2, t.year % 100);
  buf[o + 4] = DASH;
  write2(buf, o + 5, month);
  buf[o + 7] = DASH;
  write2(buf, o + 8, day);
  o += 10;
  if (kind !== 'date') {
    buf[o] = SPACE;
    write2(buf, o + 1, t.hour);
    buf[o + 3] = COLON;
    write2(buf, o + 4, t.minute);
    buf[o + 6] = COLON;
    write2(buf, o + 7, t.second);
    o += 9;
    if (t.fracEnd > t.fracStart) {
      buf[o++] = DOT;
      for (let i = t.fracStart; i < t.fracEnd; i++) buf[o++] = bytes[i]!;
    }
    if (kind === 'timestamptz') {
      const off = t.offsetMinutes;
      const abs = off < 0 ? -off : off;
      buf[o] = off < 0 ? DASH : 0x2b;
      write2(buf, o + 1, (abs / 60) | 0);
      buf[o + 3] = COLON;
      write2(buf, o + 4, abs % 60);
      o += 6;
    }
  }
  return o;
}

const NOT_HANDLED = -2;

/** Value of the two ASCII digits at bytes[i], or -1. */
function two(bytes: Uint8Array, i: number): number {
  const a = bytes[i]! - 0x30;
  const b = bytes[i + 1]! - 0x30;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The common exports (`2024-03-01`, `2024-03-01T14:05:00Z`, `2024-03-01 14:05:00.123 -0500`) read at fixed
 * offsets; anything else returns NOT_HANDLED for readTemporal.
 */
function writeIsoFast(
  bytes: Uint8Array,
  s: number,
  e: number,
  kind: TemporalKind,
  buf: Uint8Array,
  o: number,
): number {
  const n = e - s;
  if (n < 10 || bytes[s + 4] !== DASH || bytes[s + 7] !== DASH) return NOT_HANDLED;
  const hi = two(bytes, s);
  const lo = two(bytes, s + 2);
  const month = two(bytes, s + 5);
  const day = two(bytes, s + 8);
  if (hi < 0 || lo < 0 || month < 0 || day < 0) return NOT_HANDLED;
  if (!isValidDate(hi * 100 + lo, month, day)) return -1;
  for (let k = 0; k < 10; k++) buf[o + k] = bytes[s + k]!;
  if (n === 10) {
    if (kind === 'date') return o + 10;
    return NOT_HANDLED;
  }
  const sep = bytes[s + 10];
  if (n < 16 || (sep !== 0x54 && sep !== SPACE) || bytes[s + 13] !== COLON) return NOT_HANDLED;
  const hour = two(bytes, s + 11);
  const minute = two(bytes, s + 14);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return NOT_HANDLED;
  let p = s + 16;
  let second = 0;
  if (p < e && bytes[p] === COLON) {
    if (p + 3 > e) return NOT_HANDLED;
    second = two(bytes, p + 1);
    if (second < 0 || second > 60) return NOT_HANDLED;
    p += 3;
  }
  const fracStart = p < e && bytes[p] === DOT ? p + 1 : p;
  let fracEnd = fracStart;
  if (fracStart > p) {
    while (fracEnd < e && fracEnd - fracStart < 10) {
      const d = bytes[fracEnd]! - 0x30;
      if (d < 0 || d > 9) break;
      fracEnd++;
    }
    if (fracEnd === fracStart || fracEnd - fracStart > 9) return NOT_HANDLED;
  }
  p = fracEnd;
  let offset = 0;
  let hasOffset = false;
  if (p < e) {
    if (bytes[p] === SPACE) p++;
    const c = bytes[p];
    if (c === 0x5a && p + 1 === e) {
      hasOffset = true;
    } else if (
      (c === 0x2b || c === DASH) &&
      (e - p === 3 || e - p === 5 || (e - p === 6 && bytes[p + 3] === COLON))
    ) {
      const oh = two(bytes, p + 1);
      const om = e - p === 3 ? 0 : two(bytes, e - 2);
      if (oh < 0 || oh > 15 || om < 0 || om > 59) return NOT_HANDLED;
      hasOffset = true;
      offset = oh * 60 + om;
      if (c === DASH) offset = -offset;
    } else {
      return NOT_HANDLED;
    }
  }
  if (kind === 'date' || (kind === 'timestamp' && hasOffset)) return -1;
  buf[o + 10] = SPACE;
  write2(buf, o + 11, hour);
  buf[o + 13] = COLON;
  write2(buf, o + 14, minute);
  buf[o + 16] = COLON;
  write2(buf, o + 17, second);
  o += 19;
  if (fracEnd > fracStart) {
    buf[o++] = DOT;
    for (let i = fracStart; i < fracEnd; i++) buf[o++] = bytes[i]!;
  }
  if (kind === 'timestamptz') {
    const abs = offset < 0 ? -offset : offset;
    buf[o] = offset < 0 ? DASH : 0x2b;
    write2(buf, o + 1, (abs / 60) | 0);
    buf[o + 3] = COLON;
    write2(buf, o + 4, abs % 60);
    o += 6;
  }
  return o;
}

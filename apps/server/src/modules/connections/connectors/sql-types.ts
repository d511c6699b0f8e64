import type { CellValue, ColumnType } from './types';

/**
 * Both SQL connectors receive every cell as the server's own text (no driver-side parsing) and convert it
 * here by the column's warehouse type, so a value reads the same whichever source it came from.
 */
export type CellConverter = (raw: string | null) => CellValue;

const WALL_TIME = /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/;
const ZONED_TIME =
  /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?( BC)?$/;
// MySQL's "zero" dates have no meaning outside MySQL; they become nulls.
const ZERO_DATE = /^0000-00-00/;

/** Integers that fit a JS safe integer become numbers; larger ones stay strings so nothing is rounded. */
export function toInteger(raw: string): number | string {
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : raw;
}

export function toBoolean(raw: string): boolean {
  switch (raw.toLowerCase()) {
    case 't':
    case 'true':
    case 'y':
    case 'yes':
    case 'on':
      return true;
    case 'f':
    case 'false':
    case 'n':
    case 'no':
    case 'off':
      return false;
    default: {
      // MySQL booleans are tinyint(1) and may hold any small integer; non-zero is true.
      const value = Number(raw);
      return Number.isFinite(value) ? value !== 0 : raw.length > 0;
    }
  }
}

/**
 * A timestamp with a zone (or in a UTC session) as a Date. Values a Date cannot hold (infinity, out of
 * range) keep the server's text, which the warehouse's timestamptz still accepts.
 */
export function toInstant(raw: string): Date | string {
  return utcInstant(raw) ?? parseInstant(raw);
}

/**
 * The shape both sessions send (`2024-03-30 23:30:00[.ffffff][+00]`, in UTC), read without a regular
 * expression: a million-row read spends most of its conversion time here. Anything else returns null.
 */
function utcInstant(raw: string): Date | null {
  if (
    raw.length < 19 ||
    raw[4] !== '-' ||
    raw[7] !== '-' ||
    raw[10] !== ' ' ||
    raw[13] !== ':' ||
    raw[16] !== ':'
  ) {
    return null;
  }
  const end = raw.endsWith('+00') ? raw.length - 3 : raw.length;
  let ms = 0;
  if (end > 19) {
    if (raw[19] !== '.' || end === 20) return null;
    for (let i = 20; i < end; i += 1) {
      const digit = digitAt(raw, i);
      if (digit < 0) return null;
      if (i < 23) ms += digit * (i === 20 ? 100 : i === 21 ? 10 : 1);
    }
  }
  const year = number(raw, 0, 4);
  const month = number(raw, 5, 7);
  const day = number(raw, 8, 10);
  const hour = number(raw, 11, 13);
  const minute = number(raw, 14, 16);
  const second = number(raw, 17, 19);
  if (year < 100 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return null;
  const time = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  return Number.isFinite(time) ? new Date(time) : null;
}

function digitAt(text: string, index: number): number {
  const digit = text.charCodeAt(index) - 48;
  return digit >= 0 && digit <= 9 ? digit : -1;
}

/** The decimal number in text[from, to), or -1 when a character there is not a digit. */
function number(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i += 1) {
    const digit = digitAt(text, i);
    if (digit < 0) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function parseInstant(raw: string): Date | string {
  const match = ZONED_TIME.exec(raw);
  if (!match) return raw;
  const [, y, mo, d, h, mi, s, fraction, zone, bc] = match;
  let year = Number(y);
  if (bc) year = 1 - year;
  // Milliseconds are the most a Date holds; truncating keeps an incremental `from` at or before the row.
  const ms = fraction ? Number(fraction.slice(1, 4).padEnd(3, '0')) : 0;
  let time = Date.UTC(year, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  // Date.UTC reads years 0–99 as 1900–1999.
  if (year >= 0 && year < 100) time = new Date(time).setUTCFullYear(year);
  time -= zoneOffsetMs(zone);
  return Number.isFinite(time) ? new Date(time) : raw;
}

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replaceAll(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4) || '0');
  const seconds = Number(digits.slice(4, 6) || '0');
  return sign * ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

/** A timestamp without zone stays wall-clock text `YYYY-MM-DD HH:MM:SS[.ffffff]`, never shifted by a zone. */
export function toWallTime(raw: string): string {
  return raw.replace('T', ' ');
}

const CONVERTERS: Record<ColumnType, CellConverter> = {
  integer: (raw) => (raw === null ? null : toInteger(raw)),
  decimal: (raw) => raw,
  boolean: (raw) => (raw === null ? null : toBoolean(raw)),
  date: (raw) => (raw === null || ZERO_DATE.test(raw) ? null : raw),
  timestamp: (raw) => (raw === null || ZERO_DATE.test(raw) ? null : toWallTime(raw)),
  timestamptz: (raw) => (raw === null || ZERO_DATE.test(raw) ? null : toInstant(raw)),
  text: (raw) => raw,
};

export function converterFor(type: ColumnType): CellConverter {
  return CONVERTERS[type];
}

/**
 * The `from` of an incremental read as text the source compares in the cursor column's own type. An
 * instant is sent in UTC (both connectors run their sessions in UTC); a wall-clock time keeps its digits.
 */
export function cursorParameter(type: ColumnType, from: string | number): string {
  const text = String(from);
  if (type === 'timestamptz') {
    const instant = typeof from === 'number' ? new Date(from) : parseInstantText(text);
    return instant ? formatUtc(instant) : text;
  }
  if (type === 'timestamp') {
    if (typeof from === 'number') return formatUtc(new Date(from));
    if (WALL_TIME.test(text)) return toWallTime(text);
    // A zoned value for a zoneless column: its UTC wall time, the same rule as the warehouse's loader.
    const instant = parseInstantText(text);
    return instant ? formatUtc(instant) : text;
  }
  if (type === 'date') {
    if (typeof from === 'number') return formatUtc(new Date(from)).slice(0, 10);
    return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
  }
  return text;
}

function parseInstantText(text: string): Date | null {
  const parsed = toInstant(text);
  if (parsed instanceof Date) return parsed;
  const fallback = new Date(text);
  return Number.isNaN(fallback.getTime()) ? null : fallback;
}

/** `YYYY-MM-DD HH:MM:SS.fff` in UTC. */
export function formatUtc(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

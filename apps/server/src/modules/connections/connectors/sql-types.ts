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
  const match = ZONED_TIME.exec(raw);
  if (!match) return raw;
  const [, y, mo, d, h, mi, s, fraction, zone, bc] = match;
  let year = Number(y);
  if (bc) year = 1 - year;
  const ms = fraction ? Math.floor(Number(`0${fraction}`) * 1000) : 0;
  const utc = new Date(0);
  utc.setUTCFullYear(year, Number(mo) - 1, Number(d));
  utc.setUTCHours(Number(h), Number(mi), Number(s), ms);
  const time = utc.getTime() - zoneOffsetMs(zone);
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

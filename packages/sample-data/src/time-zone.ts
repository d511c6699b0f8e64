export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** A calendar date in the store's zone. */
export interface LocalDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/**
 * Offset of an IANA zone from UTC in minutes at an instant (-300 for New York in winter). Built on Intl,
 * so it works in Node and browsers alike; an unknown zone throws a RangeError here, once.
 */
export function zoneOffset(timezone: string): (utcMs: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (utcMs) => {
    const fields: Record<string, number> = {};
    for (const part of format.formatToParts(utcMs)) {
      if (part.type !== 'literal') fields[part.type] = Number(part.value);
    }
    const wall = Date.UTC(
      fields.year ?? 1970,
      (fields.month ?? 1) - 1,
      fields.day ?? 1,
      fields.hour ?? 0,
      fields.minute ?? 0,
      fields.second ?? 0,
    );
    return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 60_000);
  };
}

/** The local calendar date of an instant, given its offset. */
export function localDateOf(utcMs: number, offsetMinutes: number): LocalDate {
  const wall = new Date(utcMs + offsetMinutes * 60_000);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** Days since 1970-01-01 of a calendar date: a zone-free day number for arithmetic and keys. */
export function dayNumber(date: LocalDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
}

export function dateOfDayNumber(day: number): LocalDate {
  const wall = new Date(day * DAY_MS);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOfDayNumber(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The instant a local calendar day begins (local midnight; the first existing instant if a DST jump skips it). */
export function localMidnight(day: number, offsetOf: (utcMs: number) => number): number {
  const wall = day * DAY_MS;
  let guess = wall - offsetOf(wall) * 60_000;
  guess = wall - offsetOf(guess) * 60_000;
  // A skipped midnight maps to an instant whose local date is the day before; step to the first hour that exists.
  while (dayNumber(localDateOf(guess, offsetOf(guess))) < day) guess += HOUR_MS;
  return guess;
}

const PAD2 = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/** '+0530' / '-0500' for an offset in minutes. */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${PAD2[Math.floor(abs / 60)] ?? String(Math.floor(abs / 60))}${PAD2[abs % 60]}`;
}

/** Shopify-style local timestamp: '2025-11-28 09:15:42 -0500'. */
export function formatLocalTimestamp(utcMs: number, offsetMinutes: number): string {
  const wall = new Date(utcMs + offsetMinutes * 60_000);
  return (
    `${wall.getUTCFullYear()}-${PAD2[wall.getUTCMonth() + 1]}-${PAD2[wall.getUTCDate()]} ` +
    `${PAD2[wall.getUTCHours()]}:${PAD2[wall.getUTCMinutes()]}:${PAD2[wall.getUTCSeconds()]} ` +
    formatOffset(offsetMinutes)
  );
}

/**
 * Offsets at every hour boundary from `start`: `count + 1` values. Zones change offset at most once a day,
 * so it asks Intl once a day and hour by hour only on days whose offset changes.
 */
export function hourlyOffsets(start: number, count: number, offsetOf: (utcMs: number) => number): number[] {
  const offsets = new Array<number>(count + 1);
  let from = 0;
  let fromOffset = offsetOf(start);
  while (from < count) {
    const to = Math.min(count, from + 24);
    const toOffset = offsetOf(start + to * HOUR_MS);
    for (let i = from; i < to; i++)
      offsets[i] = toOffset === fromOffset ? fromOffset : offsetOf(start + i * HOUR_MS);
    offsets[to] = toOffset;
    from = to;
    fromOffset = toOffset;
  }
  offsets[count] = offsetOf(start + count * HOUR_MS);
  return offsets;
}

/**
 * Formats many local timestamps quickly: the 'YYYY-MM-DD HH:' part is built once per local hour and
 * reused, so each call only appends minutes, seconds and the offset.
 */
export class TimestampWriter {
  private wallHour = Number.NaN;
  private prefix = '';
  private offsetMinutes = Number.NaN;
  private suffix = '';

  format(utcMs: number, offsetMinutes: number): string {
    const wall = utcMs + offsetMinutes * 60_000;
    const hour = Math.floor(wall / HOUR_MS);
    if (hour !== this.wallHour) {
      this.wallHour = hour;
      const date = new Date(hour * HOUR_MS);
      this.prefix = `${date.getUTCFullYear()}-${PAD2[date.getUTCMonth() + 1]}-${PAD2[date.getUTCDate()]} ${PAD2[date.getUTCHours()]}:`;
    }
    if (offsetMinutes !== this.offsetMinutes) {
      this.offsetMinutes = offsetMinutes;
      this.suffix = ` ${formatOffset(offsetMinutes)}`;
    }
    const second = Math.floor((wall - hour * HOUR_MS) / 1000);
    return `${this.prefix}${PAD2[Math.floor(second / 60)]}:${PAD2[second % 60]}${this.suffix}`;
  }
}

/** 'YYYY-MM-DD' of a day number. */
export function formatDayNumber(day: number): string {
  const date = dateOfDayNumber(day);
  return `${date.year}-${PAD2[date.month]}-${PAD2[date.day]}`;
}

import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { MISSING } from './number';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

export const DEFAULT_TIMEZONE = 'Etc/UTC';

/** The spec's date formats, in dayjs tokens. */
export const DATE_FORMATS = {
  /** 'ddd, DD MMM, hh:mm A z' → 'Tue, 12 Mar, 02:00 PM UTC' (events, tooltips). */
  dateTime: 'ddd, DD MMM, hh:mm A z',
  /** The spec's 'dd MMM, yyyy' → '12 Mar, 2024'. */
  date: 'DD MMM, YYYY',
  /** 'Tue 12 Mar' for titles. */
  day: 'ddd D MMM',
  /** '2 PM' for hours inside titles. */
  hour: 'h A',
  month: 'MMM YYYY',
} as const;

export type DateInput = number | string | Date;

function valid(input: DateInput | null | undefined): input is DateInput {
  if (input === null || input === undefined) return false;
  if (typeof input === 'number') return Number.isFinite(input);
  return dayjs(input).isValid();
}

/** Zones already checked: building a formatter to check one cost more than the date arithmetic around it. */
const checkedZones = new Map<string, string>();
/** Zones come from settings and requests: the memory stays bounded whatever names are sent. */
const CHECKED_ZONES_MAX = 1_000;

/** Known IANA zone or the default, so a bad tenant setting never breaks a page. */
export function safeTimezone(tz: string | null | undefined): string {
  if (!tz) return DEFAULT_TIMEZONE;
  const known = checkedZones.get(tz);
  if (known !== undefined) return known;
  let zone = DEFAULT_TIMEZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    zone = tz;
  } catch {
    // an unknown zone reads as the default
  }
  if (checkedZones.size >= CHECKED_ZONES_MAX) checkedZones.clear();
  checkedZones.set(tz, zone);
  return zone;
}

/** Formats an instant in a time zone: formatDate(ts, { tz: 'Europe/Paris' }) → 'Tue, 12 Mar, 03:00 PM GMT+1'. */
export function formatDate(
  input: DateInput | null | undefined,
  options: { tz?: string | null; format?: string } = {},
): string {
  if (!valid(input)) return MISSING;
  const tz = safeTimezone(options.tz);
  return dayjs(input)
    .tz(tz)
    .format(options.format ?? DATE_FORMATS.dateTime);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes the time zone is ahead of UTC at an instant (−300 for New York in winter). */
export function zoneOffsetMinutes(input: DateInput, tz?: string | null): number {
  // A formatter per zone, built once: the engine asks this for every day of a year of data.
  const key = tz ?? DEFAULT_TIMEZONE;
  let format = offsetFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: safeTimezone(tz),
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    offsetFormatters.set(key, format);
  }
  const at = Math.floor(dayjs(input).valueOf() / 60_000) * 60_000;
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(at)) if (p.type !== 'literal') part[p.type] = Number(p.value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour! % 24, part.minute!);
  return Math.round((wall - at) / 60_000);
}

/** Start of the calendar day, week, month, … of an instant in a time zone, as epoch ms. */
export function startOfInTimezone(
  input: DateInput,
  unit: 'hour' | 'day' | 'week' | 'month' | 'year',
  tz?: string | null,
): number {
  return dayjs(input).tz(safeTimezone(tz)).startOf(unit).valueOf();
}

const GRAIN_UNIT = { h: 'hour', d: 'day', w: 'week', m: 'month' } as const;

/**
 * When a bucket of `grain` (h/d/w/m) that starts at `ts` ends, in the zone `tz`: a local day, a local month…
 * A bucket is complete once this instant has passed.
 */
export function bucketEnd(ts: DateInput, grain: string, tz?: string | null): number {
  const unit = GRAIN_UNIT[grain as keyof typeof GRAIN_UNIT] ?? 'day';
  return addInTimezone(ts, 1, unit, safeTimezone(tz));
}

/** Adds calendar units in a time zone: days, months and years keep the wall-clock time across DST. */
export function addInTimezone(
  input: DateInput,
  amount: number,
  unit: 'hour' | 'day' | 'week' | 'month' | 'year',
  tz?: string | null,
): number {
  if (unit === 'hour') return dayjs(input).valueOf() + amount * 3_600_000;
  const zone = safeTimezone(tz);
  // Wall-clock arithmetic in UTC has no DST; the zone then maps the wall time back to an instant.
  const wall = dayjs(input).tz(zone).format('YYYY-MM-DDTHH:mm:ss.SSS');
  const moved = dayjs.utc(wall).add(amount, unit).format('YYYY-MM-DDTHH:mm:ss.SSS');
  return dayjs.tz(moved, zone).valueOf();
}

/**
 * Whether dates of a range need their year to be read right: the range spans more than one calendar year, or
 * lies in another year than the current one (an export from 2023 must not read as this year's March).
 */
export function rangeNeedsYear(
  from: DateInput | null | undefined,
  to: DateInput | null | undefined,
  options: { tz?: string | null; now?: DateInput } = {},
): boolean {
  if (!valid(from) || !valid(to)) return false;
  const zone = safeTimezone(options.tz);
  const first = dayjs(from).tz(zone).year();
  const last = dayjs(to).tz(zone).year();
  return (
    first !== last ||
    first !==
      dayjs(options.now ?? Date.now())
        .tz(zone)
        .year()
  );
}

/** A day format with the year after its month ('D MMM' → 'D MMM YYYY') when `needed`; unchanged if it has one. */
export function withYear(format: string, needed = true): string {
  if (!needed || format.includes('YY')) return format;
  return format.replace(/(?<!M)MMM(?!M)/, 'MMM YYYY');
}

/** The earliest and latest of some instants (invalid ones left out), or nulls when none is valid. */
export function spanOf(dates: Iterable<DateInput | null | undefined>): [number | null, number | null] {
  let first: number | null = null;
  let last: number | null = null;
  for (const d of dates) {
    if (!valid(d)) continue;
    const t = dayjs(d).valueOf();
    if (first === null || t < first) first = t;
    if (last === null || t > last) last = t;
  }
  return [first, last];
}

/** Options of `formatShownDate`. */
export interface ShownDateOptions {
  tz?: string | null | undefined;
  /** A format without a year (default 'D MMM'); the year goes after the month when needed. */
  format?: string;
  /** The dates shown with this one (a chart's points, a list's items, a card's window); else it stands alone. */
  among?: Iterable<DateInput | null | undefined>;
  now?: DateInput;
}

/**
 * The one rule for dates beside others in charts, cards and lists: '3 Oct', or '3 Oct 2018' when the dates
 * shown together span more than one calendar year or lie outside the current one.
 */
export function formatShownDate(input: DateInput | null | undefined, options: ShownDateOptions = {}): string {
  return formatDate(input, { tz: options.tz ?? null, format: shownDateFormat(options, [input]) });
}

/** The format `formatShownDate` uses, for a chart axis that formats many dates; `also` joins `among`. */
export function shownDateFormat(
  options: ShownDateOptions,
  also: Iterable<DateInput | null | undefined> = [],
): string {
  const [from, to] = spanOf([...(options.among ?? []), ...also]);
  const needed = rangeNeedsYear(from, to, {
    tz: options.tz ?? null,
    ...(options.now !== undefined ? { now: options.now } : {}),
  });
  return withYear(options.format ?? 'D MMM', needed);
}

import { safeTimezone, zoneOffsetMinutes } from '@tidemark/format';

/** Calendar arithmetic in a workspace's time zone, for digests and quiet hours; pure, so tests pass a clock. */

export const WEEK_DAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export interface LocalParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function localParts(at: Date, timeZone: string): LocalParts {
  const parts = formatter(safeTimezone(timeZone)).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    weekday: WEEKDAY_SHORT.indexOf(get('weekday')),
  };
}

/**
 * The instant a local wall time happens in a zone. A time skipped by a spring-forward change maps to the
 * same wall time after the change (02:30 → 03:30); a repeated one to its first occurrence.
 */
export function instantOf(
  local: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  let guess = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  guess = wall - zoneOffsetMinutes(guess, timeZone) * 60_000;
  return new Date(guess);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const fromMinutes = (m: number) => {
  const day = ((m % 1440) + 1440) % 1440;
  return `${String(Math.floor(day / 60)).padStart(2, '0')}:${String(day % 60).padStart(2, '0')}`;
};

/**
 * Settings store the report time in UTC, converted from the workspace zone with that day's offset
 * (spec 1 §5). Converting back with the offset of the day it was saved gives the local time the user
 * chose, which digests then keep across daylight-saving changes.
 */
export function chosenLocalTime(dayTimeUtc: string, timeZone: string, savedAt: Date): string {
  return fromMinutes(toMinutes(dayTimeUtc) + zoneOffsetMinutes(savedAt, timeZone));
}

/** A calendar date moved by whole days (no zone: dates only). */
function shiftDate(d: { year: number; month: number; day: number }, days: number) {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) + days * 86_400_000);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}
const isoDate = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const midnight = (d: { year: number; month: number; day: number }, tz: string) =>
  instantOf({ ...d, hour: 0, minute: 0 }, tz);

export type DigestKind = 'daily' | 'weekly' | 'monthly' | 'quarterly';

export interface DigestSchedule {
  /** 'HH:mm' in the workspace zone. */
  localTime: string;
  daily: { active: boolean; days: readonly string[] };
  /** Monthly and quarterly summaries follow the weekly digest's switch and time. */
  weekly: { active: boolean; startOfWeek: string };
}

export interface DuePeriod {
  kind: DigestKind;
  /** Unique per kind: the first day of the period reported ('2026-03-07', '2026-02', '2026-Q1'). */
  periodKey: string;
  from: Date;
  to: Date;
}

/**
 * The summaries due at `now`: on the day they go out, from the chosen local time until that local day
 * ends (a server that was down at the time catches up the same day, never later). Daily reports the
 * previous local day, on the chosen days of the week; weekly the seven days before the start of the week;
 * monthly and quarterly the previous month and quarter, on their first day.
 */
export function duePeriods(now: Date, timeZone: string, s: DigestSchedule): DuePeriod[] {
  const tz = safeTimezone(timeZone);
  const p = localParts(now, tz);
  if (p.hour * 60 + p.minute < toMinutes(s.localTime)) return [];
  const today = { year: p.year, month: p.month, day: p.day };
  const start = midnight(today, tz);
  const due: DuePeriod[] = [];
  if (s.daily.active && s.daily.days.includes(WEEK_DAYS[p.weekday]!)) {
    const yesterday = shiftDate(today, -1);
    due.push({ kind: 'daily', periodKey: isoDate(yesterday), from: midnight(yesterday, tz), to: start });
  }
  if (s.weekly.active && WEEK_DAYS[p.weekday] === s.weekly.startOfWeek) {
    const weekAgo = shiftDate(today, -7);
    due.push({ kind: 'weekly', periodKey: isoDate(weekAgo), from: midnight(weekAgo, tz), to: start });
  }
  if (s.weekly.active && p.day === 1) {
    const prev = {
      year: p.month === 1 ? p.year - 1 : p.year,
      month: p.month === 1 ? 12 : p.month - 1,
      day: 1,
    };
    due.push({
      kind: 'monthly',
      periodKey: `${prev.year}-${String(prev.month).padStart(2, '0')}`,
      from: midnight(prev, tz),
      to: start,
    });
    if ((p.month - 1) % 3 === 0) {
      const q = {
        year: p.month === 1 ? p.year - 1 : p.year,
        month: p.month === 1 ? 10 : p.month - 3,
        day: 1,
      };
      due.push({
        kind: 'quarterly',
        periodKey: `${q.year}-Q${(q.month - 1) / 3 + 1}`,
        from: midnight(q, tz),
        to: start,
      });
    }
  }
  return due;
}

/** When quiet hours are on and `now` falls inside them (local time, spanning midnight when end < start), their end. */
export function quietUntil(
  now: Date,
  timeZone: string,
  quiet: { is_active: boolean; start: string; end: string },
): Date | null {
  if (!quiet.is_active || quiet.start === quiet.end) return null;
  const tz = safeTimezone(timeZone);
  const p = localParts(now, tz);
  const minute = p.hour * 60 + p.minute;
  const start = toMinutes(quiet.start);
  const end = toMinutes(quiet.end);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const today = { year: p.year, month: p.month, day: p.day };
  const endDay = minute < end ? today : shiftDate(today, 1);
  return instantOf({ ...endDay, hour: Math.floor(end / 60), minute: end % 60 }, tz);
}

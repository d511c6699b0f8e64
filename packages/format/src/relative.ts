import { formatDate, DATE_FORMATS, type DateInput } from './date';
import { MISSING } from './number';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** 'Just now', '5 minutes ago', … '11 months ago', then the full date once a year has passed. */
export function formatRelative(
  input: DateInput | null | undefined,
  options: { now?: number; tz?: string | null } = {},
): string {
  if (input === null || input === undefined) return MISSING;
  const ts = typeof input === 'number' ? input : new Date(input).getTime();
  if (!Number.isFinite(ts)) return MISSING;
  const now = options.now ?? Date.now();
  const diff = now - ts;
  // Clock skew makes fresh items look slightly in the future: still 'Just now'.
  if (diff < MINUTE) return 'Just now';
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hour');
  if (diff < WEEK) return plural(Math.floor(diff / DAY), 'day');
  if (diff < MONTH) return plural(Math.floor(diff / WEEK), 'week');
  if (diff < YEAR) return plural(Math.max(1, Math.floor(diff / MONTH)), 'month');
  return formatDate(ts, { tz: options.tz, format: DATE_FORMATS.date });
}

import { MISSING } from './number';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const PARTS = [
  { ms: YEAR, one: 'year', many: 'years' },
  { ms: MONTH, one: 'month', many: 'months' },
  { ms: DAY, one: 'day', many: 'days' },
  { ms: HOUR, one: 'hour', many: 'hours' },
  { ms: MINUTE, one: 'minute', many: 'minutes' },
] as const;

export interface DurationOptions {
  /** How many units to show at most, largest first ('2 days 3 hours'). */
  maxParts?: number;
  /** Short units: '2d 3h'. */
  short?: boolean;
}

const SHORT: Record<string, string> = { year: 'y', month: 'mo', day: 'd', hour: 'h', minute: 'm' };

/** Milliseconds as years, months, days, hours and minutes: 93_780_000 → '1 day 2 hours'. */
export function formatDuration(ms: number | null | undefined, options: DurationOptions = {}): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return MISSING;
  const maxParts = options.maxParts ?? 2;
  let rest = Math.abs(ms);
  if (rest < MINUTE) return options.short ? '0m' : 'less than a minute';
  const out: string[] = [];
  for (const part of PARTS) {
    if (out.length >= maxParts) break;
    const n = Math.floor(rest / part.ms);
    if (n > 0) {
      out.push(options.short ? `${n}${SHORT[part.one]}` : `${n} ${n === 1 ? part.one : part.many}`);
      rest -= n * part.ms;
    } else if (out.length > 0) {
      // Stop at the first empty unit so '1 day 0 hours 5 minutes' never reads as '1 day 5 minutes'.
      break;
    }
  }
  return out.join(' ');
}

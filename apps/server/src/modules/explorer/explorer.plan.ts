import {
  EXPLORER_MAX_BUCKETS,
  EXPLORER_MESSAGES,
  type ExplorerComparison,
  type ExplorerFilter,
  type ExplorerRange,
  type SeriesSchedule,
} from '@tidemark/contract';
import { AppError } from '../../errors';

/**
 * The explorer's rules that need no database: which local dates a range preset means, how a range lines up
 * with a grain's buckets, when a grain is too fine for a range (down-sampling), the comparison window, how a
 * scope pins the filters, and whether the stored series can answer or the warehouse must.
 */

/** Local calendar days as `YYYY-MM-DD`; `end` is excluded. */
export interface LocalRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const GRAINS: readonly SeriesSchedule[] = ['h', 'd', 'w', 'm'];
const GRAIN_WORD: Record<SeriesSchedule, string> = { h: 'hourly', d: 'daily', w: 'weekly', m: 'monthly' };
const GRAIN_BY: Record<SeriesSchedule, string> = {
  h: 'by hour',
  d: 'by day',
  w: 'by week',
  m: 'by month',
};

const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => fromMs(toMs(date) + days * DAY_MS);

/** The same day `months` later, clamped to the month's last day (31 Mar − 1 month is 28 or 29 Feb). */
export function addMonths(date: string, months: number): string {
  const d = new Date(toMs(date));
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return fromMs(target.getTime());
}

const monthsBetween = (a: string, b: string) => {
  const x = new Date(toMs(a));
  const y = new Date(toMs(b));
  return (y.getUTCFullYear() - x.getUTCFullYear()) * 12 + (y.getUTCMonth() - x.getUTCMonth());
};

/** Today's date on the workspace's clock. */
export function todayIn(timezone: string, now: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A preset on the workspace's clock (today included), or the custom dates with their end day included. */
export function resolveRange(range: ExplorerRange, timezone: string, now: number): LocalRange {
  const today = todayIn(timezone, now);
  const tomorrow = addDays(today, 1);
  const quarterStart = (date: string) => {
    const d = new Date(toMs(date));
    return fromMs(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1));
  };
  switch (range.preset) {
    case 'last_7_days':
      return { start: addDays(today, -6), end: tomorrow };
    case 'last_30_days':
      return { start: addDays(today, -29), end: tomorrow };
    case 'last_90_days':
      return { start: addDays(today, -89), end: tomorrow };
    case 'quarter_to_date':
      return { start: quarterStart(today), end: tomorrow };
    case 'last_quarter': {
      const current = quarterStart(today);
      return { start: addMonths(current, -3), end: current };
    }
    case 'last_12_months':
      return { start: addMonths(tomorrow, -12), end: tomorrow };
    case 'custom': {
      if (!range.start || !range.end) throw new AppError('bad_request', EXPLORER_MESSAGES.badRange);
      if (range.end < range.start) throw new AppError('bad_request', EXPLORER_MESSAGES.badRange);
      return { start: range.start, end: addDays(range.end, 1) };
    }
  }
}

/** Widens a range to whole buckets: weeks from Sunday (spec 1 §9), months from the 1st. */
export function alignRange(range: LocalRange, grain: SeriesSchedule): LocalRange {
  if (grain === 'w') {
    const startDow = new Date(toMs(range.start)).getUTCDay();
    const endDow = new Date(toMs(range.end)).getUTCDay();
    return { start: addDays(range.start, -startDow), end: addDays(range.end, (7 - endDow) % 7) };
  }
  if (grain === 'm') {
    const start = `${range.start.slice(0, 7)}-01`;
    const end = range.end.endsWith('-01') ? range.end : addMonths(`${range.end.slice(0, 7)}-01`, 1);
    return { start, end };
  }
  return range;
}

export function bucketCount(range: LocalRange, grain: SeriesSchedule): number {
  const days = Math.round((toMs(range.end) - toMs(range.start)) / DAY_MS);
  switch (grain) {
    case 'h':
      return days * 24;
    case 'd':
      return days;
    case 'w':
      return Math.ceil(days / 7);
    case 'm':
      return monthsBetween(range.start, range.end);
  }
}

export interface GrainChoice {
  grain: SeriesSchedule;
  range: LocalRange;
  notices: string[];
}

/**
 * The grain a query runs at: the one asked for, unless the data has no hours (a table dated by day) or the
 * range holds more than EXPLORER_MAX_BUCKETS of its buckets; then the next coarser grain that fits, with a
 * notice saying so. Years of hourly data are therefore never read hour by hour.
 */
export function chooseGrain(
  range: LocalRange,
  requested: SeriesSchedule,
  options: { hourly: boolean; dailyOnlyMetric?: string },
): GrainChoice {
  const notices: string[] = [];
  let index = GRAINS.indexOf(requested);
  if (requested === 'h' && !options.hourly) {
    notices.push(EXPLORER_MESSAGES.hourlyOnDates(options.dailyOnlyMetric ?? 'This metric'));
    index = 1;
  }
  const first = GRAINS[index]!;
  for (; index < GRAINS.length; index++) {
    const grain = GRAINS[index]!;
    const aligned = alignRange(range, grain);
    if (bucketCount(aligned, grain) <= EXPLORER_MAX_BUCKETS) {
      if (grain !== first) {
        const count = bucketCount(alignRange(range, first), first);
        notices.push(EXPLORER_MESSAGES.downsampled(count, GRAIN_WORD[first], GRAIN_BY[grain]));
      }
      return { grain, range: aligned, notices };
    }
  }
  // Even by month the range is too long to draw (over a century): refuse rather than read it.
  throw new AppError('bad_request', EXPLORER_MESSAGES.tooSlow);
}

/** The earlier window a comparison reads: as many buckets, one period or 364 days (52 weeks) before. */
export function comparisonRange(
  range: LocalRange,
  grain: SeriesSchedule,
  compare: ExplorerComparison,
): LocalRange | null {
  if (compare === 'none') return null;
  if (grain === 'm') {
    const months = compare === 'previous_year' ? 12 : monthsBetween(range.start, range.end);
    return { start: addMonths(range.start, -months), end: addMonths(range.end, -months) };
  }
  const days = compare === 'previous_year' ? 364 : Math.round((toMs(range.end) - toMs(range.start)) / DAY_MS);
  return { start: addDays(range.start, -days), end: addDays(range.end, -days) };
}

export interface Scope {
  dimName: string;
  dimVal: string;
  dimDisplayName: string;
}

/**
 * The filters a query runs with: the caller's, one per dimension (values of repeated filters intersect),
 * plus the scope's value. Asking a scoped URL for another value of its dimension is refused.
 */
export function scopedFilters(filters: ExplorerFilter[], scope: Scope | null): ExplorerFilter[] {
  const byDim = new Map<string, string[]>();
  for (const f of filters) {
    const values = [...new Set(f.values)];
    const before = byDim.get(f.dim_name);
    byDim.set(f.dim_name, before ? before.filter((v) => values.includes(v)) : values);
  }
  if (scope) {
    const asked = byDim.get(scope.dimName);
    if (asked && asked.some((v) => v !== scope.dimVal))
      throw new AppError('forbidden', EXPLORER_MESSAGES.outOfScope(scope.dimDisplayName, scope.dimVal));
    byDim.set(scope.dimName, [scope.dimVal]);
  }
  return [...byDim].map(([dim_name, values]) => ({ dim_name, values }));
}

export type SourceChoice =
  { kind: 'series'; dimName: string; dimVals: string[] | null } | { kind: 'warehouse' };

/**
 * The stored series hold each metric overall and per value of one dimension, so they answer a query
 * split by at most one dimension whose only filter is on that same dimension (or a single value with no
 * split). Anything else (two splits, a filter on another dimension, several values summed) is computed
 * from the warehouse rows.
 */
export function chooseSource(splitBy: string[], filters: ExplorerFilter[]): SourceChoice {
  const [split] = splitBy;
  if (splitBy.length === 0) {
    if (filters.length === 0) return { kind: 'series', dimName: '', dimVals: null };
    const [only] = filters;
    if (filters.length === 1 && only!.values.length === 1)
      return { kind: 'series', dimName: only!.dim_name, dimVals: only!.values };
    return { kind: 'warehouse' };
  }
  if (splitBy.length === 1) {
    if (filters.length === 0) return { kind: 'series', dimName: split!, dimVals: null };
    if (filters.length === 1 && filters[0]!.dim_name === split)
      return { kind: 'series', dimName: split!, dimVals: filters[0]!.values };
  }
  return { kind: 'warehouse' };
}

/** `YYYY-MM-DD` → the local timestamp text PostgreSQL reads. */
export const localMidnight = (date: string) => `${date} 00:00:00`;

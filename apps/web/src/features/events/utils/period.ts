import { addInTimezone, startOfInTimezone } from '@tidemark/format';
import dayjs from 'dayjs';

/** The summary header's period stepper (spec 2 §4, Feed behaviour). Weeks start on Sunday. */
export type Period = 'week' | 'month' | 'quarter';
export const PERIODS: readonly Period[] = ['week', 'month', 'quarter'];

/** The pipeline schedule letter the summary call's `frequency` carries for a period. */
export const PERIOD_SCHEDULE: Record<Period, 'w' | 'm' | 'q'> = { week: 'w', month: 'm', quarter: 'q' };

export interface TimeRange {
  /** Epoch ms. */
  start: number;
  end: number;
}

/** Start of the week (Sunday), month or quarter holding `at`, in the workspace's time zone. */
export function periodStart(at: number, period: Period, tz?: string | null): number {
  if (period === 'week') return startOfInTimezone(at, 'week', tz);
  const month = startOfInTimezone(at, 'month', tz);
  if (period === 'month') return month;
  const monthIndex = dayjs(month)
    .tz(tz ?? 'Etc/UTC')
    .month();
  return addInTimezone(month, -(monthIndex % 3), 'month', tz);
}

function addPeriods(at: number, period: Period, n: number, tz?: string | null): number {
  if (period === 'week') return addInTimezone(at, 7 * n, 'day', tz);
  return addInTimezone(at, (period === 'month' ? 1 : 3) * n, 'month', tz);
}

/**
 * The period starting at `start`: a period that has ended covers all of it (to its last millisecond);
 * otherwise it runs to now.
 */
export function periodRange(start: number, period: Period, now: number, tz?: string | null): TimeRange {
  const fullEnd = addPeriods(start, period, 1, tz) - 1;
  return { start, end: Math.min(fullEnd, now) };
}

/** The default range of the page: from the start of this week to now. */
export function defaultRange(now: number, tz?: string | null): TimeRange {
  return periodRange(periodStart(now, 'week', tz), 'week', now, tz);
}

/**
 * The period of the new kind that holds the range's end (switching the current month to weeks gives the current
 * week, not the month's first).
 */
export function currentPeriod(range: TimeRange, period: Period, now: number, tz?: string | null): TimeRange {
  return periodRange(periodStart(range.end, period, tz), period, now, tz);
}

/** One period back or forward from the one holding the range's start. */
export function stepPeriod(
  range: TimeRange,
  period: Period,
  direction: -1 | 1,
  now: number,
  tz?: string | null,
): TimeRange {
  const start = addPeriods(periodStart(range.start, period, tz), period, direction, tz);
  return periodRange(start, period, now, tz);
}

/** Next is disabled once the current end is today or later. */
export function canStepNext(range: TimeRange, now: number, tz?: string | null): boolean {
  return range.end < startOfInTimezone(now, 'day', tz);
}

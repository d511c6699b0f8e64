import { addInTimezone, startOfInTimezone } from '@tidemark/format';
import dayjs from 'dayjs';
import type { ReportPeriod } from '@tidemark/contract';

/** The report's range (epoch ms, end exclusive). */
export interface ReportRangeMs {
  start: number;
  end: number;
}

/** Start of the week (Sunday), month or quarter holding `at`, in the workspace's time zone. */
export function reportPeriodStart(at: number, period: ReportPeriod, tz?: string | null): number {
  if (period === 'week') return startOfInTimezone(at, 'week', tz);
  const month = startOfInTimezone(at, 'month', tz);
  if (period === 'month') return month;
  const monthIndex = dayjs(month)
    .tz(tz ?? 'Etc/UTC')
    .month();
  return addInTimezone(month, -(monthIndex % 3), 'month', tz);
}

export function addReportPeriods(at: number, period: ReportPeriod, n: number, tz?: string | null): number {
  if (period === 'week') return addInTimezone(at, 7 * n, 'day', tz);
  return addInTimezone(at, (period === 'month' ? 1 : 3) * n, 'month', tz);
}

/** The whole period starting at `start` (a report covers full periods; the current one runs to its end). */
export function reportRange(start: number, period: ReportPeriod, tz?: string | null): ReportRangeMs {
  return { start, end: addReportPeriods(start, period, 1, tz) };
}

/** Spec 2 §9: the default report is the previous week (weeks start on Sunday). */
export function defaultReportRange(now: number, tz?: string | null): ReportRangeMs {
  const thisWeek = reportPeriodStart(now, 'week', tz);
  return reportRange(addReportPeriods(thisWeek, 'week', -1, tz), 'week', tz);
}

/** One period back or forward from the period holding the range's start. */
export function stepReport(
  range: ReportRangeMs,
  period: ReportPeriod,
  direction: -1 | 1,
  tz?: string | null,
): ReportRangeMs {
  const start = addReportPeriods(reportPeriodStart(range.start, period, tz), period, direction, tz);
  return reportRange(start, period, tz);
}

/** The period of another kind holding the range's start (switching a week to months gives its month). */
export function switchReportPeriod(
  range: ReportRangeMs,
  period: ReportPeriod,
  tz?: string | null,
): ReportRangeMs {
  return reportRange(reportPeriodStart(range.start, period, tz), period, tz);
}

/** Next is disabled once the period holds now: a report never looks into the future. */
export const canStepReport = (range: ReportRangeMs, now: number) => range.end <= now;

import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { TimeRange } from './period';

dayjs.extend(customParseFormat);

/** Custom ranges are at least this long (spec 2 §5, §9). */
export const MIN_RANGE_MS = 5 * 60_000;

/** The picker's text format and placeholder ('mm/dd/yyyy hh:mm am/pm'). */
export const PICKER_FORMAT = 'MM/DD/YYYY hh:mm a';

export type PresetId = 'default' | 'day' | 'week' | 'month' | 'quarter';
export const PRESET_IDS: readonly PresetId[] = ['default', 'day', 'week', 'month', 'quarter'];

/** Default is the last hour; a month is 30 days; a quarter is three calendar months. */
export function presetRange(id: PresetId, now: number): TimeRange {
  const end = now;
  switch (id) {
    case 'default':
      return { start: end - 3_600_000, end };
    case 'day':
      return { start: end - 86_400_000, end };
    case 'week':
      return { start: end - 7 * 86_400_000, end };
    case 'month':
      return { start: end - 30 * 86_400_000, end };
    case 'quarter':
      return { start: dayjs(end).subtract(3, 'month').valueOf(), end };
  }
}

/** Parses what a user typed (strictly, in the browser's time); null when it is not a date. */
export function parsePickerText(text: string): number | null {
  const value = dayjs(
    text.trim(),
    [PICKER_FORMAT, 'MM/DD/YYYY hh:mm A', 'M/D/YYYY h:mm a', 'M/D/YYYY h:mm A'],
    true,
  );
  return value.isValid() ? value.valueOf() : null;
}

export function formatPickerText(ms: number): string {
  return dayjs(ms).format(PICKER_FORMAT);
}

export type RangeProblem = 'invalid' | 'future' | 'order' | 'too_short';

/**
 * Why Submit stays disabled, or null when the range may be submitted: both dates valid, neither in the
 * future, the start before the end, and at least five minutes apart (spec 2 §5).
 */
export function rangeProblem(start: number | null, end: number | null, now: number): RangeProblem | null {
  if (start === null || end === null || !Number.isFinite(start) || !Number.isFinite(end)) return 'invalid';
  if (start > now || end > now) return 'future';
  if (start >= end) return 'order';
  if (end - start < MIN_RANGE_MS) return 'too_short';
  return null;
}

/** The end picker's minimum: the start plus five minutes. */
export function endMinimum(start: number | null): number | null {
  return start === null ? null : start + MIN_RANGE_MS;
}

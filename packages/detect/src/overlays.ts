import type { OverlaySeries, SeriesPoint } from '@tidemark/contract';
import { addInTimezone } from '@tidemark/format';
import type { Grain } from './series';

export type OverlayType = 'DoD' | 'WoW' | 'MoM' | 'QoQ' | 'YoY';
export type Schedule = Grain | 'q' | 'y';

/** Spec §9: period lengths in days. */
export const OVERLAY_PERIOD_DAYS: Record<OverlayType, number> = {
  DoD: 1,
  WoW: 7,
  MoM: 28,
  QoQ: 84,
  YoY: 364,
};

/** Spec §4: the overlay a schedule opens with. */
export const DEFAULT_OVERLAY: Record<Grain, OverlayType> = { h: 'DoD', d: 'WoW', w: 'MoM', m: 'YoY' };

// Spec §4: DoD hourly only; WoW hourly and daily; MoM up to weekly; YoY everywhere. QoQ's availability is
// not shown in the spec; it is offered where a quarter holds several points (daily and weekly).
const AVAILABLE: Record<Grain, OverlayType[]> = {
  h: ['DoD', 'WoW', 'MoM', 'YoY'],
  d: ['WoW', 'MoM', 'QoQ', 'YoY'],
  w: ['MoM', 'QoQ', 'YoY'],
  m: ['YoY'],
};

export function availableOverlays(schedule: Grain): OverlayType[] {
  return AVAILABLE[schedule];
}

/** Spec §9 card windows: hourly 23 hours, daily 6 days, weekly 27 days, monthly 364 days back from the insight. */
export const CARD_WINDOW: Record<Grain, { amount: number; unit: 'hour' | 'day' }> = {
  h: { amount: 23, unit: 'hour' },
  d: { amount: 6, unit: 'day' },
  w: { amount: 27, unit: 'day' },
  m: { amount: 364, unit: 'day' },
};

/** Spec §9 default window of the shared chart: hourly 1 day, daily 2 weeks, weekly 2 months. */
export const SHARED_CHART_WINDOW: Record<
  Exclude<Grain, 'm'>,
  { amount: number; unit: 'day' | 'week' | 'month' }
> = {
  h: { amount: 1, unit: 'day' },
  d: { amount: 2, unit: 'week' },
  w: { amount: 2, unit: 'month' },
};

export interface TimeWindow {
  start: number;
  end: number;
}

export interface OverlayWindows {
  type: OverlayType;
  main: TimeWindow;
  period1: TimeWindow;
  period2: TimeWindow;
  /** 'Trailing 1 Day & 2 Days', 'Trailing 7 Days & 14 Days', … */
  title: string;
}

/** Windows of the main series and the two earlier periods it is compared with, in the tenant's time zone. */
export function overlayWindows(
  insightTs: number,
  schedule: Grain,
  type: OverlayType = DEFAULT_OVERLAY[schedule],
  tz?: string,
): OverlayWindows {
  const w = CARD_WINDOW[schedule];
  const main = { start: addInTimezone(insightTs, -w.amount, w.unit, tz), end: insightTs };
  const days = OVERLAY_PERIOD_DAYS[type];
  const shift = (win: TimeWindow, k: number): TimeWindow => ({
    start: addInTimezone(win.start, -k * days, 'day', tz),
    end: addInTimezone(win.end, -k * days, 'day', tz),
  });
  const unit = (n: number): string => `${n} Day${n === 1 ? '' : 's'}`;
  return {
    type,
    main,
    period1: shift(main, 1),
    period2: shift(main, 2),
    title: `Trailing ${unit(days)} & ${unit(2 * days)}`,
  };
}

/** A point of an overlay series: the contract's series point. */
export type OverlayPoint = SeriesPoint;

/**
 * Overlay series: main, period1 and period2 as lists of series points; earlier periods are shifted onto
 * the main window's timestamps so the chart lays them over each other.
 */
export function buildOverlay(
  points: readonly OverlayPoint[],
  windows: OverlayWindows,
  tz?: string,
): OverlaySeries {
  const days = OVERLAY_PERIOD_DAYS[windows.type];
  const pick = (win: TimeWindow, k: number): OverlayPoint[] =>
    points
      .filter((p) => {
        const t = Date.parse(p.timestamp);
        return t >= win.start && t <= win.end;
      })
      .map((p) => ({
        ...p,
        timestamp: new Date(addInTimezone(Date.parse(p.timestamp), k * days, 'day', tz)).toISOString(),
      }));
  return {
    main: pick(windows.main, 0),
    period1: pick(windows.period1, 1),
    period2: pick(windows.period2, 2),
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Spec §4: the spike chart starts later by 24 hours, 7 days, 4 weeks or 4 months by schedule. */
export function spikeChartStart(start: number, schedule: Grain, tz?: string): number {
  if (schedule === 'h') return start + 24 * HOUR;
  if (schedule === 'd') return addInTimezone(start, 7, 'day', tz);
  if (schedule === 'w') return addInTimezone(start, 4, 'week', tz);
  return addInTimezone(start, 4, 'month', tz);
}

/** Spec §9: spike chart tick spacing in ms (2 hours, 2 days, 14 days, 60 days, 180 days). */
export const SPIKE_CHART_TICK_MS: Record<Schedule, number> = {
  h: 2 * HOUR,
  d: 2 * DAY,
  w: 14 * DAY,
  m: 60 * DAY,
  q: 180 * DAY,
  y: 180 * DAY,
};

/** Spec §9: the highlight band spans one schedule length each side of the insight. */
export function highlightBand(insightTs: number, schedule: Grain, tz?: string): TimeWindow {
  if (schedule === 'h') return { start: insightTs - HOUR, end: insightTs + HOUR };
  const unit = schedule === 'd' ? 'day' : schedule === 'w' ? 'week' : 'month';
  return { start: addInTimezone(insightTs, -1, unit, tz), end: addInTimezone(insightTs, 1, unit, tz) };
}

/** Events spec §9: half-window of the expected-range overlay by schedule. */
export const HALF_WINDOW_MS: Record<Grain, number> = {
  h: 45 * 60_000,
  d: 18 * HOUR,
  w: 126 * HOUR,
  m: 540 * HOUR,
};

import type { OverlayType, PipelineSchedule } from '@tidemark/contract';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** One schedule-length in ms: the half-width of the insight highlight band (spec 3 §9). */
export const SCHEDULE_MS: Record<PipelineSchedule, number> = {
  h: HOUR,
  d: DAY,
  w: 7 * DAY,
  m: 30 * DAY,
  q: 91 * DAY,
  y: 365 * DAY,
};

/** The spike chart's tick spacing: 2 hours, 2 days, 14 days, 60 days, 180 days (spec 3 §9). */
export const SPIKE_TICK_MS: Record<PipelineSchedule, number> = {
  h: 2 * HOUR,
  d: 2 * DAY,
  w: 14 * DAY,
  m: 60 * DAY,
  q: 180 * DAY,
  y: 180 * DAY,
};

/** How much later the insight chart starts than the stored chart window (spec 3 §4, Spike chart). */
export const CHART_START_SHIFT_MS: Record<PipelineSchedule, number> = {
  h: 24 * HOUR,
  d: 7 * DAY,
  w: 28 * DAY,
  m: 4 * 30 * DAY,
  q: 0,
  y: 0,
};

export interface ChartWindow {
  start: number;
  end: number;
}

/**
 * The insight chart's window: the stored one, its start moved later by the schedule's shift, but
 * never so late that the insight loses the two periods before it.
 */
export function insightChartWindow(input: {
  chartStart: string;
  chartEnd: string;
  insightTs: string;
  schedule: PipelineSchedule;
}): ChartWindow {
  const start = Date.parse(input.chartStart);
  const end = Date.parse(input.chartEnd);
  const insight = Date.parse(input.insightTs);
  const shifted = start + CHART_START_SHIFT_MS[input.schedule];
  const latest = insight - 2 * SCHEDULE_MS[input.schedule];
  return { start: Math.max(start, Math.min(shifted, latest)), end };
}

/** Spikes are not fetched when the window starts after now or after its end (spec 3 §4). */
export function canFetchSeries(window: ChartWindow, now = Date.now()): boolean {
  return (
    Number.isFinite(window.start) &&
    Number.isFinite(window.end) &&
    window.start <= now &&
    window.start <= window.end
  );
}

/** The red or green band one schedule-length either side of the insight. */
export function highlightBand(insightTs: string, schedule: PipelineSchedule): [number, number] {
  const ts = Date.parse(insightTs);
  return [ts - SCHEDULE_MS[schedule], ts + SCHEDULE_MS[schedule]];
}

// ---- Overlays (spec 3 §4, §9) ----

export const OVERLAY_TYPES: OverlayType[] = ['DoD', 'WoW', 'MoM', 'YoY'];

const AVAILABLE: Record<OverlayType, PipelineSchedule[]> = {
  DoD: ['h'],
  WoW: ['h', 'd'],
  MoM: ['h', 'd', 'w'],
  QoQ: [],
  YoY: ['h', 'd', 'w', 'm', 'q', 'y'],
};

export function overlayAvailable(type: OverlayType, schedule: PipelineSchedule): boolean {
  return AVAILABLE[type].includes(schedule);
}

export function defaultOverlay(schedule: PipelineSchedule): OverlayType {
  return schedule === 'h' ? 'DoD' : schedule === 'd' ? 'WoW' : schedule === 'w' ? 'MoM' : 'YoY';
}

/** Period lengths in days. */
export const OVERLAY_PERIOD_DAYS: Record<OverlayType, number> = {
  DoD: 1,
  WoW: 7,
  MoM: 28,
  QoQ: 84,
  YoY: 364,
};

export const OVERLAY_UNIT: Record<OverlayType, string> = {
  DoD: 'Day',
  WoW: 'Week',
  MoM: 'Month',
  QoQ: 'Quarter',
  YoY: 'Year',
};

/** The overlay window of a card: 23 hours, 6, 27 or 364 days before the insight, ending at it. */
export function overlayWindow(insightTs: string, schedule: PipelineSchedule): ChartWindow {
  const end = Date.parse(insightTs);
  const back =
    schedule === 'h' ? 23 * HOUR : schedule === 'd' ? 6 * DAY : schedule === 'w' ? 27 * DAY : 364 * DAY;
  return { start: end - back, end };
}

/** How far past the stored window a forecast is drawn: two days of hours, two weeks, two months, half a year. */
export const FORECAST_HORIZON_MS: Record<PipelineSchedule, number> = {
  h: 48 * HOUR,
  d: 14 * DAY,
  w: 8 * 7 * DAY,
  m: 6 * 30 * DAY,
  q: 365 * DAY,
  y: 2 * 365 * DAY,
};

/** The longest span a chart reads at a grain, so an hourly view of a long window stays light. */
const GRAIN_SPAN_MS: Record<'h' | 'd' | 'w' | 'm', number> = {
  h: 14 * DAY,
  d: 180 * DAY,
  w: 2 * 365 * DAY,
  m: 5 * 365 * DAY,
};

/** A window read at another grain than the insight's: the same end, at most the grain's span long. */
export function grainWindow(window: ChartWindow, grain: 'h' | 'd' | 'w' | 'm'): ChartWindow {
  return { start: Math.max(window.start, window.end - GRAIN_SPAN_MS[grain]), end: window.end };
}

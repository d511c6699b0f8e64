import type { Histogram } from '@tidemark/contract';

/** Spec 3 §4, §9: bars are capped at height 10; negative insights are drawn below the axis. */
export const HISTOGRAM_CAP = 10;

const DAY = 86_400_000;
const UNIT_MS = {
  hour: 3_600_000,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  quarter: 91 * DAY,
} as const;

export interface HistogramBar {
  ts: number;
  positive: number;
  negative: number;
  /** Drawn heights: capped, negative below zero. */
  positiveHeight: number;
  negativeHeight: number;
}

export function histogramBars(histogram: Histogram): HistogramBar[] {
  return histogram.histogram_data.map((b) => ({
    ts: Date.parse(b.timestamp),
    positive: b.positive.count,
    negative: b.negative.count,
    positiveHeight: Math.min(b.positive.count, HISTOGRAM_CAP),
    negativeHeight: -Math.min(b.negative.count, HISTOGRAM_CAP),
  }));
}

/**
 * Milliseconds between axis ticks: one bucket, except a day histogram over more than 15 days, which
 * ticks every 3 days (spec 3 §4).
 */
export function histogramTickMs(
  granularity: Histogram['histogram_granularity'],
  window: { start: number; end: number },
): number {
  if (granularity === 'day' && window.end - window.start > 15 * DAY) return 3 * DAY;
  return UNIT_MS[granularity];
}

export function histogramTotals(histogram: Histogram): { positive: number; negative: number } {
  return histogram.histogram_data.reduce(
    (t, b) => ({ positive: t.positive + b.positive.count, negative: t.negative + b.negative.count }),
    { positive: 0, negative: 0 },
  );
}

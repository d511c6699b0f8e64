import type { Histogram } from '@tidemark/contract';
import { addInTimezone, formatDate, startOfInTimezone } from '@tidemark/format';

/** Spec 3 §4, §9: bars are capped at height 10; negative insights are drawn below the axis. */
export const HISTOGRAM_CAP = 10;

const DAY = 86_400_000;

export interface HistogramBar {
  ts: number;
  positive: number;
  negative: number;
  /** Drawn heights: capped, negative below zero. */
  positiveHeight: number;
  negativeHeight: number;
}

type Granularity = Histogram['histogram_granularity'];

function bucketStart(ts: number, granularity: Granularity, tz: string | null | undefined): number {
  if (granularity === 'quarter') {
    const month = startOfInTimezone(ts, 'month', tz);
    const monthIndex = Number(formatDate(month, { tz, format: 'M' })) - 1;
    return addInTimezone(month, -(monthIndex % 3), 'month', tz);
  }
  return startOfInTimezone(ts, granularity, tz);
}

function nextBucket(ts: number, granularity: Granularity, tz: string | null | undefined): number {
  if (granularity === 'quarter') return addInTimezone(ts, 3, 'month', tz);
  return addInTimezone(ts, 1, granularity, tz);
}

/**
 * Every bucket of the window, empty ones included, so the axis reads as time; the server's buckets
 * (only those with insights) land on the bucket that holds them.
 */
export function histogramBars(
  histogram: Histogram,
  window: { start: number; end: number },
  tz?: string | null,
): HistogramBar[] {
  const g = histogram.histogram_granularity;
  const bars: HistogramBar[] = [];
  // A guard against a window far longer than its granularity suggests.
  for (
    let ts = bucketStart(window.start, g, tz);
    ts < window.end && bars.length < 2000;
    ts = nextBucket(ts, g, tz)
  ) {
    bars.push({ ts, positive: 0, negative: 0, positiveHeight: 0, negativeHeight: 0 });
  }
  for (const b of histogram.histogram_data) {
    const ts = Date.parse(b.timestamp);
    let index = -1;
    for (let i = bars.length - 1; i >= 0; i--) {
      if (bars[i]!.ts <= ts) {
        index = i;
        break;
      }
    }
    if (index < 0) {
      bars.unshift({ ts, positive: 0, negative: 0, positiveHeight: 0, negativeHeight: 0 });
      index = 0;
    }
    const bar = bars[index]!;
    bar.positive += b.positive.count;
    bar.negative += b.negative.count;
  }
  for (const bar of bars) {
    bar.positiveHeight = Math.min(bar.positive, HISTOGRAM_CAP);
    bar.negativeHeight = bar.negative > 0 ? -Math.min(bar.negative, HISTOGRAM_CAP) : 0;
  }
  return bars;
}

/**
 * Buckets between axis labels: a day histogram over more than 15 days labels every 3 days (spec 3 §4);
 * otherwise null lets the chart space them.
 */
export function histogramTickEvery(
  granularity: Granularity,
  window: { start: number; end: number },
): number | null {
  return granularity === 'day' && window.end - window.start > 15 * DAY ? 3 : null;
}

export function histogramTotals(histogram: Histogram): { positive: number; negative: number } {
  return histogram.histogram_data.reduce(
    (t, b) => ({ positive: t.positive + b.positive.count, negative: t.negative + b.negative.count }),
    { positive: 0, negative: 0 },
  );
}

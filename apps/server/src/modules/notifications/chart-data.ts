import {
  bucketEnd,
  formatDate,
  rangeNeedsYear,
  safeTimezone,
  withYear,
  type MetricFormat,
} from '@tidemark/format';
import type { ChartInput } from './chart';
import type { SeriesWindow } from './notifications.repository';

export { bucketEnd };

const UNIT = { h: 'hour', d: 'day', w: 'week', m: 'month' } as const;
type Grain = keyof typeof UNIT;
const grainOf = (g: string): Grain => (g in UNIT ? (g as Grain) : 'd');

/**
 * How many of the buckets have closed at `now`: a bucket still filling holds part of its period and would be
 * drawn as a drop, so charts end on the last closed one.
 */
export function closedCount(ts: Date[], grain: string, timezone: string, now: Date): number {
  let n = ts.length;
  while (n > 0 && bucketEnd(ts[n - 1]!.getTime(), grain, timezone) > now.getTime()) n--;
  return n;
}

/** Date labels for a chart's buckets in the workspace's zone, with the year when the range needs it. */
export function bucketLabels(ts: Date[], grain: string, timezone: string, now: Date): string[] {
  const tz = safeTimezone(timezone);
  const g = grainOf(grain);
  const needsYear = ts.length > 0 && rangeNeedsYear(ts[0], ts[ts.length - 1], { tz, now });
  const spansDays =
    g === 'h' &&
    ts.length > 1 &&
    formatDate(ts[0], { tz, format: 'YYYY-MM-DD' }) !== formatDate(ts.at(-1), { tz, format: 'YYYY-MM-DD' });
  const format =
    g === 'm'
      ? 'MMM YYYY'
      : g === 'h'
        ? spansDays
          ? withYear('D MMM h A', needsYear)
          : 'h A'
        : withYear('D MMM', needsYear);
  return ts.map((t) => formatDate(t, { tz, format }));
}

const GRAIN_WINDOW: Record<string, number> = { h: 72, d: 45, w: 26, m: 18 };

/**
 * The top insight's series around it, with the expected band and its own buckets highlighted, ending on the
 * last closed bucket, with dates and values on its axes.
 */
export function insightChartInput(
  s: SeriesWindow | undefined,
  input: {
    grain: string;
    insightTs: Date;
    bad: boolean;
    format: MetricFormat;
    currencySymbol: string;
    timezone: string;
    now: Date;
  },
): ChartInput | null {
  if (!s) return null;
  const closed = closedCount(s.ts, input.grain, input.timezone, input.now);
  if (closed < 2) return null;
  const window = GRAIN_WINDOW[input.grain] ?? 30;
  const at = s.ts.slice(0, closed).findIndex((t) => t.getTime() >= input.insightTs.getTime());
  const end = at < 0 ? closed - 1 : Math.min(closed - 1, at + Math.ceil(window / 6));
  const start = Math.max(0, end - window);
  const slice = <T>(a: T[] | null) => (a ? a.slice(start, end + 1) : undefined);
  const chart: ChartInput = {
    values: s.y.slice(start, end + 1),
    tone: input.bad ? 'bad' : 'good',
    labels: bucketLabels(s.ts.slice(start, end + 1), input.grain, input.timezone, input.now),
    format: input.format,
    currency_symbol: input.currencySymbol,
    ...(at >= 0 && at >= start ? { highlight: [at - start, at - start] as [number, number] } : {}),
  };
  const lower = slice(s.yhat_lower);
  const upper = slice(s.yhat_upper);
  if (lower && upper) {
    chart.lower = lower;
    chart.upper = upper;
  }
  return chart;
}

/** A metric's daily values over [from, to), closed days only, for a summary's top movers. */
export function periodChartInput(
  s: SeriesWindow | undefined,
  input: {
    from: Date;
    to: Date;
    format: MetricFormat;
    currencySymbol: string;
    timezone: string;
    now: Date;
  },
): { chart: ChartInput | null; first: number | null; last: number | null } {
  if (!s) return { chart: null, first: null, last: null };
  const closed = closedCount(s.ts, 'd', input.timezone, input.now);
  const idx = [...Array(closed).keys()].filter(
    (i) => s.ts[i]!.getTime() >= input.from.getTime() && s.ts[i]!.getTime() < input.to.getTime(),
  );
  const values = idx.map((i) => s.y[i] ?? null);
  return {
    first: values[0] ?? null,
    last: values.at(-1) ?? null,
    chart:
      values.length > 1
        ? {
            values,
            tone: 'neutral',
            labels: bucketLabels(
              idx.map((i) => s.ts[i]!),
              'd',
              input.timezone,
              input.now,
            ),
            format: input.format,
            currency_symbol: input.currencySymbol,
          }
        : null,
  };
}

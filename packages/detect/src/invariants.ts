import { liftReadsAsPercent, TREND_HORIZON } from './insight';
import type { FittedPoints } from './money';
import { beyondBand } from './runs';
import type { Grain } from './series';

/**
 * What every insight a merchant sees must obey, checked against the series it is about (as pattern_series
 * serves it). One place says what "true" means; the quality test and `bench:quality` run it over every insight.
 */

export interface CheckedInsight {
  pattern_type: 'Point Anomaly' | 'Trend Change';
  direction: 'up' | 'down';
  grain: Grain;
  /** Window of the insight: its first and last bucket starts, epoch ms. */
  ts_start: number;
  ts_end: number;
  current_value: number;
  expected_value: number;
  yhat_lower: number;
  yhat_upper: number;
  formatted_lift_percentage: string;
  formatted_normalization_string: string;
  insight_title: string;
  dollar_impact: number | null;
}

export interface CheckedMetric {
  /** A count or sum: a window's value is its buckets' total. */
  additive: boolean;
  /** Money per unit (1 for a money metric), or null. */
  dollar_impact: number | null;
}

const close = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b)) + 0.01;

/** The broken rules of one insight, in words; empty when it tells the truth. */
export function insightViolations(
  insight: CheckedInsight,
  metric: CheckedMetric,
  series: FittedPoints,
  /** The workspace's money metric's series at the same grain, when the metric is priced from it. */
  money?: FittedPoints | null,
): string[] {
  const out: string[] = [];
  const inWindow: number[] = [];
  for (let i = 0; i < series.ts.length; i++) {
    const t = series.ts[i]!;
    if (t >= insight.ts_start && t <= insight.ts_end && series.y[i] != null) inWindow.push(i);
  }
  if (inWindow.length === 0) return ['no bucket of the series in its window'];
  const nonNegative = series.y.every((v) => v == null || v >= 0);
  const mean = insight.pattern_type === 'Trend Change' || !metric.additive;
  const total = (pick: (i: number) => number | null | undefined) => {
    let s = 0;
    for (const i of inWindow) s += pick(i) ?? Number.NaN;
    return mean ? s / inWindow.length : s;
  };
  const actual = total((i) => series.y[i]);
  if (!close(insight.current_value, actual))
    out.push(`actual ${insight.current_value} but the series says ${actual}`);
  if (insight.pattern_type === 'Point Anomaly') {
    const expected = total((i) => series.yhat[i]);
    if (!close(insight.expected_value, expected))
      out.push(`expected ${insight.expected_value} but the series' fit says ${expected}`);
    const lower = total((i) => series.lower[i]);
    const upper = total((i) => series.upper[i]);
    if (!close(insight.yhat_lower, lower) || !close(insight.yhat_upper, upper))
      out.push(`band ${insight.yhat_lower}–${insight.yhat_upper} but the series' is ${lower}–${upper}`);
    // A spike is outside its own band in its direction (a stop at 0 is below a band clipped there).
    if (!beyondBand(insight.direction, actual, expected, lower, upper))
      out.push(`a ${insight.direction} anomaly whose actual ${actual} is inside its band ${lower}–${upper}`);
  } else {
    const span = series.ts.filter((t) => t >= insight.ts_start && t <= insight.ts_end).length;
    if (span > TREND_HORIZON[insight.grain])
      out.push(
        `a trend change judged over ${span} buckets, beyond its horizon of ${TREND_HORIZON[insight.grain]}`,
      );
  }
  if (nonNegative && insight.expected_value < 0)
    out.push(`a negative expected value (${insight.expected_value}) for a metric that is never negative`);
  if (nonNegative && insight.yhat_lower < 0) out.push(`a band below zero (${insight.yhat_lower})`);
  const lift =
    insight.expected_value !== 0
      ? (insight.current_value - insight.expected_value) / Math.abs(insight.expected_value)
      : Number.NaN;
  const percent = /%$/.test(insight.formatted_lift_percentage);
  if (percent && !liftReadsAsPercent(insight.expected_value, insight.yhat_lower, insight.yhat_upper, lift))
    out.push(
      `a percent lift (${insight.formatted_lift_percentage}) where the expected value is within its noise`,
    );
  if (/\dk%|\dM%/.test(insight.insight_title)) out.push(`an unreadable percent in the title`);
  const buckets = inWindow.length;
  if (
    metric.additive &&
    insight.pattern_type === 'Point Anomaly' &&
    buckets > 1 &&
    /^per /.test(insight.formatted_normalization_string)
  )
    out.push(`'${insight.formatted_normalization_string}' on a total over ${buckets} buckets`);
  if (insight.dollar_impact !== null && metric.dollar_impact !== null && metric.dollar_impact > 0) {
    // Never more money than the money metric carried (or was expected to carry) over the window: the
    // metric's own series when it is money, else the revenue it is priced from.
    const priced = money ?? series;
    const perUnit = money ? 1 : metric.dollar_impact;
    let carried = 0;
    let expected = 0;
    for (let i = 0; i < priced.ts.length; i++) {
      const t = priced.ts[i]!;
      if (t < insight.ts_start || t > insight.ts_end) continue;
      carried += Math.abs(priced.y[i] ?? 0);
      expected += Math.abs(priced.yhat[i] ?? 0);
    }
    const cap = Math.max(carried, expected) * perUnit;
    if (Math.abs(insight.dollar_impact) > cap * 1.0001 + 0.01)
      out.push(`money ${insight.dollar_impact} beyond the metric's own ${cap} over the window`);
    if (
      insight.dollar_impact !== 0 &&
      Math.sign(insight.dollar_impact) !== (insight.direction === 'up' ? 1 : -1)
    )
      out.push(`money ${insight.dollar_impact} against the direction ${insight.direction}`);
  }
  return out;
}

/**
 * A group's, an event's or an outage's money is one loss, not the sum of the same loss seen through several
 * signals: it is at most the largest of its members'.
 */
export function sharedMoneyViolations(total: number | null, members: ReadonlyArray<number | null>): string[] {
  if (total === null) return [];
  const largest = members.reduce<number>((a, m) => Math.max(a, Math.abs(m ?? 0)), 0);
  return Math.abs(total) > largest + 0.01 ? [`money ${total} above its largest member's ${largest}`] : [];
}

import {
  DATE_FORMATS,
  formatCompact,
  formatCurrency,
  formatDate,
  formatDuration,
  formatPercent,
  formatPercentValue,
  type MetricFormat,
} from '@tidemark/format';
import type { ExpectedRange } from './range';
import type { RootCauseResult } from './rootcause';
import { type Grain, grainMs } from './series';
import type { Direction, Severity, SpikeIncident } from './spikes';
import { gap, type Accent, type TrendChangeResult, type TrendLinePattern, type TrendSegment } from './trend';

export type PatternType = 'Point Anomaly' | 'Trend Change';

/** The metric an insight is about, as the metrics area stores it. */
export interface MetricContext {
  kpi_id: string;
  kpi_display_name: string;
  kpi_format?: MetricFormat;
  /** 'positive' when up is good. */
  accent?: Accent;
  tier?: 1 | 2 | 3;
  impact_to_topline?: number;
  is_derived?: boolean;
  /** A count or sum (a window's value is its buckets' total), as opposed to a rate or an average. */
  additive?: boolean;
}

export interface TextContext {
  timezone?: string;
  currency_symbol?: string;
  /** e.g. 'Mobile in US' from the root cause; appended as ', mostly …'. */
  mostly?: string | null;
}

/** The engine's part of an insight; the pipeline adds ids, tenant and links. */
export interface InsightDraft {
  insight_id_ts: string;
  insight_title: string;
  insight_summary: string;
  insight_severity: Severity;
  accent: Accent;
  pattern_direction: Direction;
  pattern_type: PatternType;
  pipeline_schedule: Grain;
  pattern_count: number;
  kpi_id: string;
  kpi_display_name: string;
  kpi_format: 'percentage' | 'number';
  is_derived: boolean;
  chart_description: string;
  chart_ts_start: string;
  chart_ts_end: string;
  current_value: number;
  expected_value: number;
  formatted_current_value: string;
  formatted_expected_value: string;
  formatted_difference_value: string;
  formatted_lift_percentage: string;
  formatted_trailing_sum: string;
  formatted_normalization_string: string;
  pattern_data: {
    yhat_lower: number;
    yhat_upper: number;
    formatted_yhat_lower: string;
    formatted_yhat_upper: string;
    formatted_delta_to_date: string;
    changepoint_value: number | null;
    formatted_changepoint_value: string | null;
    post_period: string | null;
    trend_unit: string | null;
    trend_line: TrendLinePattern | null;
  };
}

const UNIT: Record<Grain, string> = { h: 'hour', d: 'day', w: 'week', m: 'month' };
const TRAILING: Record<Grain, number> = { h: 24, d: 7, w: 4, m: 12 };
// Chart context around an insight: the spike chart shows this many buckets before and after.
const CHART_BEFORE: Record<Grain, number> = { h: 48, d: 14, w: 8, m: 6 };
/**
 * A trend change is judged and priced over at most this many buckets after it: about what a team could have
 * acted on. Carrying an old line on for months prices the line, not the store.
 */
export const TREND_HORIZON: Record<Grain, number> = { h: 7 * 24, d: 28, w: 8, m: 3 };
/** Share of the buckets after a change that must leave the band of the model without it. */
export const TREND_OUTSIDE_SHARE = 0.5;
// Lifts beyond this many times the expected value read as noise ("+4k%"): they are given in units.
const MAX_PERCENT_LIFT = 9.99;

/**
 * Whether a relative lift says something: the expected value must stand clear of its own noise (above half
 * its band's width) and the change must not be a multiple of it. Otherwise figures are given in units
 * ("2 against about 0 expected").
 */
export function liftReadsAsPercent(expected: number, lower: number, upper: number, lift: number): boolean {
  if (!Number.isFinite(lift) || Math.abs(lift) > MAX_PERCENT_LIFT) return false;
  const halfBand = Number.isFinite(upper - lower) ? Math.abs(upper - lower) / 2 : 0;
  return Math.abs(expected) > halfBand;
}

/** 'per day' for one bucket or a rate; a total over several buckets says how many ('over 3 hours'). */
export function normalizationOf(grain: Grain, buckets: number, additive: boolean | undefined): string {
  if (buckets <= 1 || additive === false) return `per ${UNIT[grain]}`;
  return `over ${buckets} ${UNIT[grain]}s`;
}

/** A value in the metric's own format: percent, currency with the tenant's symbol, or k/M/B/T. */
export function formatValue(
  value: number,
  format: MetricFormat | undefined,
  symbol?: string,
  signed = false,
): string {
  if (format === 'percentage') return formatPercentValue(value, { signed });
  if (format === 'currency') return formatCurrency(value, { symbol, signed });
  const text = formatCompact(value);
  return signed && value > 0 ? '+' + text : text;
}

/** 'Mobile in US' from the top root-cause value and its top drill-down value, when that stands out. */
export function mostlyFromRootCause(rc: RootCauseResult | null | undefined): string | null {
  const top = rc?.rootcause_data[0]?.rootcause_details[0];
  if (!top || top.pattern_contribution < 0.3) return null;
  const drill = top.drill_down_group
    ? rc!.rootcause_data.find((g) => g.group === top.drill_down_group)?.rootcause_details[0]
    : undefined;
  // A drill-down value is named only when it moved clearly more than its parent did: half of an evenly
  // split change is "in Email" by size alone, which says nothing.
  const standsOut =
    !!drill &&
    (!Number.isFinite(drill.kpi_value_movement_decimal) ||
      !Number.isFinite(top.kpi_value_movement_decimal) ||
      Math.abs(drill.kpi_value_movement_decimal) >= 1.5 * Math.abs(top.kpi_value_movement_decimal));
  return drill && drill.pattern_contribution >= 0.3 && standsOut
    ? `${top.dim_val} in ${drill.dim_val}`
    : top.dim_val;
}

function accentOf(direction: Direction, metricAccent: Accent | undefined): Accent {
  return (direction === 'up') === ((metricAccent ?? 'positive') === 'positive') ? 'positive' : 'negative';
}

function when(range: ExpectedRange, a: number, b: number, tz: string | undefined): string {
  const ts = range.timestamps;
  const day = formatDate(ts[a]!, { tz, format: DATE_FORMATS.day });
  if (range.grain !== 'h') return `on ${day}`;
  if (a === b) return `at ${formatDate(ts[a]!, { tz, format: DATE_FORMATS.hour })} on ${day}`;
  return `between ${formatDate(ts[a]!, { tz, format: DATE_FORMATS.hour })} and ${formatDate(ts[b]! + 3_600_000, { tz, format: DATE_FORMATS.hour })} on ${day}`;
}

function trailingSum(range: ExpectedRange, end: number): number {
  let s = 0;
  for (let i = Math.max(0, end - TRAILING[range.grain] + 1); i <= end; i++)
    if (Number.isFinite(range.y[i]!)) s += range.y[i]!;
  return s;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** An insight for one spike incident: figures through packages/format, a title a merchant reads at a glance. */
export function buildSpikeInsight(
  range: ExpectedRange,
  incident: SpikeIncident,
  metric: MetricContext,
  ctx: TextContext = {},
): InsightDraft {
  const fmt = (v: number, signed = false): string =>
    formatValue(v, metric.kpi_format, ctx.currency_symbol, signed);
  const diff = incident.current - incident.expected;
  const asPercent = liftReadsAsPercent(incident.expected, incident.lower, incident.upper, incident.lift);
  const liftText = asPercent ? formatPercent(Math.abs(incident.lift)) : fmt(Math.abs(diff));
  const verb = incident.direction === 'up' ? 'rose' : 'fell';
  const rel = incident.direction === 'up' ? 'above' : 'below';
  const whenText = when(range, incident.startIndex, incident.endIndex, ctx.timezone);
  const mostly = ctx.mostly ? `, mostly ${ctx.mostly}` : '';
  const name = metric.kpi_display_name;
  const title = `${name} ${verb} ${liftText} ${rel} expected ${whenText.replace(/^between .* on /, 'on ').replace(/^at .* on /, 'on ')}${mostly}`;
  const duration = (incident.endIndex - incident.startIndex + 1) * grainMs(range.grain);
  const summary =
    `${name} was ${fmt(incident.current)} ${whenText}, ${asPercent ? `${fmt(Math.abs(diff))} (${liftText})` : fmt(Math.abs(diff))} ${rel} the expected ${asPercent ? '' : 'about '}${fmt(incident.expected)}` +
    ` (normal range ${fmt(incident.lower)}–${fmt(incident.upper)}).` +
    (duration > grainMs(range.grain) ? ` It lasted ${formatDuration(duration)}.` : '') +
    (ctx.mostly ? ` Most of the change came from ${ctx.mostly}.` : '');
  let delta = 0;
  for (let i = incident.startIndex; i < range.y.length; i++)
    if (Number.isFinite(range.score[i]!)) delta += range.y[i]! - range.yhat[i]!;
  const ts = range.timestamps;
  return {
    insight_id_ts: iso(incident.start),
    insight_title: title,
    insight_summary: summary,
    insight_severity: incident.severity,
    accent: accentOf(incident.direction, metric.accent),
    pattern_direction: incident.direction,
    pattern_type: 'Point Anomaly',
    pipeline_schedule: range.grain,
    pattern_count: incident.count,
    kpi_id: metric.kpi_id,
    kpi_display_name: name,
    kpi_format: metric.kpi_format === 'percentage' ? 'percentage' : 'number',
    is_derived: metric.is_derived ?? false,
    chart_description: `${name} against its expected range; the ${incident.direction === 'up' ? 'spike' : 'drop'} had a ${asPercent ? formatPercent(incident.lift, { signed: true }) : fmt(diff, true)} effect.`,
    chart_ts_start: iso(ts[Math.max(0, incident.startIndex - CHART_BEFORE[range.grain])]!),
    chart_ts_end: iso(ts[Math.min(ts.length - 1, incident.endIndex + CHART_BEFORE[range.grain])]!),
    current_value: incident.current,
    expected_value: incident.expected,
    formatted_current_value: fmt(incident.current),
    formatted_expected_value: fmt(incident.expected),
    formatted_difference_value: fmt(diff, true),
    formatted_lift_percentage: asPercent ? formatPercent(incident.lift, { signed: true }) : fmt(diff, true),
    formatted_trailing_sum: fmt(trailingSum(range, incident.endIndex)),
    formatted_normalization_string: normalizationOf(
      range.grain,
      incident.endIndex - incident.startIndex + 1,
      metric.additive,
    ),
    pattern_data: {
      yhat_lower: incident.lower,
      yhat_upper: incident.upper,
      formatted_yhat_lower: fmt(incident.lower),
      formatted_yhat_upper: fmt(incident.upper),
      formatted_delta_to_date: fmt(delta, true),
      changepoint_value: null,
      formatted_changepoint_value: null,
      post_period: null,
      trend_unit: null,
      trend_line: null,
    },
  };
}

/** What the buckets after a trend change would have been without it, over the bounded horizon. */
export interface TrendWindow {
  /** Bucket indices [from, to] of the range. */
  from: number;
  to: number;
  /** Buckets with a value in the window, and how many of them left the band of the model without the change. */
  buckets: number;
  outside: number;
  /** Per bucket: the actual mean, the no-change model's mean and band (clamped at 0 for a non-negative metric). */
  actual: number;
  expected: number;
  lower: number;
  upper: number;
  /** Σ (actual − no-change model) over the window, in the metric's units. */
  deviation: number;
}

/**
 * The model without the last change: the fitted value of each bucket after it, moved back by the gap between
 * the post line and the pre line carried on (divided by their ratio on a multiplicative fit), with its band
 * moved the same way. Over the horizon from the change, or (`latest`) over the horizon's length up to the
 * newest bucket, or up to as long after the change as the old line was seen if that is sooner. Null when
 * there is no change or no bucket with a value after it.
 */
export function trendWindow(
  range: ExpectedRange,
  trend: TrendChangeResult,
  stretch: 'first' | 'latest' = 'first',
): TrendWindow | null {
  const segs = trend.segments;
  if (!trend.lastChangepoint || segs.length < 2) return null;
  const pre = segs[segs.length - 2]!;
  const post = segs[segs.length - 1]!;
  const horizon = TREND_HORIZON[range.grain];
  // The old line is carried on no longer than it was seen: the latest stretch ends there at the latest.
  const last = Math.min(post.endIndex, post.startIndex + (pre.endIndex - pre.startIndex));
  const from = stretch === 'latest' ? Math.max(post.startIndex, last - horizon + 1) : post.startIndex;
  const to = stretch === 'latest' ? last : Math.min(post.endIndex, from + horizon - 1);
  let nonNegative = true;
  for (let i = 0; i < range.y.length; i++) if (range.y[i]! < 0) nonNegative = false;
  const clamp = (v: number) => (nonNegative ? Math.max(0, v) : v);
  const up = trend.direction === 'up';
  let buckets = 0;
  let outside = 0;
  let actual = 0;
  let expected = 0;
  let lower = 0;
  let upper = 0;
  let deviation = 0;
  for (let i = from; i <= to; i++) {
    const y = range.y[i]!;
    const yhat = range.yhat[i]!;
    if (!Number.isFinite(y) || !Number.isFinite(yhat)) continue;
    const after = post.intercept + post.slope * (i - post.startIndex);
    const before = pre.intercept + pre.slope * (i - pre.startIndex);
    let cf: number;
    let lo: number;
    let hi: number;
    if (range.multiplicative && after > 0 && before > 0) {
      const ratio = before / after;
      cf = yhat * ratio;
      lo = range.lower[i]! * ratio;
      hi = range.upper[i]! * ratio;
    } else {
      cf = yhat - (after - before);
      lo = range.lower[i]! - (after - before);
      hi = range.upper[i]! - (after - before);
    }
    cf = clamp(cf);
    lo = clamp(lo);
    hi = clamp(hi);
    buckets++;
    if (up ? y > hi : y < lo) outside++;
    actual += y;
    expected += cf;
    lower += lo;
    upper += hi;
    deviation += y - cf;
  }
  if (buckets === 0) return null;
  return {
    from,
    to,
    buckets,
    outside,
    actual: actual / buckets,
    expected: expected / buckets,
    lower: lower / buckets,
    upper: upper / buckets,
    deviation,
  };
}

/**
 * Whether the last change only undoes the one before it: it turns the other way after a stretch shorter than
 * what has followed, and over the horizon the line does not get past where it stood before that earlier
 * change (January's dip recovering towards December's level). The excursion was the news; its end is not a
 * new trend.
 */
export function isRecovery(trend: TrendChangeResult, horizon: number): boolean {
  const segs = trend.segments;
  if (segs.length < 3) return false;
  const [before, pre, post] = segs.slice(-3) as [TrendSegment, TrendSegment, TrendSegment];
  if (pre.endIndex - pre.startIndex >= post.endIndex - post.startIndex) return false;
  const last = gap(pre, post);
  if (last * gap(before, pre) >= 0) return false;
  const stood = before.intercept + before.slope * (before.endIndex - before.startIndex);
  const reached =
    post.intercept + (post.slope * (Math.min(horizon, post.endIndex - post.startIndex + 1) - 1)) / 2;
  return last > 0 ? reached <= stood : reached >= stood;
}

/**
 * An insight for the last trend change, or null when there is none or when the data after it stays inside
 * the band of the model without it (a change of the line that no day shows is not a trend change): over
 * the horizon after the change, or over the latest horizon (a bend leaves it gradually: at −14 %/month its
 * gap reaches a day's noise only after a month). Its figures are per bucket over the horizon after the
 * change: what the team saw, against what the earlier trend, with the season, pointed to.
 */
export function buildTrendInsight(
  range: ExpectedRange,
  trend: TrendChangeResult,
  metric: MetricContext,
  ctx: TextContext = {},
): InsightDraft | null {
  const cp = trend.lastChangepoint;
  const segs = trend.segments;
  if (!cp || segs.length < 2 || !trend.direction) return null;
  const window = trendWindow(range, trend);
  const minBuckets = range.grain === 'h' ? 24 : range.grain === 'd' ? 3 : 2;
  if (!window || window.buckets < minBuckets) return null;
  // Most buckets outside the band, or their mean outside the band of a mean (the band narrowed by √k, k
  // capped at a week of days: neighbouring buckets share the season's misfit, so they are not independent).
  if (isRecovery(trend, TREND_HORIZON[range.grain])) return null;
  const shows = (w: TrendWindow | null) =>
    !!w &&
    (w.outside >= TREND_OUTSIDE_SHARE * w.buckets ||
      Math.abs(w.actual - w.expected) > (w.upper - w.lower) / 2 / Math.sqrt(Math.min(w.buckets, 7)));
  if (!shows(window) && !shows(trendWindow(range, trend, 'latest'))) return null;
  const pre = segs[segs.length - 2]!;
  const post = segs[segs.length - 1]!;
  const fmt = (v: number, signed = false): string =>
    formatValue(v, metric.kpi_format, ctx.currency_symbol, signed);
  const unit = UNIT[range.grain];
  const level = Math.max(Math.abs(post.intercept), 1e-12);
  // An hourly slope reads as 0.0% per hour: rates are stated per day for hourly metrics.
  const per = range.grain === 'h' ? 24 : 1;
  const rate = (slope: number): string =>
    `${formatPercent((per * slope) / level, { signed: true })} per ${range.grain === 'h' ? 'day' : unit}`;
  const name = metric.kpi_display_name;
  const day = formatDate(cp.timestamp, { tz: ctx.timezone, format: DATE_FORMATS.day });
  const { actual: current, expected } = window;
  const effect = expected !== 0 ? (current - expected) / Math.abs(expected) : NaN;
  const asPercent = liftReadsAsPercent(expected, window.lower, window.upper, effect);
  const mostly = ctx.mostly ? `, mostly ${ctx.mostly}` : '';
  const span = formatDuration(
    range.timestamps[window.to]! - range.timestamps[window.from]! + grainMs(range.grain),
  );
  const severity: Severity =
    Math.abs(effect) >= 0.2 && (metric.tier ?? 2) <= 2 ? 'High' : Math.abs(effect) >= 0.1 ? 'Medium' : 'Low';
  const gapText = asPercent
    ? `${formatPercent(Math.abs(effect))} ${effect >= 0 ? 'above' : 'below'}`
    : `${fmt(Math.abs(current - expected))} ${effect >= 0 ? 'above' : 'below'}`;
  return {
    insight_id_ts: iso(cp.timestamp),
    insight_title: `${name} trend turned ${trend.direction} on ${day}${mostly}`,
    insight_summary:
      (trend.kind === 'jump'
        ? `On ${day} ${name} stepped ${trend.direction} to a new level and has ${
            // "moved 0.0% per day" says nothing a merchant can use; a flat level is said plainly.
            /^[+-]?0\.0%/.test(rate(post.slope)) ? 'held there' : `moved ${rate(post.slope)}`
          } since. `
        : `Since ${day} ${name} has moved ${rate(post.slope)}, after ${rate(pre.slope)} before. `) +
      `Over the ${span} after the change it averaged ${fmt(current)} per ${unit}, ${gapText} where the earlier trend pointed (${fmt(expected)}).`,
    insight_severity: severity,
    accent: accentOf(trend.direction, metric.accent),
    pattern_direction: trend.direction,
    pattern_type: 'Trend Change',
    pipeline_schedule: range.grain,
    pattern_count: trend.changepoints.length,
    kpi_id: metric.kpi_id,
    kpi_display_name: name,
    kpi_format: metric.kpi_format === 'percentage' ? 'percentage' : 'number',
    is_derived: metric.is_derived ?? false,
    chart_description: `${name} trend before and after ${day}; the change had a ${
      asPercent ? formatPercent(effect, { signed: true }) : fmt(current - expected, true)
    } effect.`,
    chart_ts_start: iso(pre.start),
    chart_ts_end: iso(post.end),
    current_value: current,
    expected_value: expected,
    formatted_current_value: fmt(current),
    formatted_expected_value: fmt(expected),
    formatted_difference_value: fmt(current - expected, true),
    formatted_lift_percentage: asPercent
      ? formatPercent(effect, { signed: true })
      : fmt(current - expected, true),
    formatted_trailing_sum: fmt(trailingSum(range, post.endIndex)),
    formatted_normalization_string: `per ${unit}`,
    pattern_data: {
      yhat_lower: window.lower,
      yhat_upper: window.upper,
      formatted_yhat_lower: fmt(window.lower),
      formatted_yhat_upper: fmt(window.upper),
      formatted_delta_to_date: fmt(window.deviation, true),
      changepoint_value: post.intercept,
      formatted_changepoint_value: fmt(post.intercept),
      post_period: span,
      trend_unit: unit,
      trend_line: trend.trend_line,
    },
  };
}

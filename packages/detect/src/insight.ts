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
import type { Accent, TrendChangeResult, TrendLinePattern } from './trend';

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
  const liftText = Number.isFinite(incident.lift)
    ? formatPercent(Math.abs(incident.lift))
    : fmt(Math.abs(diff));
  const verb = incident.direction === 'up' ? 'rose' : 'fell';
  const rel = incident.direction === 'up' ? 'above' : 'below';
  const whenText = when(range, incident.startIndex, incident.endIndex, ctx.timezone);
  const mostly = ctx.mostly ? `, mostly ${ctx.mostly}` : '';
  const name = metric.kpi_display_name;
  const title = `${name} ${verb} ${liftText} ${rel} expected ${whenText.replace(/^between .* on /, 'on ').replace(/^at .* on /, 'on ')}${mostly}`;
  const duration = (incident.endIndex - incident.startIndex + 1) * grainMs(range.grain);
  const summary =
    `${name} was ${fmt(incident.current)} ${whenText}, ${fmt(Math.abs(diff))} (${liftText}) ${rel} the expected ${fmt(incident.expected)}` +
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
    chart_description: `${name} against its expected range; the ${incident.direction === 'up' ? 'spike' : 'drop'} had a ${formatPercent(incident.lift, { signed: true })} effect.`,
    chart_ts_start: iso(ts[Math.max(0, incident.startIndex - CHART_BEFORE[range.grain])]!),
    chart_ts_end: iso(ts[Math.min(ts.length - 1, incident.endIndex + CHART_BEFORE[range.grain])]!),
    current_value: incident.current,
    expected_value: incident.expected,
    formatted_current_value: fmt(incident.current),
    formatted_expected_value: fmt(incident.expected),
    formatted_difference_value: fmt(diff, true),
    formatted_lift_percentage: formatPercent(incident.lift, { signed: true }),
    formatted_trailing_sum: fmt(trailingSum(range, incident.endIndex)),
    formatted_normalization_string: `per ${UNIT[range.grain]}`,
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

// Gap between the post line and the pre line carried forward, summed over the post period.
function deltaSinceChange(
  pre: { startIndex: number; intercept: number; slope: number },
  post: { startIndex: number; endIndex: number; intercept: number; slope: number },
): number {
  let s = 0;
  for (let i = post.startIndex; i <= post.endIndex; i++)
    s +=
      post.intercept +
      post.slope * (i - post.startIndex) -
      (pre.intercept + pre.slope * (i - pre.startIndex));
  return s;
}

/** An insight for the last trend change, or null when there is none. */
export function buildTrendInsight(
  range: ExpectedRange,
  trend: TrendChangeResult,
  metric: MetricContext,
  ctx: TextContext = {},
): InsightDraft | null {
  const cp = trend.lastChangepoint;
  const segs = trend.segments;
  if (!cp || segs.length < 2 || !trend.direction) return null;
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
  const end = post.endIndex;
  const expected = pre.intercept + pre.slope * (end - pre.startIndex);
  const current = post.intercept + post.slope * (end - post.startIndex);
  const effect = expected !== 0 ? (current - expected) / Math.abs(expected) : NaN;
  const mostly = ctx.mostly ? `, mostly ${ctx.mostly}` : '';
  const postPeriod = formatDuration(range.timestamps[end]! - cp.timestamp + grainMs(range.grain));
  const severity: Severity =
    Math.abs(effect) >= 0.2 && (metric.tier ?? 2) <= 2 ? 'High' : Math.abs(effect) >= 0.1 ? 'Medium' : 'Low';
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
      `It is now ${fmt(current)}, ${formatPercent(Math.abs(effect))} ${effect >= 0 ? 'above' : 'below'} where the earlier trend pointed (${fmt(expected)}).`,
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
    chart_description: `${name} trend before and after ${day}; the change had a ${formatPercent(effect, { signed: true })} effect.`,
    chart_ts_start: iso(pre.start),
    chart_ts_end: iso(post.end),
    current_value: current,
    expected_value: expected,
    formatted_current_value: fmt(current),
    formatted_expected_value: fmt(expected),
    formatted_difference_value: fmt(current - expected, true),
    formatted_lift_percentage: formatPercent(effect, { signed: true }),
    formatted_trailing_sum: fmt(trailingSum(range, end)),
    formatted_normalization_string: `per ${unit}`,
    pattern_data: {
      yhat_lower: range.lower[end]!,
      yhat_upper: range.upper[end]!,
      formatted_yhat_lower: fmt(range.lower[end]!),
      formatted_yhat_upper: fmt(range.upper[end]!),
      formatted_delta_to_date: fmt(deltaSinceChange(pre, post), true),
      changepoint_value: post.intercept,
      formatted_changepoint_value: fmt(post.intercept),
      post_period: postPeriod,
      trend_unit: unit,
      trend_line: trend.trend_line,
    },
  };
}

import type { SeriesPoint, SeriesSchedule } from '@tidemark/contract';
import {
  DATE_FORMATS,
  formatDate,
  formatMetricValue,
  rangeNeedsYear,
  withYear,
  type MetricFormat,
} from '@tidemark/format';
import { escapeHtml, type ChartOption } from '@/components/chart';
import { METRICS_HUB_COPY } from '../messages';

export interface SeriesChartInput {
  points: SeriesPoint[];
  format: MetricFormat;
  timezone?: string | undefined;
  currencySymbol?: string | undefined;
  /** `bandEdge` colours the range's legend mark, which the faint fill would leave invisible. */
  /** How many of the newest points the chart opens on; the slider reaches the rest. */
  visiblePoints?: number | undefined;
  colors: { value: string; expected: string; band: string; bandEdge: string; spike: string; grid: string };
}

type Pair = [number, number | null];

/** The points split into what the chart draws: values, expected line, band edges and spikes. */
export function seriesParts(points: SeriesPoint[]) {
  const value: Pair[] = [];
  const expected: Pair[] = [];
  const lower: Pair[] = [];
  const width: Pair[] = [];
  const spikes: Array<[number, number]> = [];
  for (const p of points) {
    const t = Date.parse(p.timestamp);
    if (!Number.isFinite(t)) continue;
    const r = p.result;
    value.push([t, r.y]);
    expected.push([t, r.yhat]);
    const banded = r.yhat_lower !== null && r.yhat_upper !== null;
    lower.push([t, banded ? r.yhat_lower : null]);
    width.push([t, banded ? r.yhat_upper! - r.yhat_lower! : null]);
    if (r.anomaly === 'True' && r.y !== null) spikes.push([t, r.y]);
  }
  return { value, expected, lower, width, spikes };
}

/**
 * The metric page's timeline: the value, the expected value, the expected range as a band (its lower
 * edge plus a stacked width) and spikes as red points. The toolbox's restore is the reset control.
 */
export function seriesChartOption(input: SeriesChartInput): ChartOption {
  const { value, expected, lower, width, spikes } = seriesParts(input.points);
  const copy = METRICS_HUB_COPY;
  const fmt = (v: number) => formatMetricValue(v, input.format, input.currencySymbol);
  const byTime = new Map(input.points.map((p) => [Date.parse(p.timestamp), p.result]));
  // Data over several years, or from another year, shows its year on the axis and in the tooltip.
  const year = rangeNeedsYear(input.points[0]?.timestamp, input.points.at(-1)?.timestamp, {
    tz: input.timezone,
  });
  const start = zoomStart(value.length, input.visiblePoints);
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 40, bottom: 64 },
    legend: {
      top: 0,
      left: 0,
      // Nothing can be hidden, so the last visible series can never be hidden (spec 3 §4).
      selectedMode: false,
      data: [copy.value, copy.expected, copy.expectedRange, copy.spike],
    },
    toolbox: {
      right: 8,
      top: 0,
      feature: {
        dataZoom: { yAxisIndex: 'none', title: { zoom: 'Zoom', back: 'Undo zoom' } },
        restore: { title: 'Reset' },
      },
    },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const list = Array.isArray(params) ? (params as Array<{ value: Pair }>) : [];
        const t = list[0]?.value[0];
        if (t === undefined) return '';
        const r = byTime.get(t);
        if (!r) return '';
        const lines = [
          `<strong>${escapeHtml(formatDate(t, { tz: input.timezone, format: withYear(DATE_FORMATS.dateTime, year) }))}</strong>`,
          `${escapeHtml(copy.value)}: ${escapeHtml(r.y === null ? '–' : fmt(r.y))}`,
          `${escapeHtml(copy.expected)}: ${escapeHtml(r.yhat === null ? '–' : fmt(r.yhat))}`,
        ];
        if (r.yhat_lower !== null && r.yhat_upper !== null)
          lines.push(
            `${escapeHtml(copy.expectedRange)}: ${escapeHtml(fmt(r.yhat_lower))} – ${escapeHtml(fmt(r.yhat_upper))}`,
          );
        if (r.anomaly === 'True')
          lines.push(
            `<span style="color:${escapeHtml(input.colors.spike)}">${escapeHtml(copy.spike)}</span>`,
          );
        return lines.join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      axisLabel: {
        hideOverlap: true,
        formatter: (v: number) => formatDate(v, { tz: input.timezone, format: withYear('D MMM', year) }),
      },
    },
    yAxis: {
      type: 'value',
      scale: true,
      splitLine: { lineStyle: { color: input.colors.grid } },
      axisLabel: { formatter: (v: number) => fmt(v) },
    },
    dataZoom: [
      // 'filter' so the value axis fits the window shown, not the whole history.
      { type: 'inside', filterMode: 'filter', start, end: 100 },
      { type: 'slider', height: 20, bottom: 12, filterMode: 'filter', start, end: 100 },
    ],
    series: [
      {
        name: 'lower',
        type: 'line',
        data: lower,
        stack: 'band',
        showSymbol: false,
        lineStyle: { opacity: 0 },
        silent: true,
        tooltip: { show: false },
      },
      {
        name: copy.expectedRange,
        type: 'line',
        data: width,
        stack: 'band',
        showSymbol: false,
        lineStyle: { opacity: 0 },
        areaStyle: { color: input.colors.band },
        itemStyle: { color: input.colors.bandEdge },
        silent: true,
      },
      {
        name: copy.expected,
        type: 'line',
        data: expected,
        showSymbol: false,
        lineStyle: { type: 'dashed', width: 1, color: input.colors.expected },
        itemStyle: { color: input.colors.expected },
      },
      {
        name: copy.value,
        type: 'line',
        data: value,
        showSymbol: false,
        lineStyle: { width: 2, color: input.colors.value },
        itemStyle: { color: input.colors.value },
      },
      {
        name: copy.spike,
        type: 'scatter',
        data: spikes,
        symbolSize: 8,
        itemStyle: { color: input.colors.spike },
        z: 5,
      },
    ],
  };
}

/** The percent of the axis where the opening window starts, so the newest `visible` points fill it. */
export function zoomStart(total: number, visible: number | undefined): number {
  if (!visible || total <= visible) return 0;
  return Math.round((1 - visible / total) * 1000) / 10;
}

const HOUR_MS = 3_600_000;

/** When a bucket starting at `t` closes (months by the calendar). */
export function bucketEnd(t: number, schedule: SeriesSchedule): number {
  if (schedule === 'h') return t + HOUR_MS;
  if (schedule === 'd') return t + 24 * HOUR_MS;
  if (schedule === 'w') return t + 7 * 24 * HOUR_MS;
  const d = new Date(t);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.getTime();
}

/**
 * The bucket still filling holds a partial value that would read as a sudden drop: its value is left
 * out (its expected range, and any forecast after it, stay).
 */
export function withoutFillingValue(
  points: SeriesPoint[],
  schedule: SeriesSchedule,
  now: number,
): SeriesPoint[] {
  return points.map((p) =>
    bucketEnd(Date.parse(p.timestamp), schedule) > now && p.result.y !== null
      ? { ...p, result: { ...p.result, y: null, anomaly: 'False' } }
      : p,
  );
}

import { alpha, useTheme } from '@mui/material/styles';
import type { Accent, Insight, SeriesPoint } from '@tidemark/contract';
import {
  DATE_FORMATS,
  formatDate,
  formatMetricValue,
  rangeNeedsYear,
  shownDateFormat,
  withYear,
} from '@tidemark/format';
import { useMemo } from 'react';
import { EChart, escapeHtml, type ChartClick, type ChartOption } from '@/components/chart';
import { INSIGHTS_COPY } from '../../messages';
import { SPIKE_TICK_MS, highlightBand, type ChartWindow } from './schedule';
import { forecastStart, spikePoints } from './timeline';

export interface TimelineChartProps {
  points: SeriesPoint[];
  window: ChartWindow;
  schedule: Insight['pipeline_schedule'];
  kpiName: string;
  kpiFormat: Insight['kpi_format'];
  /** A money metric's symbol (its currency's); absent: the workspace's. */
  currencySymbol?: string | undefined;
  /** The insight the chart is about: its band is tinted red (negative) or green (positive). */
  highlight?: { ts: string; accent: Accent } | null;
  tz?: string | null | undefined;
  height?: number;
  hidden?: ReadonlySet<string>;
  onSpikeClick?: (timestamp: string) => void;
  /** A log y axis: values at or below zero cannot be drawn on it and are left out. */
  logScale?: boolean;
  /** The actual values as a line (default) or as bars. */
  chartType?: 'line' | 'bar';
  /** The points hold the forecast (is_forecast_enabled): the range past the last value is shaded as such. */
  forecast?: boolean;
}

export function TimelineChart({
  points,
  window,
  schedule,
  kpiName,
  kpiFormat,
  currencySymbol,
  highlight,
  tz,
  height = 280,
  hidden = new Set(),
  onSpikeClick,
  logScale = false,
  chartType = 'line',
  forecast = false,
}: TimelineChartProps) {
  const theme = useTheme();
  const option = useMemo<ChartOption>(() => {
    const ts = (p: SeriesPoint) => Date.parse(p.timestamp);
    const band = highlight ? highlightBand(highlight.ts, schedule) : null;
    const tint = highlight?.accent === 'positive' ? theme.palette.success.main : theme.palette.error.main;
    const value = (v: number) => formatMetricValue(v, kpiFormat, currencySymbol);
    // A log axis has no place for zero or below: such values become gaps.
    const y = (v: number | null) => (v === null || (logScale && v <= 0) ? null : v);
    const forecastFrom = forecast ? forecastStart(points) : null;
    const series: NonNullable<ChartOption['series']> = [];
    if (!hidden.has('range')) {
      series.push(
        {
          id: 'range-base',
          name: 'range-base',
          type: 'line',
          stack: 'range',
          symbol: 'none',
          silent: true,
          lineStyle: { opacity: 0 },
          data: points.map((p) => [ts(p), y(p.result.yhat_lower)]),
        },
        {
          id: 'range',
          name: INSIGHTS_COPY.expectedRange,
          type: 'line',
          stack: 'range',
          symbol: 'none',
          silent: true,
          lineStyle: { opacity: 0 },
          areaStyle: { color: alpha(theme.palette.primary.main, 0.12) },
          data: points.map((p) => [
            ts(p),
            y(p.result.yhat_upper) !== null && y(p.result.yhat_lower) !== null
              ? p.result.yhat_upper! - p.result.yhat_lower!
              : null,
          ]),
          ...(forecastFrom !== null
            ? {
                markArea: {
                  silent: true,
                  label: { show: true, position: 'insideTop', color: theme.palette.text.secondary },
                  itemStyle: { color: alpha(theme.palette.warning.main, 0.08) },
                  data: [[{ xAxis: forecastFrom, name: INSIGHTS_COPY.forecast }, { xAxis: 'max' }]],
                },
              }
            : {}),
        },
      );
    }
    if (!hidden.has('expected')) {
      series.push({
        id: 'expected',
        name: INSIGHTS_COPY.expected,
        type: 'line',
        symbol: 'none',
        lineStyle: { type: 'dashed', width: 1.5, color: theme.palette.text.secondary },
        itemStyle: { color: theme.palette.text.secondary },
        data: points.map((p) => [ts(p), y(p.result.yhat)]),
      });
    }
    if (!hidden.has('actual')) {
      series.push({
        id: 'actual',
        name: INSIGHTS_COPY.actual,
        type: chartType,
        ...(chartType === 'line'
          ? { symbol: 'none', lineStyle: { width: 2, color: theme.palette.primary.main } }
          : { barMaxWidth: 14 }),
        itemStyle: { color: theme.palette.primary.main },
        data: points.map((p) => [ts(p), y(p.result.y)]),
        ...(band
          ? {
              markArea: {
                silent: true,
                itemStyle: { color: alpha(tint, 0.1) },
                data: [[{ xAxis: band[0] }, { xAxis: band[1] }]],
              },
            }
          : {}),
      });
    }
    if (!hidden.has('spikes')) {
      series.push({
        id: 'spikes',
        name: INSIGHTS_COPY.spikesSeries,
        type: 'scatter',
        symbolSize: 11,
        cursor: 'pointer',
        z: 5,
        itemStyle: { color: theme.palette.error.main, borderColor: '#fff', borderWidth: 2 },
        data: spikePoints(points)
          .filter((p) => y(p.result.y) !== null)
          .map((p) => ({ value: [ts(p), p.result.y], name: p.timestamp })),
      });
    }
    return {
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: {
        type: 'time',
        min: window.start,
        max: window.end,
        minInterval: SPIKE_TICK_MS[schedule],
        axisLabel: {
          hideOverlap: true,
          formatter: (v: number) =>
            formatDate(v, {
              tz,
              format: withYear(
                schedule === 'h' ? 'D MMM, ha' : schedule === 'm' ? 'MMM YYYY' : 'D MMM',
                rangeNeedsYear(window.start, window.end, { tz }),
              ),
            }),
        },
        splitLine: { show: false },
      },
      yAxis: {
        type: logScale ? 'log' : 'value',
        ...(logScale ? { logBase: 10 } : { scale: true }),
        axisLabel: { formatter: (v: number) => value(v) },
        splitLine: { lineStyle: { color: theme.palette.divider } },
      },
      tooltip: {
        trigger: 'axis',
        formatter: (params: unknown) => {
          const list = params as Array<{ dataIndex: number; seriesId?: string }>;
          const first = list.find((l) => l.seriesId !== 'spikes') ?? list[0];
          const point = first && first.seriesId !== 'spikes' ? points[first.dataIndex] : null;
          if (!point) return '';
          const r = point.result;
          // Tooltip dates are in UTC (spec 3 §4). The metric's name is the user's text, never markup.
          return [
            `<b>${escapeHtml(kpiName)}</b>`,
            escapeHtml(
              formatDate(point.timestamp, {
                tz: 'Etc/UTC',
                format: shownDateFormat({
                  tz: 'Etc/UTC',
                  format: DATE_FORMATS.dateTime,
                  among: [window.start, window.end],
                }),
              }),
            ),
            `${escapeHtml(INSIGHTS_COPY.actual)}: ${escapeHtml(r.y === null ? '–' : value(r.y))}`,
            `${escapeHtml(INSIGHTS_COPY.expected)}: ${escapeHtml(r.yhat === null ? '–' : value(r.yhat))}`,
            `${escapeHtml(INSIGHTS_COPY.expectedRange)}: ${escapeHtml(r.yhat_lower === null ? '–' : value(r.yhat_lower))} – ${escapeHtml(r.yhat_upper === null ? '–' : value(r.yhat_upper))}`,
            r.anomaly === 'True' ? `<b style="color:${escapeHtml(theme.palette.error.main)}">Spike</b>` : '',
          ]
            .filter(Boolean)
            .join('<br/>');
        },
      },
      series,
    };
  }, [
    points,
    window,
    schedule,
    highlight,
    hidden,
    kpiFormat,
    currencySymbol,
    kpiName,
    tz,
    theme,
    logScale,
    chartType,
    forecast,
  ]);

  const onClick = (event: ChartClick) => {
    if (event.seriesId === 'spikes' && typeof event.name === 'string') onSpikeClick?.(event.name);
  };
  return (
    <EChart
      option={option}
      notMerge
      height={height}
      onClick={onClick}
      ariaLabel={`${kpiName} over time against its expected range, with ${spikePoints(points).length} spikes`}
      testId="timeline-chart"
    />
  );
}

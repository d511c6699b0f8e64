import { useTheme } from '@mui/material/styles';
import type { Histogram } from '@tidemark/contract';
import { formatDate, shownDateFormat } from '@tidemark/format';
import { useMemo } from 'react';
import { EChart, escapeHtml, type ChartOption } from '@/components/chart';
import { INSIGHTS_COPY } from '../../messages';
import { histogramBars, histogramTickEvery, histogramTotals, HISTOGRAM_CAP } from './histogram';

export interface HistogramChartProps {
  histogram: Histogram;
  window: { start: number; end: number };
  tz?: string | null | undefined;
  height?: number;
}

/** Without a year: the shown-date rule adds it ('Mar 2026') when the window reaches into another year. */
const LABEL_FORMAT = { hour: 'ha', day: 'D MMM', week: 'D MMM', month: 'MMM', quarter: 'MMM' } as const;

/** The banner's histogram: a summary, not a filter. Bars capped at 10; negative insights below the axis. */
export function HistogramChart({ histogram, window, tz, height = 96 }: HistogramChartProps) {
  const theme = useTheme();
  const option = useMemo<ChartOption>(() => {
    const bars = histogramBars(histogram, window, tz);
    const every = histogramTickEvery(histogram.histogram_granularity, window);
    // Days read '3 Oct', or '3 Oct 2025' when the window reaches into another year.
    const among = [window.start, window.end];
    const format = shownDateFormat({ tz, format: LABEL_FORMAT[histogram.histogram_granularity], among });
    // Category buckets: an exact label every N buckets (a time axis rounds to its own "nice" steps).
    const interval = every === null ? 'auto' : every - 1;
    return {
      grid: { left: 4, right: 4, top: 6, bottom: 20, containLabel: false },
      xAxis: {
        type: 'category',
        data: bars.map((b) => formatDate(b.ts, { tz, format })),
        axisLine: { lineStyle: { color: theme.palette.divider } },
        axisTick: { show: false },
        axisLabel: { fontSize: 10, interval, hideOverlap: every === null },
      },
      yAxis: { type: 'value', min: -HISTOGRAM_CAP, max: HISTOGRAM_CAP, show: false },
      tooltip: {
        trigger: 'axis',
        formatter: (params: unknown) => {
          const list = params as Array<{ dataIndex: number }>;
          const bar = bars[list[0]?.dataIndex ?? -1];
          if (!bar) return '';
          const day = formatDate(bar.ts, {
            tz,
            format: shownDateFormat({
              tz,
              format: histogram.histogram_granularity === 'hour' ? 'ddd, DD MMM, h A' : 'ddd, DD MMM',
              among,
            }),
          });
          return `${escapeHtml(day)}<br/>Positive: ${escapeHtml(bar.positive)}<br/>Negative: ${escapeHtml(bar.negative)}`;
        },
      },
      series: [
        {
          name: 'Positive',
          type: 'bar',
          stack: 'sign',
          barMaxWidth: 10,
          itemStyle: { color: theme.palette.success.main, borderRadius: [2, 2, 0, 0] },
          data: bars.map((b) => b.positiveHeight),
        },
        {
          name: 'Negative',
          type: 'bar',
          stack: 'sign',
          barMaxWidth: 10,
          itemStyle: { color: theme.palette.error.main, borderRadius: [0, 0, 2, 2] },
          data: bars.map((b) => b.negativeHeight),
        },
      ],
    };
  }, [histogram, window, tz, theme]);
  const totals = histogramTotals(histogram);
  return (
    <EChart
      option={option}
      notMerge
      height={height}
      ariaLabel={INSIGHTS_COPY.histogramLabel(totals.positive, totals.negative)}
      testId="insights-histogram"
    />
  );
}

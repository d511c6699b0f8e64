import type { ExplorerQueryResponse, ExplorerSeries, SeriesSchedule } from '@tidemark/contract';
import { MISSING, formatCompact, formatPercentValue, formatShownDate } from '@tidemark/format';
import { escapeHtml, type ChartOption } from '@/components/chart';
import { EXPLORER_COPY } from '../messages';

/** Bucket labels on the workspace's clock, as precise as the grain; the year joins when the answer needs it. */
const LABEL_FORMAT: Record<SeriesSchedule, string> = {
  h: 'D MMM HH:mm',
  d: 'ddd D MMM',
  w: 'D MMM',
  m: 'MMM YYYY',
};

/** The answer's bucket times, which decide whether its labels carry the year. */
export const answerDates = (answer: ExplorerQueryResponse): string[] =>
  (answer.series[0]?.points ?? []).map((p) => p.timestamp);

export function bucketLabel(
  ts: string,
  grain: SeriesSchedule,
  timezone: string,
  among: readonly string[] = [],
): string {
  return formatShownDate(ts, { tz: timezone, format: LABEL_FORMAT[grain], among });
}

/** Percentage metrics hold percents (their formulas scale by 100); everything else is compacted. */
export function formatExplorerValue(value: number | null | undefined, format: ExplorerSeries['kpi_format']) {
  if (value === null || value === undefined) return MISSING;
  return format === 'percentage' ? formatPercentValue(value) : formatCompact(value);
}

export interface ChartColors {
  palette: string[];
  grid: string;
  spike: string;
}

/**
 * The explorer's line or bar chart: one colour per line; its expected band (lower edge plus a stacked,
 * faint width) when the answer has one; the comparison as a dashed line of the same colour. The first
 * metric reads the left axis, any other the right one, so revenue and orders both stay legible.
 */
export function explorerChartOption(
  answer: ExplorerQueryResponse,
  input: { chart: 'line' | 'bar'; colors: ChartColors },
): ChartOption {
  const dates = answerDates(answer);
  const labels = (answer.series[0]?.points ?? []).map((p) =>
    bucketLabel(p.timestamp, answer.grain, answer.timezone, dates),
  );
  const metricOrder = [...new Set(answer.series.map((s) => s.kpi_id))];
  const axisOf = (s: ExplorerSeries) => (metricOrder.indexOf(s.kpi_id) === 0 ? 0 : 1);
  const formatOfAxis = (axis: number) =>
    answer.series.find((s) => axisOf(s) === axis)?.kpi_format ?? 'number';
  const color = (i: number) => input.colors.palette[i % input.colors.palette.length]!;
  const series: NonNullable<ChartOption['series']> = [];
  answer.series.forEach((s, i) => {
    const yAxisIndex = axisOf(s);
    const banded = answer.band_available && s.points.some((p) => p.result.yhat_lower !== null);
    if (banded) {
      series.push(
        {
          name: `${s.key}:lower`,
          type: 'line',
          yAxisIndex,
          stack: `band-${i}`,
          data: s.points.map((p) => p.result.yhat_lower),
          showSymbol: false,
          lineStyle: { opacity: 0 },
          silent: true,
          tooltip: { show: false },
        },
        {
          name: `${s.key}:band`,
          type: 'line',
          yAxisIndex,
          stack: `band-${i}`,
          data: s.points.map((p) =>
            p.result.yhat_lower !== null && p.result.yhat_upper !== null
              ? p.result.yhat_upper - p.result.yhat_lower
              : null,
          ),
          showSymbol: false,
          lineStyle: { opacity: 0 },
          areaStyle: { color: color(i), opacity: 0.14 },
          silent: true,
          tooltip: { show: false },
        },
      );
    }
    series.push({
      name: s.label,
      type: input.chart,
      yAxisIndex,
      data: s.points.map((p) => p.result.y),
      itemStyle: { color: color(i) },
      ...(input.chart === 'line'
        ? { showSymbol: s.points.length < 60, symbolSize: 5, connectNulls: false, lineStyle: { width: 2 } }
        : { barMaxWidth: 28 }),
      markPoint: {
        symbol: 'circle',
        symbolSize: 8,
        itemStyle: { color: input.colors.spike },
        label: { show: false },
        data: s.points.flatMap((p, x) =>
          p.result.anomaly === 'True' && p.result.y !== null
            ? [{ name: EXPLORER_COPY.outsideBand, coord: [x, p.result.y] }]
            : [],
        ),
      },
    });
    if (s.comparison) {
      series.push({
        name: `${s.label} ${EXPLORER_COPY.comparisonSuffix}`,
        type: 'line',
        yAxisIndex,
        data: s.comparison.map((c) => c.y),
        showSymbol: false,
        itemStyle: { color: color(i) },
        lineStyle: { type: 'dashed', width: 1.5, opacity: 0.7 },
      });
    }
  });
  const bySeriesName = new Map(answer.series.map((s) => [s.label, s]));
  const compareByName = new Map(
    answer.series.map((s) => [`${s.label} ${EXPLORER_COPY.comparisonSuffix}`, s]),
  );

  return {
    animation: false,
    color: input.colors.palette,
    grid: { left: 64, right: metricOrder.length > 1 ? 64 : 24, top: 48, bottom: 64 },
    legend: {
      type: 'scroll',
      top: 0,
      left: 0,
      right: 80,
      // The band's two helper series stay out; a name is the user's text and may hold any character.
      data: series.filter((s) => !s.silent).map((s) => String(s.name)),
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
      confine: true,
      formatter: (params: unknown) => {
        const list = Array.isArray(params)
          ? (params as Array<{ seriesName: string; dataIndex: number; marker: string }>)
          : [];
        const index = list[0]?.dataIndex;
        if (index === undefined) return '';
        // Series names are metric names and dimension values from the user's data: text, never markup.
        const lines = [`<strong>${escapeHtml(labels[index])}</strong>`];
        for (const item of list) {
          const main = bySeriesName.get(item.seriesName);
          if (main) {
            const r = main.points[index]?.result;
            let text = `${item.marker}${escapeHtml(main.label)}: ${escapeHtml(formatExplorerValue(r?.y, main.kpi_format))}`;
            if (r && r.yhat_lower !== null && r.yhat_upper !== null)
              text += ` <span style="opacity:.7">(${escapeHtml(EXPLORER_COPY.expected)} ${escapeHtml(formatExplorerValue(r.yhat_lower, main.kpi_format))} – ${escapeHtml(formatExplorerValue(r.yhat_upper, main.kpi_format))})</span>`;
            if (r?.anomaly === 'True')
              text += ` <span style="color:${escapeHtml(input.colors.spike)}">${escapeHtml(EXPLORER_COPY.outsideBand)}</span>`;
            lines.push(text);
            continue;
          }
          const earlier = compareByName.get(item.seriesName);
          const c = earlier?.comparison?.[index];
          if (earlier && c)
            lines.push(
              `${item.marker}${escapeHtml(item.seriesName)}: ${escapeHtml(formatExplorerValue(c.y, earlier.kpi_format))}` +
                (c.compared_timestamp
                  ? ` <span style="opacity:.7">(${escapeHtml(bucketLabel(c.compared_timestamp, answer.grain, answer.timezone, dates))})</span>`
                  : ''),
            );
        }
        return lines.join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: labels,
      boundaryGap: input.chart === 'bar',
      axisLabel: { hideOverlap: true },
    },
    yAxis: [0, 1].slice(0, metricOrder.length > 1 ? 2 : 1).map((axis) => ({
      type: 'value' as const,
      scale: input.chart === 'line',
      splitLine: { show: axis === 0, lineStyle: { color: input.colors.grid } },
      axisLabel: { formatter: (v: number) => formatExplorerValue(v, formatOfAxis(axis)) },
    })),
    dataZoom: [{ type: 'inside', filterMode: 'none' }],
    series,
  };
}

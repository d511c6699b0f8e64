import { useTheme } from '@mui/material/styles';
import type { Insight, OverlaySeries, OverlayType } from '@tidemark/contract';
import { formatDate, formatMetricValue, shownDateFormat } from '@tidemark/format';
import { useMemo } from 'react';
import { EChart, type ChartOption } from '@/components/chart';
import { INSIGHTS_COPY } from '../../messages';
import { overlayLegend } from './overlay';
import { OVERLAY_UNIT } from './schedule';

export interface OverlayChartProps {
  data: OverlaySeries;
  type: OverlayType;
  kpiName: string;
  kpiFormat: Insight['kpi_format'];
  /** A money metric's symbol (its currency's); absent: the workspace's. */
  currencySymbol?: string | undefined;
  schedule: Insight['pipeline_schedule'];
  tz?: string | null | undefined;
  height?: number;
  hidden?: ReadonlySet<string>;
  colors: Record<'main' | 'period1' | 'period2', string>;
}

/** The window laid over the same window one and two periods earlier, point by point. */
export function OverlayChart({
  data,
  type,
  kpiName,
  kpiFormat,
  currencySymbol,
  schedule,
  tz,
  height = 280,
  hidden = new Set(),
  colors,
}: OverlayChartProps) {
  const theme = useTheme();
  const option = useMemo<ChartOption>(() => {
    const legend = overlayLegend(type, colors);
    const format = shownDateFormat(
      { tz, format: schedule === 'h' ? 'ddd D MMM, ha' : schedule === 'm' ? 'MMM YYYY' : 'ddd D MMM' },
      data.main.map((p) => p.timestamp),
    );
    return {
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: data.main.map((p) => formatDate(p.timestamp, { tz, format })),
        axisLabel: { hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        scale: true,
        axisLabel: { formatter: (v: number) => formatMetricValue(v, kpiFormat, currencySymbol) },
        splitLine: { lineStyle: { color: theme.palette.divider } },
      },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) =>
          typeof v === 'number' ? formatMetricValue(v, kpiFormat, currencySymbol) : '–',
      },
      series: (['main', 'period1', 'period2'] as const)
        .filter((key) => !hidden.has(key))
        .map((key) => ({
          id: key,
          name: legend.find((l) => l.id === key)!.label,
          type: 'line' as const,
          symbol: 'none',
          lineStyle: {
            width: key === 'main' ? 2.25 : 1.5,
            type: key === 'period2' ? ('dotted' as const) : ('solid' as const),
            color: colors[key],
          },
          itemStyle: { color: colors[key] },
          data: data.main.map((_, i) => data[key][i]?.result.y ?? null),
        })),
    };
  }, [data, type, schedule, kpiFormat, currencySymbol, hidden, colors, tz, theme]);
  return (
    <EChart
      option={option}
      notMerge
      height={height}
      ariaLabel={`${kpiName}: ${INSIGHTS_COPY.overlayTitle(OVERLAY_UNIT[type])}`}
      testId="overlay-chart"
    />
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { SeriesPoint } from '@tidemark/contract';
import { useMemo } from 'react';
import { EChart, type ChartOption } from '@/components/chart';
import type { DataScope } from '@/session';
import { usePatternSeries } from '../../api/pattern-series';
import { METRICS_HUB_COPY } from '../../messages';

/** Four weeks of the daily series: enough to read the weekly shape on a card. */
export const SPARKLINE_DAYS = 28;
const HEIGHT = 64;
const DAY_MS = 86_400_000;

/** Today's bucket is still filling: drawn, it would read as a drop on every card. */
export function completeDays(points: SeriesPoint[], now: number): SeriesPoint[] {
  return points.filter((p) => Date.parse(p.timestamp) + DAY_MS <= now);
}

export interface MetricSparklineProps {
  scope: DataScope;
  kpiId: string;
  name: string;
}

/** The card's small timeline: a plain line of the last four weeks, no axes. */
export function MetricSparkline({ scope, kpiId, name }: MetricSparklineProps) {
  const series = usePatternSeries(scope, kpiId, 'd');
  const theme = useTheme();
  const points = useMemo(
    () =>
      // Measured against when the series was fetched, so a re-render never changes the line.
      completeDays(series.data ?? [], series.dataUpdatedAt)
        .slice(-SPARKLINE_DAYS)
        .map((p) => [Date.parse(p.timestamp), p.result.y] as [number, number | null]),
    [series.data, series.dataUpdatedAt],
  );
  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      grid: { left: 2, right: 2, top: 4, bottom: 4 },
      xAxis: { type: 'time', show: false },
      yAxis: { type: 'value', show: false, scale: true },
      series: [
        {
          type: 'line',
          data: points,
          showSymbol: false,
          connectNulls: false,
          lineStyle: { width: 1.75, color: theme.palette.primary.main },
          areaStyle: { color: theme.palette.primary.main, opacity: 0.08 },
        },
      ],
    }),
    [points, theme],
  );
  if (series.isPending) return <Skeleton variant="rounded" height={HEIGHT} aria-label="Loading chart" />;
  if (series.isError) {
    return (
      <Box sx={{ height: HEIGHT, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {METRICS_HUB_COPY.chartNoData}
        </Typography>
        <Button size="small" onClick={() => void series.refetch()}>
          {METRICS_HUB_COPY.retry}
        </Button>
      </Box>
    );
  }
  if (!points.some(([, y]) => y !== null)) {
    return (
      <Box sx={{ height: HEIGHT, display: 'grid', placeItems: 'center' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {METRICS_HUB_COPY.noData}
        </Typography>
      </Box>
    );
  }
  return <EChart option={option} height={HEIGHT} ariaLabel={METRICS_HUB_COPY.sparkline(name)} />;
}

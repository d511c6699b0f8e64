import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { SERIES_SCHEDULES, type MetricDetail, type SeriesSchedule } from '@tidemark/contract';
import { useMemo } from 'react';
import { EChart } from '@/components/chart';
import { ErrorState } from '@/components/error-state';
import type { DataScope } from '@/session';
import { usePatternSeries } from '../../api/pattern-series';
import { METRICS_HUB_COPY } from '../../messages';
import { seriesChartOption, withoutFillingValue } from '../../utils/series-option';

const HEIGHT = 360;
/** The chart opens on two weeks of hours, a quarter of days, a year of weeks, two years of months. */
const VISIBLE_POINTS: Record<SeriesSchedule, number> = { h: 24 * 14, d: 90, w: 52, m: 24 };

export interface MetricSeriesChartProps {
  scope: DataScope;
  kpiId: string;
  name: string;
  format: MetricDetail['kpi_format'];
  schedule: SeriesSchedule;
  onScheduleChange: (schedule: SeriesSchedule) => void;
  timezone?: string | undefined;
  currencySymbol?: string | undefined;
  /** The workspace's is_forecast_enabled: the expected range then runs on past the last value. */
  forecast?: boolean;
}

/** The metric's timeline from pattern_series: value, expected range and spikes, at the chosen grain. */
export function MetricSeriesChart(props: MetricSeriesChartProps) {
  const { scope, kpiId, name, format, schedule, onScheduleChange, timezone, currencySymbol, forecast } =
    props;
  const series = usePatternSeries(scope, kpiId, schedule, forecast ?? false);
  const theme = useTheme();
  const copy = METRICS_HUB_COPY;
  const option = useMemo(
    () =>
      seriesChartOption({
        points: withoutFillingValue(series.data ?? [], schedule, series.dataUpdatedAt),
        format,
        timezone,
        currencySymbol,
        visiblePoints: VISIBLE_POINTS[schedule],
        colors: {
          value: theme.palette.primary.main,
          expected: theme.palette.text.secondary,
          band: alpha(theme.palette.primary.main, 0.12),
          bandEdge: alpha(theme.palette.primary.main, 0.4),
          spike: theme.palette.error.main,
          grid: theme.palette.divider,
        },
      }),
    [series.data, series.dataUpdatedAt, format, timezone, currencySymbol, theme, schedule],
  );
  const hasValues = (series.data ?? []).some((p) => p.result.y !== null);
  const frequency = copy.frequency[schedule] ?? schedule;

  let body;
  if (series.isPending) body = <Skeleton variant="rounded" height={HEIGHT} aria-label="Loading chart" />;
  else if (series.isError)
    body = (
      <ErrorState
        title={copy.chartTitle}
        message={copy.chartNoData}
        onRetry={() => void series.refetch()}
        retryLabel={copy.retry}
      />
    );
  else if (!hasValues)
    body = (
      <Box sx={{ height: HEIGHT, display: 'grid', placeItems: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>{copy.noData}</Typography>
      </Box>
    );
  else
    body = (
      <EChart
        option={option}
        height={HEIGHT}
        notMerge
        ariaLabel={copy.chartLabel(name, frequency.toLowerCase())}
        testId="metric-series-chart"
      />
    );

  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h2" sx={{ flex: 1 }}>
          {copy.chartTitle}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={schedule}
          aria-label="Frequency"
          onChange={(_, next: SeriesSchedule | null) => next && onScheduleChange(next)}
        >
          {SERIES_SCHEDULES.map((s) => (
            <ToggleButton key={s} value={s} sx={{ px: 1.5 }}>
              {copy.frequency[s]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {body}
    </Paper>
  );
}

import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatCompact, formatDate, rangeNeedsYear, withYear } from '@tidemark/format';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { EChart, type ChartOption } from '@/components/chart';
import { useEventTimeline, type EventTimeline } from '../api/get-event-timeline';
import { EVENTS_COPY } from '../messages';
import { SNACKBAR_MS } from '../utils/group-view';
import type { TimeRange } from '../utils/period';

const NO_POINTS: EventTimeline = [];

/**
 * The error timeline above the feed: errors per hour in the workspace's time zone, the expected range, and
 * the spikes; clicking a spike opens its group (or says none was generated).
 */
export function ErrorTimelineChart({
  range,
  tz,
  onOpenGroup,
}: {
  range: TimeRange;
  tz?: string | null;
  onOpenGroup: (groupId: string) => void;
}) {
  const theme = useTheme();
  const { enqueueSnackbar } = useSnackbar();
  const window = useMemo(
    () => ({ start: new Date(range.start).toISOString(), end: new Date(range.end).toISOString() }),
    [range.start, range.end],
  );
  const timeline = useEventTimeline(window);
  const points = timeline.data ?? NO_POINTS;

  const option = useMemo<ChartOption>(() => {
    const at = (t: string) => Date.parse(t);
    const long = range.end - range.start > 2 * 86_400_000;
    return {
      grid: { left: 44, right: 16, top: 16, bottom: 28 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v) => (typeof v === 'number' ? formatCompact(v) : '-'),
      },
      xAxis: {
        type: 'time',
        min: range.start,
        max: range.end,
        // Whole days on ranges longer than two days, hours on shorter ones.
        minInterval: long ? 86_400_000 : 3_600_000,
        axisLabel: {
          formatter: (v: number) =>
            formatDate(v, {
              tz,
              format: withYear(
                long ? 'DD MMM' : 'DD MMM hh:mm A',
                rangeNeedsYear(range.start, range.end, { tz }),
              ),
            }),
          hideOverlap: true,
        },
      },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatCompact(v) } },
      series: [
        {
          name: 'Lower',
          type: 'line',
          stack: 'band',
          symbol: 'none',
          lineStyle: { opacity: 0 },
          tooltip: { show: false },
          data: points.map((p) => [at(p.timestamp), p.result.yhat_lower ?? 0]),
        },
        {
          name: EVENTS_COPY.timeline.expected,
          type: 'line',
          stack: 'band',
          symbol: 'none',
          lineStyle: { opacity: 0 },
          areaStyle: { color: theme.palette.primary.main, opacity: 0.1 },
          data: points.map((p) => [
            at(p.timestamp),
            Math.max(0, (p.result.yhat_upper ?? 0) - (p.result.yhat_lower ?? 0)),
          ]),
        },
        {
          name: 'Errors',
          type: 'line',
          symbol: 'none',
          color: theme.palette.primary.main,
          data: points.map((p) => [at(p.timestamp), p.result.y]),
        },
        {
          name: 'Spikes',
          type: 'scatter',
          symbolSize: 9,
          color: theme.palette.error.main,
          data: points
            .filter((p) => p.result.anomaly === 'True')
            .map((p) => ({ value: [at(p.timestamp), p.result.y ?? 0], groups: p.event_group_ids })),
        },
      ],
    };
  }, [points, tz, theme, range]);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="events-error-timeline">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {EVENTS_COPY.timelineChart}
      </Typography>
      {timeline.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : timeline.isError ? (
        <Typography variant="body2" color="error" sx={{ py: 6, textAlign: 'center' }}>
          {EVENTS_COPY.errors.spikesFailed}
        </Typography>
      ) : points.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 6, textAlign: 'center' }}>
          {EVENTS_COPY.errors.emptyChart}
        </Typography>
      ) : (
        <EChart
          option={option}
          height={160}
          notMerge
          ariaLabel={EVENTS_COPY.timelineChartAria}
          onClick={(event) => {
            if (event.seriesName !== 'Spikes') return;
            const data = event.data as { groups?: string[] } | undefined;
            const first = data?.groups?.[0];
            if (first) onOpenGroup(first);
            else
              enqueueSnackbar(EVENTS_COPY.timeline.noInsight, {
                variant: 'info',
                autoHideDuration: SNACKBAR_MS,
              });
          }}
        />
      )}
    </Paper>
  );
}

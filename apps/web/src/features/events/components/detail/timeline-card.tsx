import { useDataScope } from '@/session';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { ComparePoint, EventGroup, RelatedMetric } from '@tidemark/contract';
import { formatCompact, formatDate, formatShownDate, rangeNeedsYear, withYear } from '@tidemark/format';
import { useQueries } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useReducer, useState, type KeyboardEvent } from 'react';
import { EChart, type ChartOption } from '@/components/chart';
import { compareQueryOptions, type CompareInput } from '../../api/compare-metric';
import { useDimensionValues } from '@/lib/dimension-values';
import { useMetricFunnel } from '../../api/metric-funnel';
import { useRelatedMetrics } from '../../api/related-metrics';
import { EVENTS_COPY } from '../../messages';
import {
  GRANULARITIES,
  chartTypeOptions,
  chartWindow,
  dimensionChoices,
  forcedChartType,
  granularityDisabled,
  initialFilters,
  multiMetric,
  overlayWindow,
  tickIntervalMs,
  timelineReducer,
  type ChartType,
  type Granularity,
  type PageType,
} from '../../utils/chart-rules';
import { SNACKBAR_MS } from '../../utils/group-view';
import type { TimeRange } from '../../utils/period';
import { toSeries, toShares } from '../../utils/series';
import { TimePickerModal } from '../time-picker-modal';

const BAR_COLORS = 6;
const NO_METRICS: RelatedMetric[] = [];

function nameOf(metrics: RelatedMetric[], id: string, kpiId: string, kpiDisplayName: string | null): string {
  return (
    metrics.find((m) => m.kpi_id === id)?.kpi_display_name ?? (id === kpiId ? (kpiDisplayName ?? id) : id)
  );
}

/** Stable while the answers do not change (TanStack memoizes a module-level combine). */
function combineCompare(results: Array<{ data?: ComparePoint[]; isPending: boolean; isError: boolean }>) {
  return {
    data: results.map((r) => r.data),
    pending: results.some((r) => r.isPending),
    failed: results.some((r) => r.isError),
  };
}

function noBackspace(event: KeyboardEvent & { defaultMuiPrevented?: boolean }) {
  if (event.key === 'Backspace' || event.key === 'Delete') event.defaultMuiPrevented = true;
}

/** The chart's end: the end day at 23:59:59.999 for daily and coarser series (spec 2 §9), never past now. */
function chartEnd(end: number, g: Granularity, now: number): number {
  if (g === 'h') return Math.min(end, now);
  const day = new Date(end);
  day.setUTCHours(23, 59, 59, 999);
  return Math.min(day.getTime(), now);
}

export interface TimelineCardProps {
  group: EventGroup;
  pageType: PageType;
  eventFunnel: boolean;
  appliedDimension: string | null;
  tz?: string | null;
}

/** Timeline of Events (spec 2 §2.3 item 1, §4 Chart types and filters). */
export function TimelineCard({ group, pageType, eventFunnel, appliedDimension, tz }: TimelineCardProps) {
  const theme = useTheme();
  const scope = useDataScope();
  const { enqueueSnackbar } = useSnackbar();
  const kpiId = group.kpi_id!;
  const forced = forcedChartType(pageType, group.sub_type);
  const initial = useMemo(() => initialFilters(kpiId, 'h', forced), [kpiId, forced]);
  const [filters, dispatch] = useReducer(timelineReducer, initial);
  const [custom, setCustom] = useState<TimeRange | null>(null);
  const [picking, setPicking] = useState(false);
  const [now] = useState(() => Date.now());
  const event = useMemo(
    () => ({ start: Date.parse(group.event_group_ts_start), end: Date.parse(group.event_group_ts_end) }),
    [group.event_group_ts_start, group.event_group_ts_end],
  );
  const range = useMemo(() => {
    const window = custom ?? chartWindow(event, filters.granularity);
    return { start: window.start, end: chartEnd(window.end, filters.granularity, now) };
  }, [custom, event, filters.granularity, now]);
  const badRange = range.start > now || range.start >= range.end;

  const isPixel = pageType === 'pixel';
  const related = useRelatedMetrics(kpiId, isPixel);
  const metrics: RelatedMetric[] = related.data?.kpis ?? NO_METRICS;
  const metricName = (id: string) => nameOf(metrics, id, kpiId, group.kpi_display_name);
  const dims = dimensionChoices(group.dimensions, filters.chartType, appliedDimension);
  const dimension = group.dimensions.find((d) => d.dimension_name === filters.dimension) ?? null;
  const values = useDimensionValues(dimension?.dimension_id ?? null);
  const multi = multiMetric(filters);
  const types = chartTypeOptions(pageType, eventFunnel);

  const inputs: CompareInput[] = filters.metrics.map((id, i) => ({
    kpiId: id,
    schedule: filters.granularity,
    start: new Date(range.start).toISOString(),
    end: new Date(range.end).toISOString(),
    dimension: i === 0 ? filters.dimension : null,
    values: i === 0 ? filters.values : [],
    subType: group.sub_type,
    message: group.details.event_classification.error_message || null,
    isPixel,
  }));
  const funnelMode = filters.chartType === 'funnel';
  const compare = useQueries({
    queries: inputs.map((input) => ({
      ...compareQueryOptions(scope, input),
      enabled: !badRange && !funnelMode,
    })),
    combine: combineCompare,
  });
  const funnel = useMetricFunnel(
    { timestamp: group.event_group_ts_start, schedule: filters.granularity },
    funnelMode,
  );
  const pending = funnelMode ? funnel.isPending : compare.pending;
  const failed = funnelMode ? funnel.isError : compare.failed;

  const percentage = group.kpi_format === 'percentage' && !multi;
  const kpiDisplayName = group.kpi_display_name;
  const series = useMemo(() => {
    const answers = compare.data.map((points, i) => ({
      name: nameOf(metrics, filters.metrics[i] ?? '', kpiId, kpiDisplayName),
      points: points ?? [],
    }));
    const all = toSeries(answers, EVENTS_COPY.impact.others);
    return filters.chartType === 'stacked_area_100' ? toShares(all) : all;
  }, [compare.data, filters.chartType, filters.metrics, metrics, kpiId, kpiDisplayName]);

  const option = useMemo<ChartOption>(() => {
    const yFormat = (v: number) =>
      filters.chartType === 'stacked_area_100' || percentage ? `${Math.round(v)}%` : formatCompact(v);
    if (funnelMode) {
      const steps = funnel.data?.funnel_steps ?? [];
      return {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'funnel',
            left: '10%',
            width: '80%',
            sort: 'none',
            label: { formatter: '{b}: {c}' },
            data: steps.map((s) => ({ name: s.kpi_display_name, value: s.y })),
          },
        ],
      };
    }
    const ow = overlayWindow(event, filters.granularity);
    const bar = filters.chartType === 'bar';
    const stacked = filters.chartType === 'stacked_area' || filters.chartType === 'stacked_area_100';
    const single = series.length === 1 && !stacked;
    const palette = [
      theme.palette.primary.main,
      theme.palette.secondary.main,
      theme.palette.warning.main,
      theme.palette.success.main,
      theme.palette.info.main,
      theme.palette.error.main,
    ].slice(0, BAR_COLORS);
    const markArea = {
      silent: true,
      itemStyle: { color: theme.palette.error.main, opacity: 0.08 },
      data: [
        [
          { xAxis: ow.start, name: EVENTS_COPY.timeline.eventWindow },
          { xAxis: Math.max(ow.end, ow.start + 60_000) },
        ],
      ] as [{ xAxis: number; name: string }, { xAxis: number }][],
    };
    const lines = series.map((s, i) => {
      const common = {
        name: s.name,
        color: palette[i % palette.length],
        data: s.points.map(([t, y]) => [t, filters.logScale && y !== null && y <= 0 ? null : y]),
        markArea: i === 0 ? markArea : undefined,
      };
      return bar
        ? { ...common, type: 'bar' as const, barMaxWidth: 18 }
        : {
            ...common,
            type: 'line' as const,
            symbol: 'none',
            stack: stacked ? 'all' : undefined,
            areaStyle: stacked ? { opacity: 0.5 } : undefined,
          };
    });
    const band =
      single && !bar && series[0]?.lower
        ? [
            {
              name: 'lower',
              type: 'line' as const,
              stack: 'band',
              symbol: 'none',
              lineStyle: { opacity: 0 },
              tooltip: { show: false },
              data: series[0].lower,
            },
            {
              name: EVENTS_COPY.timeline.expected,
              type: 'line' as const,
              stack: 'band',
              symbol: 'none',
              lineStyle: { opacity: 0 },
              areaStyle: { color: theme.palette.primary.main, opacity: 0.1 },
              data: series[0].upper!.map(([t, u], k) => [
                t,
                u === null ? null : u - (series[0]!.lower![k]?.[1] ?? 0),
              ]),
            },
          ]
        : [];
    const spikes = series.flatMap((s) => s.spikes);
    return {
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, type: 'scroll', data: series.map((s) => s.name) },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v) =>
          typeof v === 'number'
            ? percentage || filters.chartType === 'stacked_area_100'
              ? `${v.toFixed(1)}%`
              : formatCompact(v)
            : '-',
      },
      xAxis: {
        type: 'time',
        min: range.start,
        max: range.end,
        minInterval: tickIntervalMs(filters.granularity, range.end - range.start),
        axisLabel: {
          formatter: (v: number) =>
            formatDate(v, {
              tz,
              format: withYear(
                filters.granularity === 'h' ? 'DD MMM hh:mm A' : 'DD MMM',
                rangeNeedsYear(range.start, range.end, { tz }),
              ),
            }),
          hideOverlap: true,
        },
      },
      yAxis: filters.logScale
        ? { type: 'log', axisLabel: { formatter: yFormat } }
        : {
            type: 'value',
            axisLabel: { formatter: yFormat },
            max: filters.chartType === 'stacked_area_100' ? 100 : undefined,
          },
      series: [
        ...band,
        ...lines,
        ...(spikes.length && !bar
          ? [
              {
                name: 'Spikes',
                type: 'scatter' as const,
                symbolSize: 8,
                color: theme.palette.error.main,
                data: spikes,
              },
            ]
          : []),
      ],
    };
  }, [series, filters, funnelMode, funnel.data, event, range, percentage, theme, tz]);

  const empty = funnelMode
    ? (funnel.data?.funnel_steps.length ?? 0) === 0
    : // A window with nothing in it comes back as zeros: say so rather than draw a flat line at 0.
      series.every((s) => s.points.every(([, y]) => y === null || y === 0));

  let body;
  if (!kpiId) body = <Message text={EVENTS_COPY.errors.noMetric} />;
  else if (badRange && !funnelMode) body = <Message text={EVENTS_COPY.timeline.spikesNotFetched} />;
  else if (pending) body = <Skeleton variant="rounded" height={280} />;
  else if (failed) body = <Message text={EVENTS_COPY.errors.chartFailed} error />;
  else if (empty) body = <Message text={EVENTS_COPY.errors.emptyChart} />;
  else
    body = (
      <EChart
        option={option}
        notMerge
        height={300}
        ariaLabel={`${EVENTS_COPY.timeline.title}: ${metricName(kpiId)}`}
        testId="event-timeline-chart"
        onClick={(e) => {
          if (e.seriesName === 'Spikes')
            enqueueSnackbar(EVENTS_COPY.timeline.noInsight, {
              variant: 'info',
              autoHideDuration: SNACKBAR_MS,
            });
        }}
      />
    );

  const chips = [
    ...filters.metrics.map((m) => ({ key: `m-${m}`, label: metricName(m) })),
    ...(dimension
      ? [{ key: 'd', label: `${dimension.dimension_display_name}: ${filters.values.join(', ') || 'all'}` }]
      : []),
    { key: 'g', label: `${EVENTS_COPY.timeline.granularity}: ${filters.granularity.toUpperCase()}` },
    { key: 'c', label: EVENTS_COPY.chartTypes[filters.chartType] },
    ...(custom
      ? [
          {
            key: 't',
            label: `${formatShownDate(custom.start, { tz, format: 'DD MMM hh:mm A', among: [custom.end] })} – ${formatShownDate(custom.end, { tz, format: 'DD MMM hh:mm A', among: [custom.start] })}`,
          },
        ]
      : []),
  ];

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-label={EVENTS_COPY.timeline.title}
      data-testid="event-timeline"
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h4" component="h2">
          {EVENTS_COPY.timeline.title}
        </Typography>
        <Button size="small" startIcon={<AccessTimeIcon />} onClick={() => setPicking(true)}>
          {EVENTS_COPY.timeline.timeFilter}
        </Button>
      </Stack>
      <Stack
        useFlexGap
        direction="row"
        spacing={1.5}
        sx={{ flexWrap: 'wrap', rowGap: 1.5, mb: 1.5, alignItems: 'center' }}
      >
        <Autocomplete
          multiple
          size="small"
          disableClearable
          limitTags={1}
          options={metrics.map((m) => m.kpi_id)}
          value={filters.metrics}
          getOptionLabel={metricName}
          getOptionDisabled={(id) => id === kpiId}
          onChange={(_, next) => dispatch({ type: 'metrics', metrics: next })}
          onKeyDown={noBackspace}
          renderValue={(value, getItemProps) =>
            value.map((id, index) => {
              const { key, onDelete, ...rest } = getItemProps({ index });
              return (
                <Chip
                  key={key}
                  size="small"
                  label={metricName(id)}
                  {...rest}
                  onDelete={id === kpiId ? undefined : onDelete}
                />
              );
            })
          }
          sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 340 }}
          renderInput={(params) => <TextField {...params} label={EVENTS_COPY.timeline.metric} />}
        />
        <Autocomplete
          size="small"
          options={dims.map((d) => d.dimension_name)}
          value={filters.dimension}
          disabled={multi}
          getOptionLabel={(name) =>
            group.dimensions.find((d) => d.dimension_name === name)?.dimension_display_name ?? name
          }
          onChange={(_, next) => dispatch({ type: 'dimension', dimension: next })}
          sx={{ minWidth: 160, flex: '1 1 160px', maxWidth: 220 }}
          renderInput={(params) => <TextField {...params} label={EVENTS_COPY.timeline.dimension} />}
        />
        <Autocomplete
          multiple
          size="small"
          limitTags={1}
          options={values.data ?? []}
          value={filters.values}
          disabled={multi || !filters.dimension}
          onChange={(_, next) => dispatch({ type: 'values', values: next })}
          onKeyDown={noBackspace}
          sx={{ minWidth: 180, flex: '1 1 180px', maxWidth: 260 }}
          renderInput={(params) => <TextField {...params} label={EVENTS_COPY.timeline.value} />}
        />
      </Stack>
      <Stack
        useFlexGap
        direction="row"
        spacing={1.5}
        sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center', mb: 1.5 }}
      >
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={filters.logScale}
              onChange={(e) => dispatch({ type: 'logScale', on: e.target.checked })}
            />
          }
          label={EVENTS_COPY.timeline.logScale}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filters.granularity}
          aria-label={EVENTS_COPY.timeline.granularity}
          onChange={(_, g: Granularity | null) => {
            if (!g) return;
            // A granularity change moves the window (and its start) with it.
            setCustom(null);
            dispatch({ type: 'granularity', granularity: g });
          }}
        >
          {GRANULARITIES.map((g) => {
            const disabled = granularityDisabled(g, pageType);
            const button = (
              <ToggleButton
                key={g}
                value={g}
                disabled={disabled}
                sx={{ px: 1.5 }}
                aria-label={g.toUpperCase()}
              >
                {g.toUpperCase()}
              </ToggleButton>
            );
            return disabled ? (
              <Tooltip
                key={g}
                title={
                  g === 'm' ? EVENTS_COPY.timeline.monthlyDisabled : EVENTS_COPY.timeline.hourlyRestricted
                }
              >
                <span>{button}</span>
              </Tooltip>
            ) : (
              button
            );
          })}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filters.chartType}
          aria-label={EVENTS_COPY.timeline.chartType}
          disabled={multi || forced !== null}
          onChange={(_, chartType: ChartType | null) =>
            chartType &&
            dispatch({ type: 'chartType', chartType, firstDimension: dims[0]?.dimension_name ?? null })
          }
        >
          {types.map((t) => (
            <ToggleButton key={t} value={t} sx={{ textTransform: 'none', px: 1.25 }}>
              {EVENTS_COPY.chartTypes[t]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button
          size="small"
          startIcon={<RestartAltIcon />}
          onClick={() => {
            setCustom(null);
            dispatch({ type: 'reset', initial });
          }}
        >
          {EVENTS_COPY.timeline.reset}
        </Button>
      </Stack>
      <Stack
        useFlexGap
        direction="row"
        spacing={0.75}
        sx={{ flexWrap: 'wrap', rowGap: 0.75, mb: 1.5 }}
        data-testid="event-timeline-chips"
      >
        {chips.map((c) => (
          <Chip key={c.key} size="small" variant="outlined" label={c.label} />
        ))}
      </Stack>
      {body}
      <TimePickerModal
        open={picking}
        value={range}
        onClose={() => setPicking(false)}
        onSubmit={(next) => {
          setPicking(false);
          setCustom(next);
        }}
      />
    </Paper>
  );
}

function Message({ text, error }: { text: string; error?: boolean }) {
  return (
    <Typography
      variant="body2"
      sx={{ color: error ? 'error.main' : 'text.secondary', py: 6, textAlign: 'center' }}
    >
      {text}
    </Typography>
  );
}

import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { EventGroup } from '@tidemark/contract';
import { useMemo, useState } from 'react';
import { EChart, type ChartOption } from '@/components/chart';
import { useEventRootCause } from '../../api/get-rootcause';
import { EVENTS_COPY } from '../../messages';

/** The default dimension: the event's top dimension, else the first, never the globally applied one. */
export function defaultRootCauseDimension(group: EventGroup, applied: string | null): string | null {
  const names = group.dimensions.map((d) => d.dimension_name).filter((n) => n !== applied);
  const top = group.events[0]?.top_dimension ?? null;
  if (top && names.includes(top)) return top;
  return names[0] ?? null;
}

const labelOf = (dims: EventGroup['dimensions'], name: string): string =>
  dims.find((d) => d.dimension_name === name)?.dimension_display_name ?? name;

/** Root Cause Analysis: each value's share of errors against its share of page views, as tornado or sankey. */
export function RootCauseCard({
  group,
  appliedDimension,
}: {
  group: EventGroup;
  appliedDimension: string | null;
}) {
  const theme = useTheme();
  const choices = group.dimensions.filter((d) => d.dimension_name !== appliedDimension);
  const [dimension, setDimension] = useState(() => defaultRootCauseDimension(group, appliedDimension) ?? '');
  const [kind, setKind] = useState<'tornado' | 'sankey'>('tornado');
  const eventUuid = group.events[0]?.event_uuid ?? '';
  const rootcause = useEventRootCause(eventUuid, dimension);
  const details = useMemo(
    () =>
      [...(rootcause.data?.data.rootcause_details ?? [])]
        .filter((d) => d.dimension_name === dimension || !d.dimension_name)
        .sort((a, b) => b.actual_dimension_value - a.actual_dimension_value)
        .slice(0, 10),
    [rootcause.data, dimension],
  );
  const dimensions = group.dimensions;
  const label = labelOf(dimensions, dimension);

  const option = useMemo<ChartOption>(() => {
    const label = labelOf(dimensions, dimension);
    if (kind === 'sankey') {
      return {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'sankey',
            left: 8,
            right: 160,
            nodeGap: 10,
            emphasis: { focus: 'adjacency' },
            lineStyle: { color: 'gradient', opacity: 0.35 },
            data: [{ name: label }, ...details.map((d) => ({ name: d.dimension_value }))],
            links: details.map((d) => ({
              source: label,
              target: d.dimension_value,
              value: d.actual_dimension_value,
            })),
          },
        ],
      };
    }
    // Tornado: page-view share to the left, error share to the right, one row per value.
    return {
      grid: { left: 8, right: 24, top: 28, bottom: 8, containLabel: true },
      legend: { top: 0 },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (v) => (typeof v === 'number' ? `${Math.abs(v).toFixed(1)}%` : '-'),
      },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => `${Math.abs(v)}%` } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: details.map((d) => d.dimension_value),
        axisTick: { show: false },
      },
      series: [
        {
          name: 'Share of page views',
          type: 'bar',
          stack: 'tornado',
          color: theme.palette.grey[400],
          data: details.map((d) => -d.expected_dimension_value),
        },
        {
          name: 'Share of errors',
          type: 'bar',
          stack: 'tornado',
          color: theme.palette.error.main,
          data: details.map((d) => d.actual_dimension_value),
        },
      ],
    };
  }, [kind, details, dimensions, dimension, theme]);

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-label={EVENTS_COPY.rootcause.title}
      data-testid="event-rootcause"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', mb: 1.5 }}
      >
        <Typography variant="h4" component="h2">
          {EVENTS_COPY.rootcause.title}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="event-rca-dimension">{EVENTS_COPY.rootcause.dimension}</InputLabel>
            <Select
              labelId="event-rca-dimension"
              label={EVENTS_COPY.rootcause.dimension}
              value={dimension}
              onChange={(e) => setDimension(String(e.target.value))}
            >
              {choices.map((d) => (
                <MenuItem key={d.dimension_name} value={d.dimension_name}>
                  {d.dimension_display_name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={kind}
            onChange={(_, v: 'tornado' | 'sankey' | null) => v && setKind(v)}
          >
            <ToggleButton value="tornado" sx={{ textTransform: 'none' }}>
              {EVENTS_COPY.rootcause.tornado}
            </ToggleButton>
            <ToggleButton value="sankey" sx={{ textTransform: 'none' }}>
              {EVENTS_COPY.rootcause.sankey}
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </Stack>
      {rootcause.isPending && dimension ? (
        <Skeleton variant="rounded" height={220} />
      ) : rootcause.isError ? (
        <Typography variant="body2" color="error" sx={{ py: 4, textAlign: 'center' }}>
          {EVENTS_COPY.errors.chartFailed}
        </Typography>
      ) : details.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
          {EVENTS_COPY.rootcause.empty}
        </Typography>
      ) : (
        <EChart
          option={option}
          notMerge
          height={Math.max(200, details.length * 32 + 48)}
          ariaLabel={`${EVENTS_COPY.rootcause.title} by ${label} (${kind})`}
          testId="event-rootcause-chart"
        />
      )}
    </Paper>
  );
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { RootCause, RootCauseDetail } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { EChart, escapeHtml, type ChartClick, type ChartOption } from '@/components/chart';
import { INSIGHTS_COPY } from '../../messages';
import {
  drillTarget,
  formattedMeasure,
  rootCauseLevel,
  sortedDetails,
  type RootCauseMeasure,
  type SortOrder,
} from './rootcause';
import { ChartErrorBoundary, ChartMessage, ControlBar } from './chart-frame';

const SNACK = { variant: 'info' as const, autoHideDuration: 1500 };

export interface RootCauseChartProps {
  rootcause: RootCause;
  height?: number;
}

/**
 * Root-cause drill-down (spec 3 §4): level 0 shows the top contributors; a bar with a deeper group
 * drills into it; the title steps back, breadcrumbs show from level 2; sort and measure switch.
 */
export function RootCauseChart({ rootcause, height = 260 }: RootCauseChartProps) {
  const theme = useTheme();
  const { enqueueSnackbar } = useSnackbar();
  const [path, setPath] = useState<string[]>([]);
  const [measure, setMeasure] = useState<RootCauseMeasure>('impact');
  const [order, setOrder] = useState<SortOrder>('desc');
  const [resets, setResets] = useState(0);
  const current = path.at(-1) ?? null;
  const level = rootCauseLevel(rootcause, current);
  const { rows, nulls } = sortedDetails(level.details, measure, order);
  const omitted = nulls + level.omittedNulls;

  const select = (detail: RootCauseDetail) => {
    const target = drillTarget(rootcause, detail);
    if (target) setPath((p) => [...p, target]);
    else enqueueSnackbar(INSIGHTS_COPY.drillDownMissing(detail.dim_name, detail.dim_val), SNACK);
  };

  const option = useMemo<ChartOption>(() => {
    // Largest first reads top-down; ECharts draws categories bottom-up.
    const drawn = [...rows].reverse();
    return {
      grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
      xAxis: {
        type: 'value',
        axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` },
        splitLine: { lineStyle: { color: theme.palette.divider } },
      },
      yAxis: {
        type: 'category',
        data: drawn.map((r) => `${r.detail.dim_name}: ${r.detail.dim_val}`),
        axisTick: { show: false },
      },
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const row = drawn[(p as { dataIndex: number }).dataIndex];
          if (!row) return '';
          const d = row.detail;
          // Dimension names and values come from the user's data: text, never markup.
          return [
            `<b>${escapeHtml(d.dim_name)}: ${escapeHtml(d.dim_val)}</b>`,
            `${escapeHtml(INSIGHTS_COPY.measures.impact)}: ${escapeHtml(d.formatted_pattern_contribution)}`,
            `${escapeHtml(INSIGHTS_COPY.measures.lift)}: ${escapeHtml(d.formatted_kpi_value_movement_decimal)}`,
            `${escapeHtml(INSIGHTS_COPY.measures.volume)}: ${escapeHtml(d.formatted_kpi_population_change_pct)}`,
            `${escapeHtml(d.formatted_current_value)} vs ${escapeHtml(d.formatted_expected_value)} expected`,
          ].join('<br/>');
        },
      },
      series: [
        {
          id: 'contributors',
          type: 'bar',
          barMaxWidth: 22,
          cursor: 'pointer',
          label: {
            show: true,
            position: 'right',
            formatter: (p: unknown) => {
              const row = drawn[(p as { dataIndex: number }).dataIndex];
              return row ? formattedMeasure(row.detail, measure) : '';
            },
          },
          data: drawn.map((r) => ({
            value: r.value,
            itemStyle: {
              color: r.value >= 0 ? theme.palette.primary.main : theme.palette.warning.main,
              borderRadius: 3,
            },
          })),
        },
      ],
    };
  }, [rows, measure, theme]);

  const onClick = (event: ChartClick) => {
    const row = [...rows].reverse()[event.dataIndex];
    if (row) select(row.detail);
  };

  const title =
    path.length === 0 ? (
      INSIGHTS_COPY.rootCauseTitle
    ) : (
      <Tooltip title={INSIGHTS_COPY.stepBack}>
        <Link
          component="button"
          type="button"
          underline="hover"
          onClick={() => setPath((p) => p.slice(0, -1))}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
        >
          <ArrowBackIcon sx={{ fontSize: 16 }} aria-hidden />
          {level.title}
        </Link>
      </Tooltip>
    );

  return (
    <Box>
      <ControlBar
        title={title}
        onReset={() => {
          setPath([]);
          setMeasure('impact');
          setOrder('desc');
          setResets((n) => n + 1);
        }}
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={measure}
          aria-label="Measure"
          onChange={(_, next: RootCauseMeasure | null) => next && setMeasure(next)}
        >
          {(['impact', 'lift', 'volume'] as const).map((m) => (
            <ToggleButton key={m} value={m} sx={{ px: 1.25, py: 0.25 }}>
              {INSIGHTS_COPY.measures[m]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Tooltip title={order === 'desc' ? INSIGHTS_COPY.sortAscending : INSIGHTS_COPY.sortDescending}>
          <IconButton
            size="small"
            aria-label={order === 'desc' ? INSIGHTS_COPY.sortAscending : INSIGHTS_COPY.sortDescending}
            onClick={() => setOrder((o) => (o === 'desc' ? 'asc' : 'desc'))}
          >
            {order === 'desc' ? <ArrowDownwardIcon fontSize="small" /> : <ArrowUpwardIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </ControlBar>
      {path.length >= 2 && (
        <Breadcrumbs aria-label="Root cause levels" sx={{ mb: 1, fontSize: 13 }}>
          <Link component="button" type="button" onClick={() => setPath([])}>
            {INSIGHTS_COPY.rootCauseTitle}
          </Link>
          {path.map((group, i) => {
            const label = rootCauseLevel(rootcause, group).title;
            return i === path.length - 1 ? (
              <Typography key={group} sx={{ fontSize: 13 }} color="text.primary">
                {label}
              </Typography>
            ) : (
              <Link
                key={group}
                component="button"
                type="button"
                onClick={() => setPath(path.slice(0, i + 1))}
              >
                {label}
              </Link>
            );
          })}
        </Breadcrumbs>
      )}
      {rows.length === 0 ? (
        <ChartMessage height={height} message={INSIGHTS_COPY.chartNoData} />
      ) : (
        <ChartErrorBoundary key={resets} height={height}>
          <EChart
            option={option}
            notMerge
            height={Math.max(120, Math.min(height, 40 + rows.length * 34))}
            onClick={onClick}
            ariaLabel={`${level.title}: ${rows.length} contributors by ${INSIGHTS_COPY.measures[measure].toLowerCase()}`}
            testId="rootcause-chart"
          />
        </ChartErrorBoundary>
      )}
      {/* The bars as buttons too, so the drill-down works from the keyboard. */}
      <Stack
        direction="row"
        spacing={0.75}
        sx={{ flexWrap: 'wrap', rowGap: 0.75, mt: 1 }}
        role="group"
        aria-label="Contributors"
      >
        {rows.map((r) => (
          <Chip
            key={`${r.detail.group}-${r.detail.dim_val}`}
            size="small"
            variant="outlined"
            clickable
            onClick={() => select(r.detail)}
            label={`${r.detail.dim_name}: ${r.detail.dim_val} · ${formattedMeasure(r.detail, measure)}`}
          />
        ))}
      </Stack>
      {omitted > 0 && (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
          {INSIGHTS_COPY.nullsOmitted(omitted)}
        </Typography>
      )}
    </Box>
  );
}

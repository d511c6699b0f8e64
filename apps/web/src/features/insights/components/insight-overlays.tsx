import { useDataScope } from '@/session';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Insight, OverlaySeries, OverlayType } from '@tidemark/contract';
import { formatMetricValue, formatPercent } from '@tidemark/format';
import { useMemo, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useMoneySymbol } from '@/lib/currency';
import { useOverlays } from '../api/get-overlays';
import { COLLABORATE_COPY, INSIGHTS_COPY } from '../messages';
import {
  ChartErrorBoundary,
  ChartMessage,
  ChartSkeleton,
  ControlBar,
  toggleSeries,
} from './charts/chart-frame';
import { OverlayChart } from './charts/lazy';
import { overlayLegend, overlayTotals } from './charts/overlay';
import {
  OVERLAY_TYPES,
  OVERLAY_UNIT,
  defaultOverlay,
  overlayAvailable,
  overlayWindow,
} from './charts/schedule';

export interface InsightOverlaysProps {
  insight: Insight;
  tz?: string | null | undefined;
  height?: number;
  /** Adds the overlay table under the chart: each window's total against the current one. */
  table?: boolean;
}

/** The Overlays pane: DoD, WoW, MoM, YoY where the schedule allows, starting at the schedule's default. */
export function InsightOverlays({ insight, tz, height = 280, table = false }: InsightOverlaysProps) {
  const theme = useTheme();
  const moneySymbol = useMoneySymbol(insight.kpi_currency);
  const scope = useDataScope();
  const schedule = insight.pipeline_schedule;
  const [type, setType] = useState<OverlayType>(defaultOverlay(schedule));
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [resets, setResets] = useState(0);
  const window = useMemo(() => overlayWindow(insight.insight_id_ts, schedule), [insight, schedule]);
  const overlays = useOverlays(scope, {
    kpiId: insight.kpi_id,
    schedule: schedule as 'h' | 'd' | 'w' | 'm',
    type,
    start: window.start,
    end: window.end,
    dimName: insight.dim_name ?? null,
    dimVal: insight.dim_val ?? null,
  });
  const colors = {
    main: theme.palette.primary.main,
    period1: theme.palette.warning.main,
    period2: theme.palette.text.secondary,
  };
  const legend = overlayLegend(type, colors);

  let body;
  if (overlays.isPending) body = <ChartSkeleton height={height} label="Loading overlays" />;
  else if (overlays.isError)
    body = (
      <ChartMessage
        height={height}
        tone="error"
        message={INSIGHTS_COPY.overlaysFailed}
        // A 401 has already gone to /login; a refusal for this schedule will not change on retry.
        {...(isApiError(overlays.error) && overlays.error.status === 400
          ? {}
          : { onRetry: () => void overlays.refetch() })}
      />
    );
  else if (overlays.data.main.length === 0)
    body = <ChartMessage height={height} message={INSIGHTS_COPY.overlayEmpty(insight.kpi_display_name)} />;
  else
    body = (
      <ChartErrorBoundary key={resets} height={height}>
        <OverlayChart
          data={overlays.data}
          type={type}
          kpiName={insight.kpi_display_name}
          kpiFormat={insight.kpi_format}
          currencySymbol={moneySymbol}
          schedule={schedule}
          tz={tz}
          height={height}
          hidden={hidden}
          colors={colors}
        />
      </ChartErrorBoundary>
    );

  return (
    <Box>
      <ControlBar
        title={INSIGHTS_COPY.overlayTitle(OVERLAY_UNIT[type])}
        legend={legend}
        hidden={hidden}
        onToggle={(id) => setHidden((h) => toggleSeries(legend, h, id))}
        onReset={() => {
          setHidden(new Set());
          setType(defaultOverlay(schedule));
          setResets((n) => n + 1);
        }}
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={type}
          aria-label="Overlay"
          onChange={(_, next: OverlayType | null) => next && setType(next)}
        >
          {OVERLAY_TYPES.map((t) => {
            const available = overlayAvailable(t, schedule);
            return (
              <Tooltip key={t} title={available ? '' : INSIGHTS_COPY.overlayUnavailable}>
                <span>
                  <ToggleButton
                    value={t}
                    disabled={!available}
                    selected={t === type}
                    sx={{ px: 1.25, py: 0.25 }}
                  >
                    {t}
                  </ToggleButton>
                </span>
              </Tooltip>
            );
          })}
        </ToggleButtonGroup>
      </ControlBar>
      {body}
      {table && overlays.data && overlays.data.main.length > 0 && (
        <OverlayTable
          data={overlays.data}
          type={type}
          format={insight.kpi_format}
          currencySymbol={moneySymbol}
        />
      )}
    </Box>
  );
}

/** The overlay table, titled like 'Trailing 1 Day & 2 Days' (spec 3 §9): totals of each window. */
function OverlayTable({
  data,
  type,
  format,
  currencySymbol,
}: {
  data: OverlaySeries;
  type: OverlayType;
  format: Insight['kpi_format'];
  currencySymbol?: string | undefined;
}) {
  const unit = OVERLAY_UNIT[type];
  const title = INSIGHTS_COPY.overlayTitle(unit);
  const rows = overlayTotals(data, format === 'percentage');
  const current = rows[0]!.total;
  const labels = [
    INSIGHTS_COPY.overlayCurrent,
    INSIGHTS_COPY.overlayTrailing(1, unit),
    INSIGHTS_COPY.overlayTrailing(2, unit),
  ];
  return (
    <TableContainer sx={{ mt: 2 }}>
      <Table size="small" aria-label={title} data-testid="overlay-table">
        <caption style={{ captionSide: 'top', padding: '0 0 8px', fontWeight: 600, color: 'inherit' }}>
          {title}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">
              {format === 'percentage' ? 'Average' : COLLABORATE_COPY.overlayTotal}
            </TableCell>
            <TableCell align="right">{COLLABORATE_COPY.overlayChange}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={row.id}>
              <TableCell component="th" scope="row">
                {labels[i]}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.total === null ? '–' : formatMetricValue(row.total, format, currencySymbol)}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {i === 0 || row.total === null || current === null || row.total === 0
                  ? '–'
                  : formatPercent((current - row.total) / Math.abs(row.total), { signed: true })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

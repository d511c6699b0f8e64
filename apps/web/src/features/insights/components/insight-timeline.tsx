import { useDataScope } from '@/session';
import { alpha, useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import type { Insight } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMoneySymbol } from '@/lib/currency';
import { overlayState } from '@/lib/overlay';
import { paths } from '@/config/paths';
import { usePatternSeries } from '../api/get-pattern-series';
import { INSIGHTS_COPY } from '../messages';
import {
  ChartErrorBoundary,
  ChartMessage,
  ChartSkeleton,
  ControlBar,
  toggleSeries,
} from './charts/chart-frame';
import { FORECAST_HORIZON_MS, canFetchSeries, grainWindow, insightChartWindow } from './charts/schedule';
import { TimelineChart } from './charts/lazy';
import { insightAtSpike, timelineLegend } from './charts/timeline';

const SNACK = { variant: 'info' as const, autoHideDuration: 1500 };

export interface InsightTimelineProps {
  insight: Insight;
  /** The metric's insights in this card: a clicked spike opens the one at its time. */
  insights: Insight[];
  tz?: string | null | undefined;
  height?: number;
  logScale?: boolean;
  chartType?: 'line' | 'bar';
  /** The workspace has is_forecast_enabled and the user turned the forecast on: fetch and draw it. */
  forecast?: boolean;
  /** The chart's grain when it differs from the insight's (the collaborate pages' schedule filter). */
  schedule?: 'h' | 'd' | 'w' | 'm';
}

/** The main chart of a card: fetches the insight's slice of the series and draws it with its controls. */
export function InsightTimeline({
  insight,
  insights,
  tz,
  height = 280,
  logScale = false,
  chartType = 'line',
  forecast = false,
  schedule: grain,
}: InsightTimelineProps) {
  const theme = useTheme();
  const moneySymbol = useMoneySymbol(insight.kpi_currency);
  const scope = useDataScope();
  const navigate = useNavigate();
  const location = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [resets, setResets] = useState(0);
  const schedule = grain ?? insight.pipeline_schedule;
  const window = useMemo(() => {
    const base = insightChartWindow({
      chartStart: insight.chart_ts_start,
      chartEnd: insight.chart_ts_end,
      insightTs: insight.insight_id_ts,
      schedule: insight.pipeline_schedule,
    });
    const shown = grain ? grainWindow(base, grain) : base;
    // The forecast runs on past the stored window: leave room for it.
    return forecast ? { ...shown, end: shown.end + FORECAST_HORIZON_MS[schedule] } : shown;
  }, [insight, grain, schedule, forecast]);
  const fetchable = canFetchSeries(window) && schedule !== 'q' && schedule !== 'y';
  const series = usePatternSeries(
    scope,
    {
      kpiId: insight.kpi_id,
      schedule: schedule as 'h' | 'd' | 'w' | 'm',
      start: window.start,
      end: window.end,
      dimName: insight.dim_name ?? null,
      dimVal: insight.dim_val ?? null,
      forecast,
    },
    fetchable,
  );
  const legend = timelineLegend({
    actual: theme.palette.primary.main,
    expected: theme.palette.text.secondary,
    range: alpha(theme.palette.primary.main, 0.3),
    spikes: theme.palette.error.main,
  });

  const onSpikeClick = (timestamp: string) => {
    const match = insightAtSpike(insights, insight.kpi_id, timestamp);
    // The insight opens over this page; closing it comes back here (spec 3 §2).
    if (match) void navigate(paths.insight.getHref(match), { state: overlayState(location) });
    else enqueueSnackbar(INSIGHTS_COPY.noInsightForSpike, SNACK);
  };

  let body;
  if (!fetchable) body = <ChartMessage height={height} message={INSIGHTS_COPY.chartNoData} />;
  else if (series.isPending)
    body = <ChartSkeleton height={height} label={`Loading ${insight.kpi_display_name}`} />;
  else if (series.isError)
    body = (
      <ChartMessage
        height={height}
        message={INSIGHTS_COPY.chartNoData}
        tone="error"
        onRetry={() => void series.refetch()}
      />
    );
  else if (series.data.length === 0)
    body = <ChartMessage height={height} message={INSIGHTS_COPY.chartNoData} />;
  else
    body = (
      <ChartErrorBoundary key={resets} height={height}>
        <TimelineChart
          points={series.data}
          window={window}
          schedule={schedule}
          kpiName={insight.kpi_display_name}
          kpiFormat={insight.kpi_format}
          currencySymbol={moneySymbol}
          highlight={{ ts: insight.insight_id_ts, accent: insight.accent }}
          tz={tz}
          height={height}
          hidden={hidden}
          onSpikeClick={onSpikeClick}
          logScale={logScale}
          chartType={chartType}
          forecast={forecast}
        />
      </ChartErrorBoundary>
    );

  return (
    <Box>
      <ControlBar
        title={insight.kpi_display_name}
        legend={legend}
        hidden={hidden}
        onToggle={(id) => setHidden((h) => toggleSeries(legend, h, id))}
        onReset={() => {
          setHidden(new Set());
          setResets((n) => n + 1);
        }}
      />
      {body}
    </Box>
  );
}

import { useDataScope } from '@/session';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  EXPERIENCE_METRIC_NAME_PATTERN,
  currencySymbolOf,
  type MetricDetail,
  type SeriesSchedule,
} from '@tidemark/contract';
import { MISSING, formatCurrency, formatPercent } from '@tidemark/format';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DocumentTitle } from '@/components/page-header';
import { StatusScreen } from '@/components/status-screen';
import { paths, withQuery } from '@/config/paths';
import type { DataScope } from '@/session';
import { useMetric } from '../../api/get-metric';
import { useMetricImpact, type ImpactRequest } from '../../api/metric-impact';
import { METRICS_HUB_COPY } from '../../messages';
import { EditMetricDialog } from './edit-metric-dialog';
import { AccentLabel, TierChip } from './tier-chip';

// ECharts loads with the chart, not with every screen that imports this feature.
const MetricSeriesChart = lazy(() =>
  import('./metric-series-chart').then((m) => ({ default: m.MetricSeriesChart })),
);

/** Spec 3 §2: the metric page asks for the absolute movement of the last week. */
const EXPERIENCE_BY_NAME = new RegExp(EXPERIENCE_METRIC_NAME_PATTERN, 'i');
const ABSOLUTE: ImpactRequest = { schedule: 'd', impactType: 'absolute' };

export interface MetricPageProps {
  kpiId: string;
  timezone?: string | undefined;
  currencySymbol?: string | undefined;
  forecast?: boolean | undefined;
}

/** /metrics/{id}: the metric's attributes, its last-week movement and timeline, and the edit dialog. */
export function MetricPage({ kpiId, timezone, currencySymbol, forecast }: MetricPageProps) {
  const scope = useDataScope();
  const metric = useMetric(scope, kpiId);
  const copy = METRICS_HUB_COPY;
  const backHref = withQuery(paths.metrics.getHref(), {
    dim_name: scope.dimName ?? undefined,
    dim_val: scope.dimVal ?? undefined,
  });
  const back = (
    <Button component={RouterLink} to={backHref} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1.5 }}>
      {copy.back}
    </Button>
  );

  if (metric.isPending) {
    return (
      <Box role="status" aria-label="Loading metric">
        {back}
        <Skeleton variant="text" width={320} height={44} />
        <Skeleton variant="text" width={220} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <Skeleton variant="rounded" height={400} sx={{ flex: 2 }} />
          <Skeleton variant="rounded" height={400} sx={{ flex: 1 }} />
        </Stack>
      </Box>
    );
  }
  if (metric.isError) {
    // Spec 3 §2, §8: any failure of the metric page shows the not-found view.
    return (
      <StatusScreen
        icon={<SearchOffOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />}
        title={copy.notFoundTitle}
        message={copy.notFoundBody}
        actions={
          <Stack direction="row" spacing={1.5}>
            <Button variant="contained" component={RouterLink} to={backHref}>
              {copy.back}
            </Button>
            <Button variant="outlined" onClick={() => void metric.refetch()}>
              {copy.retry}
            </Button>
          </Stack>
        }
      />
    );
  }
  return (
    <MetricView
      scope={scope}
      metric={metric.data}
      back={back}
      timezone={timezone}
      currencySymbol={currencySymbol}
      forecast={forecast ?? false}
    />
  );
}

function MetricView({
  scope,
  metric,
  back,
  timezone,
  currencySymbol,
  forecast,
}: {
  scope: DataScope;
  metric: MetricDetail;
  back: ReactNode;
  timezone?: string | undefined;
  currencySymbol?: string | undefined;
  forecast: boolean;
}) {
  const copy = METRICS_HUB_COPY;
  const [editing, setEditing] = useState(false);
  // Daily reads best over a metric's whole history; the toggle offers the other grains.
  const [schedule, setSchedule] = useState<SeriesSchedule>('d');
  return (
    <Box>
      <DocumentTitle title={metric.kpi_display_name} />
      {back}
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <Box sx={{ flex: 1, minWidth: 260 }}>
          <Typography variant="h2" component="h1">
            {metric.kpi_display_name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TierChip tier={metric.tier} />
            <Chip size="small" variant="outlined" label={<AccentLabel accent={metric.accent} />} />
            <Chip size="small" variant="outlined" label={metric.is_derived ? copy.derived : copy.observed} />
            <Chip
              size="small"
              color={metric.is_active ? 'success' : 'default'}
              variant="outlined"
              label={metric.is_active ? copy.active : copy.inactive}
            />
          </Stack>
        </Box>
        <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
          {copy.edit}
        </Button>
      </Stack>
      <ImpactSummary scope={scope} kpiId={metric.kpi_id} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(280px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Suspense fallback={<Skeleton variant="rounded" height={420} />}>
          <MetricSeriesChart
            scope={scope}
            kpiId={metric.kpi_id}
            name={metric.kpi_display_name}
            format={metric.kpi_format}
            schedule={schedule}
            onScheduleChange={setSchedule}
            timezone={timezone}
            currencySymbol={currencySymbolOf(metric.kpi_currency) ?? currencySymbol}
            forecast={forecast}
          />
        </Suspense>
        <Attributes metric={metric} currencySymbol={currencySymbol} />
      </Box>
      <EditMetricDialog scope={scope} metric={metric} open={editing} onClose={() => setEditing(false)} />
    </Box>
  );
}

function ImpactSummary({ scope, kpiId }: { scope: DataScope; kpiId: string }) {
  const impact = useMetricImpact(scope, kpiId, ABSOLUTE);
  const copy = METRICS_HUB_COPY;
  const figure = (label: string, value: ReactNode) => (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h3" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
  if (impact.isPending) return <Skeleton variant="rounded" height={84} />;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}>
      {impact.isError ? (
        <Typography sx={{ color: 'text.secondary' }}>{copy.impactPending}</Typography>
      ) : (
        <>
          {figure(copy.last7Days, impact.data.formatted_current_value)}
          {figure(copy.previous7Days, impact.data.formatted_previous_value)}
          {figure(
            copy.movement,
            <Box
              component="span"
              sx={{
                color:
                  impact.data.kpi_value_movement === 0
                    ? 'text.primary'
                    : impact.data.accent === 'positive'
                      ? 'success.main'
                      : 'error.main',
              }}
            >
              {impact.data.formatted_kpi_value_movement}
            </Box>,
          )}
        </>
      )}
    </Paper>
  );
}

function Attributes({
  metric,
  currencySymbol,
}: {
  metric: MetricDetail;
  currencySymbol?: string | undefined;
}) {
  const copy = METRICS_HUB_COPY;
  const rows: Array<[string, ReactNode]> = [
    [copy.definition, metric.kpi_definition || copy.notSet],
    [copy.description, metric.description || copy.notSet],
    [copy.funnel, metric.funnel?.name ?? copy.notSet],
    [copy.category, metric.category?.name ?? copy.notSet],
    // Spec 3 §9: one decimal on the detail page.
    [copy.columns.impact_to_topline, formatPercent(metric.impact_to_topline)],
    [copy.dollarImpact, formatCurrency(metric.dollar_impact, { symbol: currencySymbol })],
    [copy.aggregation, metric.aggregation_operation],
    [
      copy.experienceAttribute,
      metric.is_experience
        ? copy.experienceWatched
        : EXPERIENCE_BY_NAME.test(metric.kpi_display_name)
          ? copy.experienceByName
          : copy.experienceNotWatched,
    ],
    [
      copy.lastSchedule,
      metric.last_active_pipeline_schedule
        ? (copy.frequency[metric.last_active_pipeline_schedule] ?? MISSING)
        : copy.notSet,
    ],
  ];
  if (metric.extraction_funnel_expression) rows.push(['Extraction', metric.extraction_funnel_expression]);
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
        {copy.attributes}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1.25 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{
                m: 0,
                wordBreak: 'break-word',
                color: value === copy.notSet ? 'text.disabled' : 'text.primary',
              }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

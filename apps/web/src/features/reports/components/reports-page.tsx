import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  REPORT_DASHBOARD_TYPE,
  REPORT_OVERALL_CHECK,
  REPORT_PERIODS,
  type ReportPeriod,
  type ReportProvider,
} from '@tidemark/contract';
import { formatDate } from '@tidemark/format';
import { useMemo, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { useEventReports } from '../api/get-event-reports';
import { REPORTS_COPY } from '../messages';
import {
  canStepReport,
  defaultReportRange,
  reportRange,
  reportPeriodStart,
  stepReport,
  switchReportPeriod,
  type ReportRangeMs,
} from '../utils/report-period';
import { ProviderCard } from './provider-card';
import { ReportsDashboard } from './reports-dashboard';

/** URL parameters of /reports: the period kind, its start and the provider type shown. */
export const REPORT_PARAMS = { period: 'period', start: 'startDate', type: 'type' } as const;

export interface ReportsPageProps {
  search: URLSearchParams;
  onSearchChange: (next: URLSearchParams, options?: { replace?: boolean }) => void;
  tz?: string | null | undefined;
  /** The events page for a provider: the route module builds it (paths.events with the spec's parameters). */
  eventsHref: (query: {
    provider_uuid: string;
    provider_type: string;
    startDate: string;
    endDate: string;
    provider_check?: string;
  }) => string;
  onNavigate: (href: string) => void;
  settingsHref: string;
  now?: number;
}

function rangeOf(search: URLSearchParams, tz: string | null | undefined, now: number) {
  const raw = search.get(REPORT_PARAMS.period);
  const period: ReportPeriod = (REPORT_PERIODS as readonly string[]).includes(raw ?? '')
    ? (raw as ReportPeriod)
    : 'week';
  const start = Date.parse(search.get(REPORT_PARAMS.start) ?? '');
  const range: ReportRangeMs = Number.isFinite(start)
    ? reportRange(reportPeriodStart(start, period, tz), period, tz)
    : period === 'week'
      ? defaultReportRange(now, tz)
      : switchReportPeriod(defaultReportRange(now, tz), period, tz);
  return { period, range };
}

function CardsSkeleton() {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} variant="rounded" height={180} data-testid="report-skeleton" />
      ))}
    </Box>
  );
}

/** /reports (spec 2 §2.4): provider health over a week, month or quarter, as cards or the dashboard. */
export function ReportsPage(props: ReportsPageProps) {
  const { search, onSearchChange, tz } = props;
  // The clock is read once per visit: a report's periods do not move while it is open.
  const [mountedAt] = useState(() => Date.now());
  const now = props.now ?? mountedAt;
  const { period, range } = rangeOf(search, tz, now);
  const type = search.get(REPORT_PARAMS.type) ?? 'all';
  const query = useEventReports({
    start_time: new Date(range.start).toISOString(),
    end_time: new Date(range.end).toISOString(),
  });
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    onSearchChange(next);
  };
  const setRange = (p: ReportPeriod, r: ReportRangeMs) =>
    set({ [REPORT_PARAMS.period]: p, [REPORT_PARAMS.start]: new Date(r.start).toISOString() });

  const data = query.data;
  const types = useMemo(() => data?.provider_types ?? [], [data]);
  const shown =
    type === 'all' || type === REPORT_DASHBOARD_TYPE
      ? types
      : types.filter((t) => t.provider_type_name === type);
  const providers: ReportProvider[] = useMemo(() => types.flatMap((t) => t.providers), [types]);
  // The range label shows the last day of the period, not the exclusive end.
  const label = `${formatDate(range.start, { tz, format: 'DD MMM, YYYY' })} – ${formatDate(range.end - 1, { tz, format: 'DD MMM, YYYY' })}`;
  const hrefOf = (p: ReportProvider) => (check?: string) =>
    props.eventsHref({
      provider_uuid: p.provider_uuid,
      provider_type: p.provider_type,
      startDate: new Date(range.start).toISOString(),
      // The period's last millisecond, as the events page's own periods end.
      endDate: new Date(Math.min(range.end - 1, now)).toISOString(),
      ...(check && check !== REPORT_OVERALL_CHECK ? { provider_check: check } : {}),
    });

  return (
    <Box>
      <PageHeader title={REPORTS_COPY.title} subtitle={REPORTS_COPY.subtitle} />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack
          direction={{ xs: 'column', lg: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { lg: 'center' } }}
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            value={type}
            aria-label={REPORTS_COPY.providerTypes}
            onChange={(_, next: string | null) =>
              next && set({ [REPORT_PARAMS.type]: next === 'all' ? null : next })
            }
            sx={{ flexWrap: 'wrap' }}
          >
            <ToggleButton value="all" sx={{ textTransform: 'none', px: 1.5 }}>
              {REPORTS_COPY.allTypes}
            </ToggleButton>
            {types.map((t) => (
              <ToggleButton
                key={t.provider_type_name}
                value={t.provider_type_name}
                sx={{ textTransform: 'none', px: 1.5 }}
              >
                {t.provider_type_display_name}
              </ToggleButton>
            ))}
            <ToggleButton value={REPORT_DASHBOARD_TYPE} sx={{ textTransform: 'none', px: 1.5 }}>
              {REPORTS_COPY.dashboard}
            </ToggleButton>
          </ToggleButtonGroup>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={period}
              aria-label="Period"
              onChange={(_, next: ReportPeriod | null) =>
                next && setRange(next, switchReportPeriod(range, next, tz))
              }
            >
              {REPORT_PERIODS.map((p) => (
                <ToggleButton key={p} value={p} sx={{ textTransform: 'none', px: 1.5 }}>
                  {REPORTS_COPY.period[p]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <IconButton
              size="small"
              aria-label={REPORTS_COPY.period.previous}
              onClick={() => setRange(period, stepReport(range, period, -1, tz))}
            >
              <ChevronLeftIcon />
            </IconButton>
            <Typography
              variant="body2"
              data-testid="report-range"
              data-start={new Date(range.start).toISOString()}
              data-end={new Date(range.end).toISOString()}
              sx={{ minWidth: 190, textAlign: 'center' }}
            >
              {label}
            </Typography>
            <IconButton
              size="small"
              aria-label={REPORTS_COPY.period.next}
              disabled={!canStepReport(range, now)}
              onClick={() => setRange(period, stepReport(range, period, 1, tz))}
            >
              <ChevronRightIcon />
            </IconButton>
          </Stack>
        </Stack>
      </Paper>

      {data && !data.has_enabled_providers && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button
              color="inherit"
              size="small"
              href={props.settingsHref}
              onClick={(e) => {
                e.preventDefault();
                props.onNavigate(props.settingsHref);
              }}
            >
              {REPORTS_COPY.openSettings}
            </Button>
          }
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {REPORTS_COPY.noProviders}
          </Typography>
          {REPORTS_COPY.noProvidersHint}
        </Alert>
      )}

      {query.isPending ? (
        <CardsSkeleton />
      ) : query.isError ? (
        <ErrorState
          title={REPORTS_COPY.failed}
          message={REPORTS_COPY.failedMessage}
          onRetry={() => void query.refetch()}
        />
      ) : type === REPORT_DASHBOARD_TYPE ? (
        <ReportsDashboard providers={providers} />
      ) : shown.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {REPORTS_COPY.nothing}
          </Typography>
        </Paper>
      ) : (
        <Stack spacing={3}>
          {shown.map((t) => (
            <Box component="section" key={t.provider_type_name} aria-label={t.provider_type_display_name}>
              <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
                {t.provider_type_display_name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
                {t.description}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
                }}
              >
                {t.providers.map((p) => (
                  <ProviderCard
                    key={p.provider_uuid}
                    provider={p}
                    hrefOf={hrefOf(p)}
                    onOpen={props.onNavigate}
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { ReportProvider } from '@tidemark/contract';
import { useMemo } from 'react';
import { EChart, type ChartOption } from '@/components/chart';
import { REPORTS_COPY } from '../messages';

interface PanelProps {
  title: string;
  ariaLabel: string;
  providers: ReportProvider[];
  value: (p: ReportProvider) => number;
  color: string;
  testId: string;
}

/** One horizontal bar chart: a bar per provider, largest first. */
function Panel({ title, ariaLabel, providers, value, color, testId }: PanelProps) {
  const rows = useMemo(
    () =>
      providers
        .map((p) => ({ name: p.provider_display_name, v: value(p) }))
        .sort((a, b) => a.v - b.v || b.name.localeCompare(a.name)),
    [providers, value],
  );
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: rows.map((r) => r.name), axisTick: { show: false } },
      series: [{ type: 'bar', data: rows.map((r) => r.v), itemStyle: { color }, barMaxWidth: 18 }],
    }),
    [rows, color],
  );
  const empty = rows.every((r) => r.v === 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 6, textAlign: 'center' }}>
          {REPORTS_COPY.charts.empty}
        </Typography>
      ) : (
        <EChart
          option={option}
          height={Math.max(160, rows.length * 28 + 40)}
          ariaLabel={ariaLabel}
          notMerge
        />
      )}
    </Paper>
  );
}

/** The dashboard type: three panels side by side over the same providers (issue 12 item 6). */
export function ReportsDashboard({ providers }: { providers: ReportProvider[] }) {
  const theme = useTheme();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      <Panel
        title={REPORTS_COPY.charts.incidents}
        ariaLabel={REPORTS_COPY.charts.incidentsAria}
        providers={providers}
        value={(p) => p.incidents}
        color={theme.palette.error.main}
        testId="report-chart-incidents"
      />
      <Panel
        title={REPORTS_COPY.charts.minutes}
        ariaLabel={REPORTS_COPY.charts.minutesAria}
        providers={providers}
        value={(p) => p.degraded_minutes}
        color={theme.palette.warning.main}
        testId="report-chart-minutes"
      />
      <Panel
        title={REPORTS_COPY.charts.hostErrors}
        ariaLabel={REPORTS_COPY.charts.hostErrorsAria}
        providers={providers.filter((p) => p.provider_type !== 'site' && p.provider_type !== 'experience')}
        value={(p) => p.host_errors}
        color={theme.palette.primary.main}
        testId="report-chart-host-errors"
      />
    </Box>
  );
}

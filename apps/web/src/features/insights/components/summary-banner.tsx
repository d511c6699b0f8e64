import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATE_FORMATS, formatDate, formatNumber, formatRelative } from '@tidemark/format';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useFeedSummary, type SummaryWindow } from '../api/get-feed-summary';
import { INSIGHTS_COPY } from '../messages';
import { ChartMessage, ChartSkeleton } from './charts/chart-frame';
import { HistogramChart } from './charts/lazy';

function Stat({ label, children, loading }: { label: string; children: ReactNode; loading: boolean }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 0.25 }}>
        {label}
      </Typography>
      {loading ? <Skeleton width={90} height={32} /> : children}
    </Box>
  );
}

const VALUE_SX = {
  fontSize: 22,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.3,
} as const;

/** The summary banner (spec 3 §2): series analysed, last run, the histogram, spikes and the top metric. */
export function SummaryBanner({ window, tz }: { window: SummaryWindow; tz?: string | null | undefined }) {
  const { histogram, pipelineStats, topMetric, patterns } = useFeedSummary(window);
  const failed = [histogram, pipelineStats, topMetric, patterns].filter((q) => q.isError);
  const range = { start: Date.parse(window.start_time), end: Date.parse(window.end_time) };
  const top = topMetric.data;
  return (
    <Paper variant="outlined" component="section" aria-label="Summary" sx={{ p: 2.5, mb: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={5} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          <Stat label={INSIGHTS_COPY.seriesAnalysed} loading={pipelineStats.isPending}>
            <Typography sx={VALUE_SX}>{formatNumber(pipelineStats.data?.time_series_analysed)}</Typography>
          </Stat>
          <Stat label={INSIGHTS_COPY.lastPipelineRun} loading={pipelineStats.isPending}>
            <Typography
              sx={VALUE_SX}
              title={
                pipelineStats.data?.last_pipeline_run_ts
                  ? formatDate(pipelineStats.data.last_pipeline_run_ts, { tz, format: DATE_FORMATS.dateTime })
                  : undefined
              }
            >
              {pipelineStats.data?.last_pipeline_run_ts
                ? formatRelative(pipelineStats.data.last_pipeline_run_ts, { tz })
                : INSIGHTS_COPY.noRunYet}
            </Typography>
          </Stat>
          <Stat label={INSIGHTS_COPY.spikes} loading={patterns.isPending}>
            <Typography sx={VALUE_SX}>{formatNumber(patterns.data?.spikes_count)}</Typography>
          </Stat>
          <Stat label={INSIGHTS_COPY.topMetric} loading={topMetric.isPending}>
            {top?.attributes ? (
              <Box>
                <Typography sx={VALUE_SX}>{top.formatted_value ?? '–'}</Typography>
                <Link
                  component={RouterLink}
                  to={paths.metric.getHref(top.attributes.kpi_id)}
                  variant="body2"
                  underline="hover"
                >
                  {top.attributes.kpi_display_name}
                </Link>
                <Typography variant="caption" sx={{ color: 'text.secondary', ml: 0.75 }}>
                  {INSIGHTS_COPY.insightsOn(top.insights_count)}
                </Typography>
              </Box>
            ) : (
              <Typography sx={{ ...VALUE_SX, color: 'text.secondary', fontSize: 16 }}>
                {INSIGHTS_COPY.noTopMetric}
              </Typography>
            )}
          </Stat>
        </Stack>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {INSIGHTS_COPY.insightsOverTime}
          </Typography>
          {histogram.isPending ? (
            <ChartSkeleton height={96} label="Loading the histogram" />
          ) : histogram.isError ? (
            <ChartMessage
              height={96}
              message={INSIGHTS_COPY.summaryFailed}
              tone="error"
              onRetry={() => void histogram.refetch()}
            />
          ) : histogram.data.histogram_data.length === 0 ? (
            <ChartMessage height={96} message={INSIGHTS_COPY.noTopMetric} />
          ) : (
            <HistogramChart histogram={histogram.data} window={range} tz={tz} />
          )}
        </Box>
      </Stack>
      {failed.length > 0 && !histogram.isError && (
        <Box sx={{ mt: 1.5 }}>
          <ChartMessage
            height={48}
            tone="error"
            message={INSIGHTS_COPY.summaryFailed}
            onRetry={() => failed.forEach((q) => void q.refetch())}
          />
        </Box>
      )}
    </Paper>
  );
}

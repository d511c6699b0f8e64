import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MetricListRow } from '@tidemark/contract';
import { formatRelative } from '@tidemark/format';
import { Link as RouterLink } from 'react-router';
import { paths, withQuery } from '@/config/paths';
import { METRICS_HUB_COPY } from '../../messages';

const RUN_COLOR = { success: 'success.main', failure: 'error.main', disabled: 'action.disabled' } as const;

export interface PipelineStatusProps {
  status: MetricListRow['status'];
  timezone?: string | undefined;
  /** Passed on to the insight link (tenant_id, dim_name, dim_val). */
  linkQuery: Record<string, string | number | undefined>;
}

/** Spec 3 §4: one mark per schedule (success, failure or disabled) and the newest insight. */
export function PipelineStatus({ status, timezone, linkQuery }: PipelineStatusProps) {
  const copy = METRICS_HUB_COPY;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={0.5} role="list" aria-label="Pipeline runs">
        {status.pipeline_runs.map((run) => {
          const frequency = copy.frequency[run.frequency] ?? run.frequency;
          const state = copy.runStatus[run.status] ?? run.status;
          const when = run.last_run
            ? copy.lastRun(formatRelative(run.last_run, { tz: timezone }))
            : copy.neverRun;
          const label = `${frequency}: ${state}. ${when}`;
          return (
            <Tooltip key={run.frequency} title={label}>
              <Box
                role="listitem"
                tabIndex={0}
                aria-label={label}
                sx={{
                  width: 22,
                  height: 22,
                  borderRadius: 1,
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 11,
                  fontWeight: 700,
                  color: run.status === 'disabled' ? 'text.disabled' : 'common.white',
                  bgcolor: RUN_COLOR[run.status],
                  opacity: run.status === 'disabled' ? 0.5 : 1,
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
                }}
              >
                {run.frequency.toUpperCase()}
              </Box>
            </Tooltip>
          );
        })}
      </Stack>
      {status.last_insight_id ? (
        <Link
          component={RouterLink}
          to={withQuery(paths.insight.getHref(status.last_insight_id), linkQuery)}
          variant="caption"
        >
          {copy.lastInsight} · {formatRelative(status.last_insight_ts ?? '', { tz: timezone })}
        </Link>
      ) : (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {status.reason ? `${copy.noInsightYet}: ${status.reason}` : copy.noInsightYet}
        </Typography>
      )}
    </Stack>
  );
}

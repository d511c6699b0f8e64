import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { EventGroup } from '@tidemark/contract';
import { formatNumber, formatPercentValue, formatShownDate } from '@tidemark/format';
import { useMetricFunnel } from '../../api/metric-funnel';
import { EVENTS_COPY } from '../../messages';

const COPY = EVENTS_COPY.experience;
const DATE_FORMAT = 'ddd, DD MMM, hh:mm A z';

/** Spec 2 §9: experience actual and expected values show 2 decimals. */
export const experienceFigure = (v: unknown, format: EventGroup['kpi_format']) =>
  typeof v !== 'number' || !Number.isFinite(v)
    ? '-'
    : format === 'percentage'
      ? formatPercentValue(v, { decimals: 2 })
      : formatNumber(v, 2);

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h3" component="p" className="tabular-nums" sx={{ color: tone }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Experience events (spec 2 §3 Experience payload): the latest bucket's value against its baseline and caps,
 * and the funnel at the start of the event.
 */
export function ExperienceCard({ group, tz }: { group: EventGroup; tz?: string | null | undefined }) {
  const latest = group.events[0];
  const p = latest?.payload ?? {};
  const current = p.current_value;
  const outside =
    typeof current === 'number' &&
    ((typeof p.lower_cap === 'number' && current < p.lower_cap) ||
      (typeof p.upper_cap === 'number' && current > p.upper_cap));
  const funnel = useMetricFunnel({ timestamp: group.event_group_ts_start, schedule: 'h' }, true);
  const steps = funnel.data?.funnel_steps ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="experience-card">
      <Typography variant="h4" component="h2" sx={{ mb: 0.5 }}>
        {COPY.title}
        {group.kpi_display_name ? ` · ${group.kpi_display_name}` : ''}
      </Typography>
      {latest && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {COPY.at} {formatShownDate(latest.start_time, { tz, format: DATE_FORMAT })}
        </Typography>
      )}
      <Stack useFlexGap direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1.5, mt: 1.5, mb: 2 }}>
        <Figure
          label={COPY.current}
          value={experienceFigure(current, group.kpi_format)}
          {...(outside ? { tone: 'error.main' } : {})}
        />
        <Figure label={COPY.baseline} value={experienceFigure(p.baseline, group.kpi_format)} />
        <Figure label={COPY.lowerCap} value={experienceFigure(p.lower_cap, group.kpi_format)} />
        <Figure label={COPY.upperCap} value={experienceFigure(p.upper_cap, group.kpi_format)} />
      </Stack>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {COPY.funnel}
      </Typography>
      {funnel.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : steps.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {COPY.funnelEmpty}
        </Typography>
      ) : (
        <Table size="small" aria-label={COPY.funnel}>
          <TableHead>
            <TableRow>
              <TableCell>{COPY.funnelStep}</TableCell>
              <TableCell align="right">{COPY.funnelValue}</TableCell>
              <TableCell align="right">{COPY.funnelMovement}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {steps.map((s) => (
              <TableRow key={s.kpi_display_name}>
                <TableCell>{s.kpi_display_name}</TableCell>
                <TableCell align="right" className="tabular-nums">
                  {formatNumber(s.y, 0)}
                </TableCell>
                <TableCell
                  align="right"
                  className="tabular-nums"
                  sx={{
                    color:
                      (s.metric_value_movement_pct ?? 0) < 0
                        ? 'error.main'
                        : (s.metric_value_movement_pct ?? 0) > 0
                          ? 'success.main'
                          : 'text.secondary',
                  }}
                >
                  {s.formatted_metric_value_movement_pct ?? '-'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

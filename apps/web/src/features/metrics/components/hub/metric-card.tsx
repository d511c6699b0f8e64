import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MetricImpact, MetricListRow } from '@tidemark/contract';
import { Link as RouterLink } from 'react-router';
import { paths, withQuery } from '@/config/paths';
import type { DataScope } from '@/session';
import { useMetricImpact, type ImpactRequest } from '../../api/metric-impact';
import { METRICS_HUB_COPY } from '../../messages';
import { MetricSparkline } from './metric-sparkline';
import { TierChip } from './tier-chip';

/** Spec 3 §2: cards compare the last week with the one before, on the daily series. */
const WEEKLY: ImpactRequest = { schedule: 'd', impactType: 'relative' };

export interface MetricCardProps {
  scope: DataScope;
  row: MetricListRow;
  linkQuery: Record<string, string | number | undefined>;
}

export function MetricCard({ scope, row, linkQuery }: MetricCardProps) {
  const copy = METRICS_HUB_COPY;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={withQuery(paths.metric.getHref(row.kpi_id), linkQuery)}
        aria-label={copy.openMetric(row.kpi_display_name)}
        sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1, lineHeight: 1.3 }}>
            {row.kpi_display_name}
          </Typography>
          <TierChip tier={row.tier} />
        </Stack>
        <ImpactChip scope={scope} kpiId={row.kpi_id} />
        <Box sx={{ mt: 1.5 }}>
          <MetricSparkline scope={scope} kpiId={row.kpi_id} name={row.kpi_display_name} />
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** Nothing in the week before to compare with (a new metric, or no series yet). */
export function notQuantified(impact: MetricImpact): boolean {
  return impact.kpi_value_movement === 0 && ['0', '0.0%'].includes(impact.formatted_previous_value);
}

function ImpactChip({ scope, kpiId }: { scope: DataScope; kpiId: string }) {
  const impact = useMetricImpact(scope, kpiId, WEEKLY);
  const copy = METRICS_HUB_COPY;
  if (impact.isPending) return <Skeleton variant="rounded" width={132} height={24} />;
  if (impact.isError || notQuantified(impact.data)) {
    return (
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {copy.impactPending}
      </Typography>
    );
  }
  const { accent, kpi_value_movement: movement } = impact.data;
  const flat = movement === 0;
  const Icon = movement >= 0 ? ArrowUpwardIcon : ArrowDownwardIcon;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Tooltip
        title={`${copy.last7Days}: ${impact.data.formatted_current_value} · ${copy.previous7Days}: ${impact.data.formatted_previous_value}`}
      >
        <Chip
          size="small"
          icon={flat ? undefined : <Icon sx={{ fontSize: 14 }} />}
          label={impact.data.formatted_kpi_value_movement}
          color={flat ? 'default' : accent === 'positive' ? 'success' : 'error'}
          variant={flat ? 'outlined' : 'filled'}
          sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
        />
      </Tooltip>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {copy.weekOverWeek}
      </Typography>
    </Stack>
  );
}

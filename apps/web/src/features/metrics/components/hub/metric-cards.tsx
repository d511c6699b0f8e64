import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MetricListRow } from '@tidemark/contract';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import type { DataScope } from '@/session';
import { useMetrics } from '../../api/list-metrics';
import { METRICS_HUB_COPY } from '../../messages';
import type { MetricsTableState } from '../../utils/table-state';
import { HubEmpty } from './hub-empty';
import { MetricCard } from './metric-card';

/** The card view shows every active metric at once (the API's largest page). */
const ALL_ACTIVE: MetricsTableState = {
  page: 1,
  count: 500,
  sortBy: 'kpi_display_name',
  order: 'asc',
  isActive: true,
  filters: {},
};

/** Categories in name order, Uncategorized last (spec 3 §2: the fallback category). */
export function groupByCategory(rows: MetricListRow[]): Array<{ category: string; rows: MetricListRow[] }> {
  const groups = new Map<string, MetricListRow[]>();
  for (const row of rows) {
    const key = row.category_name?.trim() || '';
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([category, list]) => ({ category: category || METRICS_HUB_COPY.uncategorized, rows: list }));
}

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' },
} as const;

export interface MetricCardsProps {
  scope: DataScope;
  linkQuery: Record<string, string | number | undefined>;
  emptyAction?: ReactNode;
}

export function MetricCards({ scope, linkQuery, emptyAction }: MetricCardsProps) {
  const metrics = useMetrics(scope, ALL_ACTIVE);
  const copy = METRICS_HUB_COPY;
  if (metrics.isPending) {
    return (
      <Box sx={GRID} role="status" aria-label={copy.loading}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={156} />
        ))}
      </Box>
    );
  }
  if (metrics.isError) {
    return (
      <ErrorState
        title={copy.loadFailed}
        message={metrics.error.message}
        onRetry={() => void metrics.refetch()}
        retryLabel={copy.retry}
      />
    );
  }
  if (metrics.data.rows.length === 0) {
    return <HubEmpty title={copy.noMetrics} message={copy.noMetricsWorkspace} action={emptyAction} />;
  }
  return (
    <Stack spacing={4}>
      {groupByCategory(metrics.data.rows).map((group) => (
        <Box component="section" key={group.category} aria-label={group.category}>
          <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
            {group.category}{' '}
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              · {group.rows.length}
            </Typography>
          </Typography>
          <Box sx={GRID}>
            {group.rows.map((row) => (
              <MetricCard key={row.kpi_id} scope={scope} row={row} linkQuery={linkQuery} />
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

import { useDataScope } from '@/session';
import TableRowsOutlinedIcon from '@mui/icons-material/TableRowsOutlined';
import GridViewOutlinedIcon from '@mui/icons-material/GridViewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Skeleton from '@mui/material/Skeleton';
import { Suspense, lazy } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useViewMode, type MetricsViewMode } from '../../hooks/use-view-mode';
import { METRICS_HUB_COPY } from '../../messages';
import type { MetricsTableState } from '../../utils/table-state';
import { MetricsTable } from './metrics-table';

// The cards draw charts: ECharts loads only when the card view is first shown, not with the onboarding screens.
const MetricCards = lazy(() => import('./metric-cards').then((m) => ({ default: m.MetricCards })));

export interface MetricsHubProps {
  state: MetricsTableState;
  onStateChange: (next: MetricsTableState) => void;
  timezone?: string | undefined;
}

/** /metrics (spec 3 §2): a table or cards by category; the choice is remembered in this browser. */
export function MetricsHub({ state, onStateChange, timezone }: MetricsHubProps) {
  const scope = useDataScope();
  const [mode, setMode] = useViewMode();
  const copy = METRICS_HUB_COPY;
  const linkQuery = {
    tenant_id: scope.tenantId ?? undefined,
    dim_name: scope.dimName ?? undefined,
    dim_val: scope.dimVal ?? undefined,
  };
  const emptyAction = (
    <Button variant="contained" component={RouterLink} to={paths.onboarding.selectDatasources.getHref()}>
      {copy.addDataSource}
    </Button>
  );
  return (
    <Box>
      <PageHeader
        title={copy.title}
        subtitle={copy.subtitle}
        actions={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            aria-label={copy.viewMode}
            onChange={(_, next: MetricsViewMode | null) => next && setMode(next)}
          >
            <Tooltip title={copy.tableView}>
              <ToggleButton value="table" aria-label={copy.tableView}>
                <TableRowsOutlinedIcon fontSize="small" />
              </ToggleButton>
            </Tooltip>
            <Tooltip title={copy.cardView}>
              <ToggleButton value="cards" aria-label={copy.cardView}>
                <GridViewOutlinedIcon fontSize="small" />
              </ToggleButton>
            </Tooltip>
          </ToggleButtonGroup>
        }
      />
      {mode === 'table' ? (
        <MetricsTable
          scope={scope}
          state={state}
          onStateChange={onStateChange}
          timezone={timezone}
          linkQuery={linkQuery}
          emptyAction={emptyAction}
        />
      ) : (
        <Suspense fallback={<Skeleton variant="rounded" height={320} aria-label={copy.loading} />}>
          <MetricCards scope={scope} linkQuery={linkQuery} emptyAction={emptyAction} />
        </Suspense>
      )}
    </Box>
  );
}

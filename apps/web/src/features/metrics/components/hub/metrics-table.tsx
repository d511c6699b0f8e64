import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { MetricListRow } from '@tidemark/contract';
import { MISSING, formatPercent } from '@tidemark/format';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { paths, withQuery } from '@/config/paths';
import type { DataScope } from '@/session';
import { useMetrics } from '../../api/list-metrics';
import { METRICS_HUB_COPY } from '../../messages';
import {
  METRICS_PAGE_SIZES,
  toggleSort,
  withFilter,
  type FilterColumn,
  type MetricSort,
  type MetricsTableState,
} from '../../utils/table-state';
import { ColumnFilter, filterValueLabel } from './column-filter';
import { ExportButton } from './export-button';
import { HubEmpty } from './hub-empty';
import { PipelineStatus } from './pipeline-status';
import { AccentLabel, TierChip } from './tier-chip';

export interface MetricsTableProps {
  scope: DataScope;
  state: MetricsTableState;
  onStateChange: (next: MetricsTableState) => void;
  timezone?: string | undefined;
  /** tenant_id, dim_name and dim_val carried by the metric and insight links. */
  linkQuery: Record<string, string | number | undefined>;
  /** Shown when the workspace has no metric at all. */
  emptyAction?: ReactNode;
}

type ColumnKey = keyof typeof METRICS_HUB_COPY.columns;
const COLUMNS: Array<{ key: ColumnKey; sort?: MetricSort; filter?: FilterColumn; align?: 'right' }> = [
  { key: 'kpi_display_name', sort: 'kpi_display_name', filter: 'kpi_display_name' },
  { key: 'category_name', sort: 'category_name', filter: 'category_name' },
  { key: 'funnel_name', sort: 'funnel_name', filter: 'funnel_name' },
  { key: 'tier', sort: 'tier', filter: 'tier' },
  { key: 'impact_to_topline', sort: 'impact_to_topline', align: 'right' },
  { key: 'accent', sort: 'accent', filter: 'accent' },
  { key: 'status' },
];

/** /metrics as a table (spec 3 §2): paged, sorted and filtered on the server, its state in the URL. */
export function MetricsTable({
  scope,
  state,
  onStateChange,
  timezone,
  linkQuery,
  emptyAction,
}: MetricsTableProps) {
  const metrics = useMetrics(scope, state);
  const copy = METRICS_HUB_COPY;
  // A link to a page past the end (rows deleted since it was shared) moves to the last page.
  const lastPage = metrics.data ? Math.max(1, Math.ceil(metrics.data.count / state.count)) : null;
  useEffect(() => {
    if (lastPage !== null && !metrics.isPlaceholderData && state.page > lastPage)
      onStateChange({ ...state, page: lastPage });
  }, [lastPage, metrics.isPlaceholderData, state, onStateChange]);
  const filterEntries = Object.entries(state.filters) as Array<[FilterColumn, string]>;
  const filtered = filterEntries.length > 0 || !state.isActive;

  const toolbar = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5, minHeight: 32 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={state.isActive ? 'active' : 'inactive'}
        aria-label={copy.activeFilter}
        onChange={(_, next: 'active' | 'inactive' | null) =>
          next && onStateChange({ ...state, page: 1, isActive: next === 'active' })
        }
      >
        <ToggleButton value="active" sx={{ px: 1.5, py: 0.25 }}>
          {copy.active}
        </ToggleButton>
        <ToggleButton value="inactive" sx={{ px: 1.5, py: 0.25 }}>
          {copy.inactive}
        </ToggleButton>
      </ToggleButtonGroup>
      {filterEntries.map(([column, value]) => (
        <Chip
          key={column}
          color="primary"
          variant="outlined"
          label={`${copy.columns[column]}: ${filterValueLabel(column, value)}`}
          onDelete={() => onStateChange(withFilter(state, column, null))}
        />
      ))}
      {filterEntries.length > 1 && (
        <Button size="small" onClick={() => onStateChange({ ...state, page: 1, filters: {} })}>
          {copy.clearAll}
        </Button>
      )}
      <ExportButton scope={scope} state={state} disabled={!metrics.data || metrics.data.count === 0} />
    </Box>
  );

  if (metrics.isPending) {
    return (
      <Box>
        {toolbar}
        <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-label={copy.loading}>
          <Skeleton height={36} />
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={52} />
          ))}
        </Paper>
      </Box>
    );
  }
  if (metrics.isError) {
    return (
      <Box>
        {toolbar}
        <ErrorState
          title={copy.loadFailed}
          message={metrics.error.message}
          onRetry={() => void metrics.refetch()}
          retryLabel={copy.retry}
        />
      </Box>
    );
  }

  const { rows, count } = metrics.data;
  if (count === 0 && !filtered) {
    return (
      <Box>
        {toolbar}
        <HubEmpty title={copy.noMetrics} message={copy.noMetricsWorkspace} action={emptyAction} />
      </Box>
    );
  }
  const sortBy = state.sortBy;
  const order = state.order ?? 'asc';
  return (
    <Box>
      {toolbar}
      <TableContainer
        component={Paper}
        variant="outlined"
        sx={{ opacity: metrics.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        aria-busy={metrics.isPlaceholderData}
      >
        <Table size="small" aria-label={copy.tableLabel}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => {
                const label = copy.columns[c.key];
                return (
                  <TableCell
                    key={c.key}
                    align={c.align}
                    sortDirection={sortBy === c.sort && c.sort ? order : false}
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                  >
                    {c.sort ? (
                      <TableSortLabel
                        active={sortBy === c.sort}
                        direction={sortBy === c.sort ? order : 'asc'}
                        onClick={() => onStateChange(toggleSort(state, c.sort!))}
                      >
                        {label}
                      </TableSortLabel>
                    ) : (
                      label
                    )}
                    {c.filter && (
                      <ColumnFilter
                        scope={scope}
                        column={c.filter}
                        label={label}
                        value={state.filters[c.filter]}
                        onChange={(value) => onStateChange(withFilter(state, c.filter!, value))}
                      />
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ py: 6, textAlign: 'center' }}>
                  <Typography variant="h4" component="p">
                    {copy.noMetrics}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                    {copy.noMetricsHint}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <MetricRow key={row.kpi_id} row={row} timezone={timezone} linkQuery={linkQuery} />
              ))
            )}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={count}
          page={Math.min(state.page - 1, Math.max(0, Math.ceil(count / state.count) - 1))}
          rowsPerPage={state.count}
          rowsPerPageOptions={[...METRICS_PAGE_SIZES]}
          onPageChange={(_, p) => onStateChange({ ...state, page: p + 1 })}
          onRowsPerPageChange={(e) => onStateChange({ ...state, page: 1, count: Number(e.target.value) })}
        />
      </TableContainer>
    </Box>
  );
}

function MetricRow({
  row,
  timezone,
  linkQuery,
}: {
  row: MetricListRow;
  timezone?: string | undefined;
  linkQuery: Record<string, string | number | undefined>;
}) {
  return (
    <TableRow hover>
      <TableCell>
        <Link
          component={RouterLink}
          to={withQuery(paths.metric.getHref(row.kpi_id), linkQuery)}
          sx={{ fontWeight: 600 }}
          underline="hover"
        >
          {row.kpi_display_name}
        </Link>
      </TableCell>
      <TableCell>{row.category_name ?? MISSING}</TableCell>
      <TableCell>{row.funnel_name ?? MISSING}</TableCell>
      <TableCell>
        <TierChip tier={row.tier} />
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {/* Spec 3 §9: impact is floored in the table. */}
        {formatPercent(row.impact_to_topline, { floor: true })}
      </TableCell>
      <TableCell>
        <AccentLabel accent={row.accent} />
      </TableCell>
      <TableCell>
        <PipelineStatus status={row.status} timezone={timezone} linkQuery={linkQuery} />
      </TableCell>
    </TableRow>
  );
}

import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DATASOURCE_PAGE_SIZES, type Connection } from '@tidemark/contract';
import { DATE_FORMATS, formatDate, formatRelative } from '@tidemark/format';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useTenantScope } from '@/session';
import {
  resumeConnection,
  useConnections,
  useDeleteConnection,
  type ConnectionsPage,
} from '../api/connections';
import { CONNECTIONS_COPY } from '../messages';
import { shortenName, sourceLine } from '../utils/names';
import { followRedirect } from '../utils/redirect';
import { STAGE_LABEL, canDelete, displayedStatus } from '../utils/status';
import { TalkToUsButton } from './talk-to-us';

const STATUS_COLOR = {
  NOT_STARTED: 'default',
  IN_PROGRESS: 'info',
  SUCCESSFUL: 'success',
  FAILED: 'error',
} as const;

export interface DatasourcesPageProps {
  page: ConnectionsPage;
  onPageChange: (page: ConnectionsPage) => void;
  timezone?: string | undefined;
}

type SortKey =
  'datasource_id' | 'connector_name' | 'connection_name' | 'status' | 'sync_frequency' | 'created_at';
const COLUMNS: Array<{ key: SortKey | null; label: string }> = [
  { key: 'datasource_id', label: 'ID' },
  { key: 'connector_name', label: 'Type' },
  { key: 'connection_name', label: 'Name' },
  { key: 'status', label: 'Status' },
  { key: 'sync_frequency', label: 'Sync Frequency' },
  { key: 'created_at', label: 'Created' },
  { key: null, label: 'Actions' },
];

/** /datasources (spec 1 §2, §4): server-paged and sorted, refetched every 5 s and on focus. */
export function DatasourcesPage({ page, onPageChange, timezone }: DatasourcesPageProps) {
  const connections = useConnections(page);
  const remove = useDeleteConnection();
  const navigate = useNavigate();
  const scope = useTenantScope();
  const [confirm, setConfirm] = useState<Connection | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function resume(row: Connection) {
    setError(null);
    if (row.connector_type === 'file' && row.status.data_connection_status.status === 'IN_PROGRESS') {
      void navigate(paths.onboarding.csv.getHref({ id: row.datasource_id }));
      return;
    }
    try {
      const answer = await resumeConnection(scope, row.datasource_id);
      followRedirect(answer.redirect, (path) => void navigate(path));
    } catch (e) {
      setError(isApiError(e) ? (e.serverMessage ?? e.message) : String(e));
    }
  }

  const header = (
    <PageHeader
      title={CONNECTIONS_COPY.datasourcesTitle}
      actions={
        <Stack direction="row" spacing={1.5}>
          <TalkToUsButton />
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.onboarding.selectDatasources.getHref()}
          >
            {CONNECTIONS_COPY.addDataSource}
          </Button>
        </Stack>
      }
    />
  );

  if (connections.isPending) {
    return (
      <Box>
        {header}
        <Paper variant="outlined" sx={{ p: 2 }} aria-label="Loading data sources">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Paper>
      </Box>
    );
  }
  if (connections.isError) {
    return (
      <Box>
        {header}
        <ErrorState
          title={CONNECTIONS_COPY.loadFailed}
          message={connections.error.message}
          onRetry={() => void connections.refetch()}
        />
      </Box>
    );
  }
  const { rows, count } = connections.data;
  if (count === 0) {
    return (
      <Box>
        {header}
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <StorageOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
          <Typography sx={{ mt: 1.5, maxWidth: 420, mx: 'auto' }}>{CONNECTIONS_COPY.empty}</Typography>
        </Paper>
      </Box>
    );
  }

  const sortBy = (page.sortBy ?? 'created_at') as SortKey;
  const order = page.order ?? 'desc';
  return (
    <Box>
      {header}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <TableContainer
        component={Paper}
        variant="outlined"
        sx={{ opacity: connections.isPlaceholderData ? 0.6 : 1 }}
      >
        <Table size="small" aria-label="Data sources">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c.label}>
                  {c.key ? (
                    <TableSortLabel
                      active={sortBy === c.key}
                      direction={sortBy === c.key ? order : 'asc'}
                      onClick={() =>
                        onPageChange({
                          ...page,
                          page: 1,
                          sortBy: c.key!,
                          order: sortBy === c.key && order === 'asc' ? 'desc' : 'asc',
                        })
                      }
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const shown = displayedStatus(row.status);
              const line = sourceLine(row.source_tables, row.connector_type);
              return (
                <TableRow key={row.datasource_id} hover>
                  <TableCell sx={{ fontFamily: 'monospace' }}>#{row.datasource_id.toUpperCase()}</TableCell>
                  <TableCell>
                    <Tooltip title={`${row.connector_type} · ${row.connector_display_name}`}>
                      <Box
                        component="img"
                        src={row.connector_logo_url}
                        alt={row.connector_display_name}
                        sx={{ width: 28, height: 28 }}
                      />
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    <Tooltip
                      title={
                        row.source_tables.length ? row.source_tables.join(', ') : CONNECTIONS_COPY.noTables
                      }
                    >
                      <Box>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {shortenName(row.connection_name)}
                        </Typography>
                        {line && (
                          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                            {shortenName(line, 40)}
                          </Typography>
                        )}
                      </Box>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      <Tooltip title={shown.stage ? STAGE_LABEL[shown.stage] : ''}>
                        <Chip
                          size="small"
                          color={STATUS_COLOR[shown.status]}
                          label={
                            shown.status === 'NOT_STARTED'
                              ? CONNECTIONS_COPY.notStarted
                              : shown.status.replace('_', ' ')
                          }
                        />
                      </Tooltip>
                      {shown.message && (
                        <Typography variant="caption" sx={{ color: 'text.secondary', maxWidth: 260 }}>
                          {shown.message}
                        </Typography>
                      )}
                      {shown.resumable && (
                        <Chip
                          size="small"
                          variant="outlined"
                          color="primary"
                          label={CONNECTIONS_COPY.clickToResume}
                          onClick={() => void resume(row)}
                        />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell>{row.sync_frequency}</TableCell>
                  <TableCell>
                    <Typography variant="body2">
                      {formatRelative(row.created_at, { tz: timezone })}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {formatDate(row.created_at, { tz: timezone, format: DATE_FORMATS.date })}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row">
                      <IconButton size="small" disabled aria-label="Edit">
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                      <IconButton size="small" disabled aria-label="Copy">
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                      <IconButton size="small" disabled aria-label="Share">
                        <ShareOutlinedIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label="Delete"
                        disabled={!canDelete(row.status)}
                        onClick={() => setConfirm(row)}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={count}
          page={page.page - 1}
          rowsPerPage={page.count}
          rowsPerPageOptions={[...DATASOURCE_PAGE_SIZES]}
          onPageChange={(_, p) => onPageChange({ ...page, page: p + 1 })}
          onRowsPerPageChange={(e) => onPageChange({ ...page, page: 1, count: Number(e.target.value) })}
        />
      </TableContainer>
      <Dialog open={confirm !== null} onClose={() => !remove.isPending && setConfirm(null)}>
        <DialogTitle>{CONNECTIONS_COPY.deleteTitle}</DialogTitle>
        <DialogContent>
          <Typography>
            {confirm ? `#${confirm.datasource_id.toUpperCase()} ${confirm.connection_name}. ` : ''}
            {CONNECTIONS_COPY.deleteBody}
          </Typography>
          {remove.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {isApiError(remove.error)
                ? (remove.error.serverMessage ?? remove.error.message)
                : String(remove.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)} disabled={remove.isPending}>
            {CONNECTIONS_COPY.cancel}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              confirm &&
              remove.mutate(confirm.datasource_id, {
                onSuccess: () => setConfirm(null),
              })
            }
          >
            {CONNECTIONS_COPY.delete}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

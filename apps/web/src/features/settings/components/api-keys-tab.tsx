import AddIcon from '@mui/icons-material/Add';
import KeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ApiToken } from '@tidemark/contract';
import { DATE_FORMATS, formatDate, formatRelative } from '@tidemark/format';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { paths } from '@/config/paths';
import { useAppliedFilter, useDemoMode, type AppliedFilter } from '@/session';
import { useApiTokens } from '../api/tokens';
import { API_KEYS_COPY } from '../messages';
import { CreateKeyDialog, type KeyScope } from './create-key-dialog';
import { RevokeKeyDialog } from './revoke-key-dialog';

const copy = API_KEYS_COPY;

/** Spec 1 §6: a key's scope is the applied global filter (dimension:value), else all. */
export function keyScopeOf(filter: AppliedFilter | null): KeyScope {
  return filter
    ? {
        value: `${filter.dim_name}:${filter.dim_val}`,
        label: copy.dialog.scopeFiltered(filter.dim_name, filter.dim_val),
        filtered: true,
      }
    : { value: 'all', label: copy.dialog.scopeAll, filtered: false };
}

function scopeLabel(scope: string): string {
  if (scope === 'all') return copy.allData;
  const at = scope.indexOf(':');
  return at > 0 ? `${scope.slice(0, at)}: ${scope.slice(at + 1)}` : scope;
}

export function ApiKeysTab() {
  const [isDemo] = useDemoMode();
  const filter = useAppliedFilter();
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  // A fresh dialog (and mutation) per opening, so a shown key can never reappear.
  const [dialogKey, setDialogKey] = useState(0);
  const openCreate = () => {
    setDialogKey((k) => k + 1);
    setCreating(true);
  };
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h3" component="h2">
            {copy.heading}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 640 }}>
            {copy.intro}{' '}
            <Link component={RouterLink} to={paths.docsApi.getHref()}>
              {copy.docsLink}
            </Link>
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={openCreate}
          disabled={isDemo}
          sx={{ flexShrink: 0 }}
        >
          {copy.create}
        </Button>
      </Stack>

      {isDemo ? (
        <Alert severity="info">{copy.demo}</Alert>
      ) : tokens.isPending ? (
        <KeysSkeleton />
      ) : tokens.isError ? (
        <ErrorState
          title={copy.loadError}
          message={tokens.error.message}
          onRetry={() => void tokens.refetch()}
          retryLabel={copy.retry}
        />
      ) : tokens.data.length === 0 ? (
        <EmptyKeys onCreate={openCreate} />
      ) : (
        <KeysTable tokens={tokens.data} onRevoke={setRevoking} />
      )}

      <CreateKeyDialog
        key={dialogKey}
        open={creating}
        scope={keyScopeOf(filter)}
        onClose={() => setCreating(false)}
      />
      <RevokeKeyDialog token={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

function KeysTable({ tokens, onRevoke }: { tokens: ApiToken[]; onRevoke: (t: ApiToken) => void }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={copy.listLabel}>
        <TableHead>
          <TableRow>
            <TableCell>{copy.columns.name}</TableCell>
            <TableCell>{copy.columns.scope}</TableCell>
            <TableCell>{copy.columns.prefix}</TableCell>
            <TableCell>{copy.columns.created}</TableCell>
            <TableCell>{copy.columns.lastUsed}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {copy.columns.actions}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tokens.map((token) => (
            <TableRow key={token.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{token.name}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={token.scope === 'all' ? 'default' : 'primary'}
                  label={scopeLabel(token.scope)}
                />
              </TableCell>
              <TableCell>
                <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                  {`${token.prefix}…`}
                </Box>
              </TableCell>
              <TableCell>
                <Typography variant="body2">
                  {formatDate(token.created_at, { format: DATE_FORMATS.date })}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {copy.createdBy(token.created_by ?? copy.unknownCreator)}
                </Typography>
              </TableCell>
              <TableCell>
                {token.last_used_at ? (
                  <Tooltip title={formatDate(token.last_used_at)}>
                    <span>{formatRelative(token.last_used_at)}</span>
                  </Tooltip>
                ) : (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {copy.neverUsed}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">
                <Button
                  color="error"
                  size="small"
                  aria-label={copy.revokeLabel(token.name)}
                  onClick={() => onRevoke(token)}
                >
                  {copy.revoke}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function KeysSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true" aria-label={copy.listLabel}>
      {[0, 1, 2].map((i) => (
        <Stack key={i} direction="row" spacing={3} sx={{ py: 1.25, alignItems: 'center' }}>
          <Skeleton variant="text" width="18%" />
          <Skeleton variant="rounded" width={72} height={22} />
          <Skeleton variant="text" width="12%" />
          <Skeleton variant="text" width="16%" />
          <Skeleton variant="text" width="12%" />
          <Box sx={{ flex: 1 }} />
          <Skeleton variant="rounded" width={64} height={28} />
        </Stack>
      ))}
    </Paper>
  );
}

function EmptyKeys({ onCreate }: { onCreate: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 56,
            height: 56,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'brand.foam',
            color: 'primary.main',
          }}
        >
          <KeyOutlinedIcon />
        </Box>
        <Typography variant="h4" component="p">
          {copy.emptyTitle}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 440 }}>
          {copy.emptyBody}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={onCreate}>
          {copy.create}
        </Button>
      </Stack>
    </Paper>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Connector } from '@tidemark/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { OnboardingFrame } from '@/components/onboarding-frame';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useTenantScope } from '@/session';
import { createConnection } from '../api/connections';
import { useConnectors } from '../api/connectors';
import { CONNECTIONS_COPY } from '../messages';
import { matchesSearch } from '../utils/names';
import { followRedirect } from '../utils/redirect';
import { TalkToUsButton } from './talk-to-us';

/** Step 1: the connectors, searched case-sensitively by name (spec 1 §5). */
export function ConnectorGrid() {
  const connectors = useConnectors();
  const [term, setTerm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const navigate = useNavigate();
  const scope = useTenantScope();

  async function choose(connector: Connector) {
    setError(null);
    if (connector.connector_name === 'csv') {
      void navigate(paths.onboarding.csv.getHref());
      return;
    }
    setBusy(connector.connector_uuid);
    try {
      const created = await createConnection(scope, { connector_uuid: connector.connector_uuid });
      followRedirect(created.redirect, (path) => void navigate(path));
    } catch (e) {
      setError(isApiError(e) ? (e.serverMessage ?? e.message) : CONNECTIONS_COPY.uploadFailed);
    } finally {
      setBusy(null);
    }
  }

  const shown = (connectors.data ?? []).filter(
    (c) => c.is_active && matchesSearch(c.connector_display_name, term),
  );
  return (
    <OnboardingFrame
      step={0}
      title={CONNECTIONS_COPY.selectTitle}
      subtitle={CONNECTIONS_COPY.selectSubtitle}
      actions={<TalkToUsButton />}
    >
      <TextField
        label={CONNECTIONS_COPY.searchLabel}
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        size="small"
        sx={{ mb: 3, width: { xs: '100%', sm: 320 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {connectors.isPending ? (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}
          aria-label="Loading data sources"
        >
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={132} />
          ))}
        </Box>
      ) : connectors.isError ? (
        <ErrorState
          title={CONNECTIONS_COPY.loadFailed}
          message={connectors.error.message}
          onRetry={() => void connectors.refetch()}
        />
      ) : shown.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
          {CONNECTIONS_COPY.noMatch(term)}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
          {shown.map((c) => (
            <Card key={c.connector_uuid} variant="outlined">
              <CardActionArea
                onClick={() => void choose(c)}
                disabled={busy !== null || !c.is_configured}
                sx={{ p: 2, height: '100%', alignItems: 'flex-start' }}
                aria-label={c.connector_display_name}
              >
                <Stack spacing={1}>
                  <Box component="img" src={c.connector_logo_url} alt="" sx={{ width: 40, height: 40 }} />
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {c.connector_display_name}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {c.description}
                  </Typography>
                  {!c.is_configured && (
                    <Typography variant="caption" sx={{ color: 'warning.main' }}>
                      {CONNECTIONS_COPY.notConfigured}
                    </Typography>
                  )}
                </Stack>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
    </OnboardingFrame>
  );
}

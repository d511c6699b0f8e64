import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatabaseCredentialsSchema, type ConnectionSettings } from '@tidemark/contract';
import { formatCompact } from '@tidemark/format';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { OnboardingFrame } from '@/components/onboarding-frame';
import { isApiError } from '@/lib/api-client';
import { useTenantScope } from '@/session';
import { saveCredentials, selectTables, useConnectionSettings } from '../api/database';
import { CONNECTIONS_COPY } from '../messages';
import { followRedirect } from '../utils/redirect';
import { TalkToUsButton } from './talk-to-us';

const DEFAULT_PORT = { postgres: 5432, mysql: 3306 } as const;

/** PostgreSQL and MySQL: the credentials form, then the tables to copy (the connection's internal redirect). */
export function DatabaseSetup({
  datasourceId,
  connector,
}: {
  datasourceId: string;
  connector: 'postgres' | 'mysql';
}) {
  const settings = useConnectionSettings(datasourceId);
  const title = connector === 'postgres' ? 'Connect PostgreSQL' : 'Connect MySQL / MariaDB';
  if (settings.isPending)
    return (
      <OnboardingFrame step={1} title={title}>
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </OnboardingFrame>
    );
  if (settings.isError)
    return (
      <OnboardingFrame step={1} title={title}>
        <ErrorState
          title={CONNECTIONS_COPY.loadFailed}
          message={settings.error.message}
          onRetry={() => void settings.refetch()}
        />
      </OnboardingFrame>
    );
  return <Form key={datasourceId} settings={settings.data} connector={connector} title={title} />;
}

function Form({
  settings,
  connector,
  title,
}: {
  settings: ConnectionSettings;
  connector: 'postgres' | 'mysql';
  title: string;
}) {
  const saved = settings.credentials;
  const [form, setForm] = useState({
    host: saved?.host ?? '',
    port: String(saved?.port ?? DEFAULT_PORT[connector]),
    database: saved?.database ?? '',
    user: saved?.user ?? '',
    password: '',
    tls: saved?.tls ?? 'disable',
    schema: saved?.schema ?? '',
  });
  const [tables, setTables] = useState<Array<{ name: string; estimated_rows: number | null }> | null>(null);
  const [picked, setPicked] = useState<string[]>(settings.source_tables);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(
    settings.status.data_connection_status.status === 'FAILED'
      ? settings.status.data_connection_status.message
      : null,
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const scope = useTenantScope();
  const navigate = useNavigate();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  async function connect() {
    const parsed = DatabaseCredentialsSchema.safeParse({ ...form, schema: form.schema || undefined });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setFieldErrors({});
    setBusy(true);
    setError(null);
    try {
      const answer = await saveCredentials(scope, settings.datasource_id, parsed.data);
      setTables(answer.tables);
    } catch (e) {
      setError(isApiError(e) ? (e.serverMessage ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    setBusy(true);
    setError(null);
    try {
      const answer = await selectTables(scope, settings.datasource_id, picked);
      followRedirect(answer.redirect, (path) => void navigate(path));
    } catch (e) {
      setError(isApiError(e) ? (e.serverMessage ?? e.message) : String(e));
      setBusy(false);
    }
  }

  const actions = (
    <>
      {error && <TalkToUsButton />}
      {tables ? (
        <Button variant="contained" disabled={picked.length === 0 || busy} onClick={() => void copy()}>
          {CONNECTIONS_COPY.next}
        </Button>
      ) : (
        <Button variant="contained" disabled={busy} onClick={() => void connect()}>
          {busy ? 'Connecting…' : 'Connect'}
        </Button>
      )}
    </>
  );
  return (
    <OnboardingFrame
      step={1}
      title={title}
      subtitle="A read-only user is best: Tidemark only reads the tables you choose."
      actions={actions}
    >
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {!tables ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          <TextField
            label="Host"
            value={form.host}
            onChange={set('host')}
            error={!!fieldErrors.host}
            helperText={fieldErrors.host}
            required
          />
          <TextField
            label="Port"
            value={form.port}
            onChange={set('port')}
            error={!!fieldErrors.port}
            helperText={fieldErrors.port}
            required
          />
          <TextField
            label="Database"
            value={form.database}
            onChange={set('database')}
            error={!!fieldErrors.database}
            helperText={fieldErrors.database}
            required
          />
          <TextField select label="TLS" value={form.tls} onChange={set('tls')}>
            <MenuItem value="disable">Off</MenuItem>
            <MenuItem value="require">Required</MenuItem>
            <MenuItem value="verify-full">Required, certificate checked</MenuItem>
          </TextField>
          <TextField
            label="User"
            value={form.user}
            onChange={set('user')}
            error={!!fieldErrors.user}
            helperText={fieldErrors.user}
            required
          />
          <TextField
            label="Password"
            type="password"
            value={form.password}
            onChange={set('password')}
            autoComplete="new-password"
            helperText={saved?.has_password ? 'Leave empty to keep the saved password' : ' '}
          />
          {connector === 'postgres' && (
            <TextField label="Schema (optional)" value={form.schema} onChange={set('schema')} />
          )}
        </Box>
      ) : (
        <Box>
          <Typography sx={{ mb: 1 }}>Choose the tables to copy. They are synced every day.</Typography>
          <FormGroup>
            {tables.map((t) => (
              <FormControlLabel
                key={t.name}
                control={
                  <Checkbox
                    checked={picked.includes(t.name)}
                    onChange={(e) =>
                      setPicked((p) => (e.target.checked ? [...p, t.name] : p.filter((x) => x !== t.name)))
                    }
                  />
                }
                label={`${t.name}${t.estimated_rows !== null ? ` · about ${formatCompact(t.estimated_rows)} rows` : ''}`}
              />
            ))}
          </FormGroup>
        </Box>
      )}
    </OnboardingFrame>
  );
}

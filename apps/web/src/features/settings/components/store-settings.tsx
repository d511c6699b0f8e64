import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CURRENCIES,
  TIMEZONES,
  type StorePreferences,
  type UpdateStorePreferencesBody,
} from '@tidemark/contract';
import { DATE_FORMATS, formatCurrency, formatDate } from '@tidemark/format';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { useStorePreferences } from '../api/get-store-preferences';
import { preferencesBody, useUpdateStorePreferences } from '../api/update-store-preferences';
import { SETTINGS_SNACKBAR_MS, STORES_COPY } from '../stores-billing-messages';
import { EventProvidersDrawer } from './event-providers-drawer';

const copy = STORES_COPY;
type Currency = (typeof CURRENCIES)[number];
type Zone = (typeof TIMEZONES)[number];
type ChangeType = keyof typeof copy.types;

export interface StoreSettingsProps {
  orgUuid: string;
  name: string;
  onBack: () => void;
}

/** One store's settings: its name as the title, currency, time zone, forecast and event providers. */
export function StoreSettings({ orgUuid, name, onBack }: StoreSettingsProps) {
  const store = useStorePreferences(orgUuid);
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {copy.back}
        </Button>
        <Typography variant="h3" component="h2">
          {store.data?.display_name ?? name}
        </Typography>
      </Stack>
      {store.isPending ? (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : store.isError ? (
        <ErrorState
          title={copy.loadError}
          message={store.error.message}
          onRetry={() => void store.refetch()}
          retryLabel={copy.retry}
        />
      ) : (
        <StoreForm orgUuid={orgUuid} store={store.data} />
      )}
    </Stack>
  );
}

function StoreForm({ orgUuid, store }: { orgUuid: string; store: StorePreferences }) {
  const update = useUpdateStorePreferences(orgUuid);
  const { enqueueSnackbar } = useSnackbar();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [pending, setPending] = useState<ChangeType | null>(null);
  // The example clock reads the moment the form opened, so renders stay pure.
  const [openedAt] = useState(() => Date.now());
  const prefs = store.preferences;
  const currency = CURRENCIES.find((c) => c.code === prefs.currency) ?? null;
  const zone = TIMEZONES.find(([z]) => z === prefs.timezone) ?? null;
  const active = prefs.events.providers.filter((p) => p.is_active).length;

  /** Changes apply once the server confirms them; until then the control shows the saved value. */
  async function save(type: ChangeType, body: UpdateStorePreferencesBody) {
    setPending(type);
    try {
      await update.mutateAsync(body);
      enqueueSnackbar(copy.updated(copy.types[type]), {
        variant: 'success',
        autoHideDuration: SETTINGS_SNACKBAR_MS,
      });
    } catch {
      enqueueSnackbar(copy.updateFailed(copy.types[type]), {
        variant: 'error',
        autoHideDuration: SETTINGS_SNACKBAR_MS,
      });
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={3} sx={{ maxWidth: 560 }}>
          <Autocomplete<Currency, false, true>
            options={CURRENCIES}
            value={currency ?? CURRENCIES[0]}
            disableClearable
            disabled={pending !== null}
            getOptionLabel={(c) => `${c.code} · ${c.name} (${c.symbol.trim()})`}
            isOptionEqualToValue={(a, b) => a.code === b.code}
            onChange={(_e, next) => void save('currency', preferencesBody(store, { currency: next.code }))}
            renderInput={(params) => (
              <TextField {...params} label={copy.currency} helperText={copy.currencyHelp} />
            )}
          />
          <Autocomplete<Zone, false, true>
            options={TIMEZONES}
            value={zone ?? TIMEZONES.find(([z]) => z === 'Etc/UTC')!}
            disableClearable
            disabled={pending !== null}
            getOptionLabel={([, label]) => label}
            isOptionEqualToValue={(a, b) => a[0] === b[0]}
            onChange={(_e, next) => void save('timezone', preferencesBody(store, { timezone: next[0] }))}
            renderInput={(params) => (
              <TextField {...params} label={copy.timezone} helperText={copy.timezoneHelp} />
            )}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="store-example">
            {copy.example(
              formatCurrency(1234.5, { symbol: prefs.currency_symbol }),
              formatDate(openedAt, { tz: prefs.timezone, format: DATE_FORMATS.dateTime }),
            )}
          </Typography>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: 3 }}>
        <FormControlLabel
          control={
            <Switch
              checked={prefs.is_forecast_enabled}
              disabled={pending !== null}
              onChange={(_e, checked) =>
                void save('forecast', preferencesBody(store, { is_forecast_enabled: checked }))
              }
            />
          }
          label={copy.forecast}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', ml: 6 }}>
          {copy.forecastHelp}
        </Typography>
        <Divider sx={{ my: 3 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 240 }}>
            <Typography variant="h5" component="h3">
              {copy.providers}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {copy.providersHelp} {copy.providersCount(active, prefs.events.providers.length)}
            </Typography>
          </Box>
          <Button variant="outlined" onClick={() => setDrawerOpen(true)}>
            {copy.manageProviders}
          </Button>
        </Box>
      </Paper>

      <EventProvidersDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        providers={prefs.events.providers}
        busy={pending === 'providers'}
        onToggle={(id, isActive) =>
          void save('providers', preferencesBody(store, { providers: [{ id, is_active: isActive }] }))
        }
      />
    </>
  );
}

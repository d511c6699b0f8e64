import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EVENT_ERROR_TYPES,
  PREFERENCE_DEFAULTS,
  SAMPLING_DEFAULT,
  SAMPLING_STEP_PERCENT,
  SENSITIVITIES,
  type EventErrorType,
  type EventsFilteringValue,
  type EventsSamplingValue,
  type Sensitivity,
} from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useDemoMode } from '@/session';
import { useCollectorDomains, useEditCollectorDomains } from '../api/collector-domains';
import { usePreference, useSavePreference } from '../api/preferences';
import { EVENTS_COPY as copy, SETTINGS_SNACK_MS } from '../personal-messages';
import { SettingsSection } from './settings-section';

const SUB_TABS = ['sensitivity', 'sampling', 'domains'] as const;
type EventsSubTab = (typeof SUB_TABS)[number];

export function EventsTab() {
  const [search, setSearch] = useSearchParams();
  const active: EventsSubTab = SUB_TABS.find((t) => t === search.get('sub_tab')) ?? 'sensitivity';
  return (
    <Box>
      <Tabs
        value={active}
        onChange={(_e, tab: EventsSubTab) =>
          setSearch((prev) => {
            const next = new URLSearchParams(prev);
            next.set('sub_tab', tab);
            return next;
          })
        }
        aria-label={copy.subTabsLabel}
        sx={{ mb: 2 }}
      >
        {SUB_TABS.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={copy.subTabs[tab]}
            id={`events-tab-${tab}`}
            aria-controls="events-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="events-panel" aria-labelledby={`events-tab-${active}`}>
        {active === 'sensitivity' ? <Sensitivity /> : active === 'sampling' ? <Sampling /> : <AllowedSites />}
      </Box>
    </Box>
  );
}

function useSaveSnack() {
  const { enqueueSnackbar } = useSnackbar();
  return {
    onSuccess: () => enqueueSnackbar(copy.saved, { variant: 'success', autoHideDuration: SETTINGS_SNACK_MS }),
    onError: (e: Error) =>
      enqueueSnackbar((isApiError(e) && e.status === 400 && e.serverMessage) || copy.failed, {
        variant: 'error',
        autoHideDuration: SETTINGS_SNACK_MS,
      }),
  };
}

function Sensitivity() {
  const [isDemo] = useDemoMode();
  const pref = usePreference('EVENTS_FILTERING_PREFERENCE');
  if (pref.isPending) return <Skeleton variant="rounded" height={220} aria-busy />;
  if (pref.isError)
    return (
      <ErrorState title={copy.loadError} message={pref.error.message} onRetry={() => void pref.refetch()} />
    );
  return <SensitivityForm key={pref.dataUpdatedAt} saved={pref.data.preference_value} readOnly={isDemo} />;
}

function sensitivitiesOf(value: EventsFilteringValue): Record<Sensitivity, boolean> {
  const list =
    value.events_filtering_preference_values[0]?.sensitivities ??
    PREFERENCE_DEFAULTS.EVENTS_FILTERING_PREFERENCE.events_filtering_preference_values[0]!.sensitivities;
  return Object.fromEntries(
    SENSITIVITIES.map((s) => [s, list.find((i) => i.name === s)?.enabled ?? false]),
  ) as Record<Sensitivity, boolean>;
}

function SensitivityForm({ saved, readOnly }: { saved: EventsFilteringValue; readOnly: boolean }) {
  const save = useSavePreference('EVENTS_FILTERING_PREFERENCE');
  const snack = useSaveSnack();
  const initial = sensitivitiesOf(saved);
  const [on, setOn] = useState(initial);
  const changed = SENSITIVITIES.some((s) => on[s] !== initial[s]);
  return (
    <Stack spacing={2}>
      {readOnly ? <Alert severity="info">{copy.demo}</Alert> : null}
      <SettingsSection title={copy.sensitivity.heading} intro={copy.sensitivity.intro}>
        <Stack divider={<Divider flexItem />} spacing={1}>
          {SENSITIVITIES.map((s) => (
            <FormControlLabel
              key={s}
              control={
                <Checkbox
                  checked={on[s]}
                  // Moderate is shown but not offered yet (spec 1 §2).
                  disabled={readOnly || s === 'moderate'}
                  onChange={(_e, checked) => setOn((o) => ({ ...o, [s]: checked }))}
                />
              }
              label={
                <span>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {copy.sensitivity.options[s].label}
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
                    {copy.sensitivity.options[s].help}
                  </Typography>
                </span>
              }
            />
          ))}
        </Stack>
      </SettingsSection>
      <Box>
        <Button
          variant="contained"
          disabled={readOnly || !changed || save.isPending}
          onClick={() =>
            save.mutate(
              {
                events_filtering_preference_values: [
                  {
                    type: 'event',
                    sub_type: 'experience',
                    sensitivities: SENSITIVITIES.map((name) => ({
                      name,
                      enabled: name !== 'moderate' && on[name],
                    })),
                  },
                ],
              },
              snack,
            )
          }
        >
          {save.isPending ? copy.saving : copy.save}
        </Button>
      </Box>
    </Stack>
  );
}

function Sampling() {
  const [isDemo] = useDemoMode();
  const pref = usePreference('EVENTS_SAMPLING_PREFERENCE');
  if (pref.isPending) return <Skeleton variant="rounded" height={320} aria-busy />;
  if (pref.isError)
    return (
      <ErrorState title={copy.loadError} message={pref.error.message} onRetry={() => void pref.refetch()} />
    );
  return <SamplingForm key={pref.dataUpdatedAt} saved={pref.data.preference_value} readOnly={isDemo} />;
}

const toPercent = (fraction: number) => String(Math.round(fraction * 100));

/** Spec 1 §5: 0–100 in steps of 5; empty means the default 10 %. Null when the text is not such a number. */
export function percentToFraction(text: string): number | null {
  const t = text.trim();
  if (t === '') return SAMPLING_DEFAULT;
  if (!/^\d{1,3}$/.test(t)) return null;
  const n = Number(t);
  return n <= 100 && n % SAMPLING_STEP_PERCENT === 0 ? n / 100 : null;
}

interface TypeRow {
  text: string;
  enabled: boolean;
}

function SamplingForm({ saved, readOnly }: { saved: EventsSamplingValue; readOnly: boolean }) {
  const save = useSavePreference('EVENTS_SAMPLING_PREFERENCE');
  const snack = useSaveSnack();
  const [global, setGlobal] = useState(toPercent(saved.sampling_rate));
  const [rows, setRows] = useState<Record<EventErrorType, TypeRow>>(
    () =>
      Object.fromEntries(
        EVENT_ERROR_TYPES.map((t) => {
          const item = saved.event_sampling_configuration.find((i) => i.event_type === t);
          return [
            t,
            {
              text: toPercent(item?.sampling_rate ?? SAMPLING_DEFAULT),
              enabled: item?.enable_sampling ?? false,
            },
          ];
        }),
      ) as Record<EventErrorType, TypeRow>,
  );
  const value = (): EventsSamplingValue | null => {
    const rate = percentToFraction(global);
    const items = EVENT_ERROR_TYPES.map((t) => ({
      event_type: t,
      sampling_rate: percentToFraction(rows[t].text),
      enable_sampling: rows[t].enabled,
    }));
    if (rate === null || items.some((i) => i.sampling_rate === null)) return null;
    return {
      sampling_rate: rate,
      event_sampling_configuration: items as EventsSamplingValue['event_sampling_configuration'],
    };
  };
  const next = value();
  const changed = next !== null && JSON.stringify(next) !== JSON.stringify(normalise(saved));

  const percentField = (
    label: string,
    text: string,
    onText: (t: string) => void,
    disabled: boolean,
    help?: string,
  ) => {
    const bad = percentToFraction(text) === null;
    return (
      <TextField
        label={label}
        type="number"
        value={text}
        disabled={disabled}
        onChange={(e) => onText(e.target.value)}
        error={bad}
        helperText={bad ? copy.sampling.range : (help ?? ' ')}
        sx={{ width: 220 }}
        slotProps={{
          htmlInput: { min: 0, max: 100, step: SAMPLING_STEP_PERCENT },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
      />
    );
  };

  return (
    <Stack spacing={2}>
      {readOnly ? <Alert severity="info">{copy.demo}</Alert> : null}
      <SettingsSection title={copy.sampling.heading} intro={copy.sampling.intro}>
        <Stack spacing={2}>
          {EVENT_ERROR_TYPES.map((t) => (
            <Stack
              key={t}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <FormControlLabel
                sx={{ minWidth: 240 }}
                control={
                  <Switch
                    checked={rows[t].enabled}
                    disabled={readOnly}
                    onChange={(_e, on) => setRows((r) => ({ ...r, [t]: { ...r[t], enabled: on } }))}
                    slotProps={{ input: { 'aria-label': copy.sampling.toggle(copy.sampling.types[t]) } }}
                  />
                }
                label={copy.sampling.types[t]}
              />
              {percentField(
                copy.sampling.types[t],
                rows[t].text,
                (text) => setRows((r) => ({ ...r, [t]: { ...r[t], text } })),
                readOnly || !rows[t].enabled,
              )}
            </Stack>
          ))}
          <Divider />
          {percentField(copy.sampling.global, global, setGlobal, readOnly, copy.sampling.globalHelp)}
        </Stack>
      </SettingsSection>
      <Box>
        <Button
          variant="contained"
          disabled={readOnly || !changed || save.isPending}
          onClick={() => next && save.mutate(next, snack)}
        >
          {save.isPending ? copy.saving : copy.save}
        </Button>
      </Box>
    </Stack>
  );
}

/** The saved value in the form's order, so "changed" compares like with like. */
function normalise(saved: EventsSamplingValue): EventsSamplingValue {
  return {
    sampling_rate: saved.sampling_rate,
    event_sampling_configuration: EVENT_ERROR_TYPES.map((t) => {
      const item = saved.event_sampling_configuration.find((i) => i.event_type === t);
      return {
        event_type: t,
        sampling_rate: item?.sampling_rate ?? SAMPLING_DEFAULT,
        enable_sampling: item?.enable_sampling ?? false,
      };
    }),
  };
}

function AllowedSites() {
  const [isDemo] = useDemoMode();
  const sites = useCollectorDomains();
  const { add, remove } = useEditCollectorDomains();
  const { enqueueSnackbar } = useSnackbar();
  const [domain, setDomain] = useState('');
  if (sites.isPending) return <Skeleton variant="rounded" height={260} aria-busy />;
  if (sites.isError)
    return (
      <ErrorState title={copy.loadError} message={sites.error.message} onRetry={() => void sites.refetch()} />
    );
  const c = copy.domains;
  const failed = (e: Error) =>
    enqueueSnackbar((isApiError(e) && e.status < 500 && e.serverMessage) || copy.failed, {
      variant: 'error',
      autoHideDuration: SETTINGS_SNACK_MS,
    });
  const done = (message: string) => () =>
    enqueueSnackbar(message, { variant: 'success', autoHideDuration: SETTINGS_SNACK_MS });
  const submit = () =>
    add.mutate(domain, {
      onSuccess: () => {
        setDomain('');
        done(c.added)();
      },
      onError: failed,
    });
  return (
    <Stack spacing={2}>
      {isDemo ? <Alert severity="info">{copy.demo}</Alert> : null}
      <SettingsSection title={c.heading} intro={c.intro}>
        <Stack spacing={2}>
          {sites.data.accepts_all ? <Alert severity="warning">{c.acceptsAll}</Alert> : null}
          <List dense disablePadding aria-label={c.heading}>
            {sites.data.store_domain ? (
              <ListItem disableGutters>
                <ListItemText primary={sites.data.store_domain} secondary={c.storeHelp} />
                <Chip size="small" label={c.store} />
              </ListItem>
            ) : null}
            {sites.data.domains.map((d) => (
              <ListItem
                key={d.domain}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={c.remove(d.domain)}
                    disabled={isDemo || remove.isPending}
                    onClick={() => remove.mutate(d.domain, { onSuccess: done(c.removed), onError: failed })}
                  >
                    <span aria-hidden>×</span>
                  </IconButton>
                }
              >
                <ListItemText primary={d.domain} />
              </ListItem>
            ))}
            {sites.data.domains.length === 0 && !sites.data.accepts_all ? (
              <ListItem disableGutters>
                <ListItemText secondary={c.none} />
              </ListItem>
            ) : null}
          </List>
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
            onSubmit={(e) => {
              e.preventDefault();
              if (domain.trim()) submit();
            }}
          >
            <TextField
              label={c.field}
              value={domain}
              disabled={isDemo}
              onChange={(e) => setDomain(e.target.value)}
              helperText={c.fieldHelp}
              sx={{ minWidth: 280 }}
            />
            <Button type="submit" variant="contained" disabled={isDemo || !domain.trim() || add.isPending}>
              {c.add}
            </Button>
          </Stack>
          <Divider />
          <Typography variant="body2" role="status">
            {c.dropped(sites.data.dropped_recently)}
          </Typography>
        </Stack>
      </SettingsSection>
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  REPORT_TIME_STEP_SECONDS,
  type GlobalFilter,
  type NotificationSettings,
  type QuietHours,
  type Snooze,
  type UpdateNotificationSettingsBody,
} from '@tidemark/contract';
import { DATE_FORMATS, formatDate } from '@tidemark/format';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { paths, withQuery } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useTenantScope } from '@/session';
import { useAlertScopeFilters } from '../api/alert-scope-filters';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings';
import { useRemoveSnooze, useSnoozes } from '../api/snoozes';
import { useTenantTimeZone } from '../api/tenant-time-zone';
import { NOTIFICATIONS_COPY, SETTINGS_SNACK_MS } from '../personal-messages';
import { roundToStep } from '../utils/report-time';
import { SettingsSection } from './settings-section';

const copy = NOTIFICATIONS_COPY.noise;
/** The select's value for "no scope": filter ids are digits, so it cannot clash with one. */
const EVERYTHING = 'everything';

/** Noise control in the Alerts tab: loads its own data, so a failure here leaves the rest of the tab usable. */
export function NoiseControl({ readOnly }: { readOnly: boolean }) {
  const settings = useNotificationSettings();
  const snoozes = useSnoozes();
  const filters = useAlertScopeFilters();
  const zone = useTenantTimeZone();
  const queries = [settings, snoozes, filters, zone];
  if (queries.some((q) => q.isPending)) return <Skeleton variant="rounded" height={320} aria-busy />;
  if (!settings.data || !snoozes.data || !filters.data || !zone.data)
    return (
      <ErrorState
        title={copy.loadError}
        message={queries.find((q) => q.isError)?.error?.message ?? ''}
        onRetry={() => queries.forEach((q) => void q.refetch())}
        retryLabel={NOTIFICATIONS_COPY.retry}
      />
    );
  return (
    <NoiseControlPanel
      settings={settings.data}
      snoozes={snoozes.data}
      filters={filters.data}
      timeZone={zone.data}
      readOnly={readOnly}
    />
  );
}

export interface NoiseControlPanelProps {
  settings: NotificationSettings;
  snoozes: Snooze[];
  filters: GlobalFilter[];
  timeZone: string;
  readOnly: boolean;
}

export function NoiseControlPanel({
  settings,
  snoozes,
  filters,
  timeZone,
  readOnly,
}: NoiseControlPanelProps) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateNotificationSettings();
  const snack = (message: string, variant: 'success' | 'error') =>
    enqueueSnackbar(message, { variant, autoHideDuration: SETTINGS_SNACK_MS });
  // While a save is out, the controls keep the saved values, disabled, until the server answers.
  const disabled = readOnly || update.isPending;

  function save(change: Partial<UpdateNotificationSettingsBody>, revert?: () => void) {
    update.mutate(
      { quiet_hours: settings.quiet_hours, scope_filter_id: settings.scope_filter_id, ...change },
      {
        onSuccess: () => snack(copy.saved, 'success'),
        onError: (e) => {
          revert?.();
          snack(
            isApiError(e) && e.status === 400 && e.serverMessage
              ? `${e.serverMessage} ${copy.reverted}`
              : copy.saveFailed,
            'error',
          );
        },
      },
    );
  }

  const quiet = settings.quiet_hours;
  return (
    <SettingsSection title={copy.heading} intro={copy.intro}>
      <Stack divider={<Divider flexItem />} spacing={2.5}>
        <QuietHoursBlock
          key={`${quiet.is_active}-${quiet.start}-${quiet.end}`}
          saved={quiet}
          timeZone={timeZone}
          disabled={disabled}
          onSave={(quiet_hours, revert) => save({ quiet_hours }, revert)}
        />
        <AlertScopeBlock
          savedId={settings.scope_filter_id}
          filters={filters}
          disabled={disabled}
          onSave={(scope_filter_id) => save({ scope_filter_id })}
        />
        <SnoozesBlock snoozes={snoozes} timeZone={timeZone} readOnly={readOnly} />
      </Stack>
    </SettingsSection>
  );
}

function Block({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {intro ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {intro}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

function QuietHoursBlock({
  saved,
  timeZone,
  disabled,
  onSave,
}: {
  saved: QuietHours;
  timeZone: string;
  disabled: boolean;
  onSave: (quiet: QuietHours, revert: () => void) => void;
}) {
  const q = copy.quiet;
  const [start, setStart] = useState(saved.start);
  const [end, setEnd] = useState(saved.end);
  const revert = () => {
    setStart(saved.start);
    setEnd(saved.end);
  };
  // The server treats equal times as no quiet hours at all, so they are not offered.
  const same = start === end;
  const differs = !same && (start !== saved.start || end !== saved.end);
  const timesOff = disabled || !saved.is_active;
  const timeField = (label: string, value: string, set: (v: string) => void) => (
    <TextField
      type="time"
      label={label}
      value={value}
      disabled={timesOff}
      onChange={(e) => e.target.value && set(e.target.value)}
      onBlur={() => set(roundToStep(value))}
      error={same && !timesOff}
      slotProps={{ htmlInput: { step: REPORT_TIME_STEP_SECONDS }, inputLabel: { shrink: true } }}
      sx={{ width: 160 }}
    />
  );
  return (
    <Block title={q.heading}>
      <FormControlLabel
        control={
          <Switch
            checked={saved.is_active}
            disabled={disabled}
            onChange={(_e, on) => onSave({ ...saved, is_active: on }, revert)}
          />
        }
        label={q.toggle}
      />
      <Stack
        direction="row"
        spacing={1.5}
        component="form"
        noValidate
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5, mt: 1.5 }}
        onSubmit={(e) => {
          e.preventDefault();
          if (differs) onSave({ is_active: saved.is_active, start, end }, revert);
        }}
      >
        {timeField(q.start, start, setStart)}
        {timeField(q.end, end, setEnd)}
        {differs ? (
          <Button type="submit" variant="contained" disabled={timesOff}>
            {q.confirm}
          </Button>
        ) : null}
      </Stack>
      {same && !timesOff ? (
        <Typography variant="body2" role="alert" sx={{ color: 'error.main', mt: 1 }}>
          {q.sameTime}
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
        {q.zone(timeZone)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {q.held}
      </Typography>
    </Block>
  );
}

function AlertScopeBlock({
  savedId,
  filters,
  disabled,
  onSave,
}: {
  savedId: string | null;
  filters: GlobalFilter[];
  disabled: boolean;
  onSave: (id: string | null) => void;
}) {
  const s = copy.scope;
  // A deleted filter no longer narrows anything (the server matches through it), so it reads as Everything.
  const gone = savedId !== null && !filters.some((f) => String(f.id) === savedId);
  const value = savedId === null || gone ? EVERYTHING : savedId;
  return (
    <Block title={s.heading} intro={s.intro}>
      <TextField
        select
        label={s.label}
        value={value}
        disabled={disabled || filters.length === 0}
        onChange={(e) => {
          const next = e.target.value === EVERYTHING ? null : e.target.value;
          if (next !== savedId) onSave(next);
        }}
        helperText={filters.length === 0 ? s.none : undefined}
        sx={{ mt: 1, width: '100%', maxWidth: 480 }}
      >
        <MenuItem value={EVERYTHING}>{s.everything}</MenuItem>
        {filters.map((f) => (
          <MenuItem key={f.id} value={String(f.id)}>
            {s.option(f.display_name, f.dimension_name, f.dimension_value)}
          </MenuItem>
        ))}
      </TextField>
      {gone ? (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {s.gone}
        </Alert>
      ) : null}
    </Block>
  );
}

/** Where a snoozed item opens; an item that is gone has no page. */
function targetHref(s: Snooze): string {
  if (s.target_type === 'insight_group') return paths.group.getHref(s.target_id);
  if (s.target_type === 'event_group') return paths.eventGroup.getHref(s.target_id);
  return paths.metric.getHref(s.target_id);
}

function SnoozesBlock({
  snoozes,
  timeZone,
  readOnly,
}: {
  snoozes: Snooze[];
  timeZone: string;
  readOnly: boolean;
}) {
  const n = copy.snoozes;
  const { enqueueSnackbar } = useSnackbar();
  const remove = useRemoveSnooze();
  const scope = useTenantScope();
  const snack = (message: string, variant: 'success' | 'error') =>
    enqueueSnackbar(message, { variant, autoHideDuration: SETTINGS_SNACK_MS });
  return (
    <Block title={n.heading} intro={n.intro}>
      {snoozes.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 1 }}>{n.empty}</Typography>
      ) : (
        <Stack
          component="ul"
          aria-label={n.listLabel}
          divider={<Divider flexItem component="li" aria-hidden />}
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
        >
          {snoozes.map((s) => {
            const kind = n.kinds[s.target_type];
            const name = s.target_name ?? n.gone(s.target_id);
            const busy = remove.isPending && remove.variables === s.id;
            return (
              <Stack
                key={s.id}
                component="li"
                direction="row"
                spacing={2}
                sx={{ alignItems: 'center', justifyContent: 'space-between' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                    {kind}
                  </Typography>
                  {s.target_name ? (
                    <Link
                      component={RouterLink}
                      to={withQuery(targetHref(s), { tenant_id: scope.tenantId })}
                      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                    >
                      {name}
                    </Link>
                  ) : (
                    <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                  )}
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {n.until(formatDate(s.until, { tz: timeZone, format: DATE_FORMATS.dateTime }))}
                  </Typography>
                </Box>
                <Button
                  variant="outlined"
                  size="small"
                  disabled={readOnly || busy}
                  aria-label={n.removeLabel(name)}
                  onClick={() =>
                    remove.mutate(s.id, {
                      onSuccess: () => snack(n.removed, 'success'),
                      onError: () => snack(n.removeFailed, 'error'),
                    })
                  }
                >
                  {n.remove}
                </Button>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Block>
  );
}

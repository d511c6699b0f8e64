import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SEVERITY_DESCRIPTIONS,
  parseThreshold,
  routes,
  type ChannelName,
  type EventMapping,
  type EventMappingBody,
  type Subscriptions,
  type SubscriptionsPatch,
  type UserProfile,
} from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { isApiError } from '@/lib/api-client';
import { useUpdateEventMapping } from '../api/event-mapping';
import { useUpdateSubscriptions } from '../api/subscriptions';
import { NOTIFICATIONS_COPY, SETTINGS_SNACK_MS } from '../personal-messages';
import { AlertPreview } from './alert-preview';
import { PhoneDrawer } from './phone-drawer';
import { SmsVerification } from './sms-verification';
import { SettingsSection } from './settings-section';

const copy = NOTIFICATIONS_COPY;

export interface AlertsPanelProps {
  subscriptions: Subscriptions;
  mapping: EventMapping;
  profile: UserProfile;
  readOnly: boolean;
}

/** Alerts (event-alerts): channels, severity, minimum dollar impact and event sources, each saved at once. */
export function AlertsPanel({ subscriptions, mapping, profile, readOnly }: AlertsPanelProps) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateSubscriptions();
  const updateMapping = useUpdateEventMapping();
  const [phoneDrawer, setPhoneDrawer] = useState(false);
  // Which control waits for the server: it stays as it was, disabled, until the answer comes.
  const [pending, setPending] = useState<string | null>(null);
  const snack = (message: string, variant: 'success' | 'error') =>
    enqueueSnackbar(message, { variant, autoHideDuration: SETTINGS_SNACK_MS });

  function patch(key: string, body: SubscriptionsPatch, after?: () => void) {
    setPending(key);
    update.mutate(body, {
      onSuccess: () => {
        snack(copy.updated, 'success');
        after?.();
      },
      onError: (e) => snack((isApiError(e) && e.status === 400 && e.serverMessage) || copy.failed, 'error'),
      onSettled: () => setPending(null),
    });
  }

  function patchMapping(key: string, body: EventMappingBody) {
    setPending(key);
    updateMapping.mutate(body, {
      onSuccess: () => snack(copy.updated, 'success'),
      onError: (e) => snack((isApiError(e) && e.status === 400 && e.serverMessage) || copy.failed, 'error'),
      onSettled: () => setPending(null),
    });
  }

  function toggleChannel(name: ChannelName, on: boolean) {
    if (name === 'sms' && on && !profile.phone_number) {
      setPhoneDrawer(true);
      return;
    }
    patch(`channel:${name}`, { channels: [{ name, is_active: on }] });
  }

  const filters = subscriptions.preferences[0]?.filters ?? { severity: [], monetary_impact_threshold: 0 };
  // The minimum being typed, so the preview answers before it is confirmed.
  const [draftThreshold, setDraftThreshold] = useState<number | null>(null);

  return (
    <Stack spacing={3}>
      <SettingsSection title={copy.channels.heading} intro={copy.channels.intro}>
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {subscriptions.channels.map((channel) => (
            <ChannelRow
              key={channel.name}
              name={channel.name}
              on={channel.is_active}
              detail={channelDetail(channel.name, subscriptions, profile)}
              disabled={readOnly || pending !== null}
              onToggle={(on) => toggleChannel(channel.name, on)}
              slack={channel.name === 'slack' ? subscriptions.slack : undefined}
              below={channelNotice(channel.name, subscriptions, profile, readOnly || pending !== null)}
            />
          ))}
        </Stack>
      </SettingsSection>

      <SettingsSection title={copy.severity.heading} intro={copy.severity.intro}>
        <Stack spacing={1}>
          {filters.severity.map((s) => (
            <FormControlLabel
              key={s.type}
              control={
                <Switch
                  checked={s.is_active}
                  disabled={readOnly || pending !== null}
                  onChange={(_e, on) =>
                    patch(`severity:${s.type}`, {
                      preferences: [
                        {
                          notification_type: 'event',
                          filters: { severity: [{ type: s.type, is_active: on }] },
                        },
                      ],
                    })
                  }
                />
              }
              label={
                <span>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {s.type}
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
                    {SEVERITY_DESCRIPTIONS[s.type]}
                  </Typography>
                </span>
              }
            />
          ))}
        </Stack>
      </SettingsSection>

      <ThresholdSection
        key={filters.monetary_impact_threshold}
        saved={filters.monetary_impact_threshold}
        disabled={readOnly || pending !== null}
        onConfirm={(value) =>
          patch('threshold', {
            preferences: [{ notification_type: 'event', filters: { monetary_impact_threshold: value } }],
          })
        }
        onDraft={setDraftThreshold}
        preview={
          <AlertPreview
            filters={{
              severities: filters.severity.filter((s) => s.is_active).map((s) => s.type),
              threshold: draftThreshold ?? filters.monetary_impact_threshold,
            }}
          />
        }
      />

      <SettingsSection title={copy.mapping.heading} intro={copy.mapping.intro}>
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {mapping.providers.map((p) => (
            <Box key={p.id}>
              <FormControlLabel
                control={
                  <Switch
                    checked={p.is_active}
                    disabled={readOnly || pending !== null}
                    onChange={(_e, on) =>
                      patchMapping(`provider:${p.id}`, { providers: [{ id: p.id, is_active: on }] })
                    }
                  />
                }
                label={<Typography sx={{ fontWeight: 600 }}>{p.display_name}</Typography>}
              />
              <Box role="group" aria-label={copy.mapping.categoriesOf(p.display_name)} sx={{ pl: 6 }}>
                {p.categories.map((c) => (
                  <FormControlLabel
                    key={c.id}
                    label={c.display_name}
                    control={
                      <Checkbox
                        size="small"
                        checked={c.is_active}
                        disabled={readOnly || pending !== null || !p.is_active}
                        onChange={(_e, on) =>
                          patchMapping(`category:${p.id}:${c.id}`, {
                            providers: [
                              { id: p.id, is_active: p.is_active, categories: [{ id: c.id, is_active: on }] },
                            ],
                          })
                        }
                      />
                    }
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      </SettingsSection>

      {phoneDrawer ? (
        <PhoneDrawer
          open
          profile={profile}
          onDiscard={() => {
            setPhoneDrawer(false);
            // Discard leaves SMS off, also if it was somehow on.
            if (subscriptions.channels.some((c) => c.name === 'sms' && c.is_active)) {
              patch('channel:sms', { channels: [{ name: 'sms', is_active: false }] });
            }
          }}
          onSaved={() => {
            setPhoneDrawer(false);
            patch('channel:sms', { channels: [{ name: 'sms', is_active: true }] });
          }}
        />
      ) : null}
    </Stack>
  );
}

function channelDetail(name: ChannelName, s: Subscriptions, profile: UserProfile): string {
  if (name === 'email') return copy.channels.details.email(profile.user_email);
  if (name === 'sms') {
    if (!profile.phone_number) return copy.channels.details.smsWithoutPhone;
    return s.sms.is_verified
      ? copy.channels.details.smsVerified(profile.phone_number)
      : copy.channels.details.smsWithPhone(profile.phone_number);
  }
  if (!s.slack.connected) return copy.channels.details.slackNotConnected;
  return s.slack.channel_name
    ? copy.channels.details.slackChannel(s.slack.team_name, s.slack.channel_name)
    : copy.channels.details.slackConnected(s.slack.team_name);
}

/** What a channel still needs, said under its row: SMS without Twilio or unverified, Slack turned off by Slack. */
function channelNotice(
  name: ChannelName,
  s: Subscriptions,
  profile: UserProfile,
  disabled: boolean,
): ReactNode {
  if (name === 'sms') {
    if (!s.sms.configured)
      return <Alert severity="info">{s.sms.setup_notice ?? copy.smsVerify.notConfigured}</Alert>;
    if (profile.phone_number && !s.sms.is_verified)
      return <SmsVerification sms={s.sms} disabled={disabled} />;
  }
  if (name === 'slack' && s.slack.note) return <Alert severity="warning">{s.slack.note}</Alert>;
  return null;
}

function ChannelRow({
  name,
  on,
  detail,
  disabled,
  onToggle,
  slack,
  below,
}: {
  name: ChannelName;
  on: boolean;
  detail: string;
  disabled: boolean;
  onToggle: (on: boolean) => void;
  slack: Subscriptions['slack'] | undefined;
  below: ReactNode;
}) {
  const label = copy.channels.names[name];
  let control = (
    <Switch
      checked={on}
      disabled={disabled}
      onChange={(_e, next) => onToggle(next)}
      slotProps={{ input: { 'aria-label': copy.channels.toggleLabel(label) } }}
    />
  );
  if (slack && !slack.connected) {
    control = slack.configured ? (
      <Button variant="outlined" href={routes.slackStart.path} disabled={disabled}>
        {copy.slack.add}
      </Button>
    ) : (
      <span />
    );
  }
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <div>
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {detail}
          </Typography>
        </div>
        {control}
      </Stack>
      {slack && !slack.configured ? (
        <Alert severity="info">{slack.setup_notice ?? copy.slack.notConfigured}</Alert>
      ) : null}
      {below}
    </Stack>
  );
}

function ThresholdSection({
  saved,
  disabled,
  onConfirm,
  onDraft,
  preview,
}: {
  saved: number;
  disabled: boolean;
  onConfirm: (value: number) => void;
  onDraft?: (value: number | null) => void;
  /** What the filters would have sent, shown under the field. */
  preview?: ReactNode;
}) {
  const [text, setText] = useState(saved === 0 ? '' : String(saved));
  const value = parseThreshold(text);
  const differs = value !== null && value !== saved;
  return (
    <SettingsSection title={copy.threshold.heading} intro={copy.threshold.intro}>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'flex-start' }}
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (differs) onConfirm(value);
        }}
      >
        <TextField
          label={copy.threshold.label}
          value={text}
          onChange={(e) => {
            const next = e.target.value.replace(/[^\d]/g, '');
            setText(next);
            onDraft?.(parseThreshold(next));
          }}
          error={value === null}
          helperText={value === null ? copy.threshold.invalid : ' '}
          disabled={disabled}
          sx={{ maxWidth: 260 }}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 12 },
          }}
        />
        {differs ? (
          <Button type="submit" variant="contained" disabled={disabled} sx={{ mt: 1 }}>
            {copy.threshold.confirm}
          </Button>
        ) : null}
      </Stack>
      {preview}
    </SettingsSection>
  );
}

import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { profileError, splitName, type UserProfile } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useProfile, useUpdateProfile } from '../api/profile';
import { PROFILE_COPY as copy, SETTINGS_SNACK_MS } from '../personal-messages';
import { PhoneInput } from './phone-input';
import { SettingsSection } from './settings-section';

const fullName = (p: UserProfile) => [p.given_name, p.family_name].filter(Boolean).join(' ');

/** Spec 1 §5: digits are refused as typed, so the field never holds one. */
export const withoutDigits = (text: string) => text.replace(/\d/g, '');

export function ProfileTab() {
  const profile = useProfile();
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError)
    return (
      <ErrorState
        title={copy.loadError}
        message={profile.error.message}
        onRetry={() => void profile.refetch()}
        retryLabel={copy.retry}
      />
    );
  return <ProfileForm key={profile.dataUpdatedAt} profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: UserProfile }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useUpdateProfile();
  const [name, setName] = useState(fullName(profile));
  const [phone, setPhone] = useState(profile.phone_number ?? '');
  const [error, setError] = useState<string | null>(null);
  const changed = name.trim() !== fullName(profile) || phone !== (profile.phone_number ?? '');

  function submit() {
    const body = { ...splitName(name), phone_number: phone };
    const invalid = profileError(body);
    setError(invalid);
    if (invalid) {
      enqueueSnackbar(invalid, { variant: 'error', autoHideDuration: SETTINGS_SNACK_MS });
      return;
    }
    save.mutate(body, {
      onSuccess: (answer) =>
        enqueueSnackbar(answer.message, { variant: 'success', autoHideDuration: SETTINGS_SNACK_MS }),
      onError: (e) =>
        enqueueSnackbar((isApiError(e) && e.serverMessage) || copy.failed, {
          variant: 'error',
          autoHideDuration: SETTINGS_SNACK_MS,
        }),
    });
  }

  return (
    <SettingsSection title={copy.heading} intro={copy.intro}>
      <Stack
        component="form"
        spacing={2.5}
        sx={{ maxWidth: 640 }}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={copy.name}
          value={name}
          required
          onChange={(e) => setName(withoutDigits(e.target.value))}
          helperText={copy.nameHelp}
          error={error === copy.bothRequired && !name.trim()}
          slotProps={{ htmlInput: { maxLength: 201, autoComplete: 'name' } }}
        />
        <PhoneInput
          value={phone}
          onChange={setPhone}
          error={error !== null && error !== copy.bothRequired ? true : error !== null && !phone}
          {...(error && error !== copy.bothRequired ? { helperText: error } : {})}
        />
        <TextField
          label={copy.email}
          value={profile.user_email}
          helperText={copy.emailHelp}
          slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
        />
        <div>
          <Button type="submit" variant="contained" disabled={!changed || save.isPending}>
            {save.isPending ? copy.saving : copy.save}
          </Button>
        </div>
      </Stack>
    </SettingsSection>
  );
}

function ProfileSkeleton() {
  return (
    <SettingsSection title={copy.heading} intro={copy.intro}>
      <Stack spacing={2.5} sx={{ maxWidth: 640 }} aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
        <Skeleton variant="rounded" width={96} height={36} />
      </Stack>
    </SettingsSection>
  );
}

import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { profileError, splitName, type UserProfile } from '@tidemark/contract';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useUpdateProfile } from '../api/profile';
import { NOTIFICATIONS_COPY, PROFILE_COPY } from '../personal-messages';
import { PhoneInput } from './phone-input';
import { withoutDigits } from './profile-tab';

const copy = NOTIFICATIONS_COPY.phoneDrawer;
/** Spec 1 §2: drawers are 400 or 550 px wide. */
const DRAWER_WIDTH = 400;

export interface PhoneDrawerProps {
  open: boolean;
  profile: UserProfile;
  /** Called once the phone is stored; the caller then turns SMS on. */
  onSaved: () => void;
  onDiscard: () => void;
}

/**
 * Spec 1 §4: asked for when SMS is turned on without a phone. Escape and the backdrop do not close it: only
 * Save (which stores the phone) or Discard (which leaves SMS off).
 */
export function PhoneDrawer({ open, profile, onSaved, onDiscard }: PhoneDrawerProps) {
  const save = useUpdateProfile();
  const hasName = !!profile.given_name?.trim();
  const [name, setName] = useState([profile.given_name, profile.family_name].filter(Boolean).join(' '));
  const [phone, setPhone] = useState(profile.phone_number ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const body = { ...splitName(name), phone_number: phone };
    const invalid = profileError(body);
    setError(invalid);
    if (invalid) return;
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (e) => setError((isApiError(e) && e.serverMessage) || PROFILE_COPY.failed),
    });
  }

  return (
    <Drawer
      anchor="right"
      open={open}
      // No onClose: neither Escape nor a backdrop click may dismiss it.
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: DRAWER_WIDTH }, p: 3 } } }}
      aria-labelledby="phone-drawer-title"
    >
      <Stack spacing={2.5} component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
        <Typography id="phone-drawer-title" variant="h6" component="h2">
          {copy.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {copy.body}
        </Typography>
        {hasName ? null : (
          <TextField
            label={PROFILE_COPY.name}
            value={name}
            required
            onChange={(e) => setName(withoutDigits(e.target.value))}
          />
        )}
        <PhoneInput
          stacked
          value={phone}
          onChange={setPhone}
          autoFocus
          error={!!error}
          {...(error ? { helperText: error } : {})}
        />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onDiscard} disabled={save.isPending}>
            {copy.discard}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? copy.saving : copy.save}
          </Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}

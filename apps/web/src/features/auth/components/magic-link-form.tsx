import { isValidEmail } from '@tidemark/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useSendMagicLink } from '../api/magic-login';
import { AUTH_COPY } from '../messages';

export interface MagicLinkFormProps {
  redirectTo: string;
  plan: string;
  shopifyData: string | null;
  isDemo: boolean;
}

/** The failed-response message is the server's; a request that got no answer gets the generic one. */
function failureMessage(error: unknown): string {
  if (isApiError(error) && !error.isNetworkError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 429) return AUTH_COPY.tooManyRequests;
  }
  return AUTH_COPY.requestFailed;
}

/**
 * E-mail magic link (spec 1 §4, Login): invalid or valid, sending, then a success or error alert.
 */
export function MagicLinkForm({ redirectTo, plan, shopifyData, isDemo }: MagicLinkFormProps) {
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState(false);
  const send = useSendMagicLink();

  const trimmed = email.trim();
  const valid = isValidEmail(trimmed);
  const showInvalid = checked && !valid;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!valid || send.isPending) return;
    send.mutate({
      redirectTo,
      body: {
        destination: trimmed,
        plan,
        is_demo: isDemo,
        ...(shopifyData ? { shopify_data: shopifyData } : {}),
      },
    });
  };

  const answeredOk = send.isSuccess && send.data.success;
  const answeredNo = send.isSuccess && !send.data.success;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Sign in with e-mail">
      <TextField
        label={AUTH_COPY.emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={AUTH_COPY.emailPlaceholder}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (send.isError || send.isSuccess) send.reset();
        }}
        onBlur={() => trimmed && setChecked(true)}
        error={showInvalid}
        helperText={showInvalid ? AUTH_COPY.invalidEmail : AUTH_COPY.emailHint}
        fullWidth
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={send.isPending}
        aria-busy={send.isPending}
        startIcon={send.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {AUTH_COPY.send}
      </Button>
      {answeredOk && (
        <Alert severity="success" role="status">
          {send.data.message || AUTH_COPY.sent}
        </Alert>
      )}
      {answeredNo && (
        <Alert severity="error" role="alert">
          {send.data.message || AUTH_COPY.requestFailed}
        </Alert>
      )}
      {send.isError && (
        <Alert severity="error" role="alert">
          {failureMessage(send.error)}
        </Alert>
      )}
    </Stack>
  );
}

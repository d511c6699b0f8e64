import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PHONE_CODE_LENGTH, type SmsStatus } from '@tidemark/contract';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useConfirmPhoneCode, useSendPhoneCode } from '../api/phone-code';
import { NOTIFICATIONS_COPY } from '../personal-messages';

const copy = NOTIFICATIONS_COPY.smsVerify;

export interface SmsVerificationProps {
  sms: SmsStatus;
  disabled: boolean;
}

/**
 * Under the SMS row while the stored number is unverified: alerts go only to a number confirmed with a texted
 * code, so the row says so and takes the code right here.
 */
export function SmsVerification({ sms, disabled }: SmsVerificationProps) {
  const send = useSendPhoneCode();
  const confirm = useConfirmPhoneCode();
  const [code, setCode] = useState('');
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const waiting = sms.code_expires_at !== null || sentMessage !== null;
  const busy = disabled || send.isPending || confirm.isPending;
  const messageOf = (e: unknown, fallback: string) => (isApiError(e) && e.serverMessage) || fallback;

  function requestCode() {
    setError(null);
    send.mutate(undefined, {
      onSuccess: (answer) => {
        setSentMessage(answer.message);
        setCode('');
      },
      onError: (e) => setError(messageOf(e, copy.sendFailed)),
    });
  }

  function submit() {
    setError(null);
    confirm.mutate(code, {
      onSuccess: () => setSentMessage(null),
      onError: (e) => setError(messageOf(e, copy.confirmFailed)),
    });
  }

  if (!waiting) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={requestCode} disabled={busy}>
            {send.isPending ? copy.sending : copy.send}
          </Button>
        }
      >
        {error ?? copy.unverified}
      </Alert>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Alert severity="info">{sentMessage ?? copy.waiting}</Alert>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1.5 }}
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={copy.codeLabel}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/[^\d]/g, '').slice(0, PHONE_CODE_LENGTH))}
          error={!!error}
          helperText={error ?? ' '}
          disabled={busy}
          autoComplete="one-time-code"
          sx={{ maxWidth: 220 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: PHONE_CODE_LENGTH } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={busy || code.length !== PHONE_CODE_LENGTH}
          sx={{ mt: 1 }}
        >
          {confirm.isPending ? copy.confirming : copy.confirm}
        </Button>
        <Button onClick={requestCode} disabled={busy} sx={{ mt: 1 }}>
          {copy.resend}
        </Button>
      </Stack>
    </Stack>
  );
}

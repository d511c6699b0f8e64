import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ApiToken } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { ApiError } from '@/lib/api-client';
import { useRevokeApiToken } from '../api/tokens';
import { API_KEYS_COPY, KEY_TOAST_MS } from '../messages';

const copy = API_KEYS_COPY.revokeDialog;

/** Revoking is final, so it asks first (the key stops working the moment the server answers). */
export function RevokeKeyDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const titleId = useId();
  const revoke = useRevokeApiToken();
  const { enqueueSnackbar } = useSnackbar();

  function confirm() {
    if (!token) return;
    revoke.mutate(token.id, {
      onSuccess: () => {
        enqueueSnackbar(copy.done, { variant: 'success', autoHideDuration: KEY_TOAST_MS });
        onClose();
      },
    });
  }

  return (
    <Dialog
      open={token !== null}
      onClose={() => !revoke.isPending && onClose()}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: () => revoke.reset() } }}
    >
      <DialogTitle id={titleId}>{copy.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{token ? copy.body(token.name) : ''}</DialogContentText>
        {revoke.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {/* A refusal (another person's key, for a member) says why; other failures say try again. */}
            {revoke.error instanceof ApiError && revoke.error.status === 403 && revoke.error.serverMessage
              ? revoke.error.serverMessage
              : copy.failed}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={revoke.isPending}>
          {copy.cancel}
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={revoke.isPending}>
          {revoke.isPending ? copy.revoking : copy.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

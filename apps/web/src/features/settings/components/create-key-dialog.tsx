import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TOKEN_NAME_MAX } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useCreateApiToken } from '../api/tokens';
import { API_KEYS_COPY, KEY_TOAST_MS } from '../messages';

const copy = API_KEYS_COPY.dialog;

export interface KeyScope {
  /** What the server stores: 'all' or 'dimension:value'. */
  value: string;
  /** The same in the user's words. */
  label: string;
  filtered: boolean;
}

export interface CreateKeyDialogProps {
  open: boolean;
  scope: KeyScope;
  onClose: () => void;
}

/**
 * Spec 1 §4: enter a name, generate, then the key once with a copy action. Once a key exists the
 * dialog closes only after it was copied (no Escape, no backdrop, no Done before), because the key
 * can never be shown again.
 */
export function CreateKeyDialog({ open, scope, onClose }: CreateKeyDialogProps) {
  const titleId = useId();
  const create = useCreateApiToken();
  const { enqueueSnackbar } = useSnackbar();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const keyInput = useRef<HTMLInputElement>(null);

  const created = create.data;
  const nameError = touched && name.trim() === '' ? copy.nameRequired : null;
  const canClose = !created || copied;

  function reset() {
    setName('');
    setTouched(false);
    setCopied(false);
    setCopyFailed(false);
    // Drops the key from memory: it is never retrievable again.
    create.reset();
  }

  function close() {
    if (!canClose || create.isPending) return;
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (name.trim() === '' || create.isPending) return;
    create.mutate({ name: name.trim(), scope: scope.value });
  }

  function markCopied() {
    setCopied(true);
    enqueueSnackbar(copy.copied, { variant: 'success', autoHideDuration: KEY_TOAST_MS });
  }

  async function copyKey() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      markCopied();
    } catch {
      // No clipboard access (permissions, insecure origin): let the user copy it by hand.
      setCopyFailed(true);
      keyInput.current?.select();
    }
  }

  const serverError = create.error
    ? isApiError(create.error) && create.error.status === 400 && create.error.serverMessage
      ? create.error.serverMessage
      : copy.failed
    : null;

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: reset } }}
    >
      {!created ? (
        <form noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>{copy.title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <TextField
                autoFocus
                required
                label={copy.nameLabel}
                value={name}
                onChange={(e) => setName(e.target.value)}
                onBlur={() => setTouched(true)}
                error={nameError !== null}
                helperText={nameError ?? ' '}
                disabled={create.isPending}
                slotProps={{ htmlInput: { maxLength: TOKEN_NAME_MAX } }}
              />
              <Stack spacing={0.75}>
                <Typography variant="subtitle2" component="p">
                  {copy.scopeLabel}
                </Typography>
                <div>
                  <Chip
                    label={scope.label}
                    color={scope.filtered ? 'primary' : 'default'}
                    variant="outlined"
                    data-testid="key-scope"
                  />
                </div>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {scope.filtered ? copy.scopeHelpFiltered : copy.scopeHelpAll}
                </Typography>
              </Stack>
              {serverError && <Alert severity="error">{serverError}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={close} disabled={create.isPending}>
              {copy.cancel}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending}
              startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {create.isPending ? copy.generating : copy.generate}
            </Button>
          </DialogActions>
        </form>
      ) : (
        <>
          <DialogTitle id={titleId}>{copy.createdTitle}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <Alert severity="warning">{copy.onceWarning}</Alert>
              <TextField
                label={copy.keyLabel}
                value={created.token}
                inputRef={keyInput}
                onFocus={(e) => e.target.select()}
                onCopy={() => {
                  if (!copied) markCopied();
                }}
                slotProps={{
                  htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <Button onClick={() => void copyKey()} startIcon={<ContentCopyIcon />}>
                          {copy.copy}
                        </Button>
                      </InputAdornment>
                    ),
                  },
                }}
              />
              {copyFailed && !copied && (
                <Alert
                  severity="info"
                  action={
                    <Button color="inherit" size="small" onClick={markCopied}>
                      {copy.confirmCopied}
                    </Button>
                  }
                >
                  {copy.copyFailed}
                </Alert>
              )}
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {`${copy.scopeLabel}: ${scope.label}`}
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            {!copied && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mr: 'auto', pl: 1 }}>
                {copy.closeHint}
              </Typography>
            )}
            <Button variant="contained" onClick={close} disabled={!copied}>
              {copy.done}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

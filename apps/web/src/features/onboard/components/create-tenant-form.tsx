import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { WORKSPACE_NAME_MAX, cleanWorkspaceName, workspaceFormError } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useUpdateWorkspace } from '../api/update-workspace';
import type { OwnWorkspace } from '../api/get-team-details';
import { ONBOARD_COPY } from '../messages';
import { acceptsName, canContinue, isFlaggedUrl } from '../utils/workspace-form';
import { OnboardStep } from './onboard-step';

const COPY = ONBOARD_COPY.createTenant;

export interface CreateTenantFormProps {
  workspace: OwnWorkspace;
  /** The name sign-up gave the workspace, offered as a start. */
  initialName: string;
  /** Called after the workspace is saved; its founder has no team to join, so the route moves on to user_persona. */
  onCreated: () => Promise<void> | void;
}

/** create_tenant (spec 1 §2, §5): workspace name and store URL, then Continue. */
export function CreateTenantForm({ workspace, initialName, onCreated }: CreateTenantFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateWorkspace(workspace);
  const [name, setName] = useState(initialName.slice(0, WORKSPACE_NAME_MAX));
  const [nameError, setNameError] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [urlMessage, setUrlMessage] = useState<string | null>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const saving = update.isPending || finishing;
  const urlFlagged = isFlaggedUrl(url);
  // The name as it will be stored (and compared with other workspaces' names): shown when it differs.
  const cleanName = cleanWorkspaceName(name);
  const cleaned = cleanName !== '' && cleanName !== name.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canContinue({ name, url, saving })) return;
    const invalid = workspaceFormError({ display_name: name, store_url: url });
    if (invalid === COPY.storeUrlInvalid) {
      setUrlMessage(invalid);
      return;
    }
    if (invalid) {
      setNameError(invalid);
      return;
    }
    setServerMessage(null);
    update.mutate(
      { display_name: cleanName, store_url: url.trim() },
      {
        onSuccess: async () => {
          enqueueSnackbar(COPY.created, { variant: 'success' });
          setFinishing(true);
          try {
            await onCreated();
          } finally {
            setFinishing(false);
          }
        },
        onError: (error) => {
          enqueueSnackbar(COPY.createFailed, { variant: 'error' });
          // The API's reason (a taken name) tells the user what to change; 5xx details never reach here.
          if (isApiError(error) && error.serverMessage && error.status < 500)
            setServerMessage(error.serverMessage);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <OnboardStep
        step={1}
        title={COPY.title}
        subtitle={COPY.subtitle}
        actions={
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!canContinue({ name, url, saving })}
            startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {COPY.continue}
          </Button>
        }
      >
        <Stack spacing={3}>
          <TextField
            id="workspace-name"
            label={COPY.nameLabel}
            value={name}
            required
            autoFocus
            onChange={(e) => {
              const next = e.target.value;
              if (!acceptsName(next)) {
                setNameError(COPY.nameTooLong);
                return;
              }
              setNameError(null);
              setName(next);
            }}
            onBlur={() => setNameError(null)}
            error={nameError !== null}
            helperText={
              nameError ??
              (cleaned ? COPY.nameSavedAs(cleanName) : COPY.nameHelper(name.length, WORKSPACE_NAME_MAX))
            }
          />
          <TextField
            id="workspace-store-url"
            label={COPY.urlLabel}
            value={url}
            required
            type="url"
            placeholder={COPY.urlPlaceholder}
            onChange={(e) => {
              setUrl(e.target.value);
              setUrlMessage(null);
            }}
            error={urlFlagged}
            helperText={urlFlagged && urlMessage ? urlMessage : COPY.storeUrlHelper}
          />
          {serverMessage && (
            <Alert severity="error" role="alert">
              {serverMessage}
            </Alert>
          )}
        </Stack>
      </OnboardStep>
    </form>
  );
}

import { useDataScope } from '@/session';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useAnnotate, type AnnotationText } from '../../api/annotate';
import { DETAIL_COPY } from '../../messages';
import { annotationError } from './annotation';

const SNACK_MS = 1500;

export interface AnnotationEditorProps {
  kind: 'insight' | 'group';
  id: string;
  value: AnnotationText;
  /** The heading level of the title in view mode. */
  titleComponent?: 'h1' | 'h2';
}

/** A title and summary read as text, edited in place: view → edit → save or cancel (spec 3 §4, §5). */
export function AnnotationEditor({ kind, id, value, titleComponent = 'h1' }: AnnotationEditorProps) {
  const [draft, setDraft] = useState<AnnotationText | null>(null);
  const annotate = useAnnotate(kind, id);
  const readOnly = useDataScope().isDemo;
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  // One error at a time (spec 3 §5: only the first message is shown).
  const lastError = useRef<SnackbarKey | null>(null);
  const clearError = () => {
    if (lastError.current !== null) closeSnackbar(lastError.current);
    lastError.current = null;
  };
  const showError = (message: string) => {
    clearError();
    lastError.current = enqueueSnackbar(message, { variant: 'error', autoHideDuration: SNACK_MS });
  };

  const save = () => {
    if (!draft) return;
    const error = annotationError(value, draft);
    if (error) {
      showError(error);
      return;
    }
    annotate.mutate(
      { old_data: value, new_data: { title: draft.title.trim(), summary: draft.summary.trim() } },
      {
        onSuccess: (res) => {
          setDraft(null);
          clearError();
          enqueueSnackbar(res.message || DETAIL_COPY.annotated, {
            variant: 'success',
            autoHideDuration: SNACK_MS,
          });
        },
        onError: (err) => {
          // A 401 has already gone to /login; a 400 carries the server's validation message.
          if (isApiError(err) && err.status === 401) return;
          const message =
            isApiError(err) && err.status === 500
              ? DETAIL_COPY.annotateServerError
              : isApiError(err) && err.status === 400 && err.message
                ? err.message
                : DETAIL_COPY.annotateFailed;
          showError(message);
        },
      },
    );
  };

  if (!draft)
    return (
      <Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h2" component={titleComponent} sx={{ flex: 1, fontSize: { xs: 22, md: 26 } }}>
            {value.title}
          </Typography>
          <Tooltip title={readOnly ? DETAIL_COPY.demoReadOnly : DETAIL_COPY.edit}>
            <span>
              <IconButton
                aria-label={DETAIL_COPY.edit}
                onClick={() => setDraft(value)}
                size="small"
                disabled={readOnly}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        <Typography variant="body1" sx={{ color: 'text.secondary', mt: 1, whiteSpace: 'pre-line' }}>
          {value.summary}
        </Typography>
      </Box>
    );

  const busy = annotate.isPending;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) setDraft(null);
      }}
    >
      <Stack spacing={2}>
        <TextField
          label={DETAIL_COPY.titleLabel}
          value={draft.title}
          onChange={(e) => setDraft({ ...draft, title: e.target.value })}
          disabled={busy}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
        <TextField
          label={DETAIL_COPY.summaryLabel}
          value={draft.summary}
          onChange={(e) => setDraft({ ...draft, summary: e.target.value })}
          disabled={busy}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => setDraft(null)} disabled={busy}>
            {DETAIL_COPY.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {DETAIL_COPY.save}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

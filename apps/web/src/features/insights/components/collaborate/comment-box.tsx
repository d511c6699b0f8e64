import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UseMutationResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { usePostGroupFeedback, usePostInsightFeedback, type FeedbackInput } from '../../api/feedback';
import { COLLABORATE_COPY, DETAIL_COPY, INSIGHTS_COPY } from '../../messages';
import { flowOpen, nextFlow, type FlowState } from '../detail/annotation';

const MAX = 2000;

/**
 * The comment flow (spec 3 §4): Comment opens the box (initiated); Cancel closes it (cancel); Send posts
 * the comment (requested), then success closes it with a snackbar, or failed keeps it open with the error.
 */
export function CommentBox({
  kind,
  id,
  readOnly,
}: {
  kind: 'group' | 'insight';
  id: string;
  readOnly: boolean;
}) {
  const group = usePostGroupFeedback(kind === 'group' ? id : '');
  const insight = usePostInsightFeedback(kind === 'insight' ? id : '');
  const post = (kind === 'group' ? group : insight) as UseMutationResult<unknown, Error, FeedbackInput>;
  const [flow, setFlow] = useState<FlowState | null>(null);
  const [text, setText] = useState('');
  const { enqueueSnackbar } = useSnackbar();
  const sending = flow === 'requested';

  const send = () => {
    const comment = text.trim();
    if (!comment) return;
    setFlow((f) => nextFlow(f, 'send'));
    post.mutate(
      { feedback_comment: comment },
      {
        onSuccess: () => {
          setFlow((f) => nextFlow(f, 'succeed'));
          setText('');
          enqueueSnackbar(COLLABORATE_COPY.commentSent, { variant: 'success', autoHideDuration: 1500 });
        },
        onError: () => setFlow((f) => nextFlow(f, 'fail')),
      },
    );
  };

  if (!flowOpen(flow))
    return (
      <Button
        variant="outlined"
        startIcon={<ChatBubbleOutlineIcon />}
        onClick={() => setFlow((f) => nextFlow(f, 'open'))}
        disabled={readOnly}
        title={readOnly ? DETAIL_COPY.demoReadOnly : undefined}
      >
        {COLLABORATE_COPY.comment}
      </Button>
    );
  return (
    <Paper variant="outlined" sx={{ p: 2, width: '100%' }} data-flow={flow}>
      <TextField
        label={COLLABORATE_COPY.commentLabel}
        placeholder={COLLABORATE_COPY.commentPlaceholder}
        value={text}
        onChange={(e) => setText(e.target.value.slice(0, MAX))}
        multiline
        minRows={2}
        fullWidth
        autoFocus
        disabled={sending}
      />
      {flow === 'failed' && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {INSIGHTS_COPY.feedbackFailed(kind)}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={() => setFlow((f) => nextFlow(f, 'cancel'))} disabled={sending}>
          {DETAIL_COPY.cancel}
        </Button>
        <Button variant="contained" onClick={send} disabled={sending || !text.trim()} loading={sending}>
          {COLLABORATE_COPY.send}
        </Button>
      </Stack>
    </Paper>
  );
}

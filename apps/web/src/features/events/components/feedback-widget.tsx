import ThumbDownAltIcon from '@mui/icons-material/ThumbDownAlt';
import ThumbDownAltOutlinedIcon from '@mui/icons-material/ThumbDownAltOutlined';
import ThumbUpAltIcon from '@mui/icons-material/ThumbUpAlt';
import ThumbUpAltOutlinedIcon from '@mui/icons-material/ThumbUpAltOutlined';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { track } from '@/lib/track';
import { EVENTS_COPY } from '../messages';
import { FEEDBACK_CONFIRM_MS } from '../utils/group-view';

/** Either whether it helped (null clears it) or a reason, never both in one post (spec 2 §5). */
export type EventFeedbackInput = { feedback_ishelpful: boolean | null } | { feedback_comment: string };

export interface FeedbackWidgetProps {
  groupId: string;
  helpful: boolean | null;
  comment: string | null;
  onSend: (body: EventFeedbackInput) => Promise<unknown>;
  /** In a modal the reason selector is hidden. */
  modal?: boolean;
  disabled?: boolean;
}

/** 'Was this helpful?': exclusive thumbs that clear when pressed again, a reason, and a 3 s thank-you. */
export function FeedbackWidget({
  groupId,
  helpful,
  comment,
  onSend,
  modal = false,
  disabled,
}: FeedbackWidgetProps) {
  const [thanks, setThanks] = useState(false);
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = async (body: EventFeedbackInput) => {
    setBusy(true);
    setError(false);
    try {
      await onSend(body);
      setThanks(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setThanks(false), FEEDBACK_CONFIRM_MS);
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };

  const thumb = (value: boolean) => {
    const next = helpful === value ? null : value;
    track('emoji_clicked', { resource: 'event_group', group_id: groupId, helpful: next });
    void send({ feedback_ishelpful: next });
  };

  return (
    <Stack spacing={1} data-testid="event-feedback">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{EVENTS_COPY.feedback.question}</Typography>
        <IconButton
          size="small"
          aria-label={EVENTS_COPY.feedback.yes}
          aria-pressed={helpful === true}
          color={helpful === true ? 'success' : 'default'}
          disabled={busy || disabled}
          onClick={() => thumb(true)}
        >
          {helpful === true ? (
            <ThumbUpAltIcon fontSize="small" />
          ) : (
            <ThumbUpAltOutlinedIcon fontSize="small" />
          )}
        </IconButton>
        <IconButton
          size="small"
          aria-label={EVENTS_COPY.feedback.no}
          aria-pressed={helpful === false}
          color={helpful === false ? 'error' : 'default'}
          disabled={busy || disabled}
          onClick={() => thumb(false)}
        >
          {helpful === false ? (
            <ThumbDownAltIcon fontSize="small" />
          ) : (
            <ThumbDownAltOutlinedIcon fontSize="small" />
          )}
        </IconButton>
      </Stack>
      {!modal && (
        <FormControl size="small" fullWidth disabled={busy || disabled}>
          <InputLabel id={`event-feedback-reason-${groupId}`}>{EVENTS_COPY.feedback.reason}</InputLabel>
          <Select
            labelId={`event-feedback-reason-${groupId}`}
            label={EVENTS_COPY.feedback.reason}
            value={
              comment && (EVENTS_COPY.feedback.reasons as readonly string[]).includes(comment) ? comment : ''
            }
            onChange={(e) => {
              const reason = String(e.target.value);
              track('feedback_dropdown_selected', { resource: 'event_group', group_id: groupId, reason });
              void send({ feedback_comment: reason });
            }}
          >
            {EVENTS_COPY.feedback.reasons.map((reason) => (
              <MenuItem key={reason} value={reason}>
                {reason}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      <Typography
        variant="body2"
        role="status"
        sx={{ color: error ? 'error.main' : 'success.main', minHeight: 20 }}
      >
        {error ? EVENTS_COPY.feedback.failed('Group') : thanks ? EVENTS_COPY.feedback.thanks : ''}
      </Typography>
    </Stack>
  );
}

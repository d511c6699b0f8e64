import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EVENTS_COPY } from '../messages';
import type { TimeRange } from '../utils/period';
import {
  PRESET_IDS,
  endMinimum,
  formatPickerText,
  parsePickerText,
  presetRange,
  rangeProblem,
  type PresetId,
  type RangeProblem,
} from '../utils/time-range';

const PROBLEM_TEXT: Record<RangeProblem, string> = {
  invalid: EVENTS_COPY.picker.invalidDate,
  future: EVENTS_COPY.picker.future,
  order: EVENTS_COPY.picker.startAfterEnd,
  too_short: EVENTS_COPY.picker.tooShort,
};

export interface TimePickerModalProps {
  open: boolean;
  value: TimeRange;
  onClose: () => void;
  onSubmit: (range: TimeRange) => void;
  /** For tests: the clock. */
  now?: () => number;
}

/** 'Pick date & time range': two date-times, five presets and Submit (spec 2 §2.3, §5). */
export function TimePickerModal({ open, value, onClose, onSubmit, now = Date.now }: TimePickerModalProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="events-time-picker-title">
      {/* Remounted on each opening so it starts from the applied range. */}
      {open && <PickerBody value={value} onClose={onClose} onSubmit={onSubmit} now={now} />}
    </Dialog>
  );
}

function PickerBody({
  value,
  onClose,
  onSubmit,
  now,
}: Omit<TimePickerModalProps, 'open'> & { now: () => number }) {
  const [startText, setStartText] = useState(() => formatPickerText(value.start));
  // The feed rounds its end up to the minute; the picker never starts in the future.
  const [endText, setEndText] = useState(() => formatPickerText(Math.min(value.end, now())));
  const [preset, setPreset] = useState<PresetId | null>(null);
  const start = parsePickerText(startText);
  const end = parsePickerText(endText);
  const problem = rangeProblem(start, end, now());
  const minEnd = endMinimum(start);

  const applyPreset = (id: PresetId) => {
    const range = presetRange(id, now());
    setPreset(id);
    setStartText(formatPickerText(range.start));
    setEndText(formatPickerText(range.end));
  };

  return (
    <>
      <DialogTitle id="events-time-picker-title">{EVENTS_COPY.picker.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={preset}
            onChange={(_, id: PresetId | null) => id && applyPreset(id)}
            aria-label="Presets"
            sx={{ flexWrap: 'wrap' }}
          >
            {PRESET_IDS.map((id) => (
              <ToggleButton key={id} value={id} sx={{ textTransform: 'none', px: 1.5 }}>
                {EVENTS_COPY.picker.presets[id]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={EVENTS_COPY.picker.start}
              placeholder={EVENTS_COPY.picker.placeholder}
              value={startText}
              onChange={(e) => {
                setPreset(null);
                setStartText(e.target.value);
              }}
              error={startText !== '' && start === null}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={EVENTS_COPY.picker.end}
              placeholder={EVENTS_COPY.picker.placeholder}
              value={endText}
              onChange={(e) => {
                setPreset(null);
                setEndText(e.target.value);
              }}
              error={endText !== '' && end === null}
              helperText={minEnd !== null ? `Earliest: ${formatPickerText(minEnd)}` : ' '}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <Typography
            variant="body2"
            role="status"
            sx={{ color: problem ? 'error.main' : 'text.secondary', minHeight: 20 }}
          >
            {problem ? PROBLEM_TEXT[problem] : ' '}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{EVENTS_COPY.picker.cancel}</Button>
        <Button
          variant="contained"
          disabled={problem !== null}
          onClick={() => {
            if (start !== null && end !== null) onSubmit({ start, end });
          }}
        >
          {EVENTS_COPY.picker.submit}
        </Button>
      </DialogActions>
    </>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  REPORT_TIME_STEP_SECONDS,
  WEEK_DAYS,
  type NotificationScheduleValue,
  type WeekDay,
} from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useSavePreference } from '../api/preferences';
import { DAY_LABELS, NOTIFICATIONS_COPY, SETTINGS_SNACK_MS } from '../personal-messages';
import { localToUtc, roundToStep, utcToLocal } from '../utils/report-time';
import { SettingsSection } from './settings-section';

const copy = NOTIFICATIONS_COPY.schedule;

/** Spec 1 §5: deselecting the last selected day is ignored. Days stay in week order. */
export function toggleDay(days: readonly WeekDay[], day: WeekDay): WeekDay[] {
  if (days.includes(day)) return days.length === 1 ? [...days] : days.filter((d) => d !== day);
  return WEEK_DAYS.filter((d) => d === day || days.includes(d));
}

export interface SchedulePanelProps {
  saved: NotificationScheduleValue;
  timeZone: string;
  readOnly: boolean;
}

/** Reports (schedule): daily alert days and the weekly digest, its time entered in the workspace's zone. */
export function SchedulePanel({ saved, timeZone, readOnly }: SchedulePanelProps) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSavePreference('NOTIFICATION_SCHEDULE_PREFERENCE');
  const [days, setDays] = useState<WeekDay[]>(saved.daily_alerts.days_of_week);
  const [weeklyOn, setWeeklyOn] = useState(saved.weekly_digest.is_active);
  const [startOfWeek, setStartOfWeek] = useState<WeekDay>(saved.weekly_digest.start_of_week);
  const [localTime, setLocalTime] = useState(utcToLocal(saved.weekly_digest.day_time, timeZone));
  const utcTime = localToUtc(roundToStep(localTime), timeZone);
  const changed =
    days.join() !== saved.daily_alerts.days_of_week.join() ||
    weeklyOn !== saved.weekly_digest.is_active ||
    startOfWeek !== saved.weekly_digest.start_of_week ||
    utcTime !== saved.weekly_digest.day_time;

  function submit() {
    save.mutate(
      {
        daily_alerts: { is_active: saved.daily_alerts.is_active, days_of_week: days },
        weekly_digest: {
          is_active: weeklyOn,
          start_of_week: startOfWeek,
          day_time: utcTime,
          time_zone: timeZone,
        },
      },
      {
        onSuccess: () =>
          enqueueSnackbar(copy.saved, { variant: 'success', autoHideDuration: SETTINGS_SNACK_MS }),
        onError: () =>
          enqueueSnackbar(copy.failed, { variant: 'error', autoHideDuration: SETTINGS_SNACK_MS }),
      },
    );
  }

  return (
    <Stack spacing={3}>
      <SettingsSection title={copy.dailyHeading} intro={copy.dailyIntro}>
        <ToggleButtonGroup
          value={days}
          aria-label={copy.dailyHeading}
          disabled={readOnly}
          sx={{ flexWrap: 'wrap' }}
          color="primary"
        >
          {WEEK_DAYS.map((day) => (
            <ToggleButton
              key={day}
              value={day}
              aria-label={DAY_LABELS[day].long}
              onClick={() => setDays((current) => toggleDay(current, day))}
              sx={{ px: 2 }}
            >
              {DAY_LABELS[day].short}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </SettingsSection>

      <SettingsSection title={copy.weeklyHeading} intro={copy.weeklyIntro}>
        <Stack spacing={2.5}>
          <FormControlLabel
            control={<Switch checked={weeklyOn} disabled={readOnly} onChange={(_e, on) => setWeeklyOn(on)} />}
            label={copy.weeklyToggle}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={copy.startOfWeek}
              value={startOfWeek}
              disabled={readOnly || !weeklyOn}
              onChange={(e) => setStartOfWeek(e.target.value as WeekDay)}
              sx={{ minWidth: 200 }}
            >
              {WEEK_DAYS.map((day) => (
                <MenuItem key={day} value={day}>
                  {DAY_LABELS[day].long}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="time"
              label={copy.time}
              value={localTime}
              disabled={readOnly || !weeklyOn}
              onChange={(e) => e.target.value && setLocalTime(e.target.value)}
              onBlur={() => setLocalTime((t) => roundToStep(t))}
              helperText={copy.timeHelp(timeZone, utcTime)}
              slotProps={{ htmlInput: { step: REPORT_TIME_STEP_SECONDS }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 200 }}
            />
          </Stack>
        </Stack>
      </SettingsSection>

      <Box>
        <Button variant="contained" disabled={readOnly || !changed || save.isPending} onClick={submit}>
          {save.isPending ? copy.saving : copy.save}
        </Button>
      </Box>
    </Stack>
  );
}

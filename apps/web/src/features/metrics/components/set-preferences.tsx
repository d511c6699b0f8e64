import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONNECTION_MESSAGES,
  DEFAULT_INITIAL_SYNC_DURATION,
  INITIAL_SYNC_DURATIONS,
  PIPELINE_FREQUENCIES,
} from '@tidemark/contract';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { OnboardingFrame } from '@/components/onboarding-frame';
import { isApiError } from '@/lib/api-client';
import { useTenantScope } from '@/session';
import { useExtractionResults } from '../api/extraction-results';
import { setDateColumn } from '../api/onboard';
import { FREQUENCY_LABELS, METRICS_COPY } from '../messages';
import { isDateColumn } from '../utils/rows';

export const PREFERENCE_TABS = ['analysis', 'notification', 'api_keys'] as const;
export type PreferenceTab = (typeof PREFERENCE_TABS)[number];

export function parsePreferenceTab(value: string | null): PreferenceTab {
  return (PREFERENCE_TABS as readonly string[]).includes(value ?? '') ? (value as PreferenceTab) : 'analysis';
}

export interface SetPreferencesProps {
  extractionJobId: string;
  tab: PreferenceTab;
  onTabChange: (tab: PreferenceTab) => void;
  onDone: () => void;
}

/** Step 4 (spec 1 §4, §5): the date column is required; frequencies, durations and restate are shown fixed. */
export function SetPreferences({ extractionJobId, tab, onTabChange, onDone }: SetPreferencesProps) {
  const results = useExtractionResults(extractionJobId);
  const scope = useTenantScope();
  const [chosen, setChosen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);

  if (results.isPending) {
    return (
      <OnboardingFrame step={3} title={METRICS_COPY.preferencesTitle}>
        <Skeleton height={56} />
        <Skeleton height={120} />
      </OnboardingFrame>
    );
  }
  if (results.isError) {
    return (
      <OnboardingFrame step={3} title={METRICS_COPY.preferencesTitle}>
        <ErrorState
          title={METRICS_COPY.loadFailed}
          message={results.error.message}
          onRetry={() => void results.refetch()}
        />
      </OnboardingFrame>
    );
  }
  const { columns, tables, datasource_id } = results.data;
  const dates = columns.filter(isDateColumn);
  // A date column saved before is preselected; otherwise the user chooses.
  const saved = tables.find((t) => t.date_column)?.date_column ?? null;
  const value = chosen ?? saved ?? '';
  const column = columns.find((c) => c.field_name === value);

  async function next() {
    if (!column) return;
    setSaving(true);
    setError(null);
    try {
      const answer = await setDateColumn(scope, {
        datasourceId: datasource_id,
        dateColumn: column.field_name,
        destinationTable: column.destination_table_name,
      });
      if (answer.warnings.length) {
        setWarnings(answer.warnings);
        setSaving(false);
        return;
      }
      onDone();
    } catch (e) {
      setError(isApiError(e) ? (e.serverMessage ?? e.message) : String(e));
      setSaving(false);
    }
  }

  return (
    <OnboardingFrame
      step={3}
      title={METRICS_COPY.preferencesTitle}
      subtitle={METRICS_COPY.preferencesSubtitle}
      actions={
        warnings.length ? (
          <Button variant="contained" onClick={onDone}>
            {METRICS_COPY.next}
          </Button>
        ) : (
          <Button variant="contained" disabled={!column || saving} onClick={() => void next()}>
            {saving ? METRICS_COPY.saving : METRICS_COPY.next}
          </Button>
        )
      }
    >
      <Tabs value={tab} onChange={(_, t: PreferenceTab) => onTabChange(t)} sx={{ mb: 3 }}>
        <Tab value="analysis" label={METRICS_COPY.analysis} />
        <Tab value="notification" label={METRICS_COPY.notification} />
        <Tab value="api_keys" label={METRICS_COPY.apiKeys} />
      </Tabs>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {warnings.map((w) => (
        <Alert key={w} severity="warning" sx={{ mb: 2 }}>
          {w}
        </Alert>
      ))}
      {tab === 'analysis' && (
        <Stack spacing={3}>
          {dates.length === 0 ? (
            <Alert severity="warning">{CONNECTION_MESSAGES.noDateColumn}</Alert>
          ) : (
            <TextField
              select
              label={METRICS_COPY.dateColumn}
              value={value}
              onChange={(e) => setChosen(e.target.value)}
              sx={{ maxWidth: 360 }}
              required
            >
              {dates.map((d) => (
                <MenuItem key={`${d.destination_table_name}.${d.field_name}`} value={d.field_name}>
                  {d.display_name} ({d.source_table_name})
                </MenuItem>
              ))}
            </TextField>
          )}
          <FormControl disabled>
            <FormLabel>{METRICS_COPY.frequencies}</FormLabel>
            <FormGroup row>
              {PIPELINE_FREQUENCIES.map((f) => (
                <FormControlLabel key={f} control={<Checkbox checked />} label={FREQUENCY_LABELS[f]} />
              ))}
            </FormGroup>
          </FormControl>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
            <TextField
              select
              label={METRICS_COPY.initialSync}
              value={DEFAULT_INITIAL_SYNC_DURATION}
              disabled
              sx={{ minWidth: 200 }}
            >
              {INITIAL_SYNC_DURATIONS.map((d) => (
                <MenuItem key={d} value={d}>
                  {d}
                </MenuItem>
              ))}
            </TextField>
            <FormControl disabled>
              <FormLabel>{METRICS_COPY.restate}</FormLabel>
              <RadioGroup row value="no">
                <FormControlLabel value="yes" control={<Radio />} label={METRICS_COPY.yes} />
                <FormControlLabel value="no" control={<Radio />} label={METRICS_COPY.no} />
              </RadioGroup>
            </FormControl>
          </Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {METRICS_COPY.comingLater}
          </Typography>
        </Stack>
      )}
      {tab === 'notification' && <Typography>{METRICS_COPY.notificationBody}</Typography>}
      {tab === 'api_keys' && <Typography>{METRICS_COPY.apiKeysBody}</Typography>}
    </OnboardingFrame>
  );
}

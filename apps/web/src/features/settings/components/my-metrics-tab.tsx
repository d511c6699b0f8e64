import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MY_METRICS_MAX, MY_METRICS_MIN } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useSettingsMetrics } from '../api/metrics';
import { usePreference, useSavePreference } from '../api/preferences';
import { MY_METRICS_COPY as copy, SETTINGS_SNACK_MS } from '../personal-messages';
import { SettingsSection } from './settings-section';

/** Spec 1 §5: a fifth metric is refused; the answer says which rule it broke. */
export function toggleMetric(selected: string[], kpiId: string): { next: string[]; refused: boolean } {
  if (selected.includes(kpiId)) return { next: selected.filter((k) => k !== kpiId), refused: false };
  if (selected.length >= MY_METRICS_MAX) return { next: selected, refused: true };
  return { next: [...selected, kpiId], refused: false };
}

export function MyMetricsTab() {
  const metrics = useSettingsMetrics();
  const preference = usePreference('MY_METRICS_PREFERENCE');
  if (metrics.isPending || preference.isPending) return <MetricsSkeleton />;
  if (metrics.isError || preference.isError)
    return (
      <ErrorState
        title={copy.loadError}
        message={(metrics.error ?? preference.error)?.message ?? ''}
        onRetry={() => {
          void metrics.refetch();
          void preference.refetch();
        }}
        retryLabel={copy.retry}
      />
    );
  return (
    <MyMetricsForm
      key={preference.dataUpdatedAt}
      metrics={metrics.data}
      saved={preference.data.preference_value.kpis}
    />
  );
}

function MyMetricsForm({
  metrics,
  saved,
}: {
  metrics: Array<{ kpi_id: string; kpi_display_name: string }>;
  saved: string[];
}) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSavePreference('MY_METRICS_PREFERENCE');
  const [selected, setSelected] = useState<string[]>(saved);
  const changed = selected.length !== saved.length || selected.some((k) => !saved.includes(k));
  const snack = (message: string, variant: 'success' | 'error' | 'info') =>
    enqueueSnackbar(message, { variant, autoHideDuration: SETTINGS_SNACK_MS });

  function submit() {
    if (selected.length < MY_METRICS_MIN) return snack(copy.tooFew, 'error');
    save.mutate(
      { kpis: selected },
      {
        onSuccess: (answer) => snack(answer.message, 'success'),
        onError: (e) => snack((isApiError(e) && e.serverMessage) || copy.failed, 'error'),
      },
    );
  }

  if (metrics.length === 0)
    return (
      <SettingsSection title={copy.heading} intro={copy.intro}>
        <Stack spacing={1} sx={{ alignItems: 'center', py: 4, textAlign: 'center' }}>
          <InsightsOutlinedIcon sx={{ color: 'text.secondary', fontSize: 32 }} aria-hidden />
          <Typography variant="subtitle1">{copy.emptyTitle}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {copy.emptyBody}
          </Typography>
        </Stack>
      </SettingsSection>
    );

  return (
    <SettingsSection
      title={copy.heading}
      intro={copy.intro}
      action={
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }} aria-live="polite">
          {copy.counter(selected.length)}
        </Typography>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {copy.range}
      </Alert>
      <Box
        role="group"
        aria-label={copy.heading}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
          gap: 0.5,
        }}
      >
        {metrics.map((m) => (
          <FormControlLabel
            key={m.kpi_id}
            label={m.kpi_display_name}
            control={
              <Checkbox
                checked={selected.includes(m.kpi_id)}
                onChange={() => {
                  const { next, refused } = toggleMetric(selected, m.kpi_id);
                  if (refused) snack(copy.tooMany, 'error');
                  setSelected(next);
                }}
              />
            }
          />
        ))}
      </Box>
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" disabled={!changed || save.isPending} onClick={submit}>
          {save.isPending ? copy.saving : copy.save}
        </Button>
      </Box>
    </SettingsSection>
  );
}

function MetricsSkeleton() {
  return (
    <SettingsSection title={copy.heading} intro={copy.intro}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }} aria-busy>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} variant="text" height={36} />
        ))}
      </Box>
    </SettingsSection>
  );
}

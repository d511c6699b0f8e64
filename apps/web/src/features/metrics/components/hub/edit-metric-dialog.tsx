import Alert from '@mui/material/Alert';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { MetricDetail, MetricOption } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import type { DataScope } from '@/session';
import { useMetricOptions } from '../../api/metric-options';
import { useUpdateMetric } from '../../api/update-metric';
import { METRICS_HUB_COPY, METRIC_TOAST_MS } from '../../messages';
import {
  buildMetricUpdate,
  formValuesOf,
  validateMetricForm,
  type MetricFormValues,
  type OptionValue,
} from '../../utils/edit-form';

export interface EditMetricDialogProps {
  scope: DataScope;
  metric: MetricDetail;
  open: boolean;
  onClose: () => void;
}

/** The dialog's fields start from the metric each time it opens. */
export function EditMetricDialog(props: EditMetricDialogProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="edit-metric-title"
    >
      {props.open && <EditMetricForm {...props} />}
    </Dialog>
  );
}

function EditMetricForm({ scope, metric, onClose }: EditMetricDialogProps) {
  const copy = METRICS_HUB_COPY;
  const initial = useMemo(() => formValuesOf(metric), [metric]);
  const [values, setValues] = useState<MetricFormValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const options = useMetricOptions(scope);
  const update = useUpdateMetric(scope, metric.kpi_id);
  const { enqueueSnackbar } = useSnackbar();
  const errors = validateMetricForm(values);
  const body = buildMetricUpdate(initial, values);
  const changed = Object.keys(body).length > 0;
  const set = <K extends keyof MetricFormValues>(key: K, value: MetricFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const shown = (key: keyof MetricFormValues) =>
    submitted || values[key] !== initial[key] ? errors[key] : undefined;

  function save() {
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || !changed) return;
    update.mutate(body, {
      onSuccess: () => {
        enqueueSnackbar(copy.updated, { variant: 'success', autoHideDuration: METRIC_TOAST_MS });
        onClose();
      },
      onError: () =>
        enqueueSnackbar(copy.saveFailed, { variant: 'error', autoHideDuration: METRIC_TOAST_MS }),
    });
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <DialogTitle id="edit-metric-title">{copy.editTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label={copy.displayName}
            value={values.kpi_display_name}
            onChange={(e) => set('kpi_display_name', e.target.value)}
            required
            error={Boolean(shown('kpi_display_name'))}
            helperText={shown('kpi_display_name')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={copy.definition}
            value={values.kpi_definition}
            onChange={(e) => set('kpi_definition', e.target.value)}
            multiline
            minRows={2}
            error={Boolean(shown('kpi_definition'))}
            helperText={shown('kpi_definition')}
          />
          <TextField
            label={copy.description}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            multiline
            minRows={2}
            error={Boolean(shown('description'))}
            helperText={shown('description')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <OptionField
              label={copy.funnel}
              value={values.funnel}
              options={options.data?.funnels ?? []}
              loading={options.isPending}
              error={shown('funnel')}
              onChange={(v) => set('funnel', v)}
            />
            <OptionField
              label={copy.category}
              value={values.category}
              options={options.data?.categories ?? []}
              loading={options.isPending}
              error={shown('category')}
              onChange={(v) => set('category', v)}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label={copy.columns.tier}
              value={values.tier}
              onChange={(e) => set('tier', e.target.value as MetricFormValues['tier'])}
            >
              {(['1', '2', '3'] as const).map((t) => (
                <MenuItem key={t} value={t}>
                  {copy.tier(Number(t))}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label={copy.objective}
              value={values.accent}
              onChange={(e) => set('accent', e.target.value as MetricFormValues['accent'])}
            >
              <MenuItem value="positive">{copy.up}</MenuItem>
              <MenuItem value="negative">{copy.down}</MenuItem>
            </TextField>
            <TextField
              select
              fullWidth
              label={copy.type}
              value={values.is_derived}
              onChange={(e) => set('is_derived', e.target.value as MetricFormValues['is_derived'])}
            >
              <MenuItem value="Derived">{copy.derived}</MenuItem>
              <MenuItem value="Observed">{copy.observed}</MenuItem>
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              fullWidth
              type="number"
              label={copy.impactToTopline}
              value={values.impact_to_topline}
              onChange={(e) => set('impact_to_topline', e.target.value)}
              error={Boolean(shown('impact_to_topline'))}
              helperText={shown('impact_to_topline')}
              slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01 } }}
            />
            <TextField
              fullWidth
              type="number"
              label={copy.dollarImpact}
              value={values.dollar_impact}
              onChange={(e) => set('dollar_impact', e.target.value)}
              error={Boolean(shown('dollar_impact'))}
              helperText={shown('dollar_impact')}
              slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
            />
          </Stack>
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={values.is_experience}
                  onChange={(e) => set('is_experience', e.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'metric-experience-hint' } }}
                />
              }
              label={copy.experience}
            />
            <FormHelperText id="metric-experience-hint" sx={{ mt: 0 }}>
              {copy.experienceHint}
            </FormHelperText>
          </div>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              fullWidth
              disabled
              label={`${copy.activeLabel} (${copy.readOnly.toLowerCase()})`}
              value={metric.is_active ? copy.yes : copy.no}
            />
            <TextField
              fullWidth
              disabled
              label={`${copy.aggregation} (${copy.readOnly.toLowerCase()})`}
              value={metric.aggregation_operation}
            />
          </Stack>
          {submitted && !changed && <Alert severity="info">{copy.nothingChanged}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          {copy.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={update.isPending || !changed}>
          {update.isPending ? copy.saving : copy.save}
        </Button>
      </DialogActions>
    </form>
  );
}

type Choice = MetricOption | string;
const filter = createFilterOptions<Choice>();

/** A funnel or category: pick an existing one or type a new name (sent by name, the server adds it). */
function OptionField({
  label,
  value,
  options,
  loading,
  error,
  onChange,
}: {
  label: string;
  value: OptionValue | null;
  options: MetricOption[];
  loading: boolean;
  error: string | undefined;
  onChange: (value: OptionValue | null) => void;
}) {
  const current: Choice | null = value ? (value.id ? { id: value.id, name: value.name } : value.name) : null;
  return (
    <Autocomplete<Choice, false, false, true>
      fullWidth
      freeSolo
      autoSelect
      options={options}
      loading={loading}
      value={current}
      noOptionsText={METRICS_HUB_COPY.noOptions}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
      isOptionEqualToValue={(a, b) =>
        typeof a !== 'string' && typeof b !== 'string' ? a.id === b.id : a === b
      }
      filterOptions={(opts, state) => filter(opts, state)}
      onChange={(_, next) => {
        if (next === null || (typeof next === 'string' && !next.trim())) return onChange(null);
        if (typeof next !== 'string') return onChange({ id: next.id, name: next.name });
        // A typed name that matches an existing option is that option.
        const known = options.find((o) => o.name.toLowerCase() === next.trim().toLowerCase());
        onChange(known ? { id: known.id, name: known.name } : { id: null, name: next.trim() });
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}

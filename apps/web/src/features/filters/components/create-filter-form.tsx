import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FILTER_NAME_MAX, type GlobalFilter } from '@tidemark/contract';
import { useState } from 'react';
import { useDimensionValues } from '@/lib/dimension-values';
import { useDimensions } from '../api/get-dimensions';
import { FILTERS_COPY } from '../messages';

export interface CreateFilterFormProps {
  saved: readonly GlobalFilter[];
  saving: boolean;
  onSubmit: (input: {
    dimension_id: number;
    dimension_name: string;
    dimension_value: string;
    display_name: string;
    is_default: boolean;
  }) => void;
}

/** Dimension, then value (disabled until a dimension is chosen), then a name; Apply needs all three (spec 1 §5). */
export function CreateFilterForm({ saved, saving, onSubmit }: CreateFilterFormProps) {
  const dimensions = useDimensions();
  const [dimensionId, setDimensionId] = useState<number | null>(null);
  const [value, setValue] = useState('');
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const values = useDimensionValues(dimensionId);
  const dimension = dimensions.data?.find((d) => d.id === dimensionId);

  const trimmed = name.trim();
  const nameTaken = saved.some((f) => f.display_name.toLowerCase() === trimmed.toLowerCase());
  const valueTakenBy = saved.find((f) => f.dimension_id === dimensionId && f.dimension_value === value);
  const tooLong = trimmed.length > FILTER_NAME_MAX;
  const complete = dimension !== undefined && value !== '' && trimmed !== '';
  const canApply = complete && !nameTaken && !valueTakenBy && !tooLong && !saving;

  if (dimensions.isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={FILTERS_COPY.createTitle}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={40} />
        ))}
      </Stack>
    );
  }
  if (dimensions.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void dimensions.refetch()}>
            {FILTERS_COPY.retry}
          </Button>
        }
      >
        {FILTERS_COPY.dimensionsFailed}
      </Alert>
    );
  }
  if (dimensions.data.length === 0) return <Alert severity="info">{FILTERS_COPY.noDimensions}</Alert>;

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!canApply) return;
        onSubmit({
          dimension_id: dimension.id,
          dimension_name: dimension.name,
          dimension_value: value,
          display_name: trimmed,
          is_default: isDefault,
        });
      }}
    >
      <TextField
        select
        size="small"
        label={FILTERS_COPY.dimension}
        required
        value={dimensionId ?? ''}
        onChange={(e) => {
          setDimensionId(Number(e.target.value));
          setValue('');
        }}
      >
        {dimensions.data.map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.display_name}
          </MenuItem>
        ))}
      </TextField>

      <TextField
        select
        size="small"
        label={FILTERS_COPY.value}
        required
        disabled={dimensionId === null || values.isPending || values.isError}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={values.isError || Boolean(valueTakenBy)}
        helperText={
          dimensionId === null
            ? FILTERS_COPY.valueHint
            : values.isError
              ? FILTERS_COPY.valuesFailed
              : values.data?.length === 0
                ? FILTERS_COPY.noValues
                : valueTakenBy
                  ? FILTERS_COPY.duplicateValue(valueTakenBy.display_name)
                  : ' '
        }
        slotProps={{
          input: values.isFetching
            ? { endAdornment: <CircularProgress size={16} sx={{ mr: 3 }} aria-label="Loading values" /> }
            : {},
        }}
      >
        {(values.data ?? []).map((v) => (
          <MenuItem key={v} value={v}>
            {v}
          </MenuItem>
        ))}
      </TextField>

      <TextField
        size="small"
        label={FILTERS_COPY.name}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={nameTaken || tooLong}
        helperText={
          nameTaken ? FILTERS_COPY.duplicateName : tooLong ? FILTERS_COPY.nameTooLong : FILTERS_COPY.nameHint
        }
        slotProps={{ htmlInput: { maxLength: FILTER_NAME_MAX + 20 } }}
      />

      <FormControlLabel
        control={<Checkbox size="small" checked={isDefault} onChange={(_, c) => setIsDefault(c)} />}
        label={FILTERS_COPY.makeDefault}
        slotProps={{ typography: { variant: 'body2' } }}
      />

      <Button
        type="submit"
        variant="contained"
        disabled={!canApply}
        startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {saving ? FILTERS_COPY.applying : FILTERS_COPY.apply}
      </Button>
    </Stack>
  );
}

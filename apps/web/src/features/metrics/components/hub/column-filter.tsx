import FilterListIcon from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState, type MouseEvent } from 'react';
import type { DataScope } from '@/session';
import { useMetricFilterValues } from '../../api/metric-filters';
import { METRICS_HUB_COPY } from '../../messages';
import type { FilterColumn } from '../../utils/table-state';

export interface ColumnFilterProps {
  scope: DataScope;
  column: FilterColumn;
  label: string;
  value: string | undefined;
  onChange: (value: string | null) => void;
}

/** How a raw filter value reads (accents as Up/Down, tiers as 'Tier 1'). */
export function filterValueLabel(column: FilterColumn, value: string): string {
  if (column === 'accent') return value === 'positive' ? METRICS_HUB_COPY.up : METRICS_HUB_COPY.down;
  if (column === 'tier') return METRICS_HUB_COPY.tier(Number(value));
  return value;
}

/** A column header's filter: its values come from the metrics filters API when first opened. */
export function ColumnFilter({ scope, column, label, value, onChange }: ColumnFilterProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const values = useMetricFilterValues(scope, column, anchor !== null);
  const popoverId = useId();
  const copy = METRICS_HUB_COPY;
  const open = (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget);
  return (
    <>
      <Tooltip title={copy.filterBy(label)}>
        <IconButton
          size="small"
          aria-label={copy.filterBy(label)}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={open}
          sx={{ ml: 0.25, color: value ? 'primary.main' : 'text.secondary' }}
        >
          <Badge color="primary" variant="dot" invisible={!value}>
            <FilterListIcon sx={{ fontSize: 16 }} />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-label': copy.filterBy(label), sx: { p: 2, width: 300 } },
        }}
      >
        <Stack spacing={1.5}>
          {values.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void values.refetch()}>
                  {copy.retry}
                </Button>
              }
            >
              {copy.filterValuesFailed}
            </Alert>
          ) : (
            <Autocomplete
              autoHighlight
              openOnFocus
              options={values.data?.values ?? []}
              loading={values.isPending}
              value={value ?? null}
              getOptionLabel={(v) => filterValueLabel(column, v)}
              noOptionsText={copy.noOptions}
              onChange={(_, next) => {
                onChange(next);
                setAnchor(null);
              }}
              renderInput={(params) => (
                <TextField {...params} autoFocus size="small" label={copy.filterValue(label)} />
              )}
            />
          )}
          {value && (
            <Button
              size="small"
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => {
                onChange(null);
                setAnchor(null);
              }}
            >
              {copy.clearFilter}
            </Button>
          )}
        </Stack>
      </Popover>
    </>
  );
}

import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  EXPLORER_CHARTS,
  EXPLORER_COMPARISONS,
  EXPLORER_MAX_FILTERS,
  EXPLORER_MAX_METRICS,
  EXPLORER_RANGE_PRESETS,
  SERIES_SCHEDULES,
  type ExplorerCatalog,
  type ExplorerRangePreset,
  type ExplorerState,
  type SeriesSchedule,
} from '@tidemark/contract';
import type { ReactNode } from 'react';
import { EXPLORER_COPY } from '../messages';
import { availableDimensions, availableGrains } from '../utils/state';

export interface ExplorerControlsProps {
  catalog: ExplorerCatalog;
  state: ExplorerState;
  onChange: (next: ExplorerState) => void;
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack spacing={1}>
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {label}
      </Typography>
      {children}
    </Stack>
  );
}

/** The question: metrics, grain, range, splits, filters, comparison and how the answer is drawn. */
export function ExplorerControls({ catalog, state, onChange }: ExplorerControlsProps) {
  const set = (patch: Partial<ExplorerState>) => onChange({ ...state, ...patch });
  const chosen = catalog.metrics.filter((m) => state.metrics.includes(m.kpi_id));
  const dims = availableDimensions(catalog, state.metrics);
  const grains = availableGrains(catalog, state.metrics);
  const dimLabel = (name: string) => catalog.dimensions.find((d) => d.name === name)?.display_name ?? name;
  const valuesOf = (name: string) => catalog.dimensions.find((d) => d.name === name)?.values ?? [];
  const [first, second] = state.split_by;

  return (
    <Stack spacing={3}>
      <Section label={EXPLORER_COPY.metrics}>
        <Autocomplete
          multiple
          size="small"
          options={catalog.metrics}
          value={chosen}
          getOptionLabel={(m) => m.kpi_display_name}
          isOptionEqualToValue={(a, b) => a.kpi_id === b.kpi_id}
          getOptionDisabled={(m) =>
            state.metrics.length >= EXPLORER_MAX_METRICS && !state.metrics.includes(m.kpi_id)
          }
          onChange={(_, next) => {
            const metrics = next.map((m) => m.kpi_id);
            const stillDims = availableDimensions(catalog, metrics).map((d) => d.name);
            const stillGrains = availableGrains(catalog, metrics);
            set({
              metrics,
              split_by: state.split_by.filter((d) => stillDims.includes(d)),
              filters: state.filters.filter((f) => stillDims.includes(f.dim_name)),
              grain: stillGrains.includes(state.grain) ? state.grain : 'd',
            });
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={EXPLORER_COPY.metrics}
              placeholder={state.metrics.length ? undefined : EXPLORER_COPY.metricsPlaceholder}
            />
          )}
        />
      </Section>

      <Section label={EXPLORER_COPY.grain}>
        <ToggleButtonGroup
          exclusive
          size="small"
          fullWidth
          aria-label={EXPLORER_COPY.grain}
          value={state.grain}
          onChange={(_, grain: SeriesSchedule | null) => grain && set({ grain })}
        >
          {SERIES_SCHEDULES.map((g) => (
            <ToggleButton key={g} value={g} disabled={!grains.includes(g)}>
              {EXPLORER_COPY.grains[g]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Section>

      <Section label={EXPLORER_COPY.range}>
        <TextField
          select
          size="small"
          label={EXPLORER_COPY.range}
          value={state.range.preset}
          onChange={(e) => {
            const preset = e.target.value as ExplorerRangePreset;
            const today = new Date().toISOString().slice(0, 10);
            set({
              range:
                preset === 'custom'
                  ? {
                      preset,
                      start: state.range.start ?? catalog.data_start?.slice(0, 10) ?? today,
                      end: state.range.end ?? catalog.data_end?.slice(0, 10) ?? today,
                    }
                  : { preset },
            });
          }}
        >
          {EXPLORER_RANGE_PRESETS.map((p) => (
            <MenuItem key={p} value={p}>
              {EXPLORER_COPY.ranges[p]}
            </MenuItem>
          ))}
        </TextField>
        {state.range.preset === 'custom' && (
          <Stack direction="row" spacing={1}>
            <TextField
              type="date"
              size="small"
              label={EXPLORER_COPY.from}
              value={state.range.start ?? ''}
              slotProps={{ inputLabel: { shrink: true } }}
              onChange={(e) => e.target.value && set({ range: { ...state.range, start: e.target.value } })}
            />
            <TextField
              type="date"
              size="small"
              label={EXPLORER_COPY.to}
              value={state.range.end ?? ''}
              slotProps={{ inputLabel: { shrink: true } }}
              onChange={(e) => e.target.value && set({ range: { ...state.range, end: e.target.value } })}
            />
          </Stack>
        )}
      </Section>

      <Section label={EXPLORER_COPY.splitBy}>
        <TextField
          select
          size="small"
          label={EXPLORER_COPY.splitBy}
          value={first ?? ''}
          onChange={(e) =>
            set({
              split_by: e.target.value
                ? [e.target.value, ...(second && second !== e.target.value ? [second] : [])]
                : [],
            })
          }
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{EXPLORER_COPY.none}</MenuItem>
          {dims.map((d) => (
            <MenuItem key={d.name} value={d.name}>
              {d.display_name}
            </MenuItem>
          ))}
        </TextField>
        {first && (
          <TextField
            select
            size="small"
            label={EXPLORER_COPY.thenBy}
            value={second ?? ''}
            onChange={(e) => set({ split_by: e.target.value ? [first, e.target.value] : [first] })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{EXPLORER_COPY.none}</MenuItem>
            {dims
              .filter((d) => d.name !== first)
              .map((d) => (
                <MenuItem key={d.name} value={d.name}>
                  {d.display_name}
                </MenuItem>
              ))}
          </TextField>
        )}
      </Section>

      <Section label={EXPLORER_COPY.filters}>
        {state.filters.map((f, i) => (
          <Stack key={i} spacing={1} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                select
                size="small"
                fullWidth
                label={EXPLORER_COPY.filterDimension}
                value={f.dim_name}
                onChange={(e) =>
                  set({
                    filters: state.filters.map((x, j) =>
                      j === i ? { dim_name: e.target.value, values: [] } : x,
                    ),
                  })
                }
              >
                {dims.map((d) => (
                  <MenuItem key={d.name} value={d.name}>
                    {d.display_name}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton
                size="small"
                aria-label={EXPLORER_COPY.removeFilter}
                onClick={() => set({ filters: state.filters.filter((_, j) => j !== i) })}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
            <Autocomplete
              multiple
              size="small"
              options={valuesOf(f.dim_name)}
              value={f.values}
              onChange={(_, values) =>
                set({ filters: state.filters.map((x, j) => (j === i ? { ...x, values } : x)) })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={`${dimLabel(f.dim_name)} ${EXPLORER_COPY.filterValues.toLowerCase()}`}
                />
              )}
            />
          </Stack>
        ))}
        {state.filters.length < EXPLORER_MAX_FILTERS && dims.length > 0 && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => set({ filters: [...state.filters, { dim_name: dims[0]!.name, values: [] }] })}
          >
            {EXPLORER_COPY.addFilter}
          </Button>
        )}
      </Section>

      <Section label={EXPLORER_COPY.compare}>
        <TextField
          select
          size="small"
          label={EXPLORER_COPY.compare}
          value={state.compare}
          onChange={(e) => set({ compare: e.target.value as ExplorerState['compare'] })}
        >
          {EXPLORER_COMPARISONS.map((c) => (
            <MenuItem key={c} value={c}>
              {EXPLORER_COPY.comparisons[c]}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={state.band} onChange={(e) => set({ band: e.target.checked })} />}
          label={EXPLORER_COPY.band}
        />
      </Section>

      <Section label={EXPLORER_COPY.chart}>
        <ToggleButtonGroup
          exclusive
          size="small"
          fullWidth
          aria-label={EXPLORER_COPY.chart}
          value={state.chart}
          onChange={(_, chart: ExplorerState['chart'] | null) => chart && set({ chart })}
        >
          {EXPLORER_CHARTS.map((c) => (
            <ToggleButton key={c} value={c}>
              {EXPLORER_COPY.charts[c]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Section>
    </Stack>
  );
}

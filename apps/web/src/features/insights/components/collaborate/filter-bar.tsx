import { useDataScope } from '@/session';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { SeveritySchema, type Severity } from '@tidemark/contract';
import { COLLABORATE_COPY } from '../../messages';
import { SCHEDULE_LABEL } from '../severity';
import type { ChartFilters } from './filters';

const C = COLLABORATE_COPY;

export interface FilterBarProps {
  value: ChartFilters;
  onChange: (next: ChartFilters) => void;
  /** The metrics to choose from; omitted on an insight's page (it has one). */
  kpis?: Array<{ kpi_id: string; kpi_display_name: string }>;
  /** Severity and pattern narrow a list of insights; an insight's page has none. */
  listFilters?: boolean;
  /** The workspace's is_forecast_enabled: the Forecast switch is offered only then. */
  forecastEnabled: boolean;
}

export function FilterBar({ value, onChange, kpis, listFilters = false, forecastEnabled }: FilterBarProps) {
  const scope = useDataScope();
  const set = <K extends keyof ChartFilters>(key: K, v: ChartFilters[K]) => onChange({ ...value, [key]: v });
  return (
    <Paper variant="outlined" component="section" aria-label={C.filters} sx={{ p: 1.5, mb: 3 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {kpis && kpis.length > 1 && (
          <FormControl size="small" sx={{ minWidth: 200, maxWidth: 360 }}>
            <InputLabel id="collab-kpis" shrink>
              {C.kpis}
            </InputLabel>
            <Select
              labelId="collab-kpis"
              label={C.kpis}
              multiple
              value={value.kpis}
              onChange={(e) => {
                const v = e.target.value;
                set('kpis', typeof v === 'string' ? v.split(',') : v);
              }}
              renderValue={(ids) =>
                ids.length === 0
                  ? C.allKpis
                  : kpis
                      .filter((k) => ids.includes(k.kpi_id))
                      .map((k) => k.kpi_display_name)
                      .join(', ')
              }
              displayEmpty
              notched
            >
              {kpis.map((k) => (
                <MenuItem key={k.kpi_id} value={k.kpi_id}>
                  {k.kpi_display_name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        {listFilters && (
          <>
            <FormControl size="small" sx={{ minWidth: 130 }}>
              <InputLabel id="collab-severity" shrink>
                {C.severity}
              </InputLabel>
              <Select
                labelId="collab-severity"
                label={C.severity}
                value={(value.severity ?? '') as string}
                displayEmpty
                notched
                renderValue={(v) => (v === '' ? C.any : v)}
                onChange={(e) => set('severity', (e.target.value || null) as Severity | null)}
              >
                <MenuItem value="">{C.any}</MenuItem>
                {SeveritySchema.options.map((s) => (
                  <MenuItem key={s} value={s}>
                    {s}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl size="small" sx={{ minWidth: 150 }}>
              <InputLabel id="collab-pattern" shrink>
                {C.patternType}
              </InputLabel>
              <Select
                labelId="collab-pattern"
                label={C.patternType}
                value={(value.patternType ?? '') as string}
                displayEmpty
                notched
                renderValue={(v) => (v === '' ? C.any : v === 'Trend Change' ? C.trend : C.spike)}
                onChange={(e) => set('patternType', (e.target.value || null) as ChartFilters['patternType'])}
              >
                <MenuItem value="">{C.any}</MenuItem>
                <MenuItem value="Point Anomaly">{C.spike}</MenuItem>
                <MenuItem value="Trend Change">{C.trend}</MenuItem>
              </Select>
            </FormControl>
          </>
        )}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={value.schedule}
          aria-label={C.schedule}
          onChange={(_, v: ChartFilters['schedule'] | null) => v && set('schedule', v)}
        >
          {(['h', 'd', 'w', 'm'] as const).map((s) => (
            <ToggleButton key={s} value={s} aria-label={SCHEDULE_LABEL[s]} sx={{ px: 1.25, py: 0.25 }}>
              {SCHEDULE_LABEL[s]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={value.chartType}
          aria-label={C.chartType}
          onChange={(_, v: ChartFilters['chartType'] | null) => v && set('chartType', v)}
        >
          <ToggleButton value="line" sx={{ px: 1.25, py: 0.25 }}>
            {C.line}
          </ToggleButton>
          <ToggleButton value="bar" sx={{ px: 1.25, py: 0.25 }}>
            {C.bar}
          </ToggleButton>
        </ToggleButtonGroup>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={value.logScale}
              onChange={(e) => set('logScale', e.target.checked)}
            />
          }
          label={C.logScale}
        />
        {forecastEnabled && (
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={value.forecast}
                onChange={(e) => set('forecast', e.target.checked)}
              />
            }
            label={C.forecast}
          />
        )}
        {scope.dimName && scope.dimVal !== null && (
          <Chip
            size="small"
            variant="outlined"
            label={`${C.dimension}: ${scope.dimName} = ${scope.dimVal}`}
          />
        )}
      </Stack>
    </Paper>
  );
}

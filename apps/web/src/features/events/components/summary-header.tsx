import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { EventSummary } from '@tidemark/contract';
import { formatDate } from '@tidemark/format';
import type { KeyboardEvent } from 'react';
import { EVENTS_COPY } from '../messages';
import { PERIODS, type Period, type TimeRange } from '../utils/period';
import { useFormatMoney } from '@/lib/currency';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelection {
  severity: string[];
  status: string[];
  type: string[];
  provider: string[];
  category: string[];
}

export type FilterKey = keyof FilterSelection;
export const FILTER_KEYS: readonly FilterKey[] = ['severity', 'status', 'type', 'provider', 'category'];

export interface SummaryHeaderProps {
  selection: FilterSelection;
  options: Record<FilterKey, FilterOption[]>;
  onSelectionChange: (key: FilterKey, values: string[]) => void;
  onClearAll: () => void;
  period: Period;
  range: TimeRange;
  canNext: boolean;
  onPeriodChange: (period: Period) => void;
  onStep: (direction: -1 | 1) => void;
  onPickRange: () => void;
  summary: EventSummary | undefined;
  summaryLoading: boolean;
  showSummary: boolean;
  showFilters: boolean;
  tz?: string | null;
}

/**
 * The selectors are read-only (typing and paste blocked) and Backspace never removes a chosen tag
 * (spec 2 §2.1, §5): values change only through the list.
 */
function blockEditing(event: KeyboardEvent & { defaultMuiPrevented?: boolean }) {
  if (event.key === 'Backspace' || event.key === 'Delete') event.defaultMuiPrevented = true;
}

function FilterSelect({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: FilterKey;
  label: string;
  options: FilterOption[];
  value: string[];
  onChange: (values: string[]) => void;
}) {
  const selected = value
    .map((v) => options.find((o) => o.value === v) ?? { value: v, label: v })
    .filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i);
  return (
    <Autocomplete
      multiple
      size="small"
      disableCloseOnSelect
      disableClearable
      limitTags={1}
      options={options}
      value={selected}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      onChange={(_, next) => onChange(next.map((o) => o.value))}
      onKeyDown={blockEditing}
      sx={{ minWidth: 150, flex: '1 1 150px', maxWidth: 240 }}
      data-testid={`events-filter-${id}`}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          onPaste={(e) => e.preventDefault()}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, readOnly: true } }}
        />
      )}
    />
  );
}

function Figure({ label, value, loading }: { label: string; value: string; loading: boolean }) {
  return (
    <Box sx={{ minWidth: 64 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      {loading ? (
        <Skeleton width={56} height={28} />
      ) : (
        <Typography variant="h3" component="p" className="tabular-nums">
          {value}
        </Typography>
      )}
    </Box>
  );
}

/** The fixed header of /events: counts, the five selectors, the period stepper and Clear All. */
export function SummaryHeader(props: SummaryHeaderProps) {
  const money = useFormatMoney();
  const { summary, summaryLoading: loading, tz, range } = props;
  const delta = summary?.impact.monetary.formatted_delta_percentage;
  const rangeLabel = `${formatDate(range.start, { tz, format: 'DD MMM, YYYY' })} – ${formatDate(range.end, { tz, format: 'DD MMM, YYYY' })}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={EVENTS_COPY.summary}
      sx={{ position: 'sticky', top: 0, zIndex: 2, p: 2, mb: 3 }}
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={props.period}
              onChange={(_, next: Period | null) => next && props.onPeriodChange(next)}
              aria-label="Period"
            >
              {PERIODS.map((p) => (
                <ToggleButton key={p} value={p} sx={{ textTransform: 'none', px: 1.5 }}>
                  {EVENTS_COPY.period[p]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <IconButton
              size="small"
              aria-label={EVENTS_COPY.period.previous}
              onClick={() => props.onStep(-1)}
            >
              <ChevronLeftIcon />
            </IconButton>
            <Typography
              variant="body2"
              data-testid="events-range"
              sx={{ minWidth: 190, textAlign: 'center' }}
            >
              {rangeLabel}
            </Typography>
            <IconButton
              size="small"
              aria-label={EVENTS_COPY.period.next}
              disabled={!props.canNext}
              onClick={() => props.onStep(1)}
            >
              <ChevronRightIcon />
            </IconButton>
            <Tooltip title={EVENTS_COPY.period.custom}>
              <IconButton size="small" aria-label={EVENTS_COPY.period.custom} onClick={props.onPickRange}>
                <EventOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
          {props.showSummary && (
            <Stack
              useFlexGap
              direction="row"
              spacing={2.5}
              sx={{ flexWrap: 'wrap', rowGap: 1, justifyContent: { md: 'flex-end' } }}
            >
              <Figure
                label={EVENTS_COPY.counts.total}
                value={summary?.total_events.formatted_count ?? '0'}
                loading={loading}
              />
              <Figure label="High" value={String(summary?.severity.High.count ?? 0)} loading={loading} />
              <Figure label="Medium" value={String(summary?.severity.Medium.count ?? 0)} loading={loading} />
              <Figure label="Low" value={String(summary?.severity.Low.count ?? 0)} loading={loading} />
              <Figure
                label={EVENTS_COPY.counts.active}
                value={String(summary?.status.Active.count ?? 0)}
                loading={loading}
              />
              <Box>
                <Figure
                  label={EVENTS_COPY.counts.impact}
                  value={
                    summary?.impact.monetary.formatted_value ? money(summary.impact.monetary.value) : '-'
                  }
                  loading={loading}
                />
                {delta && !loading && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {delta} {EVENTS_COPY.counts.vsPrevious}
                  </Typography>
                )}
              </Box>
            </Stack>
          )}
        </Stack>
        {props.showFilters && (
          <Stack
            useFlexGap
            direction="row"
            spacing={1.5}
            sx={{ flexWrap: 'wrap', rowGap: 1.5, alignItems: 'center' }}
          >
            {FILTER_KEYS.map((key) => (
              <FilterSelect
                key={key}
                id={key}
                label={EVENTS_COPY.filters[key]}
                options={props.options[key]}
                value={props.selection[key]}
                onChange={(values) => props.onSelectionChange(key, values)}
              />
            ))}
            <Button size="small" onClick={props.onClearAll}>
              {EVENTS_COPY.filters.clearAll}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

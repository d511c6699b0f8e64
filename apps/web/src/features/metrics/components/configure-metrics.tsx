import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CURRENCIES, type Column } from '@tidemark/contract';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { OnboardingFrame } from '@/components/onboarding-frame';
import { isApiError } from '@/lib/api-client';
import { useTenantScope } from '@/session';
import { useExtractionResults } from '../api/extraction-results';
import { onboardMetrics } from '../api/onboard';
import { METRICS_COPY } from '../messages';
import {
  canRemoveRow,
  checkRows,
  guessRow,
  initialRows,
  isDateColumn,
  onboardBody,
  operationsFor,
  rowMessage,
  type ConfigureRow,
  type Operation,
} from '../utils/rows';

export interface ConfigureMetricsProps {
  extractionJobId: string;
  onDone: (datasourceId: string) => void;
}

const AGGREGATION_LABEL: Record<Operation, string> = {
  sum: 'Sum',
  avg: 'Average',
  count: 'Count',
  count_distinct: 'Distinct count',
  count_rows: 'Count of rows',
  min: 'Minimum',
  max: 'Maximum',
  stddev_samp: 'Standard deviation',
  var_samp: 'Variance',
  formula: 'Formula',
};

/** Step 3 (spec 1 §4, §5): the columns as rows to turn into metrics and dimensions. */
export function ConfigureMetrics({ extractionJobId, onDone }: ConfigureMetricsProps) {
  const results = useExtractionResults(extractionJobId);
  if (results.isPending) {
    return (
      <OnboardingFrame step={2} title={METRICS_COPY.configureTitle} wide>
        <Box aria-label="Loading columns">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={52} />
          ))}
        </Box>
      </OnboardingFrame>
    );
  }
  if (results.isError) {
    return (
      <OnboardingFrame step={2} title={METRICS_COPY.configureTitle} wide>
        <ErrorState
          title={METRICS_COPY.loadFailed}
          message={results.error.message}
          onRetry={() => void results.refetch()}
        />
      </OnboardingFrame>
    );
  }
  return <Grid columns={results.data.columns} datasourceId={results.data.datasource_id} onDone={onDone} />;
}

function Grid({
  columns,
  datasourceId,
  onDone,
}: {
  columns: Column[];
  datasourceId: string;
  onDone: (id: string) => void;
}) {
  const scope = useTenantScope();
  const [rows, setRows] = useState<ConfigureRow[]>(() => initialRows(columns));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = checkRows(rows);
  const dates = columns.filter(isDateColumn);
  const unused = columns.filter((c) => !isDateColumn(c) && !rows.some((r) => r.field_name === c.field_name));
  const nextKey = () => Math.max(-1, ...rows.map((r) => r.key)) + 1;

  const update = (key: number, patch: Partial<ConfigureRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function submit() {
    setSaving(true);
    setError(null);
    try {
      await onboardMetrics(scope, onboardBody(rows, columns, datasourceId));
      onDone(datasourceId);
    } catch (e) {
      setError(isApiError(e) ? rowMessage(e.serverMessage ?? e.message, rows) : String(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <OnboardingFrame
      step={2}
      wide
      title={METRICS_COPY.configureTitle}
      subtitle={METRICS_COPY.configureSubtitle}
      actions={
        <Button variant="contained" disabled={!check.canSubmit || saving} onClick={() => void submit()}>
          {saving ? METRICS_COPY.saving : METRICS_COPY.next}
        </Button>
      }
    >
      {dates.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {METRICS_COPY.dateColumnsNote(dates.map((d) => d.display_name).join(', '))}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label="Metrics and dimensions">
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 170 }}>{METRICS_COPY.field}</TableCell>
              <TableCell sx={{ minWidth: 170 }}>{METRICS_COPY.displayName}</TableCell>
              <TableCell sx={{ minWidth: 130 }}>{METRICS_COPY.type}</TableCell>
              <TableCell sx={{ minWidth: 340 }}>{METRICS_COPY.aggregation}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>{METRICS_COPY.objective}</TableCell>
              <TableCell sx={{ minWidth: 220 }}>{METRICS_COPY.format}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => {
              const column = columns.find((c) => c.field_name === row.field_name);
              const metric = row.field_type === 'metric';
              return (
                <TableRow key={row.key}>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      value={row.field_name}
                      slotProps={{
                        select: {
                          SelectDisplayProps: {
                            'aria-label': `${METRICS_COPY.field} ${index + 1}`,
                          } as object,
                        },
                      }}
                      helperText={column?.sample_values.slice(0, 2).join(', ') || ' '}
                      onChange={(e) => {
                        const next = columns.find((c) => c.field_name === e.target.value);
                        if (next) update(row.key, { ...guessRow(next, row.key) });
                      }}
                    >
                      {[...(column ? [column] : []), ...unused].map((c) => (
                        <MenuItem key={c.field_name} value={c.field_name}>
                          {c.display_name}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      fullWidth
                      value={row.display_name}
                      helperText=" "
                      slotProps={{
                        htmlInput: {
                          'aria-label': `${METRICS_COPY.displayName} ${index + 1}`,
                          maxLength: 120,
                        },
                      }}
                      onChange={(e) => update(row.key, { display_name: e.target.value })}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      value={row.field_type}
                      helperText=" "
                      slotProps={{
                        select: {
                          SelectDisplayProps: { 'aria-label': `${METRICS_COPY.type} ${index + 1}` } as object,
                        },
                      }}
                      onChange={(e) =>
                        update(row.key, { field_type: e.target.value as ConfigureRow['field_type'] })
                      }
                    >
                      <MenuItem value="metric">{METRICS_COPY.metric}</MenuItem>
                      <MenuItem value="dimension">{METRICS_COPY.dimension}</MenuItem>
                    </TextField>
                  </TableCell>
                  <TableCell>
                    {metric ? (
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                        <TextField
                          select
                          size="small"
                          value={row.aggregation}
                          helperText=" "
                          sx={{ minWidth: 120 }}
                          slotProps={{
                            select: {
                              SelectDisplayProps: {
                                'aria-label': `${METRICS_COPY.aggregation} ${index + 1}`,
                              } as object,
                            },
                          }}
                          onChange={(e) =>
                            update(row.key, { aggregation: e.target.value as ConfigureRow['aggregation'] })
                          }
                        >
                          {operationsFor(column).map((a) => (
                            <MenuItem key={a} value={a}>
                              {AGGREGATION_LABEL[a]}
                            </MenuItem>
                          ))}
                        </TextField>
                        {row.aggregation === 'formula' && (
                          <TextField
                            size="small"
                            fullWidth
                            value={row.formula}
                            placeholder={METRICS_COPY.formulaHint}
                            helperText=" "
                            slotProps={{
                              htmlInput: {
                                'aria-label': `${METRICS_COPY.formula} ${index + 1}`,
                                maxLength: 2000,
                              },
                            }}
                            onChange={(e) => update(row.key, { formula: e.target.value })}
                          />
                        )}
                      </Box>
                    ) : (
                      <Typography variant="body2" sx={{ color: 'text.secondary', pt: 1 }}>
                        —
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {metric ? (
                      <TextField
                        select
                        size="small"
                        fullWidth
                        value={row.objective}
                        helperText=" "
                        slotProps={{
                          select: {
                            SelectDisplayProps: {
                              'aria-label': `${METRICS_COPY.objective} ${index + 1}`,
                            } as object,
                          },
                        }}
                        onChange={(e) =>
                          update(row.key, { objective: e.target.value as ConfigureRow['objective'] })
                        }
                      >
                        <MenuItem value="positive">{METRICS_COPY.up}</MenuItem>
                        <MenuItem value="negative">{METRICS_COPY.down}</MenuItem>
                      </TextField>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {metric ? (
                      <FormatPicker row={row} index={index} onChange={(p) => update(row.key, p)} />
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <IconButton
                      aria-label={`${METRICS_COPY.removeRow} ${index + 1}`}
                      disabled={!canRemoveRow(rows)}
                      onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          mt: 2,
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Button
          startIcon={<AddIcon />}
          disabled={unused.length === 0}
          onClick={() => setRows((all) => [...all, guessRow(unused[0]!, nextKey())])}
        >
          {METRICS_COPY.addRow}
        </Button>
        {check.problem && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {METRICS_COPY[check.problem]}
          </Typography>
        )}
      </Box>
    </OnboardingFrame>
  );
}

/** Number, percent or money; money offers the file's currency preselected (the workspace's when it names none). */
function FormatPicker({
  row,
  index,
  onChange,
}: {
  row: ConfigureRow;
  index: number;
  onChange: (patch: Partial<ConfigureRow>) => void;
}) {
  // A code the file names but the list lacks is still offered.
  const codes = [...new Set([...(row.currency ? [row.currency] : []), ...CURRENCIES.map((c) => c.code)])];
  const label = (name: string) => ({
    select: { SelectDisplayProps: { 'aria-label': `${name} ${index + 1}` } as object },
  });
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <TextField
        select
        size="small"
        value={row.format}
        helperText=" "
        sx={{ minWidth: 100 }}
        slotProps={label(METRICS_COPY.format)}
        onChange={(e) => onChange({ format: e.target.value as ConfigureRow['format'] })}
      >
        {(['number', 'percentage', 'currency'] as const).map((f) => (
          <MenuItem key={f} value={f}>
            {METRICS_COPY.formats[f]}
          </MenuItem>
        ))}
      </TextField>
      {row.format === 'currency' && (
        <TextField
          select
          size="small"
          value={row.currency ?? ''}
          helperText=" "
          sx={{ minWidth: 110 }}
          slotProps={label(METRICS_COPY.currency)}
          onChange={(e) => onChange({ currency: e.target.value || null })}
        >
          <MenuItem value="">{METRICS_COPY.workspaceCurrency}</MenuItem>
          {codes.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}

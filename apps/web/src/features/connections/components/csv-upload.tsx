import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { inspectCsv, type InferredColumn } from '@tidemark/csv';
import type { CreateConnectionResponse } from '@tidemark/contract';
import { formatNumber } from '@tidemark/format';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { OnboardingFrame } from '@/components/onboarding-frame';
import { paths, safeInternalPath } from '@/config/paths';
import { useTenantScope } from '@/session';
import { useConnectors } from '../api/connectors';
import { uploadCsv, type UploadHandle } from '../api/upload-csv';
import { CONNECTIONS_COPY } from '../messages';
import { rejectedBlock, skippedNote, zonedColumns, zonesToSend } from '../utils/csv-preview';
import { isCsvFileName } from '../utils/names';

const PREVIEW_BYTES = 1 << 20;

type State =
  | { kind: 'idle' }
  | {
      kind: 'chosen';
      file: File;
      columns: InferredColumn[] | null;
      note: string | null;
      skipped: string | null;
    }
  | { kind: 'uploading'; file: File; percent: number; columns: InferredColumn[] | null }
  | { kind: 'done'; file: File; result: CreateConnectionResponse }
  | { kind: 'error'; file: File | null; message: string };

/** Reads the file's first megabyte in the browser and infers its columns, as the server will. */
async function previewColumns(
  file: File,
): Promise<{ columns: InferredColumn[] | null; note: string | null; skipped: string | null }> {
  try {
    const bytes = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer());
    const inspection = inspectCsv(bytes, { wholeFile: file.size <= PREVIEW_BYTES });
    return { columns: inspection.columns, note: null, skipped: skippedNote(inspection.sample) };
  } catch (error) {
    return { columns: null, note: error instanceof Error ? error.message : String(error), skipped: null };
  }
}

/** Zones a person may pick for times written without an offset. */
function timeZoneNames(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone').filter((z) => z !== 'UTC') ?? [];
}

/** Step 2 for files: choose, preview, upload with progress, then the import's summary (spec 1 §4). */
export function CsvUpload({
  datasourceId,
  workspaceTimeZone,
}: {
  datasourceId?: string | undefined;
  /** The workspace's zone: offset-less times are read in it unless the header or a person says otherwise. */
  workspaceTimeZone?: string | undefined;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [zones, setZones] = useState<Record<string, string>>({});
  const [showRejected, setShowRejected] = useState(false);
  const handle = useRef<UploadHandle | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const connectors = useConnectors();
  const scope = useTenantScope();
  const navigate = useNavigate();
  const csv = connectors.data?.find((c) => c.connector_name === 'csv');

  async function choose(file: File | undefined) {
    if (!file) return;
    if (!isCsvFileName(file.name)) {
      setState({ kind: 'error', file: null, message: CONNECTIONS_COPY.onlyCsv });
      return;
    }
    setState({ kind: 'chosen', file, columns: null, note: null, skipped: null });
    setZones({});
    const preview = await previewColumns(file);
    setState((s) => (s.kind === 'chosen' && s.file === file ? { ...s, ...preview } : s));
  }

  function start() {
    if (state.kind !== 'chosen' || !csv) return;
    const { file, columns } = state;
    setState({ kind: 'uploading', file, percent: 0, columns });
    const columnTimeZones = columns ? zonesToSend(columns, zones, workspaceTimeZone) : {};
    handle.current = uploadCsv(
      scope,
      { connectorUuid: csv.connector_uuid, file, datasourceId, columnTimeZones },
      (fraction) =>
        setState((s) => (s.kind === 'uploading' ? { ...s, percent: Math.floor(fraction * 100) } : s)),
    );
    handle.current.promise.then(
      (result) => setState({ kind: 'done', file, result }),
      (error: Error) => setState({ kind: 'error', file, message: error.message }),
    );
  }

  const blocked = state.kind === 'done' && state.result.import ? rejectedBlock(state.result.import) : null;

  function next() {
    if (state.kind !== 'done' || blocked) return;
    const path = safeInternalPath(state.result.redirect.path);
    void navigate(path ?? paths.datasources.getHref());
  }

  const actions = (
    <>
      {state.kind === 'uploading' && (
        <Button onClick={() => handle.current?.cancel()}>{CONNECTIONS_COPY.cancel}</Button>
      )}
      {state.kind === 'chosen' && (
        <Button variant="contained" onClick={start} disabled={!csv}>
          {CONNECTIONS_COPY.upload}
        </Button>
      )}
      <Button variant="contained" onClick={next} disabled={state.kind !== 'done' || blocked !== null}>
        {CONNECTIONS_COPY.next}
      </Button>
    </>
  );

  return (
    <OnboardingFrame
      step={1}
      title={CONNECTIONS_COPY.csvTitle}
      subtitle={CONNECTIONS_COPY.csvSubtitle}
      actions={actions}
    >
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label={CONNECTIONS_COPY.chooseFile}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Box
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 2,
          p: 4,
          textAlign: 'center',
        }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          if (state.kind !== 'uploading') void choose(e.dataTransfer.files[0]);
        }}
      >
        <UploadFileOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
        <Typography sx={{ mt: 1 }}>
          {state.kind === 'idle' || (state.kind === 'error' && !state.file)
            ? 'Drop a file here, or'
            : state.kind !== 'error' || state.file
              ? (state as { file: File }).file.name
              : ''}
        </Typography>
        <Button
          variant="outlined"
          sx={{ mt: 1.5 }}
          onClick={() => input.current?.click()}
          disabled={state.kind === 'uploading'}
        >
          {CONNECTIONS_COPY.chooseFile}
        </Button>
      </Box>

      {state.kind === 'uploading' && (
        <Box sx={{ mt: 3 }} role="status">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {state.percent < 100 ? CONNECTIONS_COPY.uploading(state.percent) : CONNECTIONS_COPY.processing}
          </Typography>
          <LinearProgress
            variant={state.percent < 100 ? 'determinate' : 'indeterminate'}
            value={state.percent}
            aria-label="Upload progress"
          />
        </Box>
      )}

      {state.kind === 'error' && (
        <Alert
          severity="error"
          sx={{ mt: 3 }}
          action={
            state.file ? (
              <Button color="inherit" size="small" onClick={() => void choose(state.file!)}>
                {CONNECTIONS_COPY.tryAgain}
              </Button>
            ) : undefined
          }
        >
          {state.message === CONNECTIONS_COPY.onlyCsv
            ? state.message
            : `${CONNECTIONS_COPY.uploadFailed}: ${state.message}`}
        </Alert>
      )}

      {state.kind === 'done' && state.result.import && (
        <Box sx={{ mt: 3 }}>
          <Alert
            severity={state.result.import.rows_rejected ? 'warning' : 'success'}
            icon={<CheckCircleOutlineIcon />}
          >
            {CONNECTIONS_COPY.imported(formatNumber(state.result.import.rows_imported))}
            {state.result.import.rows_rejected > 0 &&
              ` · ${CONNECTIONS_COPY.rejected(formatNumber(state.result.import.rows_rejected))}`}
          </Alert>
          {blocked && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {blocked}
            </Alert>
          )}
          {state.result.import.errors.length > 0 && (
            <>
              <Button size="small" sx={{ mt: 1 }} onClick={() => setShowRejected((v) => !v)}>
                {showRejected ? CONNECTIONS_COPY.hideRejected : CONNECTIONS_COPY.showRejected}
              </Button>
              <Collapse in={showRejected}>
                <Table size="small" aria-label="Rows that could not be read">
                  <TableHead>
                    <TableRow>
                      <TableCell>Line</TableCell>
                      <TableCell>Reason</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {state.result.import.errors.map((e) => (
                      <TableRow key={e.line}>
                        <TableCell>{e.line}</TableCell>
                        <TableCell>{e.reason}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Collapse>
            </>
          )}
        </Box>
      )}

      {(state.kind === 'chosen' || state.kind === 'uploading') && state.columns && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {CONNECTIONS_COPY.preview}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {state.columns.map((c) => (
              <Chip
                key={c.field_name}
                label={`${c.display_name} · ${c.type}`}
                variant="outlined"
                size="small"
              />
            ))}
          </Stack>
          {state.kind === 'chosen' && state.skipped && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {state.skipped}
            </Typography>
          )}
          {state.kind === 'chosen' &&
            zonedColumns(state.columns).map((c) => {
              const workspace = `The workspace's zone${workspaceTimeZone ? ` (${workspaceTimeZone})` : ''}`;
              return (
                <TextField
                  key={c.field_name}
                  select
                  size="small"
                  sx={{ mt: 2, mr: 2, minWidth: 280 }}
                  label={`Times in "${c.display_name}" are in`}
                  value={zones[c.field_name] ?? c.timeZone ?? ''}
                  onChange={(e) => setZones((z) => ({ ...z, [c.field_name]: e.target.value }))}
                  slotProps={{ select: { native: true } }}
                >
                  <option value="">{workspace}</option>
                  <option value="UTC">UTC</option>
                  {timeZoneNames().map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </TextField>
              );
            })}
        </Box>
      )}
      {state.kind === 'chosen' && state.note && (
        <Alert severity="warning" sx={{ mt: 3 }}>
          {state.note}
        </Alert>
      )}
    </OnboardingFrame>
  );
}

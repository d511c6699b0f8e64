import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { DEFAULT_EXPLORER_STATE, type ExplorerState } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { EChart } from '@/components/chart';
import { ErrorState } from '@/components/error-state';
import { DocumentTitle } from '@/components/page-header';
import { saveFile } from '@/lib/download';
import { zipFiles } from '@/lib/zip';
import { useExplorerCatalog } from '../api/get-catalog';
import { useExplorerView } from '../api/get-view';
import { useExplorerQuery } from '../api/run-query';
import { EXPLORER_COPY } from '../messages';
import { explorerChartOption } from '../utils/chart-option';
import { exportFileName, explorerCsvFiles } from '../utils/export';
import { queryBodyOf, reconcileState } from '../utils/state';
import { ExplorerControls } from './explorer-controls';
import { ExplorerTable } from './explorer-table';
import { SaveViewButton, SavedViewsMenu } from './saved-views';

/** Distinct hues that stay apart on white, in the order lines are drawn. */
export const EXPLORER_PALETTE = [
  '#1d4ed8',
  '#0d9488',
  '#d97706',
  '#7c3aed',
  '#db2777',
  '#475569',
  '#65a30d',
  '#dc2626',
  '#0891b2',
  '#ea580c',
];

export interface ExplorerPageProps {
  /** A saved exploration to open first. */
  viewId: string | null;
  /** The shareable link of a saved exploration. */
  linkFor: (viewId: string) => string;
}

/**
 * The explorer page the /explorer tab frames: the question on the left, the answer (chart or table, with
 * notices such as down-sampling) on the right, and saving, sharing and exporting at the top.
 */
export function ExplorerPage({ viewId, linkFor }: ExplorerPageProps) {
  const catalog = useExplorerCatalog();
  const view = useExplorerView(viewId);
  const [state, setState] = useState<ExplorerState>(DEFAULT_EXPLORER_STATE);
  const [viewName, setViewName] = useState<string | null>(null);
  const [restored, setRestored] = useState<string | null>(null);

  // A saved view opens once, when it and the catalogue it is read against have both arrived.
  const loaded = view.data?.view;
  if (loaded && catalog.data && restored !== loaded.id) {
    setRestored(loaded.id);
    setState(reconcileState(catalog.data, loaded.state));
    setViewName(loaded.name);
  }

  if (catalog.isError) {
    return (
      <Box sx={{ p: 3 }}>
        <ErrorState
          title={EXPLORER_COPY.loadFailed}
          message={catalog.error.message}
          onRetry={() => void catalog.refetch()}
          retryLabel={EXPLORER_COPY.retry}
        />
      </Box>
    );
  }
  const change = (next: ExplorerState) => {
    // Drawing the same answer another way is still the saved view; a new question is not.
    if (JSON.stringify({ ...next, chart: state.chart }) !== JSON.stringify(state)) setViewName(null);
    setState(next);
  };
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <DocumentTitle title={viewName ?? EXPLORER_COPY.title} />
      <Box
        component="aside"
        aria-label="Question"
        sx={{
          width: 300,
          flexShrink: 0,
          p: 2.5,
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          overflowY: 'auto',
          maxHeight: '100vh',
        }}
      >
        {catalog.data ? (
          <ExplorerControls catalog={catalog.data} state={state} onChange={change} />
        ) : (
          <Stack spacing={2} aria-label="Loading">
            {[56, 40, 40, 40, 120].map((h, i) => (
              <Skeleton key={i} variant="rounded" height={h} />
            ))}
          </Stack>
        )}
      </Box>
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h3" component="h1" sx={{ mr: 1 }}>
            {viewName ?? EXPLORER_COPY.title}
          </Typography>
          {catalog.data?.workspace.is_demo && (
            <Chip size="small" color="warning" label={EXPLORER_COPY.demo} />
          )}
          {catalog.data?.scope && (
            <Chip
              size="small"
              variant="outlined"
              label={EXPLORER_COPY.scopedTo(catalog.data.scope.dim_display_name, catalog.data.scope.dim_val)}
            />
          )}
          <Box sx={{ flex: 1 }} />
          <SavedViewsMenu
            readOnly={catalog.data?.read_only ?? false}
            onOpen={(v) => {
              if (!catalog.data) return;
              setState(reconcileState(catalog.data, v.state));
              setViewName(v.name);
            }}
          />
          {/* A link made with an API key reads only: nothing to save or delete with it. */}
          {catalog.data?.read_only ? null : (
            <SaveViewButton state={state} linkFor={linkFor} onSaved={(v) => setViewName(v.name)} />
          )}
          <ExportButton state={state} viewName={viewName} />
        </Stack>
        {view.isError && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {EXPLORER_COPY.viewNotFound}
          </Alert>
        )}
        <Answer state={state} />
      </Box>
    </Box>
  );
}

function Answer({ state }: { state: ExplorerState }) {
  const theme = useTheme();
  const body = useMemo(() => queryBodyOf(state), [state]);
  const answer = useExplorerQuery(body);
  const option = useMemo(
    () =>
      answer.data && state.chart !== 'table'
        ? explorerChartOption(answer.data, {
            chart: state.chart,
            colors: {
              palette: EXPLORER_PALETTE,
              grid: theme.palette.divider,
              spike: theme.palette.error.main,
            },
          })
        : null,
    [answer.data, state.chart, theme],
  );

  if (state.metrics.length === 0) {
    return <Prompt title={EXPLORER_COPY.pickMetric} message={EXPLORER_COPY.pickMetricHint} />;
  }
  if (answer.isError) {
    return (
      <ErrorState
        title={EXPLORER_COPY.loadFailed}
        message={answer.error.message}
        onRetry={() => void answer.refetch()}
        retryLabel={EXPLORER_COPY.retry}
      />
    );
  }
  if (!answer.data) {
    return <Skeleton variant="rounded" height={440} aria-label="Loading the answer" />;
  }
  const data = answer.data;
  const empty =
    data.series.length === 0 || data.series.every((s) => s.points.every((p) => p.result.y === null));
  return (
    <Paper variant="outlined" sx={{ p: 2, position: 'relative' }}>
      {answer.isFetching && (
        <LinearProgress aria-label="Updating" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      )}
      {data.notices.map((n) => (
        <Alert key={n} severity="info" sx={{ mb: 1.5 }}>
          {n}
        </Alert>
      ))}
      {empty ? (
        <Prompt title={EXPLORER_COPY.empty} message={EXPLORER_COPY.emptyHint} />
      ) : state.chart === 'table' ? (
        <ExplorerTable answer={data} />
      ) : (
        option && (
          <EChart
            option={option}
            notMerge
            height={440}
            testId="explorer-chart"
            ariaLabel={EXPLORER_COPY.chartLabel(data.series.map((s) => s.label).join(', '))}
          />
        )
      )}
      <Typography variant="caption" sx={{ display: 'block', mt: 1, color: 'text.secondary' }}>
        {data.source === 'series' ? EXPLORER_COPY.sourceSeries : EXPLORER_COPY.sourceWarehouse}
      </Typography>
    </Paper>
  );
}

function Prompt({ title, message }: { title: string; message: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 6 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <InsightsOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h4" component="p">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 420 }}>
          {message}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** Exports exactly what is on screen: the current answer's lines as CSVs in one zip. */
function ExportButton({ state, viewName }: { state: ExplorerState; viewName: string | null }) {
  const body = useMemo(() => queryBodyOf(state), [state]);
  const answer = useExplorerQuery(body);
  const { enqueueSnackbar } = useSnackbar();
  const ready = !!answer.data && !answer.isPlaceholderData && state.metrics.length > 0;
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadOutlinedIcon />}
      disabled={!ready}
      onClick={() => {
        try {
          saveFile(zipFiles(explorerCsvFiles(answer.data!)), exportFileName(viewName), 'application/zip');
        } catch {
          enqueueSnackbar(EXPLORER_COPY.exportFailed, { variant: 'error', autoHideDuration: 4000 });
        }
      }}
    >
      {EXPLORER_COPY.export}
    </Button>
  );
}

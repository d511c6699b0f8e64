import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import type { MetricListRow } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { saveFile } from '@/lib/download';
import { zipFiles } from '@/lib/zip';
import { metricsQueryOptions } from '../../api/list-metrics';
import { patternSeriesQueryOptions } from '../../api/pattern-series';
import { METRICS_HUB_COPY, METRIC_TOAST_MS } from '../../messages';
import type { DataScope } from '@/session';
import { metricsExportFiles } from '../../utils/export';
import type { MetricsTableState } from '../../utils/table-state';

/** The list's largest page: the export reads every row the table's filters match, not only the page shown. */
const EXPORT_PAGE = 500;

export interface ExportButtonProps {
  scope: DataScope;
  state: MetricsTableState;
  disabled?: boolean;
}

/** Exports the table's rows as a zip of CSVs (built in the browser, spec 1 §7 "zipped per metric"). */
export function ExportButton({ scope, state, disabled }: ExportButtonProps) {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const copy = METRICS_HUB_COPY;

  const run = async () => {
    setBusy(true);
    try {
      const rows: MetricListRow[] = [];
      for (let page = 1; ; page++) {
        const answer = await client.fetchQuery(
          metricsQueryOptions(scope, { ...state, page, count: EXPORT_PAGE }),
        );
        rows.push(...answer.rows);
        if (answer.rows.length === 0 || rows.length >= answer.count) break;
      }
      // The same call and cache as each metric's chart, so the numbers are the chart's.
      const series = await Promise.all(
        rows.map((r) => client.fetchQuery(patternSeriesQueryOptions(scope, r.kpi_id, 'd'))),
      );
      const byKpi = new Map(rows.map((r, i) => [r.kpi_id, series[i]!]));
      const files = metricsExportFiles(rows, (kpiId) => byKpi.get(kpiId) ?? []);
      saveFile(zipFiles(files), 'tidemark-metrics.zip', 'application/zip');
    } catch {
      enqueueSnackbar(copy.exportFailed, { variant: 'error', autoHideDuration: METRIC_TOAST_MS });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={busy ? <CircularProgress size={14} /> : <DownloadOutlinedIcon fontSize="small" />}
      disabled={disabled || busy}
      onClick={() => void run()}
      sx={{ ml: 'auto' }}
    >
      {busy ? copy.exporting : copy.export}
    </Button>
  );
}

import type { MetricListRow, SeriesPoint } from '@tidemark/contract';
import { csvCell, safeFileName, seriesCsv } from '@/lib/csv';
import type { ZipEntry } from '@/lib/zip';

/** The table's own columns, one row per metric, with the raw values (fractions, ISO times). */
export const TABLE_CSV_HEADER = [
  'kpi_id',
  'metric',
  'category',
  'funnel',
  'tier',
  'impact_to_topline',
  'accent',
  'aggregation',
  'format',
  'pipeline_runs',
  'last_insight_ts',
  'last_insight_id',
];

/** The table's rows as CSV: what the screen lists, unformatted so a spreadsheet can compute with it. */
export function metricsTableCsv(rows: MetricListRow[]): string {
  const lines = [TABLE_CSV_HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.kpi_id,
        r.kpi_display_name,
        r.category_name,
        r.funnel_name,
        r.tier,
        r.impact_to_topline,
        r.accent,
        r.aggregation_operation,
        r.kpi_format,
        r.status.pipeline_runs.map((p) => `${p.frequency}:${p.status}`).join(' '),
        r.status.last_insight_ts,
        r.status.last_insight_id,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

export const TABLE_CSV_NAME = 'metrics.csv';

/**
 * The export's files, in the insight downloads' layout: one CSV per metric (its daily series with the
 * expected range, as its chart draws it) plus `metrics.csv`, the table itself. Two metrics whose names make
 * the same file name are told apart by their id.
 */
export function metricsExportFiles(
  rows: MetricListRow[],
  seriesOf: (kpiId: string) => SeriesPoint[],
): ZipEntry[] {
  const encoder = new TextEncoder();
  const taken = new Set([TABLE_CSV_NAME]);
  const files: ZipEntry[] = [{ name: TABLE_CSV_NAME, data: encoder.encode(metricsTableCsv(rows)) }];
  for (const row of rows) {
    let name = `${safeFileName(row.kpi_display_name)}.csv`;
    if (taken.has(name)) name = `${safeFileName(row.kpi_display_name)}-${row.kpi_id}.csv`;
    taken.add(name);
    files.push({ name, data: encoder.encode(seriesCsv(row.kpi_display_name, seriesOf(row.kpi_id))) });
  }
  return files;
}

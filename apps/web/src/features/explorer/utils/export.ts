import type { ExplorerQueryResponse, ExplorerSeries } from '@tidemark/contract';
import { SERIES_CSV_HEADER, csvCell, safeFileName } from '@/lib/csv';
import type { ZipEntry } from '@/lib/zip';

/**
 * What the explorer shows as CSV files, in the insight downloads' layout: one file per metric, one row per
 * point with its expected range and spike flag. A split adds its dimensions' columns after `metric`; a
 * comparison adds the earlier bucket and its value at the end. Numbers are written as the API sent them.
 */
export function explorerCsvFiles(answer: ExplorerQueryResponse): ZipEntry[] {
  const byMetric = new Map<string, ExplorerSeries[]>();
  for (const s of answer.series) byMetric.set(s.kpi_id, [...(byMetric.get(s.kpi_id) ?? []), s]);
  const encoder = new TextEncoder();
  const taken = new Set<string>();
  return [...byMetric.values()].map((lines) => {
    const first = lines[0]!;
    const dims = first.split.map((p) => p.dim_display_name);
    const compared = answer.series.some((s) => s.comparison !== null);
    const [timestamp, metric, ...rest] = SERIES_CSV_HEADER;
    const header = [
      timestamp,
      metric,
      ...dims,
      ...rest,
      ...(compared ? ['compared_timestamp', 'compared_value'] : []),
    ];
    const rows = [header.map(csvCell).join(',')];
    for (const s of lines) {
      s.points.forEach((p, i) => {
        const before = s.comparison?.[i];
        rows.push(
          [
            p.timestamp,
            s.kpi_display_name,
            ...s.split.map((x) => x.dim_val),
            p.result.y,
            p.result.yhat,
            p.result.yhat_lower,
            p.result.yhat_upper,
            p.result.anomaly === 'True' ? 'yes' : 'no',
            ...(compared ? [before?.compared_timestamp ?? null, before?.y ?? null] : []),
          ]
            .map(csvCell)
            .join(','),
        );
      });
    }
    let name = `${safeFileName(first.kpi_display_name)}.csv`;
    for (let n = 2; taken.has(name); n++) name = `${safeFileName(first.kpi_display_name)}_${n}.csv`;
    taken.add(name);
    return { name, data: encoder.encode(rows.join('\r\n') + '\r\n') };
  });
}

/** The zip's name: the saved view's name when there is one. */
export function exportFileName(viewName: string | null, now = new Date()): string {
  const base = viewName ? safeFileName(viewName) : `explorer-${now.toISOString().slice(0, 10)}`;
  return `tidemark-${base}.zip`;
}

import type { CsvSample, InferredColumn } from '@tidemark/csv';
import type { ImportSummary } from '@tidemark/contract';

/** Share of a file's rows that may be rejected before the wizard asks for a fixed file. */
export const MAX_REJECTED_SHARE = 0.01;

/** What the preview left out of the file: `Skipped 6 preamble lines and a totals row`, or null. */
export function skippedNote(sample: Pick<CsvSample, 'preambleLines' | 'totalsRows'>): string | null {
  const parts: string[] = [];
  if (sample.preambleLines > 0) {
    parts.push(`${sample.preambleLines} preamble ${sample.preambleLines === 1 ? 'line' : 'lines'}`);
  }
  if (sample.totalsRows > 0) {
    parts.push(sample.totalsRows === 1 ? 'a totals row' : `${sample.totalsRows} totals rows`);
  }
  return parts.length > 0 ? `Skipped ${parts.join(' and ')}` : null;
}

/**
 * Why the import cannot go on to metrics, or null: more than 1 % of the rows were rejected, so the charts
 * would miss data without a word.
 */
export function rejectedBlock(
  summary: Pick<ImportSummary, 'rows_imported' | 'rows_rejected'>,
): string | null {
  const total = summary.rows_imported + summary.rows_rejected;
  if (total === 0 || summary.rows_rejected / total <= MAX_REJECTED_SHARE) return null;
  const share = Math.round((summary.rows_rejected / total) * 1000) / 10;
  return (
    `${summary.rows_rejected.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows (${share} %) could not be read; ` +
    'at most 1 % may be. Fix those rows in the file (the list below gives each line and what is wrong with it) and upload it again.'
  );
}

/** Columns whose times carry no offset, so a person says which zone they are in. */
export function zonedColumns(columns: readonly InferredColumn[]): InferredColumn[] {
  return columns.filter((c) => c.type === 'timestamp');
}

/**
 * The upload's column_time_zones: each choice that differs from what the server would assume (the
 * header's UTC, else the workspace's zone). '' means the workspace's zone.
 */
export function zonesToSend(
  columns: readonly InferredColumn[],
  chosen: Readonly<Record<string, string>>,
  workspaceZone: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of zonedColumns(columns)) {
    const choice = chosen[c.field_name];
    if (choice === undefined || choice === (c.timeZone ?? '')) continue;
    const zone = choice === '' ? workspaceZone : choice;
    if (zone) out[c.field_name] = zone;
  }
  return out;
}

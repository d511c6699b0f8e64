import type { SeriesPoint } from '@tidemark/contract';

/**
 * A leading character a spreadsheet reads as the start of a formula: = + - @, and TAB and CR, which some
 * spreadsheets skip before reading the = that follows (OWASP, CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when it holds a comma, quote or line break; a leading formula sign is neutralised. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const SERIES_CSV_HEADER = [
  'timestamp',
  'metric',
  'value',
  'expected',
  'expected_lower',
  'expected_upper',
  'is_spike',
];

/** A metric's series as CSV: one row per point, with its expected range and whether it was a spike. */
export function seriesCsv(metric: string, points: SeriesPoint[]): string {
  const lines = [SERIES_CSV_HEADER.join(',')];
  for (const p of points) {
    lines.push(
      [
        p.timestamp,
        metric,
        p.result.y,
        p.result.yhat,
        p.result.yhat_lower,
        p.result.yhat_upper,
        p.result.anomaly === 'True' ? 'yes' : 'no',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** A file name safe on every OS. */
export function safeFileName(name: string): string {
  return (
    name
      .replace(/[^\w.-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'metric'
  );
}

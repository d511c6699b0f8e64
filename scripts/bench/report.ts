/** What the benchmarks print; pure, so the formats are tested. */

export interface IngestFigures {
  rowsPerS: number;
  copyRowsPerS: number;
  peakRssMb: number;
}

/** The ingest benchmark's last line, exactly as the issue names it. */
export function ingestLine(f: IngestFigures): string {
  const ratio = f.copyRowsPerS > 0 ? f.rowsPerS / f.copyRowsPerS : 0;
  return `ingest rows_per_s=${Math.round(f.rowsPerS)} copy_rows_per_s=${Math.round(f.copyRowsPerS)} ratio=${ratio.toFixed(2)} peak_rss_mb=${Math.round(f.peakRssMb)}`;
}

/** The aggregate benchmark's last line, exactly as the issue names it. */
export function aggregateLine(f: { fullS: number; incrementalS: number }): string {
  return `aggregate full_s=${f.fullS.toFixed(2)} incremental_s=${f.incrementalS.toFixed(2)}`;
}

export const rowsPerSecond = (rows: number, seconds: number): number => (seconds > 0 ? rows / seconds : 0);

/** 1234567 → '1,234,567'. */
export const thousands = (n: number): string => Math.round(n).toLocaleString('en-US');

/** Left-aligned columns, numbers (and figures ending in s or %) right-aligned, two spaces apart. */
export function table(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const numeric = /^[-+]?[\d,.]+( ?(s|%|MB|rows\/s))?$/;
  return rows
    .map((row) =>
      row
        .map((cell, i) => (numeric.test(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export interface CopySample {
  /** Milliseconds (any clock, the same for every argument). */
  at: number;
  /** A COPY into the product's database was running at that moment. */
  copying: boolean;
}

/**
 * Splits a request's time by samples of pg_stat_progress_copy: before the first sample that saw the COPY,
 * the COPY up to the last sample that saw it, and after. With no COPY seen, it is all 'before'.
 */
export function splitPhases(
  samples: readonly CopySample[],
  start: number,
  end: number,
): { beforeS: number; copyS: number; afterS: number } {
  const seen = samples.filter((s) => s.copying && s.at >= start && s.at <= end);
  if (seen.length === 0) return { beforeS: (end - start) / 1000, copyS: 0, afterS: 0 };
  const first = seen[0]!.at;
  const last = seen[seen.length - 1]!.at;
  return { beforeS: (first - start) / 1000, copyS: (last - first) / 1000, afterS: (end - last) / 1000 };
}

export interface ActivitySample {
  /** The database the statement ran in. */
  database: string;
  pid: number;
  /** When the statement started (ms). */
  queryStart: number;
  /** When the sample was taken (ms). */
  seenAt: number;
  query: string;
}

export interface LongStatement {
  database: string;
  /** At least this long: from its start to the last sample that still saw it running. */
  seconds: number;
  query: string;
}

/** The longest-running statements among samples of pg_stat_activity, one entry per statement run. */
export function longestStatements(samples: readonly ActivitySample[], limit = 8): LongStatement[] {
  const runs = new Map<string, LongStatement>();
  for (const s of samples) {
    const key = `${s.database}:${s.pid}:${s.queryStart}`;
    const seconds = (s.seenAt - s.queryStart) / 1000;
    const known = runs.get(key);
    if (!known || seconds > known.seconds) runs.set(key, { database: s.database, seconds, query: s.query });
  }
  return [...runs.values()].sort((a, b) => b.seconds - a.seconds).slice(0, limit);
}

/** A statement on one line, at most `max` characters: enough to recognise it. */
export function oneLine(query: string, max = 140): string {
  const flat = query.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

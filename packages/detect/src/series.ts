/** Pipeline schedules the engine models (spec: h, d, w, m). */
export type Grain = 'h' | 'd' | 'w' | 'm';

/** One stored observation; value may be missing or broken (null, NaN, ±Infinity). */
export interface InputPoint {
  timestamp: number | string | Date;
  value: number | null | undefined;
}

/** Status the API can show instead of a chart when the input cannot be modelled. */
export type SeriesStatus = 'ok' | 'no data' | 'not enough history' | 'constant series';

export const GRAIN_MS: Record<Exclude<Grain, 'm'>, number> = { h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** A series on a regular grid: missing buckets hold NaN. */
export interface RegularSeries {
  grain: Grain;
  timestamps: number[];
  values: Float64Array;
  /** Input problems repaired on the way: duplicates merged, order fixed, broken values dropped. */
  notes: string[];
}

/** The largest grid we build; a stray timestamp years away must not allocate millions of buckets. */
export const MAX_GRID = 50_000;

function toMs(t: InputPoint['timestamp']): number {
  if (typeof t === 'number') return t;
  if (t instanceof Date) return t.getTime();
  return Date.parse(t);
}

// Month buckets by calendar month of the instant shifted 14 days, so any tenant offset (±14 h) stays in its month.
function monthIndex(ms: number): number {
  const d = new Date(ms + 14 * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** Guesses the grain from the median spacing of timestamps. */
export function inferGrain(timestamps: readonly number[]): Grain {
  const sorted = [...timestamps].filter(Number.isFinite).sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const g = sorted[i]! - sorted[i - 1]!;
    if (g > 0) gaps.push(g);
  }
  if (gaps.length === 0) return 'd';
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)]!;
  if (median < 6 * 3_600_000) return 'h';
  if (median < 3 * 86_400_000) return 'd';
  if (median < 20 * 86_400_000) return 'w';
  return 'm';
}

/**
 * Sorts, merges duplicates (mean), drops broken values and lays the points on a regular grid.
 * Buckets without a usable value are NaN so every model sees gaps the same way.
 */
export function regularize(points: readonly InputPoint[], grain?: Grain): RegularSeries {
  const notes: string[] = [];
  const clean: Array<{ t: number; v: number }> = [];
  let broken = 0;
  let outOfOrder = false;
  let prev = -Infinity;
  for (const p of points) {
    const t = toMs(p.timestamp);
    if (!Number.isFinite(t)) {
      broken++;
      continue;
    }
    if (t < prev) outOfOrder = true;
    prev = t;
    const v = p.value;
    if (v === null || v === undefined || !Number.isFinite(v)) {
      broken++;
      clean.push({ t, v: NaN });
    } else clean.push({ t, v });
  }
  if (broken > 0) notes.push(`${broken} missing or invalid values ignored`);
  if (outOfOrder) notes.push('timestamps sorted');
  const g = grain ?? inferGrain(clean.map((c) => c.t));
  if (clean.length === 0) return { grain: g, timestamps: [], values: new Float64Array(0), notes };
  clean.sort((a, b) => a.t - b.t);

  const key = (t: number): number => (g === 'm' ? monthIndex(t) : Math.round(t / GRAIN_MS[g]));
  const lastKey = key(clean[clean.length - 1]!.t);
  let firstKey = key(clean[0]!.t);
  if (lastKey - firstKey + 1 > MAX_GRID) {
    firstKey = lastKey - MAX_GRID + 1;
    notes.push(`history truncated to the latest ${MAX_GRID} buckets`);
  }
  const len = lastKey - firstKey + 1;
  const sums = new Float64Array(len);
  const counts = new Uint32Array(len);
  const seen = new Uint8Array(len);
  const stamps: number[] = new Array<number>(len).fill(NaN);
  let duplicates = 0;
  for (const { t, v } of clean) {
    const k = key(t) - firstKey;
    if (k < 0) continue;
    if (seen[k]) duplicates++;
    seen[k] = 1;
    if (Number.isNaN(stamps[k]!)) stamps[k] = t;
    if (!Number.isNaN(v)) {
      sums[k]! += v;
      counts[k]! += 1;
    }
  }
  if (duplicates > 0) notes.push(`${duplicates} duplicate timestamps merged`);
  const values = new Float64Array(len);
  for (let i = 0; i < len; i++) values[i] = counts[i]! > 0 ? sums[i]! / counts[i]! : NaN;
  fillTimestamps(stamps, g);
  return { grain: g, timestamps: stamps, values, notes };
}

// Gaps get the timestamp their bucket would have had, keeping the series' own offset (tenant midnight).
function fillTimestamps(stamps: number[], grain: Grain): void {
  const anchor = stamps.findIndex((t) => !Number.isNaN(t));
  if (anchor < 0) return;
  const base = stamps[anchor]!;
  for (let i = 0; i < stamps.length; i++) {
    if (!Number.isNaN(stamps[i]!)) continue;
    if (grain === 'm') {
      const d = new Date(base);
      d.setUTCMonth(d.getUTCMonth() + (i - anchor));
      stamps[i] = d.getTime();
    } else stamps[i] = base + (i - anchor) * GRAIN_MS[grain];
  }
}

/** Time between buckets, used for durations; months count as 30 days. */
export function grainMs(grain: Grain): number {
  return grain === 'm' ? 30 * 86_400_000 : GRAIN_MS[grain];
}

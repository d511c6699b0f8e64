// NAB v1.1 scoring rules (numenta/NAB, nab/sweeper.py and nab/runner.py), reimplemented.

export interface CostMatrix {
  tpWeight: number;
  fpWeight: number;
  fnWeight: number;
}

export type NabProfileName = 'standard' | 'reward_low_FP_rate' | 'reward_low_FN_rate';

export const NAB_PROFILES: Readonly<Record<NabProfileName, CostMatrix>> = {
  standard: { tpWeight: 1, fpWeight: 0.11, fnWeight: 1 },
  reward_low_FP_rate: { tpWeight: 1, fpWeight: 0.22, fnWeight: 1 },
  reward_low_FN_rate: { tpWeight: 1, fpWeight: 0.11, fnWeight: 2 },
};

/** One scored file: row timestamps, the detector's scores, and labelled windows as [start, end] timestamps. */
export interface NabFile {
  name: string;
  timestamps: readonly string[];
  scores: readonly number[];
  windows: readonly (readonly [string, string])[];
}

export interface NabResult {
  threshold: number;
  /** Raw total S at the best threshold. */
  score: number;
  /** 100 · (S − S_null) / (S_perfect − S_null). */
  normalised: number;
  tp: number;
  fp: number;
  fn: number;
  windows: number;
}

/** Rows scored only after this many: min(floor(0.15 · n), 750). */
export function probationaryLength(rows: number): number {
  return Math.min(Math.floor(0.15 * rows), 750);
}

/** σs(p) = 2/(1 + e^{5p}) − 1, and −1 from p ≥ 3 on. */
export function scaledSigmoid(position: number): number {
  if (position >= 3) return -1;
  return 2 / (1 + Math.exp(5 * position)) - 1;
}

/** Timestamps in the label file carry a `.ffffff` suffix the data rows lack. */
export function normaliseTimestamp(ts: string): string {
  const t = ts.trim();
  const dot = t.indexOf('.');
  return dot >= 0 ? t.slice(0, dot) : t;
}

interface SweepRow {
  score: number;
  sweepScore: number;
  /** Global window id, or -1 outside every window. */
  window: number;
}

/** Per-row sweep scores (what a detection at that row would be worth) for one file; probationary rows are dropped. */
function sweepRows(file: NabFile, cost: CostMatrix, firstWindowId: number, out: SweepRow[]): number {
  const n = file.timestamps.length;
  if (file.scores.length !== n)
    throw new Error(`${file.name}: ${n} timestamps but ${file.scores.length} scores`);
  const index = new Map<string, number>();
  file.timestamps.forEach((ts, i) => {
    const key = normaliseTimestamp(ts);
    if (!index.has(key)) index.set(key, i);
  });
  const windows = file.windows.map(([start, end]) => {
    const l = index.get(normaliseTimestamp(start));
    const r = index.get(normaliseTimestamp(end));
    if (l === undefined || r === undefined)
      throw new Error(`${file.name}: window ${start}..${end} does not match a row`);
    return { l, r };
  });
  windows.sort((a, b) => a.l - b.l);

  const maxTp = scaledSigmoid(-1);
  const probation = probationaryLength(n);
  let next = 0;
  let cur = -1;
  let prevRight = -1;
  let prevWidth = 0;
  for (let i = 0; i < n; i++) {
    const w = windows[next];
    if (cur < 0 && w !== undefined && w.l === i) cur = next++;
    const active = cur >= 0 ? windows[cur] : undefined;
    let sweepScore: number;
    if (active !== undefined) {
      const width = active.r - active.l + 1;
      sweepScore = (scaledSigmoid(-(active.r - i + 1) / width) * cost.tpWeight) / maxTp;
    } else {
      const position = prevRight < 0 ? 3 : Math.abs(prevRight - i) / (prevWidth - 1);
      sweepScore = scaledSigmoid(position) * cost.fpWeight;
    }
    if (i >= probation)
      out.push({ score: file.scores[i] ?? 0, sweepScore, window: active ? firstWindowId + cur : -1 });
    if (active !== undefined && active.r === i) {
      prevRight = i;
      prevWidth = active.r - active.l + 1;
      cur = -1;
    }
  }
  return windows.length;
}

/**
 * Scores a corpus under one cost profile with NAB's exhaustive threshold sweep:
 * one threshold for all files, chosen among all distinct scores to maximise the total.
 */
export function scoreNab(files: readonly NabFile[], cost: CostMatrix): NabResult {
  const rows: SweepRow[] = [];
  let windowCount = 0;
  for (const file of files) windowCount += sweepRows(file, cost, windowCount, rows);
  rows.sort((a, b) => b.score - a.score);

  // Windows with at least one scorable row start as misses; fully probationary windows are not scored.
  const best = new Float64Array(windowCount).fill(Number.NaN);
  let total = 0;
  let fn = 0;
  for (const row of rows) {
    if (row.window >= 0 && Number.isNaN(best[row.window] ?? 0)) {
      best[row.window] = -cost.fnWeight;
      total -= cost.fnWeight;
      fn++;
    }
  }
  let fpScore = 0;
  let fp = 0;
  let tp = 0;
  let result: NabResult = {
    threshold: 1.1,
    score: total + fpScore,
    normalised: 0,
    tp,
    fp,
    fn,
    windows: windowCount,
  };
  let k = 0;
  while (k < rows.length) {
    const threshold = rows[k]?.score ?? 0;
    // All rows tied at this score become detections together.
    for (; k < rows.length && rows[k]?.score === threshold; k++) {
      const row = rows[k];
      if (row === undefined) break;
      if (row.window < 0) {
        fpScore += row.sweepScore;
        fp++;
      } else {
        const prev = best[row.window] ?? 0;
        if (row.sweepScore > prev) {
          if (prev === -cost.fnWeight) {
            fn--;
            tp++;
          }
          total += row.sweepScore - prev;
          best[row.window] = row.sweepScore;
        }
      }
    }
    const score = total + fpScore;
    if (score > result.score) result = { threshold, score, normalised: 0, tp, fp, fn, windows: windowCount };
  }
  const perfect = cost.tpWeight * windowCount;
  const nul = -cost.fnWeight * windowCount;
  result.normalised = windowCount === 0 ? 0 : (100 * (result.score - nul)) / (perfect - nul);
  return result;
}

/** The total when every row scoring at least `threshold` is a detection (for per-file breakdowns). */
export function scoreAtThreshold(files: readonly NabFile[], cost: CostMatrix, threshold: number): NabResult {
  const rows: SweepRow[] = [];
  let windowCount = 0;
  for (const file of files) windowCount += sweepRows(file, cost, windowCount, rows);
  const best = new Map<number, number>();
  let fpScore = 0;
  let fp = 0;
  for (const row of rows) {
    if (row.window >= 0)
      best.set(
        row.window,
        Math.max(
          best.get(row.window) ?? -cost.fnWeight,
          row.score >= threshold ? row.sweepScore : -cost.fnWeight,
        ),
      );
    else if (row.score >= threshold) {
      fpScore += row.sweepScore;
      fp++;
    }
  }
  let score = fpScore;
  let tp = 0;
  for (const v of best.values()) {
    score += v;
    if (v > -cost.fnWeight) tp++;
  }
  const perfect = cost.tpWeight * windowCount;
  const nul = -cost.fnWeight * windowCount;
  const normalised = windowCount === 0 ? 0 : (100 * (score - nul)) / (perfect - nul);
  return { threshold, score, normalised, tp, fp, fn: best.size - tp, windows: windowCount };
}

/** Scores under all three NAB profiles. */
export function scoreNabProfiles(files: readonly NabFile[]): Record<NabProfileName, NabResult> {
  return {
    standard: scoreNab(files, NAB_PROFILES.standard),
    reward_low_FP_rate: scoreNab(files, NAB_PROFILES.reward_low_FP_rate),
    reward_low_FN_rate: scoreNab(files, NAB_PROFILES.reward_low_FN_rate),
  };
}

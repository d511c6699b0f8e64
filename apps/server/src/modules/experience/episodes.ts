import { SENSITIVITY_Z } from '@tidemark/contract';

// Experience episodes (issue 12 item 5): runs of buckets where an experience metric left its expected range,
// measured in standard deviations of the stored fit. Pure, no I/O.

/** The pipeline stores its band at the engine's default width (moderate): yhat ± this many sigmas. */
export const STORED_BAND_Z = SENSITIVITY_Z.moderate;

/** EVENTS_FILTERING_PREFERENCE presets (spec 2 §1), on the one scale: Large for at least 1 hour, Small at once. */
export const EXPERIENCE_PRESETS = {
  large: { z: SENSITIVITY_Z.large, minDurationMs: 3_600_000 },
  small: { z: SENSITIVITY_Z.small, minDurationMs: 0 },
} as const;
export type ExperiencePreset = keyof typeof EXPERIENCE_PRESETS;

export interface FitPoint {
  ts: number;
  y: number | null;
  yhat: number | null;
  lower: number | null;
  upper: number | null;
  /** The same bucket 1–4 weeks before (what the store saw then), when known. */
  history?: number[];
}

/** Weeks of the same bucket that make a baseline; fewer and the model's expected value serves. */
export const BASELINE_WEEKS = 4;
const MIN_BASELINE_WEEKS = 2;
/** A move smaller than this share of the baseline is not an experience event, however tight the band. */
export const MIN_RELATIVE_CHANGE = 0.05;

const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
};

export interface ExperiencePoint {
  ts: number;
  /** The experience payload of spec 2 §3: the value, the baseline and the caps at the preset's width. */
  current_value: number;
  baseline: number;
  upper_cap: number;
  lower_cap: number;
  /** Signed distance from the baseline in sigmas of its side. */
  score: number;
}

export interface Episode {
  direction: 'up' | 'down';
  points: ExperiencePoint[];
  /** Start of the first bucket and end of the last one (epoch ms). */
  start: number;
  end: number;
  /** The episode reaches the newest fitted bucket: the metric is still out of range. */
  open: boolean;
}

/**
 * The caps and score of one bucket at width z; null when the fit says nothing there. The baseline is the median
 * of the same bucket over the weeks before (the engine's in-sample fit follows a level shift at once, so it
 * would call a checkout that stopped working "expected"); its noise is the fit's, widened for the median's own.
 */
export function experiencePoint(p: FitPoint, z: number): ExperiencePoint | null {
  if (p.y === null || p.yhat === null || p.lower === null || p.upper === null) return null;
  if (![p.y, p.yhat, p.lower, p.upper].every(Number.isFinite)) return null;
  const history = (p.history ?? []).filter(Number.isFinite);
  const seasonal = history.length >= MIN_BASELINE_WEEKS;
  const baseline = seasonal ? median(history) : p.yhat;
  const widen = seasonal ? Math.sqrt(1 + 1 / history.length) : 1;
  // The stored band may be asymmetric (fits on a log scale), so each side has its own sigma.
  const sigmaUp = (Math.max(p.upper - p.yhat, 0) / STORED_BAND_Z) * widen;
  const sigmaDown = (Math.max(p.yhat - p.lower, 0) / STORED_BAND_Z) * widen;
  const diff = p.y - baseline;
  const sigma = diff >= 0 ? sigmaUp : sigmaDown;
  const small = Math.abs(diff) < MIN_RELATIVE_CHANGE * Math.abs(baseline) || diff === 0;
  const score = small || sigma <= 0 ? 0 : diff / sigma;
  return {
    ts: p.ts,
    current_value: p.y,
    baseline,
    upper_cap: baseline + z * sigmaUp,
    lower_cap: baseline - z * sigmaDown,
    score,
  };
}

/**
 * Runs of consecutive buckets beyond z sigmas on the same side. A run shorter than the preset's minimum
 * duration is dropped; a bucket lasts `bucketMs`, so one hourly bucket already makes an hour.
 */
export function experienceEpisodes(
  points: readonly FitPoint[],
  preset: { z: number; minDurationMs: number },
  bucketMs: number,
): Episode[] {
  const episodes: Episode[] = [];
  let run: { direction: 'up' | 'down'; points: ExperiencePoint[] } | null = null;
  const close = (open: boolean) => {
    if (!run) return;
    const start = run.points[0]!.ts;
    const end = run.points.at(-1)!.ts + bucketMs;
    if (end - start >= preset.minDurationMs) episodes.push({ ...run, start, end, open });
    run = null;
  };
  let lastFitted = -1;
  points.forEach((p, i) => {
    if (experiencePoint(p, preset.z)) lastFitted = i;
  });
  points.forEach((p, i) => {
    const point = experiencePoint(p, preset.z);
    const out = point && Math.abs(point.score) > preset.z ? point : null;
    const direction = out ? (out.score > 0 ? 'up' : 'down') : null;
    if (run && (!out || direction !== run.direction)) close(false);
    if (out && direction) {
      if (!run) run = { direction, points: [] };
      run.points.push(out);
    }
    if (i === lastFitted) close(out !== null);
  });
  close(false);
  return episodes;
}

/** Spec 1 §3: Small (high sensitivity) when enabled, else Large; null when neither is on. */
export function presetOf(filtering: unknown): ExperiencePreset | null {
  const values = (filtering as { events_filtering_preference_values?: unknown } | null)
    ?.events_filtering_preference_values;
  if (!Array.isArray(values)) return 'large';
  const item = values.find(
    (v: { type?: string; sub_type?: string }) => v?.type === 'event' && v?.sub_type === 'experience',
  ) as { sensitivities?: Array<{ name?: string; enabled?: boolean }> } | undefined;
  if (!item || !Array.isArray(item.sensitivities)) return 'large';
  const on = (name: string) => item.sensitivities!.some((s) => s?.name === name && s?.enabled === true);
  if (on('small')) return 'small';
  if (on('large')) return 'large';
  return null;
}

/** Relative distance of the episode from its baseline (summed values against summed baselines). */
export function relativeChange(episode: Episode): number {
  const y = episode.points.reduce((a, p) => a + p.current_value, 0);
  const b = episode.points.reduce((a, p) => a + p.baseline, 0);
  return b !== 0 ? (y - b) / Math.abs(b) : 0;
}

/**
 * Severity (spec 2 §1 impact levels): a favourable move has no business impact (Low); an unfavourable one is
 * High from 30% off its baseline or 6 sigmas, Medium from 10% or 4 sigmas, else Low.
 */
export function experienceSeverity(
  episode: Episode,
  accent: 'positive' | 'negative',
): 'High' | 'Medium' | 'Low' {
  const harmful = (episode.direction === 'down') === (accent === 'positive');
  if (!harmful) return 'Low';
  const change = Math.abs(relativeChange(episode));
  const peak = Math.max(...episode.points.map((p) => Math.abs(p.score)));
  if (change >= 0.3 || peak >= 6) return 'High';
  if (change >= 0.1 || peak >= 4) return 'Medium';
  return 'Low';
}

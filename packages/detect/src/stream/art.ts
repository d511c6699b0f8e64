/**
 * A second streaming detector of a different family: adaptive resonance over compressed windows of the
 * range-normalised series (after ARTime, M. Hampton; dual-vigilance fuzzy ART after Carpenter & Grossberg).
 *
 * Rows are summarised per block (the extreme value, so spikes survive), normalised by the known range,
 * quantised, and snapped to the running median level when close to it. The last `window` summaries, shape-normalised
 * with their Haar wavelet coefficients alongside the levels themselves, form a feature vector that is matched against
 * learnt categories. A vector that resonates with no category (match below the lower vigilance) is novel; the
 * vigilances are set from the warm-up and then follow the series' own typical match, so noisy series need a worse
 * mismatch to alarm. Learning continues online; the number of categories is bounded.
 */

export interface ArtParams {
  /** Block summaries per feature window (a power of two, for the Haar transform). */
  window: number;
  /** Feature windows per warm-up: sets the block length, warm-up / (window · windowsPerWarmup) rows. */
  windowsPerWarmup: number;
  /** Quantisation levels of the range. */
  levels: number;
  /** Levels within this fraction of the range of the running median are snapped to it. */
  chomp: number;
  /** A block's extreme counts only if it differs from the block mean by this fraction of the mean. */
  spikeMin: number;
  /** Vigilance used to size the initial vigilance from the warm-up. */
  initialRho: number;
  /** Upper vigilance never exceeds this. */
  maxRho: number;
  /** Most categories kept (bounds the state); the least recently matched one is replaced. */
  maxCategories: number;
}

export const DEFAULT_ART_PARAMS: ArtParams = {
  window: 8,
  windowsPerWarmup: 13,
  levels: 80,
  chomp: 0.075,
  spikeMin: 0.1,
  initialRho: 0.8,
  maxRho: 0.97,
  maxCategories: 1000,
};

/** Plain JSON; every array is bounded by the parameters and the warm-up. */
export interface ArtState {
  params: ArtParams;
  /** Range used to normalise; `fixed` once given or taken from the warm-up. */
  lo: number;
  hi: number;
  fixed: boolean;
  /** Rows per block and feature windows learnt in batch at the end of the warm-up. */
  step: number;
  trainSteps: number;
  /** Feature steps during which a new anomaly needs a clearly worse match than the last one. */
  mask: number;
  rows: number;
  block: number[];
  avg: number;
  /** Feature steps so far (1-based index of the last one). */
  steps: number;
  /** Raw block summaries of the warm-up, processed once the range is known. */
  pending: number[];
  /** Counts per level, for the running median. */
  levelCounts: number[];
  levelTotal: number;
  recent: number[];
  /** Categories, complement coded, and the feature step each last resonated. */
  weights: number[][];
  used: number[];
  rhoLb: number;
  rhoUb: number;
  lastAnomalyStep: number;
  lastAnomalySim: number;
  lastRhoStep: number;
  maskAfterCat: boolean;
  quietSteps: number;
  anomalySimSum: number;
  anomalySimCount: number;
  anomalySimLatest: number;
  matchSum: number;
  matchCount: number;
  /** Recent best matches, and recent shortfalls of the match below the upper vigilance. */
  simWindow: number[];
  gapWindow: number[];
}

export interface ArtOutput {
  /** ARTime-style confidence in [0, 1] on a feature step that raised an alarm, else 0. */
  score: number;
  /** Best match of the current feature vector, on rows that end a block once the model is trained; else null. */
  match: number | null;
  /** The current vector resonated with no category (before alarm masking). */
  novel: boolean;
}

export function createArt(
  warmup: number,
  range?: { min: number; max: number },
  params: Partial<ArtParams> = {},
): ArtState {
  const p = { ...DEFAULT_ART_PARAMS, ...params };
  const window = Math.max(2, 2 ** Math.round(Math.log2(Math.max(2, p.window))));
  const probation = Math.max(2, Math.floor(warmup) - (Math.floor(warmup) % 2));
  const step = Math.max(1, Math.floor(probation / (window * p.windowsPerWarmup)));
  const trainSteps = Math.max(2 * window, Math.floor(probation / step));
  const given =
    range !== undefined && Number.isFinite(range.min) && Number.isFinite(range.max) && range.max >= range.min;
  return {
    params: { ...p, window },
    lo: given ? range.min : 0,
    hi: given ? range.max : 0,
    fixed: given,
    step,
    trainSteps,
    mask: Math.round(window * 1.5),
    rows: 0,
    block: [],
    avg: 0,
    steps: 0,
    pending: [],
    levelCounts: new Array<number>(p.levels + 1).fill(0),
    levelTotal: 0,
    recent: new Array<number>(window).fill(0),
    weights: [],
    used: [],
    rhoLb: 0,
    rhoUb: 0,
    lastAnomalyStep: 0,
    lastAnomalySim: 0,
    lastRhoStep: 0,
    maskAfterCat: false,
    quietSteps: 0,
    anomalySimSum: 0,
    anomalySimCount: 0,
    anomalySimLatest: 0,
    matchSum: 0,
    matchCount: 0,
    simWindow: new Array<number>((trainSteps >> 1) + 1).fill(1),
    gapWindow: new Array<number>(trainSteps + 1).fill(0),
  };
}

const NONE: ArtOutput = { score: 0, match: null, novel: false };

/** Feeds one value (finite, within ±1e150 so differences stay finite; others are ignored); mutates the state. */
export function artUpdate(s: ArtState, raw: number): ArtOutput {
  if (!Number.isFinite(raw) || Math.abs(raw) > 1e150) return NONE;
  // -0 would not survive a JSON round trip of the state (it comes back as 0).
  const x = raw === 0 ? 0 : raw;
  s.rows++;
  if (!s.fixed) {
    // Without a known range, the warm-up's range normalises the series.
    s.lo = s.rows === 1 ? x : Math.min(s.lo, x);
    s.hi = s.rows === 1 ? x : Math.max(s.hi, x);
  }
  s.block.push(x);
  if (s.block.length < s.step) return NONE;
  const summary = summarise(s);
  s.block = [];
  s.steps++;
  if (s.steps < s.trainSteps) {
    s.pending.push(summary);
    return NONE;
  }
  if (s.steps === s.trainSteps) {
    s.pending.push(summary);
    s.fixed = true;
    train(s);
    return NONE;
  }
  return detect(s, features(s, summary), s.steps, true);
}

/** The block's value furthest from the moving average of block means, unless the block is flat. */
function summarise(s: ArtState): number {
  let sum = 0;
  let max = -Infinity;
  let min = Infinity;
  for (const v of s.block) {
    sum += v;
    if (v > max) max = v;
    if (v < min) min = v;
  }
  const mean = sum / s.block.length;
  s.avg = s.steps === 0 ? mean : (s.avg + mean) / 2;
  let out = Math.abs(max - s.avg) < Math.abs(min - s.avg) ? min : max;
  if (Math.abs(out - mean) < s.params.spikeMin * Math.abs(mean)) out = mean;
  return out;
}

/** Normalised, quantised, snapped to the running median level; then the feature vector of the last window. */
function features(s: ArtState, raw: number): number[] {
  const L = s.params.levels;
  const span = s.hi - s.lo;
  const u = span > 0 ? (raw - s.lo) / span : 0;
  const level = Math.min(L, Math.max(0, Math.round(u * L)));
  s.levelCounts[level] = (s.levelCounts[level] ?? 0) + 1;
  s.levelTotal++;
  let ds = level / L;
  const med = medianLevel(s) / L;
  if (Math.abs(ds - med) < s.params.chomp) ds = med;
  s.recent.push(ds);
  s.recent.shift();
  const w = s.params.window;
  if (s.steps < w) return new Array<number>(2 * w).fill(0);
  return [...unitRange(haar(unitRange(s.recent))), ...s.recent];
}

function medianLevel(s: ArtState): number {
  const half = s.levelTotal / 2;
  let c = 0;
  for (let l = 0; l < s.levelCounts.length; l++) {
    c += s.levelCounts[l] ?? 0;
    if (c >= half) return l;
  }
  return 0;
}

function unitRange(xs: readonly number[]): number[] {
  let min = Infinity;
  for (const x of xs) if (x < min) min = x;
  const shifted = xs.map((x) => x - min);
  let max = 0;
  for (const x of shifted) if (x > max) max = x;
  return max > 0 ? shifted.map((x) => x / max) : shifted;
}

/** Full orthonormal Haar transform: [approximation, coarsest detail, …, finest details]. */
function haar(xs: readonly number[]): number[] {
  let a = [...xs];
  const details: number[][] = [];
  while (a.length > 1) {
    const next: number[] = [];
    const d: number[] = [];
    for (let i = 0; i + 1 < a.length; i += 2) {
      const x0 = a[i] ?? 0;
      const x1 = a[i + 1] ?? 0;
      next.push((x0 + x1) / Math.SQRT2);
      d.push((x1 - x0) / Math.SQRT2);
    }
    details.unshift(d);
    a = next;
  }
  return [...a, ...details.flat()];
}

/**
 * End of the warm-up: the buffered summaries become features; the vigilance is sized by learning them once, most
 * typical last, and the model then learns them in order.
 */
function train(s: ArtState): void {
  // Feature extraction counts steps from 1 as it goes.
  const raws = s.pending;
  s.pending = [];
  const total = s.steps;
  const fs: number[][] = [];
  for (let i = 0; i < raws.length; i++) {
    s.steps = i + 1;
    fs.push(features(s, raws[i] ?? 0));
  }
  s.steps = total;
  const w = s.params.window;
  const rho = initialVigilance(s, fs.slice(w - 1));
  s.rhoLb = rho;
  s.rhoUb = rho;
  for (let i = 0; i < fs.length; i++) detect(s, fs[i] ?? [], i + 1, false);
}

/** Mean best match over the second half when the warm-up's vectors are learnt from the least to the most typical. */
function initialVigilance(s: ArtState, fs: number[][]): number {
  const n = fs.length;
  const norms = fs.map((f) => Math.hypot(...f));
  const typicality = fs.map((f, i) => {
    let t = 1;
    for (let j = 0; j < n; j++) if (j !== i) t += cosine(f, norms[i] ?? 0, fs[j] ?? [], norms[j] ?? 0);
    return t;
  });
  const order = fs.map((_, i) => i).sort((a, b) => (typicality[a] ?? 0) - (typicality[b] ?? 0));
  const probe: Pick<ArtState, 'weights' | 'used' | 'rhoLb' | 'rhoUb' | 'params'> = {
    weights: [],
    used: [],
    rhoLb: s.params.initialRho,
    rhoUb: s.params.initialRho,
    params: s.params,
  };
  const matches: number[] = [];
  order.forEach((i, k) => matches.push(resonate(probe, fs[i] ?? [], true, k).match));
  const from = Math.max(0, Math.floor(s.trainSteps / 2) - 1);
  const tail = matches.slice(from);
  return tail.length > 0 ? tail.reduce((a, b) => a + b, 0) / tail.length : s.params.initialRho;
}

function cosine(a: readonly number[], na: number, b: readonly number[], nb: number): number {
  if (na === 0) return 1 - nb;
  if (nb === 0) return 1 - na;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot / (na * nb);
}

interface Resonance {
  /** Best match and its energy (how well the current level fits the category). */
  match: number;
  energy: number;
  /** No category resonated: the vector opened a new cluster. */
  novel: boolean;
}

/**
 * Dual-vigilance fuzzy ART step. Categories whose match reaches the upper vigilance learn (fuzzy AND); otherwise the
 * vector becomes a new category, of a known cluster when the best match reaches the lower vigilance, else novel.
 */
function resonate(
  art: Pick<ArtState, 'weights' | 'used' | 'rhoLb' | 'rhoUb' | 'params'>,
  f: readonly number[],
  learn: boolean,
  step: number,
): Resonance {
  const d = f.length;
  const x = new Array<number>(2 * d);
  for (let i = 0; i < d; i++) {
    const v = Math.min(1, Math.max(0, f[i] ?? 0));
    x[i] = v;
    x[d + i] = 1 - v;
  }
  if (art.weights.length === 0) {
    // The first vector only opens an uncommitted category.
    art.weights.push(new Array<number>(2 * d).fill(1));
    art.used.push(step);
    return { match: 0, energy: 0, novel: true };
  }
  let best = 0;
  let bestEnergy = 0;
  let bestIndex = -1;
  let resonated = false;
  const e0 = d - 1;
  const e1 = 2 * d - 1;
  for (let j = 0; j < art.weights.length; j++) {
    const w = art.weights[j] ?? [];
    let num = 0;
    let den = 0;
    for (let i = 0; i < 2 * d; i++) {
      const wi = w[i] ?? 0;
      num += Math.min(x[i] ?? 0, wi);
      den += wi;
    }
    const sim = num / (den === 0 ? 0.001 : den);
    const we = (w[e0] ?? 0) + (w[e1] ?? 0);
    const energy = we > 0 ? (Math.min(x[e0] ?? 0, w[e0] ?? 0) + Math.min(x[e1] ?? 0, w[e1] ?? 0)) / we : 0;
    const m = sim ** 3 * energy ** 2;
    if (m > best || bestIndex < 0) {
      best = m;
      bestEnergy = energy;
      bestIndex = j;
    }
    if (learn && m >= art.rhoUb) {
      for (let i = 0; i < 2 * d; i++) w[i] = Math.min(x[i] ?? 0, w[i] ?? 0);
      art.used[j] = step;
      resonated = true;
    }
  }
  if (!learn) return { match: best, energy: bestEnergy, novel: true };
  if (resonated) return { match: best, energy: bestEnergy, novel: false };
  addCategory(art, x, step);
  return { match: best, energy: bestEnergy, novel: best < art.rhoLb };
}

function addCategory(art: Pick<ArtState, 'weights' | 'used' | 'params'>, x: number[], step: number): void {
  if (art.weights.length < art.params.maxCategories) {
    art.weights.push(x);
    art.used.push(step);
    return;
  }
  let oldest = 0;
  for (let j = 1; j < art.used.length; j++) if ((art.used[j] ?? 0) < (art.used[oldest] ?? 0)) oldest = j;
  art.weights[oldest] = x;
  art.used[oldest] = step;
}

function push(ring: number[], v: number): void {
  ring.push(v);
  ring.shift();
}

/** One feature step: resonance, alarm masking, and the vigilance following the series' own matches. */
function detect(s: ArtState, f: readonly number[], i: number, scoring: boolean): ArtOutput {
  const mask = s.mask;
  const sinceAnomaly = i - s.lastAnomalyStep;
  const rhoAfterAnomaly = sinceAnomaly === mask;
  const rhoForTrend = i - s.lastRhoStep >= s.trainSteps >> 1;
  const maskAfterAnomaly = sinceAnomaly <= mask;
  if (i > s.trainSteps + mask && s.maskAfterCat && s.quietSteps >= mask) s.maskAfterCat = false;
  const r = resonate(s, f, i >= s.params.window, i);
  const novel = r.novel;
  s.quietSteps = novel ? 0 : s.quietSteps + 1;
  const a = r.match;
  s.matchSum += a;
  s.matchCount++;
  push(s.simWindow, a);
  push(s.gapWindow, s.rhoUb - a);
  if (sinceAnomaly < mask && s.anomalySimCount > 0 && a < s.anomalySimLatest) {
    // The remembered similarity of the last anomaly is the lowest seen while it lasts.
    s.anomalySimSum += a - s.anomalySimLatest;
    s.anomalySimLatest = a;
  }
  const masking = s.maskAfterCat || maskAfterAnomaly;
  const belowLast = a < s.lastAnomalySim * (maskAfterAnomaly ? 0.9 : 0.7);
  let score = 0;
  if (scoring && i > s.trainSteps && novel && (!masking || belowLast)) {
    score = confidence(s, a, r.energy);
    s.anomalySimSum += a;
    s.anomalySimCount++;
    s.anomalySimLatest = a;
    s.lastAnomalySim = a;
    s.lastAnomalyStep = i;
  }
  s.maskAfterCat = novel || s.maskAfterCat;
  if (i > s.trainSteps && (rhoAfterAnomaly || rhoForTrend)) {
    adaptVigilance(s, i);
    s.lastRhoStep = i;
    s.maskAfterCat = true;
  }
  return { score, match: a, novel };
}

/** How far the match falls below both vigilances, relative to its own shortfall, plus how badly the level fits. */
function confidence(s: ArtState, sim: number, energy: number): number {
  const f = Math.min(0.999, sim);
  const ub = (s.rhoUb - f) / (1 - f);
  const lb = (s.rhoLb - f) / (1 - f);
  return Math.max(0, Math.min(1, 0.35 * ub + 0.65 * lb + 1.5 * (1 - energy)));
}

/**
 * The upper vigilance follows the mean match; the lower one rises towards the recent worst match when the series is
 * stable, and falls by the typical shortfall when it is not, never below the mean match of past anomalies.
 */
function adaptVigilance(s: ArtState, i: number): void {
  const ub = Math.min(s.params.maxRho, s.matchCount > 0 ? s.matchSum / s.matchCount : s.rhoUb);
  const minSim = Math.min(...s.simWindow);
  let lb: number;
  if (s.rhoLb <= minSim) lb = s.rhoLb + (minSim - s.rhoLb) * 0.19;
  else {
    let drop = 0;
    if (i > 2 * s.trainSteps) {
      let sum = 0;
      let n = 0;
      for (const g of s.gapWindow) {
        if (g > 0.05) {
          sum += Math.min(0.37, g);
          n++;
        }
      }
      if (n > 0) drop = sum / n;
    }
    lb = s.rhoLb - Math.max(0.01, drop) / 2;
    if (s.anomalySimCount > 0) lb = Math.max(s.anomalySimSum / s.anomalySimCount, lb);
  }
  s.rhoLb = Math.min(ub, lb);
  s.rhoUb = ub;
}

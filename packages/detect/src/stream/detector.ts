import { artUpdate, createArt } from './art';
import { DEFAULT_PARAMS, bandWidth } from './params';
import type {
  ContextState,
  EnsembleState,
  StreamOptions,
  StreamParams,
  StreamPoint,
  StreamState,
  StreamStatus,
} from './types';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Seasonal profiles never hold more than this many bins, whatever the grain. */
const MAX_BINS = 2016;
/** σ ≈ 1.2533 · mean |residual| for a normal residual. */
const MAD_TO_SIGMA = 1.2533;
const DT_RING = 15;
const MAX_ABS = 1e150;
/** Log-spaced bins of |z| for the empirical tail: 0.5 · 1.08^b. */
const Z_BINS = 80;
const Z_BIN0 = 0.5;
const Z_BIN_LOG = Math.log(1.08);

/** Forecasters compared online: level only, level + daily profile, level + weekly profile. */
const PERIODS = [0, DAY, WEEK] as const;

/** Levels far outside the known range are bounded so context keys stay short. */
const MAX_LEVEL_SPAN = 100;

function freshContext(params: StreamParams, warmup: number, range: StreamOptions['range']): ContextState {
  const given =
    range !== undefined && Number.isFinite(range.min) && Number.isFinite(range.max) && range.max >= range.min;
  return {
    lo: given ? range.min : 0,
    hi: given ? range.max : 0,
    fixed: given,
    recent: [],
    blockLevel: 0,
    blockDev: 0,
    blockLen: 0,
    blockSize: params.ctxBlocks > 0 ? Math.max(1, Math.round(warmup / params.ctxBlocks)) : 1,
    seen: {},
    seenCount: 0,
    novHist: new Array<number>(Math.max(1, Math.round(params.ctxOrder)) + 1).fill(0),
  };
}

function freshEnsemble(
  params: StreamParams,
  warmup: number,
  range: StreamOptions['range'],
): EnsembleState | undefined {
  if (!(params.agreeBase > 0)) return undefined;
  const art = createArt(warmup, range);
  // One detector confirms the other within the resonance detector's own alarm-masking period.
  return { art, lastOwn: -1, lastArt: -1, agreeRows: art.mask * art.step, peak: 0 };
}

function freshState(options: StreamOptions): StreamState {
  const params = { ...DEFAULT_PARAMS, ...options.params };
  const warmup = Math.max(2, Math.floor(options.warmup ?? DEFAULT_PARAMS.warmup));
  // The memory of the last alarm scales with the warm-up, which NAB ties to the file's length.
  const halfLife = params.quietPerWarmup > 0 ? params.quietPerWarmup * warmup : params.quietHalfLife;
  const ensemble = freshEnsemble(params, warmup, options.range);
  return {
    version: 1,
    params,
    sensitivity: bandWidth(options.sensitivity),
    warmup,
    n: 0,
    firstTs: null,
    lastTs: null,
    dts: [],
    binWidth: [0, 0, 0],
    level: [0, 0, 0],
    err: [0, 0, 0],
    errN: [0, 0, 0],
    season: [[], [], []],
    seen: [[], [], []],
    absMean: 0,
    lastValue: 0,
    constantRun: 0,
    m: [],
    mu: [],
    v: [],
    hist: [],
    histTotal: 0,
    recentPeak: 0,
    peakDecay: Math.pow(0.5, 1 / Math.max(1, halfLife)),
    ctx: freshContext(params, warmup, options.range),
    ...(ensemble ? { ens: ensemble } : {}),
  };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** Upper tail of the standard normal, Q(z) (Abramowitz–Stegun 7.1.26 via erfc). */
function normalTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) *
    Math.exp(-x * x);
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

/** The bin of a timestamp in model k's seasonal profile, or -1 when k has none yet. */
function binOf(s: StreamState, k: number, ts: number): number {
  const width = s.binWidth[k] ?? 0;
  const period = PERIODS[k] ?? 0;
  if (width <= 0 || period <= 0) return -1;
  return Math.floor((((ts % period) + period) % period) / width);
}

/** Seasonal bins are sized once the sampling step is known: one bin per step, at most MAX_BINS per period. */
function sizeSeasons(s: StreamState): void {
  const step = median(s.dts);
  for (let k = 1; k < PERIODS.length; k++) {
    const period = PERIODS[k] ?? 0;
    if (s.binWidth[k] !== 0 || step <= 0 || period / step < 4) continue;
    const bins = Math.min(MAX_BINS, Math.floor(period / step));
    s.binWidth[k] = period / bins;
    s.season[k] = new Array<number>(bins).fill(0);
    s.seen[k] = new Array<number>(bins).fill(0);
  }
}

function forecast(s: StreamState, k: number, ts: number): number | null {
  const level = s.level[k] ?? 0;
  if (k === 0) return level;
  const b = binOf(s, k, ts);
  if (b < 0 || !(s.seen[k]?.[b] ?? 0)) return null;
  return level + (s.season[k]?.[b] ?? 0);
}

/** Best model = lowest recent absolute error among models that have seen two full periods. */
function bestModel(s: StreamState): number {
  let best = 0;
  for (let k = 1; k < PERIODS.length; k++) {
    const period = PERIODS[k] ?? 0;
    if ((s.errN[k] ?? 0) < 1 || s.firstTs === null || (s.lastTs ?? 0) - s.firstTs < 2 * period) continue;
    if ((s.err[k] ?? Infinity) < (s.err[best] ?? Infinity) * s.params.seasonGain) best = k;
  }
  return best;
}

function scaleOf(s: StreamState, k: number): number {
  const floor = 1e-9 * Math.max(s.absMean, 1e-300) + 1e-12;
  return Math.max(MAD_TO_SIGMA * (s.err[k] ?? 0), floor);
}

export interface StreamingDetector {
  /** Feeds one row; returns the expected range and the anomaly score for it. */
  update(ts: number, value: number | null): StreamPoint;
  /** A JSON-safe copy of the state, to persist and later `restore`. */
  snapshot(): StreamState;
}

export function createStreamingDetector(options: StreamOptions = {}): StreamingDetector {
  return detectorFrom(freshState(options));
}

export function restoreStreamingDetector(state: StreamState): StreamingDetector {
  return detectorFrom(structuredClone(state));
}

function detectorFrom(s: StreamState): StreamingDetector {
  const p: StreamParams = s.params;

  function expected(ts: number, k: number): Pick<StreamPoint, 'yhat' | 'yhat_lower' | 'yhat_upper'> {
    if (s.n === 0) return { yhat: null, yhat_lower: null, yhat_upper: null };
    const yhat = forecast(s, k, ts) ?? s.level[0] ?? 0;
    const half = s.sensitivity * scaleOf(s, k);
    return { yhat, yhat_lower: yhat - half, yhat_upper: yhat + half };
  }

  function status(): StreamStatus {
    if (s.n < s.warmup) return 'not enough history';
    if (s.constantRun >= s.n - 1) return 'constant series';
    return 'ok';
  }

  function skip(ts: number, value: number | null, reason: StreamPoint['ignored']): StreamPoint {
    const at = Number.isFinite(ts) ? ts : (s.lastTs ?? 0);
    return {
      ts,
      value,
      ...expected(at, bestModel(s)),
      anomaly_score: 0,
      outside_band: false,
      status: status(),
      ignored: reason,
    };
  }

  function update(ts: number, value: number | null): StreamPoint {
    if (!Number.isFinite(ts)) return skip(ts, value, 'invalid timestamp');
    if (value === null || !Number.isFinite(value)) return skip(ts, value, 'missing value');
    // Beyond this, differences of two values can overflow to Infinity.
    if (Math.abs(value) > MAX_ABS) return skip(ts, value, 'out of range');
    if (s.lastTs !== null && ts <= s.lastTs)
      return skip(ts, value, ts === s.lastTs ? 'duplicate timestamp' : 'out of order');

    if (s.lastTs !== null) {
      s.dts.push(ts - s.lastTs);
      if (s.dts.length > DT_RING) s.dts.shift();
      if (s.dts.length >= 8) sizeSeasons(s);
    }
    if (s.firstTs === null) s.firstTs = ts;
    const first = s.n === 0;
    const k = bestModel(s);
    const range = expected(ts, k);
    const scale = scaleOf(s, k);
    const pred = first ? value : (forecast(s, k, ts) ?? s.level[0] ?? value);
    const u = first ? 0 : clamp((value - pred) / scale, -p.maxZ, p.maxZ);

    // Evidence on several time scales: the point itself, fast and slow shifts of the mean, a rise in volatility.
    const stats = evidence(u, first);
    const novelty = s.ctx !== undefined && p.ctxWeight > 0 ? contextNovelty(s.ctx, value, first) : 0;
    const artScore = s.ens !== undefined ? artUpdate(s.ens.art, value).score : 0;
    learn(ts, value, first);
    s.lastTs = ts;
    s.n++;

    let pMin = 1;
    for (let j = 0; j < stats.length; j++) {
      const z = stats[j] ?? 0;
      const pj = p.resWeight * Math.max(normalTail(z), p.empWeight * tailFrequency(j, z));
      if (pj < pMin) pMin = pj;
      if (s.n > p.histStart * s.warmup) record(j, z);
    }
    let tests = stats.length;
    if (s.ctx !== undefined && p.ctxWeight > 0) {
      tests++;
      const pNov = noveltyFrequency(s.ctx, novelty);
      if (pNov < pMin) pMin = pNov;
      if (s.n > p.histStart * s.warmup)
        for (let c = 1; c <= novelty; c++) s.ctx.novHist[c] = (s.ctx.novHist[c] ?? 0) + 1;
    }
    let score = 0;
    if (s.n > s.warmup && status() !== 'constant series') {
      // −log10 of the (Bonferroni) tail probability, 1 at p = 10^-scoreDecades.
      const raw = clamp(-Math.log10(clamp(pMin * tests, 1e-300, 1)) / p.scoreDecades, 0, 1);
      // Causal non-maximum suppression: an excursion counts once, unless it grows well past its recent peak.
      score = raw > p.renotify * s.recentPeak ? raw : raw * p.quietFactor;
      s.recentPeak = Math.max(s.recentPeak * s.peakDecay, raw);
      if (s.ens !== undefined) score = combine(s.ens, score, artScore);
    }
    const st = status();
    const outside =
      st === 'ok' &&
      range.yhat_lower !== null &&
      range.yhat_upper !== null &&
      (value < range.yhat_lower || value > range.yhat_upper);
    return { ts, value, ...range, anomaly_score: score, outside_band: outside, status: st };
  }

  /**
   * Ensemble of this detector's alarm and the resonance detector's: an alarm the other detector confirms within
   * `agreeRows` scores above every unconfirmed one; the combined score then passes the same repeat suppression.
   */
  function combine(e: EnsembleState, own: number, art: number): number {
    const row = s.n;
    const confirmed =
      (own > 0 && e.lastArt >= 0 && row - e.lastArt <= e.agreeRows) ||
      (art > 0 && e.lastOwn >= 0 && row - e.lastOwn <= e.agreeRows);
    if (own > 0) e.lastOwn = row;
    if (art > 0) e.lastArt = row;
    const cap = 0.99 * p.agreeBase;
    const raw = confirmed
      ? p.agreeBase + (1 - p.agreeBase) * Math.max(Math.min(1, own * p.scoreDecades), art)
      : Math.max(Math.min(cap, p.ownLone * own), Math.min(cap, p.artLone * art));
    const out = raw > p.renotify * e.peak ? raw : raw * p.quietFactor;
    e.peak = Math.max(e.peak * s.peakDecay, raw);
    return clamp(out, 0, 1);
  }

  function evidence(u: number, first: boolean): number[] {
    if (first) return [0, 0, 0, 0];
    const out = [Math.abs(u)];
    const au = Math.abs(u);
    // Mean shifts: EW means of u against their own long-run RMS.
    for (let j = 0; j < 3; j++) {
      const a = j === 0 ? p.shiftAlphas[0] : j === 1 ? p.shiftAlphas[1] : p.volAlpha;
      const x = j === 2 ? au : u;
      const m = (1 - a) * (s.m[j] ?? 0) + a * x;
      const mu = j === 2 ? (s.mu[j] ?? 0) : 0;
      const v = s.v[j] ?? 0;
      const z = v > 0 ? (j === 2 ? m - mu : Math.abs(m)) / Math.sqrt(v) : 0;
      out.push(Math.max(0, z));
      s.m[j] = m;
      const aL = Math.max(p.vAlpha, 1 / (s.n + 1));
      const d = m - mu;
      if (j === 2) s.mu[j] = mu + aL * d;
      // Extreme stretches must not inflate the spread they are judged against.
      const d2 = s.n < s.warmup || v === 0 ? d * d : Math.min(d * d, 16 * v);
      s.v[j] = (1 - aL) * v + aL * d2;
    }
    return out;
  }

  function levelOf(c: ContextState, x: number): number {
    const L = Math.max(1, p.ctxLevels);
    if (!(c.hi > c.lo)) return x === c.lo ? 0 : x > c.lo ? L - 1 : 0;
    const q = Math.floor(((x - c.lo) / (c.hi - c.lo)) * L);
    if (c.fixed && s.n >= s.warmup) return clamp(q, -MAX_LEVEL_SPAN * L, (MAX_LEVEL_SPAN + 1) * L);
    return clamp(q, 0, L - 1);
  }

  /**
   * How many of the runs of recent quantised levels ending now (orders 1…ctxOrder) were never seen before.
   * Values are summarised per block by the one furthest from the level, so spikes survive; the open block is
   * judged at every row so novelty shows on the row that creates it, and blocks are learnt once complete.
   */
  function contextNovelty(c: ContextState, x: number, first: boolean): number {
    if (!c.fixed) {
      if (first) c.lo = c.hi = x;
      else if (s.n < s.warmup) {
        c.lo = Math.min(c.lo, x);
        c.hi = Math.max(c.hi, x);
      } else c.fixed = true;
    }
    const dev = first ? 0 : Math.abs(x - (s.level[0] ?? x));
    if (c.blockLen === 0 || dev >= c.blockDev) {
      c.blockLevel = levelOf(c, x);
      c.blockDev = dev;
    }
    c.blockLen++;
    const K = Math.max(1, Math.round(p.ctxOrder));
    const seq = [...c.recent, c.blockLevel];
    let novel = 0;
    let key = '';
    // Only once the longest context could have been learnt, or a short history would look novel.
    if (c.recent.length >= K - 1) {
      for (let k = 1; k <= seq.length; k++) {
        key = k === 1 ? String(seq[seq.length - 1]) : `${seq[seq.length - k]},${key}`;
        if (c.seen[key] === undefined) novel++;
      }
    }
    if (c.blockLen >= c.blockSize) {
      key = '';
      for (let k = 1; k <= seq.length; k++) {
        key = k === 1 ? String(seq[seq.length - 1]) : `${seq[seq.length - k]},${key}`;
        const seen = c.seen[key];
        if (seen !== undefined) c.seen[key] = seen + 1;
        else if (c.seenCount < p.ctxMax) {
          c.seen[key] = 1;
          c.seenCount++;
        }
      }
      c.recent.push(c.blockLevel);
      if (c.recent.length > K - 1) c.recent.shift();
      c.blockLen = 0;
      c.blockDev = 0;
    }
    return novel;
  }

  /** Past frequency of rows at least this novel, weighted; 1 when nothing is new. */
  function noveltyFrequency(c: ContextState, novel: number): number {
    if (novel <= 0) return 1;
    return Math.min(1, (p.ctxWeight * ((c.novHist[novel] ?? 0) + 1)) / (s.histTotal + 1));
  }

  function binOfZ(z: number): number {
    if (z <= Z_BIN0) return 0;
    return Math.min(Z_BINS - 1, Math.floor(Math.log(z / Z_BIN0) / Z_BIN_LOG) + 1);
  }

  /** How often this scale has already been at least about this extreme, as a fraction of rows seen. */
  function tailFrequency(j: number, z: number): number {
    const h = s.hist[j];
    if (h === undefined || s.histTotal <= 0) return 0;
    let c = 0;
    for (let b = binOfZ(z * p.empSimilar); b < Z_BINS; b++) c += h[b] ?? 0;
    return c / s.histTotal;
  }

  function record(j: number, z: number): void {
    let h = s.hist[j];
    if (h === undefined) {
      h = new Array<number>(Z_BINS).fill(0);
      s.hist[j] = h;
    }
    if (j === 0) {
      const keep = 1 - p.histDecay;
      for (const hh of s.hist) for (let b = 0; b < Z_BINS; b++) hh[b] = (hh[b] ?? 0) * keep;
      if (s.ctx !== undefined)
        for (let c = 0; c < s.ctx.novHist.length; c++) s.ctx.novHist[c] = (s.ctx.novHist[c] ?? 0) * keep;
      s.histTotal = s.histTotal * keep + 1;
    }
    const b = binOfZ(z);
    h[b] = (h[b] ?? 0) + 1;
  }
  function learn(ts: number, x: number, first: boolean): void {
    s.absMean = first ? Math.abs(x) : 0.99 * s.absMean + 0.01 * Math.abs(x);
    s.constantRun = !first && x === s.lastValue ? s.constantRun + 1 : first ? 0 : 0;
    if (first) s.constantRun = 0;
    s.lastValue = x;
    for (let k = 0; k < PERIODS.length; k++) {
      if (first) {
        s.level[k] = x;
        continue;
      }
      const level = s.level[k] ?? x;
      const pred = forecast(s, k, ts);
      const b = binOf(s, k, ts);
      if (pred === null) {
        // First visit of a bin: start its profile from the current level.
        if (b >= 0) {
          (s.season[k] as number[])[b] = x - level;
          (s.seen[k] as number[])[b] = 1;
        }
        continue;
      }
      const sigma = scaleOf(s, k);
      const r = x - pred;
      const rc = (s.errN[k] ?? 0) > 5 ? clamp(r, -p.clip * sigma, p.clip * sigma) : r;
      const aErr = Math.max(p.errAlpha, 1 / ((s.errN[k] ?? 0) + 1));
      s.err[k] = (1 - aErr) * (s.err[k] ?? 0) + aErr * Math.abs(rc);
      s.errN[k] = (s.errN[k] ?? 0) + 1;
      s.level[k] = level + p.levelAlpha[k === 0 ? 0 : 1] * rc;
      if (b >= 0) {
        const season = s.season[k] as number[];
        season[b] = (season[b] ?? 0) + p.seasonAlpha * (1 - p.levelAlpha[1]) * rc;
        (s.seen[k] as number[])[b] = ((s.seen[k] as number[])[b] ?? 0) + 1;
      }
    }
  }

  return { update, snapshot: () => structuredClone(s) };
}

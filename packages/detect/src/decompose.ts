/**
 * The batch model's building blocks, each O(n) on typed arrays: seasonal profiles as windowed per-phase
 * means (prefix sums along the period), a local-linear trend that never smooths across a break, and a
 * noise scale that follows the fitted level. `keep` marks the buckets the fit may use (not a gap, a
 * holiday or an outlier of the previous pass).
 */
import type { Grain } from './series';
import { carve } from './scratch';
import { medianInPlace } from './stats';

/** Cycles on each side of a bucket that its seasonal profile averages: local enough to follow a slowly changing shape. */
export function seasonHalfCycles(period: number): number {
  if (period <= 24) return 7;
  if (period <= 168) return 4;
  return 2;
}

/**
 * Long periods (a year of days or hours, a year of weeks) see few cycles: their shape is smoothed across
 * neighbouring phases, a week either side, instead of taking each day of the year from two values.
 */
export function phaseSmoothing(period: number): number {
  return period === 52 || period === 365 || period === 8766 ? Math.round(period / 52) : 0;
}

/** Centred moving mean of a over ±half buckets (truncated at the ends), in place; `copy` is scratch of length n. */
function smoothInPlace(a: Float64Array, half: number, copy: Float64Array): void {
  const n = a.length;
  copy.set(a);
  let acc = 0;
  let lo = 0;
  let hi = 0; // window [lo, hi)
  for (let i = 0; i < n; i++) {
    const wantHi = Math.min(n, i + half + 1);
    while (hi < wantHi) acc += copy[hi++]!;
    const wantLo = Math.max(0, i - half);
    while (lo < wantLo) acc -= copy[lo++]!;
    a[i] = acc / (hi - lo);
  }
}

/** Half-windows (buckets) the trend smoother chooses from by leave-one-out error. */
export const TREND_HALF_WINDOWS: Record<Grain, number[]> = {
  h: [12, 24, 48, 84],
  d: [3, 7, 14, 28],
  w: [2, 4, 8, 13],
  m: [2, 3, 6],
};

/** Value of a per-bucket array at index k, reading the same phase one or more periods back past the end. */
function atPhase(a: Float64Array, k: number, period: number): number {
  const n = a.length;
  if (k < n) return a[k]!;
  return a[k - period * Math.ceil((k - n + 1) / period)]!;
}

// Running sums of e (kept buckets) along the period at bucket i: prefix[i] = e[i] + prefix[i − period].
function strideSum(
  e: Float64Array,
  keep: Uint8Array,
  i: number,
  period: number,
  sum: Float64Array,
  cnt: Float64Array,
): void {
  const ok = keep[i] === 1;
  sum[i] = (i >= period ? sum[i - period]! : 0) + (ok ? e[i]! : 0);
  cnt[i] = (i >= period ? cnt[i - period]! : 0) + (ok ? 1 : 0);
}

// For every bucket, the mean of e over the same phase in the cycles within ±half of its own, from the
// running sums along the period, and how many buckets it used.
function windowMeans(
  n: number,
  period: number,
  half: number,
  sum: Float64Array,
  cnt: Float64Array,
  out: Float64Array,
  count: Float64Array,
): void {
  const span = half * period;
  // Past the end, a window stops at the last bucket of its phase: n − period .. n − 1 hold every phase once.
  const tail = n - period;
  for (let i = 0; i < n; i++) {
    let hi = i + span;
    if (hi >= n) hi = tail + ((((i - tail) % period) + period) % period);
    const lo = i - span - period;
    const s = sum[hi]! - (lo >= 0 ? sum[lo]! : 0);
    const c = cnt[hi]! - (lo >= 0 ? cnt[lo]! : 0);
    out[i] = c > 0 ? s / c : 0;
    count[i] = c;
  }
}

export interface SeasonalWork {
  e: Float64Array;
  comp: Float64Array;
  count: Float64Array;
  level: Float64Array;
  sum: Float64Array;
  cnt: Float64Array;
}

/** Work arrays of fitSeasonal, carved from `mem` (6n long). */
export function seasonalWork(n: number, mem: Float64Array): SeasonalWork {
  const [e, comp, count, level, sum, cnt] = carve(mem, n, n, n, n, n, n);
  return { e, comp, count, level, sum, cnt };
}

/**
 * Seasonal component of x − trend over the periods (ascending). The shortest period is a windowed
 * per-phase mean; each longer one is shrunk towards zero by how much of its spread noise alone would
 * explain (James–Stein), and when it nests the shorter one (168 = 7 × 24) its day levels and its
 * within-day shape are shrunk separately: the day-of-week level is well determined, the hour-by-day
 * interaction is not. Fills `seasonal` and, per bucket, the weight of its own value in it (leverage).
 */
export function fitSeasonal(
  x: Float64Array,
  trend: Float64Array,
  keep: Uint8Array,
  periods: readonly number[],
  seasonal: Float64Array,
  leverage: Float64Array,
  w: SeasonalWork,
): void {
  const n = x.length;
  const { e, comp, count, level, sum, cnt } = w;
  if (periods.length === 0) {
    seasonal.fill(0);
    leverage.fill(0);
    return;
  }
  const p0 = periods[0]!;
  for (let i = 0; i < n; i++) {
    e[i] = keep[i] ? x[i]! - trend[i]! : 0;
    strideSum(e, keep, i, p0, sum, cnt);
  }
  let prev = 0;
  for (let pi = 0; pi < periods.length; pi++) {
    const p = periods[pi]!;
    windowMeans(n, p, seasonHalfCycles(p), sum, cnt, comp, count);
    const smooth = phaseSmoothing(p);
    if (smooth > 0) {
      // The running sums are spent: their array serves as scratch.
      smoothInPlace(comp, smooth, sum);
      for (let i = 0; i < n; i++) count[i]! *= 2 * smooth + 1;
    }
    let own = 1;
    if (pi > 0) {
      // Noise left around the phase means, how many buckets each mean averages, and the spread of the
      // means split into levels of the shorter cycle and the rest (the interaction).
      const nested = p % prev === 0;
      const block = nested ? prev : p;
      let ss = 0;
      let kept = 0;
      let used = 0;
      let vl = 0;
      let vi = 0;
      for (let start = 0; start < n; start += block) {
        let lv = 0;
        if (nested) {
          let s = 0;
          for (let k = start; k < start + block; k++) s += atPhase(comp, k, p);
          lv = s / block;
        }
        const end = Math.min(n, start + block);
        for (let k = start; k < end; k++) {
          const c = comp[k]!;
          level[k] = lv;
          vl += lv * lv;
          vi += (c - lv) * (c - lv);
          if (keep[k]) {
            const d = e[k]! - c;
            ss += d * d;
            kept++;
            used += count[k]!;
          }
        }
      }
      const avgCount = kept > 0 ? used / kept : 1;
      const noise = kept > p ? (ss / (kept - p)) * (avgCount / Math.max(1, avgCount - 1)) : 0;
      vl /= n;
      vi /= n;
      // James–Stein: keep the share of each part's spread that noise alone would not explain.
      const fl = nested && vl > 0 ? Math.max(0, 1 - noise / (avgCount * prev) / vl) : 0;
      const fi = vi > 0 ? Math.max(0, 1 - (noise * (nested ? 1 - 1 / prev : 1)) / avgCount / vi) : 0;
      for (let i = 0; i < n; i++) comp[i] = fl * level[i]! + fi * (comp[i]! - level[i]!);
      own = (nested ? fl / prev : 0) + fi;
    }
    const next = periods[pi + 1] ?? 0;
    // Each cycle of the component averages zero, so the level stays in the trend; the next period's
    // running sums are built in the same sweep.
    for (let start = 0; start < n; start += p) {
      let s = 0;
      for (let k = start; k < start + p; k++) s += atPhase(comp, k, p);
      const m = s / p;
      const end = Math.min(n, start + p);
      for (let k = start; k < end; k++) {
        const c = comp[k]! - m;
        const lev = count[k]! > 0 ? own / count[k]! : 0;
        if (pi === 0) {
          seasonal[k] = c;
          leverage[k] = lev;
        } else {
          seasonal[k]! += c;
          leverage[k]! += lev;
        }
        e[k]! -= c;
        if (next) strideSum(e, keep, k, next, sum, cnt);
      }
    }
    prev = p;
  }
}

/**
 * A first seasonal shape: for each period (ascending), the plain mean of what is left of x − trend at
 * each phase over the whole history (a yearly shape smoothed over neighbouring phases). `phase` is scratch
 * of the longest period's length.
 */
export function roughSeasonal(
  x: Float64Array,
  trend: Float64Array,
  keep: Uint8Array,
  periods: readonly number[],
  out: Float64Array,
  phase: Float64Array,
): void {
  const n = x.length;
  out.fill(0);
  for (const period of periods) {
    const sum = phase.subarray(0, period);
    const cnt = new Float64Array(period);
    sum.fill(0);
    for (let i = 0, k = 0; i < n; i++, k = k + 1 === period ? 0 : k + 1) {
      if (!keep[i]) continue;
      sum[k]! += x[i]! - trend[i]! - out[i]!;
      cnt[k]! += 1;
    }
    for (let k = 0; k < period; k++) sum[k] = cnt[k]! > 0 ? sum[k]! / cnt[k]! : 0;
    const smooth = phaseSmoothing(period);
    if (smooth > 0) {
      // Circular moving mean over neighbouring phases.
      const copy = Float64Array.from(sum);
      for (let k = 0; k < period; k++) {
        let acc = 0;
        for (let d = -smooth; d <= smooth; d++) acc += copy[(k + d + period) % period]!;
        sum[k] = acc / (2 * smooth + 1);
      }
    }
    let mean = 0;
    for (let k = 0; k < period; k++) mean += sum[k]!;
    mean /= period;
    for (let i = 0, k = 0; i < n; i++, k = k + 1 === period ? 0 : k + 1) out[i]! += sum[k]! - mean;
  }
}

/**
 * A first trend with every season cancelled: the mean over one full period centred on each bucket; within
 * half a period of either end, where no centred window fits, the line through the first (last) centred
 * means carried on, so a rising series does not look flat at its ends (and its season does not absorb the rise).
 */
export function periodMean(
  x: Float64Array,
  keep: Uint8Array,
  period: number,
  out: Float64Array,
  p: TrendPrefix,
): void {
  const n = x.length;
  // Running sums in the trend smoother's arrays (free at this point).
  const sum = p.y;
  const cnt = p.n;
  sum[0] = 0;
  cnt[0] = 0;
  for (let i = 0; i < n; i++) {
    const ok = keep[i] === 1;
    sum[i + 1] = sum[i]! + (ok ? x[i]! : 0);
    cnt[i + 1] = cnt[i]! + (ok ? 1 : 0);
  }
  const half = period >> 1;
  const first = half;
  const last = n - period + half; // the last bucket with a full centred window
  for (let i = 0; i < n; i++) {
    const a = Math.min(Math.max(0, i - half), Math.max(0, n - period));
    const b = Math.min(n, a + period);
    const c = cnt[b]! - cnt[a]!;
    out[i] = c > 0 ? (sum[b]! - sum[a]!) / c : NaN;
  }
  interpolateNaN(out);
  if (last > first) {
    const span = Math.min(period, last - first);
    const head = (out[first + span]! - out[first]!) / span;
    const tail = (out[last]! - out[last - span]!) / span;
    for (let i = 0; i < first; i++) out[i] = out[first]! + head * (i - first);
    for (let i = last + 1; i < n; i++) out[i] = out[last]! + tail * (i - last);
  }
}

export interface TrendPrefix {
  n: Float64Array;
  t: Float64Array;
  tt: Float64Array;
  y: Float64Array;
  ty: Float64Array;
}

/** Running-sum arrays of the trend smoother, carved from `mem` (5(n + 1) long). */
export function trendPrefix(n: number, mem: Float64Array): TrendPrefix {
  const [a, t, tt, y, ty] = carve(mem, n + 1, n + 1, n + 1, n + 1, n + 1);
  return { n: a, t, tt, y, ty };
}

/** Fills z = x − seasonal (NaN where not kept) and the running sums of its kept values. */
export function fillTrendPrefix(
  x: Float64Array,
  seasonal: Float64Array | null,
  keep: Uint8Array,
  z: Float64Array,
  p: TrendPrefix,
): void {
  let n = 0;
  let t = 0;
  let tt = 0;
  let y = 0;
  let ty = 0;
  p.n[0] = p.t[0] = p.tt[0] = p.y[0] = p.ty[0] = 0;
  for (let i = 0; i < x.length; i++) {
    if (keep[i]) {
      const v = seasonal ? x[i]! - seasonal[i]! : x[i]!;
      z[i] = v;
      n += 1;
      t += i;
      tt += i * i;
      y += v;
      ty += i * v;
    } else z[i] = NaN;
    p.n[i + 1] = n;
    p.t[i + 1] = t;
    p.tt[i + 1] = tt;
    p.y[i + 1] = y;
    p.ty[i + 1] = ty;
  }
}

// The window of bucket i inside its piece [pa, pb): near a piece's end it slides inward, keeping its width.
function windowStart(i: number, half: number, pa: number, pb: number): number {
  let a = i - half;
  const b = i + half + 1;
  if (b > pb) a -= b - pb;
  return a < pa ? pa : a;
}

/**
 * Local-linear trend: at each bucket, the least-squares line over ±half buckets of its own piece
 * (pieces end at breaks, so a level shift stays sharp). Fills `leverage` (the own weight of each kept
 * bucket in its fitted value) when given.
 */
export function localLinear(
  z: Float64Array,
  keep: Uint8Array,
  p: TrendPrefix,
  bounds: readonly number[],
  half: number,
  out: Float64Array,
  leverage: Float64Array | null,
): void {
  const width = 2 * half + 1;
  for (let piece = 0; piece + 1 < bounds.length; piece++) {
    const pa = bounds[piece]!;
    const pb = bounds[piece + 1]!;
    for (let i = pa; i < pb; i++) {
      const a = windowStart(i, half, pa, pb);
      const b = Math.min(pb, a + width);
      const N = p.n[b]! - p.n[a]!;
      if (N < 1) {
        out[i] = NaN;
        if (leverage) leverage[i] = 0;
        continue;
      }
      const T = p.t[b]! - p.t[a]!;
      const Y = p.y[b]! - p.y[a]!;
      const tbar = T / N;
      const vt = p.tt[b]! - p.tt[a]! - T * tbar;
      const dt = i - tbar;
      if (N >= 3 && vt > 1e-9) {
        const slope = (p.ty[b]! - p.ty[a]! - tbar * Y) / vt;
        out[i] = Y / N + slope * dt;
        if (leverage) leverage[i] = keep[i] ? 1 / N + (dt * dt) / vt : 0;
      } else {
        out[i] = Y / N;
        if (leverage) leverage[i] = keep[i] ? 1 / N : 0;
      }
    }
  }
  interpolateNaN(out);
}

/**
 * Mean squared leave-one-out error of the local-linear trend with this half-window, on every stride-th
 * kept bucket: the in-sample residual over (1 − own weight), exact for a linear smoother.
 */
export function looError(
  z: Float64Array,
  keep: Uint8Array,
  p: TrendPrefix,
  bounds: readonly number[],
  half: number,
  stride: number,
): number {
  const width = 2 * half + 1;
  let sum = 0;
  let count = 0;
  for (let piece = 0; piece + 1 < bounds.length; piece++) {
    const pa = bounds[piece]!;
    const pb = bounds[piece + 1]!;
    for (let i = pa; i < pb; i += stride) {
      if (!keep[i]) continue;
      const a = windowStart(i, half, pa, pb);
      const b = Math.min(pb, a + width);
      const N = p.n[b]! - p.n[a]!;
      if (N < 4) continue;
      const T = p.t[b]! - p.t[a]!;
      const Y = p.y[b]! - p.y[a]!;
      const tbar = T / N;
      const vt = p.tt[b]! - p.tt[a]! - T * tbar;
      if (!(vt > 1e-9)) continue;
      const dt = i - tbar;
      const fit = Y / N + ((p.ty[b]! - p.ty[a]! - tbar * Y) / vt) * dt;
      const lev = 1 / N + (dt * dt) / vt;
      if (lev >= 1) continue;
      const r = (z[i]! - fit) / (1 - lev);
      sum += r * r;
      count++;
    }
  }
  return count > 0 ? sum / count : Infinity;
}

/** Fills NaN by linear interpolation between finite neighbours, flat beyond the ends. */
export function interpolateNaN(out: Float64Array): void {
  const n = out.length;
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (out[i] !== out[i]) continue;
    if (last < 0) for (let j = 0; j < i; j++) out[j] = out[i]!;
    else if (i - last > 1) {
      const a = out[last]!;
      const b = out[i]!;
      for (let j = last + 1; j < i; j++) out[j] = a + ((b - a) * (j - last)) / (i - last);
    }
    last = i;
  }
  if (last < 0) out.fill(0);
  else for (let j = last + 1; j < n; j++) out[j] = out[last]!;
}

/** Location and scale of residuals as a function of the fitted level, as bins to interpolate between. */
export interface LevelScale {
  /** Robust scale over all used buckets. */
  global: number;
  /** Robust centre over all used buckets (0 when no location was asked for). */
  centre: number;
  /** Bin centres (fitted level), ascending, with each bin's scale and location. */
  at: Float64Array;
  scales: Float64Array;
  shifts: Float64Array;
}

const SCALE_BINS = 8;
const MIN_BIN = 60;
// Buckets of prior weight pulling each bin towards the global figures.
const SCALE_PRIOR = 20;
// Mean |x| of a normal is σ·√(2/π); trimming at 4σ changes it by under 0.1%.
const MEAN_ABS_TO_SIGMA = 1.2533;

/**
 * Location and scale of residuals r as a function of the fitted level f (counts and money are noisier,
 * relative to their level, when the level is low: quiet nights). Residuals beyond 4 sigmas are trimmed,
 * sigma being `trim` or, when that is not a positive number, the global MAD (one selection). Then in
 * equal-width bins of f: means and mean absolute deviations (88% efficient, against the MAD's 37%).
 * Without `withLoc`, residuals are taken as centred on zero.
 */
export function levelScale(
  r: Float64Array,
  f: Float64Array,
  use: Uint8Array,
  trim: number,
  withLoc: boolean,
  buf: Float64Array,
  bin: Int32Array,
): LevelScale {
  const n = r.length;
  let fmin = Infinity;
  let fmax = -Infinity;
  let s0 = trim;
  if (!(s0 > 0)) {
    // Every third bucket is plenty for a scale that only sets where trimming starts.
    const step = n > 900 ? 3 : 1;
    let m = 0;
    for (let i = 0; i < n; i += step) {
      if (!use[i]) continue;
      buf[m++] = Math.abs(r[i]!);
    }
    s0 = 1.4826 * medianInPlace(buf, m);
    if (!(s0 > 0)) {
      // Mostly one value (sparse counts): the MAD is zero, the mean absolute deviation is not.
      let sum = 0;
      for (let i = 0; i < m; i++) sum += buf[i]!;
      s0 = m > 0 ? (MEAN_ABS_TO_SIGMA * sum) / m : 0;
    }
  }
  let centre = 0;
  let used = 0;
  {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      if (!use[i]) continue;
      used++;
      const v = f[i]!;
      if (v < fmin) fmin = v;
      if (v > fmax) fmax = v;
      if (withLoc && Math.abs(r[i]!) < 3 * s0) {
        sum += r[i]!;
        centre++;
      }
    }
    centre = withLoc && centre > 0 ? sum / centre : 0;
  }
  const cut = 4 * s0;
  const bins = s0 > 0 && fmax > fmin ? Math.min(SCALE_BINS, Math.floor(used / MIN_BIN)) : 0;
  const nb = Math.max(bins, 1);
  const invWidth = bins > 0 ? bins / (fmax - fmin) : 0;
  const cnt = new Float64Array(nb);
  const sumF = new Float64Array(nb);
  const sumR = new Float64Array(nb);
  const sumA = new Float64Array(nb);
  let gCount = 0;
  for (let i = 0; i < n; i++) {
    const v = r[i]! - centre;
    if (!use[i] || !(Math.abs(v) <= cut)) {
      bin[i] = -1;
      continue;
    }
    const b = bins > 0 ? Math.min(bins - 1, Math.floor((f[i]! - fmin) * invWidth)) : 0;
    bin[i] = b;
    cnt[b]! += 1;
    sumF[b]! += f[i]!;
    sumR[b]! += v;
    sumA[b]! += Math.abs(v);
    gCount++;
  }
  const locs = new Float64Array(nb);
  if (withLoc) {
    // Deviations about each bin's own (shrunk) mean.
    for (let b = 0; b < nb; b++) {
      locs[b] = sumR[b]! / (cnt[b]! + SCALE_PRIOR);
      sumA[b] = 0;
    }
    for (let i = 0; i < n; i++) {
      const b = bin[i]!;
      if (b >= 0) sumA[b]! += Math.abs(r[i]! - centre - locs[b]!);
    }
  }
  let gAbs = 0;
  for (let b = 0; b < nb; b++) gAbs += sumA[b]!;
  const global = gCount > 0 ? (MEAN_ABS_TO_SIGMA * gAbs) / gCount : s0;
  let g = 0;
  const at = new Float64Array(nb);
  const scales = new Float64Array(nb);
  const shifts = new Float64Array(nb);
  for (let b = 0; b < nb; b++) {
    if (cnt[b]! < 10) continue;
    const s = (MEAN_ABS_TO_SIGMA * sumA[b]!) / cnt[b]!;
    at[g] = sumF[b]! / cnt[b]!;
    scales[g] = Math.max(
      Math.sqrt((cnt[b]! * s * s + SCALE_PRIOR * global * global) / (cnt[b]! + SCALE_PRIOR)),
      0.25 * global,
    );
    shifts[g] = centre + locs[b]!;
    g++;
  }
  if (g === 0) {
    at[0] = 0;
    scales[0] = global;
    shifts[0] = centre;
    g = 1;
  }
  return {
    global,
    centre,
    at: at.subarray(0, g),
    scales: scales.subarray(0, g),
    shifts: shifts.subarray(0, g),
  };
}

/**
 * Scale (floored) and location of every bucket from its fitted level, interpolated between bins; the
 * search for the bin starts from the previous bucket's, as the level moves little from one to the next.
 */
export function fillScale(
  model: LevelScale,
  f: Float64Array,
  floor: number,
  scale: Float64Array,
  loc: Float64Array | null,
): void {
  const { at, scales, shifts } = model;
  const g = at.length;
  const n = f.length;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const v = f[i]!;
    let sc: number;
    let lc: number;
    if (g === 1 || !(v > at[0]!)) {
      sc = scales[0]!;
      lc = shifts[0]!;
    } else if (v >= at[g - 1]!) {
      sc = scales[g - 1]!;
      lc = shifts[g - 1]!;
    } else {
      while (k > 0 && at[k]! > v) k--;
      while (at[k + 1]! < v) k++;
      const w = (v - at[k]!) / (at[k + 1]! - at[k]!);
      sc = scales[k]! + (scales[k + 1]! - scales[k]!) * w;
      lc = shifts[k]! + (shifts[k + 1]! - shifts[k]!) * w;
    }
    scale[i] = sc > floor ? sc : floor;
    if (loc) loc[i] = lc;
  }
}

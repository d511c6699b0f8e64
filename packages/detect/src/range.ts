import { type Grain, type InputPoint, type RegularSeries, type SeriesStatus, regularize } from './series';
import { interpolate, median, movingMean, normalQuantile, robustSigma, runningMedian } from './stats';

/** Band width: presets in standard deviations (spec: low 3, high 1), or an explicit z or coverage level. */
export type Sensitivity = 'low' | 'medium' | 'high' | { z: number } | { level: number };

export const SENSITIVITY_Z = { low: 3, medium: 2.5, high: 1 } as const;

export function sensitivityZ(s: Sensitivity | undefined): number {
  if (s === undefined) return SENSITIVITY_Z.medium;
  if (typeof s === 'string') return SENSITIVITY_Z[s];
  if ('z' in s) return Number.isFinite(s.z) && s.z > 0 ? s.z : SENSITIVITY_Z.medium;
  const level = Math.min(Math.max(s.level, 0.5), 0.999999);
  return normalQuantile(0.5 + level / 2);
}

export interface RangeOptions {
  grain?: Grain;
  sensitivity?: Sensitivity;
  /** Timestamps of holiday buckets: left out of the fit and never flagged. */
  holidays?: ReadonlyArray<number | string | Date>;
  /** Seasonal periods in buckets; by default from the grain and the history length. */
  periods?: number[];
  /** Clamp the band at zero when the metric never goes negative (default: inferred). */
  nonNegative?: boolean;
  /** Model strictly positive series on a log scale (default true). */
  multiplicative?: boolean;
}

export interface ExpectedRange {
  status: SeriesStatus;
  grain: Grain;
  notes: string[];
  periods: number[];
  /** Standard deviations on each side of yhat. */
  z: number;
  /** Fitted on the log scale: band and score are relative. */
  multiplicative?: boolean;
  timestamps: number[];
  /** Observed values; NaN for gaps. */
  y: Float64Array;
  yhat: Float64Array;
  lower: Float64Array;
  upper: Float64Array;
  /** Noise scale at each bucket (varies with the time of day / day of week). */
  sigma: Float64Array;
  /** (y − yhat) / sigma; NaN for gaps, holidays and unmodelled statuses. */
  score: Float64Array;
  trend: Float64Array;
  seasonal: Float64Array;
  holiday: Uint8Array;
}

/** The default seasonal periods of a grain, keeping only those seen at least twice. */
export function defaultPeriods(grain: Grain, length: number): number[] {
  const candidates: Record<Grain, number[]> = { h: [24, 168, 8766], d: [7, 365], w: [52], m: [12] };
  return candidates[grain].filter((p) => length >= 2 * p);
}

// Shortest history that can be modelled: one full primary season.
const MIN_POINTS: Record<Grain, number> = { h: 24, d: 7, w: 8, m: 6 };
// Trend window (odd, in buckets): long enough to ignore short spikes, short enough to follow level changes.
const TREND_WINDOW: Record<Grain, number> = { h: 25, d: 15, w: 9, m: 7 };
const TREND_SMOOTH: Record<Grain, number> = { h: 5, d: 3, w: 3, m: 1 };
// Residuals beyond this many robust sigmas are left out of the next refit.
const OUTLIER_Z = 3.5;
const ITERATIONS = 3;

function holidayMask(series: RegularSeries, holidays: RangeOptions['holidays']): Uint8Array {
  const mask = new Uint8Array(series.timestamps.length);
  if (!holidays || holidays.length === 0) return mask;
  const grid = regularize(
    holidays.map((t) => ({ timestamp: t, value: 1 })),
    series.grain,
  );
  const days = new Set(grid.timestamps.filter((_, i) => !Number.isNaN(grid.values[i]!)).map((t) => Math.floor(t / 86_400_000)));
  series.timestamps.forEach((t, i) => {
    if (days.has(Math.floor(t / 86_400_000))) mask[i] = 1;
  });
  return mask;
}

/**
 * Seasonal component of one period: for each phase, a triangular-weighted mean over the neighbouring
 * cycles (STL-like, leaving its own cycle out), so the shape can grow with the level; gaps and outliers (NaN) are skipped.
 */
function seasonalComponent(x: Float64Array, period: number, halfCycles: number, out: Float64Array): void {
  const n = x.length;
  const cycles = Math.ceil(n / period);
  const sub = new Float64Array(cycles);
  for (let k = 0; k < period; k++) {
    let c = 0;
    for (let i = k; i < n; i += period) sub[c++] = x[i]!;
    for (let j = 0; j < c; j++) {
      let s = 0;
      let w = 0;
      for (let d = -halfCycles; d <= halfCycles; d++) {
        const jj = j + d;
        // Leave the bucket's own cycle out: its residual stays honest, so outliers score the same in or out of the fit.
        if (d === 0 || jj < 0 || jj >= c) continue;
        const v = sub[jj]!;
        if (Number.isNaN(v)) continue;
        const wt = halfCycles + 1 - Math.abs(d);
        s += wt * v;
        w += wt;
      }
      out[k + j * period] = w > 0 ? s / w : 0;
    }
  }
  // Centre each cycle so the season never drifts into the trend.
  for (let a = 0; a < n; a += period) {
    const b = Math.min(n, a + period);
    let m = 0;
    for (let i = a; i < b; i++) m += out[i]!;
    m /= b - a;
    for (let i = a; i < b; i++) out[i]! -= m;
  }
}

// Mean over one full period around each bucket (shifted inward at the ends) so the season cancels everywhere.
function periodMean(x: Float64Array, period: number): Float64Array {
  const n = x.length;
  const sum = new Float64Array(n + 1);
  const cnt = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const ok = !Number.isNaN(x[i]!);
    sum[i + 1] = sum[i]! + (ok ? x[i]! : 0);
    cnt[i + 1] = cnt[i]! + (ok ? 1 : 0);
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = Math.min(Math.max(0, i - (period >> 1)), Math.max(0, n - period));
    const b = Math.min(n, a + period);
    const c = cnt[b]! - cnt[a]!;
    out[i] = c > 0 ? (sum[b]! - sum[a]!) / c : NaN;
  }
  return out;
}

// Cycles either side used by the seasonal smoother: shorter periods adapt faster.
function seasonalHalfWindow(period: number, n: number): number {
  const cycles = n / period;
  if (cycles < 6) return Math.max(1, Math.floor(cycles));
  return period <= 24 ? 3 : 4;
}

function emptyRange(series: RegularSeries, status: SeriesStatus, z: number, holiday: Uint8Array): ExpectedRange {
  const n = series.values.length;
  const level = median(series.values);
  const fill = (v: number): Float64Array => new Float64Array(n).fill(v);
  return {
    status,
    grain: series.grain,
    notes: series.notes,
    periods: [],
    z,
    timestamps: series.timestamps,
    y: series.values,
    yhat: fill(level),
    lower: fill(status === 'constant series' ? level : NaN),
    upper: fill(status === 'constant series' ? level : NaN),
    sigma: fill(status === 'constant series' ? 0 : NaN),
    score: fill(NaN),
    trend: fill(level),
    seasonal: fill(0),
    holiday,
  };
}

/**
 * Fits the expected range of a whole history: yhat = robust trend + seasonal profiles, and a band of
 * z noise-sigmas whose scale follows the expected level (quiet nights get narrow bands).
 */
export function fitExpectedRange(input: readonly InputPoint[] | RegularSeries, options: RangeOptions = {}): ExpectedRange {
  const series = Array.isArray(input) ? regularize(input as readonly InputPoint[], options.grain) : (input as RegularSeries);
  const z = sensitivityZ(options.sensitivity);
  const holiday = holidayMask(series, options.holidays);
  const x = series.values;
  const n = x.length;
  let finite = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    if (Number.isNaN(v)) continue;
    finite++;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (finite === 0) return emptyRange(series, 'no data', z, holiday);
  if (finite < MIN_POINTS[series.grain]) return emptyRange(series, 'not enough history', z, holiday);
  if (max - min <= 1e-12 * Math.max(1, Math.abs(max))) return emptyRange(series, 'constant series', z, holiday);

  const periods = (options.periods ?? defaultPeriods(series.grain, n)).filter((p) => Number.isInteger(p) && p >= 2 && n >= 2 * p).sort((a, b) => a - b);
  const nonNegative = options.nonNegative ?? min >= 0;
  // Strictly positive metrics (orders, revenue, sessions) are multiplicative: level × day × week.
  // Modelling their logarithm makes the seasons additive and the noise close to constant.
  const logMode = min > 0 && (options.multiplicative ?? true);
  const xm = logMode ? x.map(Math.log) : x;
  const clean = Float64Array.from(xm);
  for (let i = 0; i < n; i++) if (holiday[i]) clean[i] = NaN;

  // First trend: a mean over the longest modelled period cancels every season nested in it.
  const longest = periods.filter((p) => p <= n / 2).at(-1);
  let trend = interpolate(longest ? periodMean(clean, longest) : runningMedian(clean, TREND_WINDOW[series.grain]));
  let seasonal = new Float64Array(n);
  const residual = new Float64Array(n);
  let sigmaGlobal = NaN;
  for (let iter = 0; iter < ITERATIONS; iter++) {
    seasonal = new Float64Array(n);
    const work = new Float64Array(n);
    for (let i = 0; i < n; i++) work[i] = clean[i]! - trend[i]!;
    const component = new Float64Array(n);
    for (const p of periods) {
      seasonalComponent(work, p, seasonalHalfWindow(p, n), component);
      for (let i = 0; i < n; i++) {
        seasonal[i]! += component[i]!;
        work[i]! -= component[i]!;
      }
    }
    const deseason = new Float64Array(n);
    for (let i = 0; i < n; i++) deseason[i] = clean[i]! - seasonal[i]!;
    const med = runningMedian(deseason, TREND_WINDOW[series.grain]);
    trend = interpolate(TREND_SMOOTH[series.grain] > 1 ? movingMean(interpolate(med), TREND_SMOOTH[series.grain]) : med);
    for (let i = 0; i < n; i++) residual[i] = xm[i]! - trend[i]! - seasonal[i]!;
    sigmaGlobal = robustSigma(residual.map((r, i) => (holiday[i] ? NaN : r)));
    if (!(sigmaGlobal > 0)) break;
    // A near-perfect fit must not turn rounding error into outliers.
    const floor = logMode ? 0.002 : 0.002 * Math.abs(median(x));
    if (iter < ITERATIONS - 1) {
      for (let i = 0; i < n; i++) {
        if (holiday[i] || Number.isNaN(xm[i]!)) continue;
        clean[i] = Math.abs(residual[i]!) > OUTLIER_Z * Math.max(sigmaGlobal, floor) ? NaN : xm[i]!;
      }
    }
  }

  // Sparse series (mostly one value) have a zero MAD: fall back to the mean absolute residual.
  if (!(sigmaGlobal > 0)) {
    let s = 0;
    let c = 0;
    for (let i = 0; i < n; i++) {
      const r = residual[i]!;
      if (!Number.isNaN(r) && !holiday[i]) {
        s += Math.abs(r);
        c++;
      }
    }
    sigmaGlobal = c > 0 ? (1.2533 * s) / c : 0;
  }
  // Near-perfect series would turn rounding into anomalies: noise is never taken below 0.2% of the level.
  sigmaGlobal = Math.max(sigmaGlobal, logMode ? 0.002 : 0.002 * Math.abs(median(x)), 1e-9);

  const fit = new Float64Array(n);
  for (let i = 0; i < n; i++) fit[i] = trend[i]! + seasonal[i]!;
  const sigma = levelSigma(residual, fit, holiday, sigmaGlobal);
  const yhat = new Float64Array(n);
  const lower = new Float64Array(n);
  const upper = new Float64Array(n);
  const score = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const f = fit[i]!;
    const s = sigma[i]!;
    score[i] = holiday[i] || Number.isNaN(xm[i]!) ? NaN : (xm[i]! - f) / s;
    if (logMode) {
      yhat[i] = Math.exp(f);
      lower[i] = Math.exp(f - z * s);
      upper[i] = Math.exp(f + z * s);
      // Reported on the metric's own scale: trend and season multiply, sigma by the delta method.
      trend[i] = Math.exp(trend[i]!);
      seasonal[i] = yhat[i]! - trend[i]!;
      sigma[i] = yhat[i]! * s;
    } else {
      yhat[i] = nonNegative && f < 0 ? 0 : f;
      lower[i] = nonNegative ? Math.max(0, f - z * s) : f - z * s;
      upper[i] = f + z * s;
    }
  }
  return { status: 'ok', grain: series.grain, notes: series.notes, periods, z, multiplicative: logMode, timestamps: series.timestamps, y: x, yhat, lower, upper, sigma, score, trend, seasonal, holiday };
}

// Noise scale as a function of the expected value (counts and money get noisier as they grow), from
// robust sigmas of residuals in equal-count bins of yhat, interpolated; pooled with the global scale.
function levelSigma(residual: Float64Array, yhat: Float64Array, holiday: Uint8Array, global: number): Float64Array {
  const n = residual.length;
  const out = new Float64Array(n).fill(global);
  const idx: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = residual[i]!;
    // Extreme residuals are anomalies, not noise.
    if (!Number.isNaN(r) && !holiday[i] && Math.abs(r) <= 6 * global) idx.push(i);
  }
  const bins = Math.min(12, Math.floor(idx.length / 60));
  if (bins < 2) return out;
  idx.sort((a, b) => yhat[a]! - yhat[b]!);
  const centers: number[] = [];
  const scales: number[] = [];
  const prior = 20;
  for (let b = 0; b < bins; b++) {
    const part = idx.slice(Math.floor((b * idx.length) / bins), Math.floor(((b + 1) * idx.length) / bins));
    const s = robustSigma(part.map((i) => residual[i]!));
    centers.push(yhat[part[part.length >> 1]!]!);
    scales.push(Math.sqrt((part.length * s * s + prior * global * global) / (part.length + prior)));
  }
  for (let i = 0; i < n; i++) {
    const f = yhat[i]!;
    let s: number;
    if (f <= centers[0]!) s = scales[0]!;
    else if (f >= centers[bins - 1]!) s = scales[bins - 1]!;
    else {
      let b = 1;
      while (centers[b]! < f) b++;
      const c0 = centers[b - 1]!;
      const c1 = centers[b]!;
      s = c1 > c0 ? scales[b - 1]! + ((scales[b]! - scales[b - 1]!) * (f - c0)) / (c1 - c0) : scales[b]!;
    }
    out[i] = Math.max(s, 0.25 * global);
  }
  return out;
}

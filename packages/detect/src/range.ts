import { SENSITIVITY_Z, type Sensitivity as SensitivityName } from '@tidemark/contract';
import { type Grain, type InputPoint, type RegularSeries, type SeriesStatus, regularize } from './series';
import { CP_PENALTY, findBreaks } from './changepoints';
import { SLOT_RANGE, carve, scratch, scratchFlags } from './scratch';
import {
  TREND_HALF_WINDOWS,
  fillTrendPrefix,
  fitSeasonal,
  levelScale,
  localLinear,
  looError,
  fillScale,
  periodMean,
  roughSeasonal,
  seasonalWork,
  trendPrefix,
} from './decompose';
import { median, medianInPlace, normalQuantile } from './stats';

/** Band width: a sensitivity of the one scale (contract), or an explicit z or coverage level. */
export type Sensitivity = SensitivityName | { z: number } | { level: number };

export function sensitivityZ(s: Sensitivity | undefined): number {
  if (s === undefined) return SENSITIVITY_Z.moderate;
  if (typeof s === 'string') return SENSITIVITY_Z[s];
  if ('z' in s) return Number.isFinite(s.z) && s.z > 0 ? s.z : SENSITIVITY_Z.moderate;
  const level = Math.min(Math.max(s.level, 0.5), 0.999999);
  return normalQuantile(0.5 + level / 2);
}

export interface RangeOptions {
  grain?: Grain;
  sensitivity?: Sensitivity;
  /** Timestamps of holiday buckets: left out of the fit and never flagged. */
  holidays?: ReadonlyArray<number | string | Date>;
  /**
   * Timestamps of holiday buckets the series has no usable year of (a store's first Black Friday): left out
   * of the fit like holidays, but scored (`holidayScore`) against a band as wide as a holiday commonly moves
   * an ordinary bucket (OPEN_HOLIDAY_SPAN), so only a day beyond anything a holiday explains is raised.
   */
  openHolidays?: ReadonlyArray<number | string | Date>;
  /**
   * For a sum over event rows (orders, their revenue): the metric's mean value per row. A bucket expecting
   * k rows then never gets a band narrower than counting noise allows, √(yhat × rowValue) (k rows vary
   * by √k): three orders in a quiet night hour instead of five is chance, not a drop.
   */
  rowValue?: number;
  /**
   * For a share of rows (a cancellation rate): its rows at each bucket and the scale of a whole (100 for
   * percent points, 1 for a fraction). The band is never narrower than the binomial noise of a share of
   * that many rows: two cancellations among eleven marketplace orders is 18% by chance alone.
   */
  proportion?: { rowsAt: (timestamp: number) => number; whole: number };
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
  /** Residual in sigmas of its side, on the calibration scale (|score| > z exactly when y is outside the band); NaN for gaps, holidays and unmodelled statuses. */
  score: Float64Array;
  trend: Float64Array;
  seasonal: Float64Array;
  holiday: Uint8Array;
  /**
   * Scores of the open holidays' buckets (RangeOptions.openHolidays) against their wider band, NaN elsewhere.
   * Spikes read them; `score` keeps them NaN, so trend and forecast leave every holiday out.
   */
  holidayScore?: Float64Array;
  /** Buckets where the fitted trend may jump or bend: penalised changepoints of the de-seasonalised series. */
  breaks?: number[];
}

/** The default seasonal periods of a grain, keeping only those seen at least twice. */
export function defaultPeriods(grain: Grain, length: number): number[] {
  const candidates: Record<Grain, number[]> = { h: [24, 168, 8766], d: [7, 365], w: [52], m: [12] };
  return candidates[grain].filter((p) => length >= 2 * p);
}

// Shortest history that can be modelled: one full primary season.
const MIN_POINTS: Record<Grain, number> = { h: 24, d: 7, w: 8, m: 6 };
// Residuals of the rough pass beyond this many robust sigmas are left out of the full fit.
const OUTLIER_Z = 4;
// A run of first-pass residuals each beyond this many sigmas on one side sends the rough pass round again.
const RUN_Z_ROUGH = 2;
// A short run of residuals each beyond RUN_Z on one side, together worth OUTLIER_Z, is left out too.
const RUN_Z = 2.5;
// Log scale needs positive values: a few zeros (an outage hour) are allowed and become outliers.
const MAX_ZERO_SHARE = 0.05;
const MAX = Number.MAX_VALUE;
/**
 * How far a holiday the series has not seen may move an ordinary bucket and still be the season: from a
 * third of one (a quiet Christmas Day) to twice one (a busy sale weekend). A first Black Friday at four
 * times a normal day is beyond it.
 */
export const OPEN_HOLIDAY_SPAN = { down: 1 / 3, up: 2 } as const;

// Past this many expected rows the count is as good as normal.
const COUNTING_NORMAL = 400;

/** How rare k rows or fewer are in a bucket expecting lambda (Poisson), as a normal score (never above 0). */
function countingScore(k: number, lambda: number): number {
  if (lambda > COUNTING_NORMAL) return Math.min(0, (k - lambda) / Math.sqrt(lambda));
  let term = Math.exp(-lambda);
  let cdf = term;
  for (let j = 1; j <= Math.floor(k); j++) {
    term *= lambda / j;
    cdf += term;
  }
  return cdf >= 0.5 ? 0 : normalQuantile(Math.max(cdf, 1e-300));
}

/** How rare k rows or more are in a bucket expecting lambda (Poisson), as a normal score (never below 0). */
function countingScoreAbove(k: number, lambda: number): number {
  if (lambda > COUNTING_NORMAL) return Math.max(0, (k - lambda) / Math.sqrt(lambda));
  if (k <= lambda) return 0;
  // P(N ≥ k) = 1 − P(N ≤ k − 1).
  let term = Math.exp(-lambda);
  let below = term;
  for (let j = 1; j <= Math.ceil(k) - 1; j++) {
    term *= lambda / j;
    below += term;
  }
  return -normalQuantile(Math.max(1 - below, 1e-300));
}

/** The most rows a bucket expecting lambda holds without scoring above z. */
function countingHighest(lambda: number, z: number): number {
  if (lambda > COUNTING_NORMAL) return lambda + z * Math.sqrt(lambda);
  // One pass up the distribution: k + 1 rows would score −Φ⁻¹(P(N ≥ k + 1)) = −Φ⁻¹(1 − P(N ≤ k)).
  let term = Math.exp(-lambda);
  let cdf = term;
  let k = 0;
  while (-normalQuantile(Math.max(1 - cdf, 1e-300)) <= z) {
    term *= lambda / ++k;
    cdf += term;
  }
  return k;
}

/** The fewest rows a bucket expecting lambda holds without scoring below −z. */
function countingLowest(lambda: number, z: number): number {
  if (lambda > COUNTING_NORMAL) return Math.max(0, lambda - z * Math.sqrt(lambda));
  let term = Math.exp(-lambda);
  let cdf = term;
  let k = 0;
  while (normalQuantile(Math.max(cdf, 1e-300)) < -z && k < lambda) {
    term *= lambda / ++k;
    cdf += term;
  }
  return k;
}

/**
 * A two-day outage is a run of buckets each a little beyond the noise, none alone an outlier. Left in,
 * the break search takes it for a new level and the trend follows it down, so the dip is fitted rather
 * than flagged. A run no longer than the smoothest trend window (an excursion, not a level) whose
 * combined size (Stouffer) reaches OUTLIER_Z is left out of the fit like a single outlier. Runs are
 * measured with the outliers already out in them, so the long flank of a real level shift stays in.
 */
function dropExcursions(
  r: Float64Array,
  scale: Float64Array,
  valid: Uint8Array,
  keep: Uint8Array,
  maxRun: number,
): void {
  for (const [a, b] of excursions(r, scale, valid, {
    z: RUN_Z,
    maxRun,
    stouffer: OUTLIER_Z,
    downOnly: false,
  }))
    keep.fill(0, a, b);
}

/**
 * Runs of 2 up to maxRun consecutive valid buckets whose residuals are each beyond `z` sigmas on one side
 * (below only, with `downOnly`), together worth `stouffer`, and whose neighbours are back within the noise,
 * as [first, end) pairs. Around a real level shift the residuals lean to one side for half a period, broken
 * into runs by the season: an excursion's neighbours are back within the noise.
 */
function excursions(
  r: Float64Array,
  scale: Float64Array,
  valid: Uint8Array,
  o: { z: number; maxRun: number; stouffer: number; downOnly: boolean },
): Array<[number, number]> {
  const n = r.length;
  const u = (i: number): number => (valid[i] ? r[i]! / scale[i]! : 0);
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < n;) {
    const side = Math.sign(u(i));
    if (!(Math.abs(u(i)) > o.z) || (o.downOnly && side > 0)) {
      i++;
      continue;
    }
    let j = i + 1;
    let sum = Math.abs(u(i));
    while (j < n && side * u(j) > o.z) sum += side * u(j++);
    const k = j - i;
    if (
      k >= 2 &&
      k <= o.maxRun &&
      sum / Math.sqrt(k) >= o.stouffer &&
      flank(u, valid, i - 1, -1, side, o.maxRun) < 1 &&
      flank(u, valid, j, 1, side, o.maxRun) < 1
    )
      runs.push([i, j]);
    i = j;
  }
  return runs;
}

/** Mean residual on `side` over up to `count` valid buckets from `from`, stepping by `step`. */
function flank(
  u: (i: number) => number,
  valid: Uint8Array,
  from: number,
  step: number,
  side: number,
  count: number,
): number {
  let sum = 0;
  let k = 0;
  for (let i = from; i >= 0 && i < valid.length && k < count; i += step) {
    if (!valid[i]) continue;
    sum += side * u(i);
    k++;
  }
  return k > 0 ? sum / k : 0;
}

function holidayMask(series: RegularSeries, holidays: RangeOptions['holidays']): Uint8Array {
  const mask = new Uint8Array(series.timestamps.length);
  if (!holidays || holidays.length === 0) return mask;
  const grid = regularize(
    holidays.map((t) => ({ timestamp: t, value: 1 })),
    series.grain,
  );
  const days = new Set(
    grid.timestamps.filter((_, i) => !Number.isNaN(grid.values[i]!)).map((t) => Math.floor(t / 86_400_000)),
  );
  series.timestamps.forEach((t, i) => {
    if (days.has(Math.floor(t / 86_400_000))) mask[i] = 1;
  });
  return mask;
}

function emptyRange(
  series: RegularSeries,
  status: SeriesStatus,
  z: number,
  holiday: Uint8Array,
): ExpectedRange {
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
 * Fits the expected range of a whole history: yhat = trend + seasonal profiles (on the log scale for
 * positive metrics), and a band of z noise-sigmas whose scale follows the expected level. yhat is an
 * in-sample fit; the band is a prediction interval: its sigma adds the fit's own uncertainty at each
 * bucket (its leverage), so a point is judged as if it had been left out of its own fit.
 */
export function fitExpectedRange(
  input: readonly InputPoint[] | RegularSeries,
  options: RangeOptions = {},
): ExpectedRange {
  const series = Array.isArray(input)
    ? regularize(input as readonly InputPoint[], options.grain)
    : (input as RegularSeries);
  const z = sensitivityZ(options.sensitivity);
  const open = options.openHolidays?.length ? holidayMask(series, options.openHolidays) : null;
  const holiday = holidayMask(series, [...(options.holidays ?? []), ...(options.openHolidays ?? [])]);
  const x = series.values;
  const n = x.length;
  const grain = series.grain;
  let finite = 0;
  let zeros = 0;
  let min = Infinity;
  let max = -Infinity;
  // Work arrays (reused between calls): 10 of length n, seasonal work 6n, smoother sums 5(n + 1).
  const mem = scratch(SLOT_RANGE, 16 * n + 5 * (n + 1));
  const [buf, xm, trend, seasonal, levS, levT, zs, r, f, base, seasonMem, prefixMem] = carve(
    mem,
    n,
    n,
    n,
    n,
    n,
    n,
    n,
    n,
    n,
    n,
    6 * n,
    5 * (n + 1),
  );
  const tmp = buf;
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    if (v !== v) continue;
    if (v === 0) zeros++;
    else if (v > 0) buf[finite - zeros] = v;
    finite++;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (finite === 0) return emptyRange(series, 'no data', z, holiday);
  if (finite < MIN_POINTS[grain]) return emptyRange(series, 'not enough history', z, holiday);
  if (max - min <= 1e-12 * Math.max(1, Math.abs(max)))
    return emptyRange(series, 'constant series', z, holiday);

  const periods = (options.periods ?? defaultPeriods(grain, n))
    .filter((p) => Number.isInteger(p) && p >= 2 && n >= 2 * p)
    .sort((a, b) => a - b);
  const nonNegative = options.nonNegative ?? min >= 0;
  // Strictly positive metrics (orders, revenue, sessions) are multiplicative: level × day × week.
  // Their logarithm makes the seasons additive; a small offset lets a rare zero in as an outlier.
  const logMode = (options.multiplicative ?? true) && min >= 0 && max > 0 && zeros <= MAX_ZERO_SHARE * finite;
  const offset = logMode && zeros > 0 ? 0.01 * medianInPlace(buf, finite - zeros) : 0;
  const { flags, ints: bin } = scratchFlags(n, 2);
  const valid = flags[0]!;
  // Additive fits work in units of a power of two near the largest value: exact, and squares of values
  // near ±1e308 no longer overflow.
  const scaleExp = logMode
    ? 0
    : Math.min(1023, Math.max(-1022, Math.floor(Math.log2(Math.max(Math.abs(min), Math.abs(max))))));
  const toUnit = Math.pow(2, -scaleExp);
  const fromUnit = Math.pow(2, scaleExp);
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    xm[i] = logMode ? Math.log(v + offset) : v * toUnit;
    valid[i] = v === v && !holiday[i] ? 1 : 0;
  }
  const keep = flags[1]!;
  keep.set(valid);

  const work = seasonalWork(n, seasonMem);
  const tp = trendPrefix(n, prefixMem);

  const longest = periods.filter((p) => p <= n / 2).at(-1);
  const halves = TREND_HALF_WINDOWS[grain].filter((h) => h <= n / 4);
  let half = halves[Math.min(1, halves.length - 1)] ?? 1;
  // A near-perfect fit must not turn rounding error into outliers.
  const noiseFloor = logMode ? 0.002 : 0.002 * Math.abs(median(xm));
  let bounds: number[] = [0, n];

  // Rough pass, only to find outliers: a mean over the longest period, and plain phase means.
  if (longest) periodMean(xm, keep, longest, trend, tp);
  else {
    fillTrendPrefix(xm, null, keep, zs, tp);
    localLinear(zs, keep, tp, bounds, half, trend, null);
  }
  roughSeasonal(xm, trend, keep, periods, seasonal, work.comp);
  for (let i = 0; i < n; i++) {
    f[i] = trend[i]! + seasonal[i]!;
    r[i] = xm[i]! - f[i]!;
  }
  const rough = levelScale(r, f, valid, NaN, false, tmp, bin);
  fillScale(rough, f, noiseFloor, tmp, null);
  // Robust refit: a period mean is dragged by a two-day drop inside it, which then hides half its own
  // size. Runs (excursions, drops only) are looked for against a mean without the single outliers (a blast day
  // would drag its quiet neighbours into a run), on de-seasonalised values (a missing weekday does not
  // bias it); around each run the mean is taken again without it too, so the drop stands out against its
  // real baseline. Elsewhere the first pass stands, residuals and scale alike.
  const maxRun = TREND_HALF_WINDOWS[grain][0]!;
  // Not hourly: neighbouring hours share their noise, so such runs there are the noise's own (spikes.ts).
  if (longest && grain !== 'h') {
    for (let i = 0; i < n; i++) {
      keep[i] = valid[i] && Math.abs(r[i]!) <= OUTLIER_Z * tmp[i]! ? 1 : 0;
      zs[i] = xm[i]! - seasonal[i]!;
    }
    periodMean(zs, keep, longest, levS, tp);
    for (let i = 0; i < n; i++) base[i] = zs[i]! - levS[i]!;
    // Drops only: an outage's dragged baseline hides it, while a two-day rise of a noisy ratio (AOV) is as
    // often chance, and the spike rules see rises against the dragged mean anyway.
    const runs = excursions(base, tmp, keep, { z: RUN_Z_ROUGH, maxRun, stouffer: 0, downOnly: true });
    for (const [a, b] of runs) keep.fill(0, a, b);
    if (runs.length) {
      periodMean(zs, keep, longest, levS, tp);
      for (const [a, b] of runs)
        for (let i = Math.max(0, a - longest); i < Math.min(n, b + longest); i++) {
          trend[i] = levS[i]!;
          f[i] = trend[i]! + seasonal[i]!;
          r[i] = xm[i]! - f[i]!;
        }
    }
  }
  for (let i = 0; i < n; i++) keep[i] = valid[i] && Math.abs(r[i]!) <= OUTLIER_Z * tmp[i]! ? 1 : 0;
  dropExcursions(r, tmp, valid, keep, maxRun);

  // Full pass. Breaks and the trend's smoothness first, against the rough phase means ...
  fillTrendPrefix(xm, seasonal, keep, zs, tp);
  let breaks = findBreaks(zs, grain);
  bounds = breaks ? [0, ...breaks.cuts, n] : [0, n];
  if (halves.length > 1) {
    // The trend's smoothness is chosen by leave-one-out error (on every third bucket): as smooth as the data allow.
    let best = Infinity;
    for (const h of halves) {
      const err = looError(zs, keep, tp, bounds, h, 3);
      if (err < best) {
        best = err;
        half = h;
      }
    }
  }
  localLinear(zs, keep, tp, bounds, half, trend, null);
  // ... then the windowed seasonal profiles against that break-aware trend, the cuts re-dated on them,
  // and the final trend.
  fitSeasonal(xm, trend, keep, periods, seasonal, levS, work);
  fillTrendPrefix(xm, seasonal, keep, zs, tp);
  if (bounds.length > 2) {
    breaks = findBreaks(zs, grain, CP_PENALTY, 5, false, bounds.slice(1, -1));
    bounds = breaks ? [0, ...breaks.cuts, n] : [0, n];
  }
  localLinear(zs, keep, tp, bounds, half, trend, levT);
  for (let i = 0; i < n; i++) f[i] = trend[i]! + seasonal[i]!;
  const trim = rough.global;

  // Calibration on the scale where the noise is symmetric. Additive fits: plain residuals. Log fits:
  // relative residuals when the noise is symmetric on the metric's own scale (counts), log residuals when
  // it is symmetric on the log scale (revenue, multiplicative noise), judged by the mean residual above
  // vs below.
  let logScore = false;
  if (logMode) {
    const a = trim > 0 ? 4 * trim : Infinity;
    let lp = 0;
    let ln = 0;
    let lpc = 0;
    let lnc = 0;
    let up = 0;
    let un = 0;
    let upc = 0;
    let unc = 0;
    for (let i = 0; i < n; i++) {
      base[i] = Math.exp(f[i]!);
      if (!valid[i]) continue;
      const rl = xm[i]! - f[i]!;
      const ru = (x[i]! + offset) / base[i]! - 1;
      if (rl > 0 && rl < a) {
        lp += rl;
        lpc++;
      } else if (rl < 0 && rl > -a) {
        ln -= rl;
        lnc++;
      }
      if (ru > 0 && ru < a) {
        up += ru;
        upc++;
      } else if (ru < 0 && ru > -a) {
        un -= ru;
        unc++;
      }
    }
    const lopsided = (pos: number, pc: number, neg: number, nc: number): number =>
      pos > 0 && neg > 0 && pc > 0 && nc > 0 ? Math.abs(Math.log(pos / pc / (neg / nc))) : Infinity;
    // The log scale has to be clearly less lopsided: a margin of about three standard errors.
    logScore =
      lopsided(lp, lpc, ln, lnc) + Math.max(0.1, 3 / Math.sqrt(lpc + lnc + 1)) < lopsided(up, upc, un, unc);
  }
  for (let i = 0; i < n; i++) {
    if (!logMode) base[i] = f[i]!;
    const y = x[i]!;
    r[i] = !logMode ? y * toUnit - base[i]! : logScore ? xm[i]! - f[i]! : (y + offset) / base[i]! - 1;
  }
  const model = levelScale(r, f, valid, trim, true, tmp, bin);
  // Near-perfect series would turn rounding into anomalies: noise is never taken below 0.2% of the level.
  const floor = Math.max(noiseFloor, 0.25 * model.global, 1e-9);
  // In-sample residuals are narrower than prediction errors by the fit's own weight (leverage). The
  // noise is skewed when residuals above the centre run longer than those below (revenue): one ratio per
  // series from the mean standardised residual on each side, within 5 sigmas so anomalies do not set it.
  let hSum = 0;
  let hCount = 0;
  let upSum = 0;
  let up = 0;
  let downSum = 0;
  let down = 0;
  const scale = tmp;
  const loc = zs;
  fillScale(model, f, floor, scale, loc);
  for (let i = 0; i < n; i++) {
    const sc = scale[i]!;
    const lc = loc[i]!;
    if (keep[i]) {
      hSum += Math.min(0.5, levT[i]! + levS[i]!);
      hCount++;
    }
    if (!valid[i]) continue;
    const v = (r[i]! - lc) / sc;
    if (v > 0 && v < 5) {
      upSum += v;
      up++;
    } else if (v < 0 && v > -5) {
      downSum -= v;
      down++;
    }
  }
  const hMean = hCount > 0 ? hSum / hCount : 0;
  const skew =
    up > 30 && down > 30 && upSum > 0 && downSum > 0
      ? Math.min(1.5, Math.max(2 / 3, Math.sqrt(upSum / up / (downSum / down))))
      : 1;

  // The outputs share one allocation (they live and die together with the range).
  const [yhat, lower, upper, score, sigma, trendOut, seasonalOut] = carve(
    new Float64Array(7 * n),
    n,
    n,
    n,
    n,
    n,
    n,
    n,
  );
  const inflate = 1 / Math.sqrt(1 - hMean);
  const holidayScore = open ? new Float64Array(n).fill(NaN) : undefined;
  const rowValue = options.rowValue !== undefined && options.rowValue > 0 ? options.rowValue : 0;
  const proportion = options.proportion && options.proportion.whole > 0 ? options.proportion : null;
  // A share expected near zero on a quiet segment is still as likely as the series' own typical share.
  let typicalShare = 0;
  if (proportion) {
    let sum = 0;
    let k = 0;
    for (let i = 0; i < n; i++)
      if (valid[i]) {
        sum += x[i]!;
        k++;
      }
    typicalShare = k > 0 ? Math.min(1, Math.max(0, sum / k / proportion.whole)) : 0;
  }
  // A sum over event rows, scored as its count of rows (y / rowValue against yhat / rowValue): score and band.
  const countedBounds = (y: number, expected: number, perRow: number) => {
    const lambda = expected / perRow;
    const k = y / perRow;
    return {
      lo: countingLowest(lambda, z) * perRow,
      hi: countingHighest(lambda, z) * perRow,
      score: k >= lambda ? countingScoreAbove(Math.round(k), lambda) : countingScore(k, lambda),
    };
  };
  // A share of few rows, scored as counts (rare events among many rows are nearly Poisson): the score and
  // band edges it allows at bucket i, or null when the bucket has no rows.
  const shareBounds = (i: number, expected: number): { lo: number; hi: number; score: number } | null => {
    const rows = proportion!.rowsAt(series.timestamps[i]!);
    if (!(rows > 0)) return null;
    const whole = proportion!.whole;
    const lambda = Math.min(1, Math.max(typicalShare, expected / whole)) * rows;
    const k = (x[i]! / whole) * rows;
    const score =
      k >= lambda ? countingScoreAbove(Math.round(k), lambda) : countingScore(Math.round(k), lambda);
    return {
      lo: (countingLowest(lambda, z) / rows) * whole,
      hi: (Math.min(rows, countingHighest(lambda, z)) / rows) * whole,
      score,
    };
  };
  for (let i = 0; i < n; i++) {
    const h = Math.min(0.5, levT[i]! + levS[i]!);
    const unit = logMode ? base[i]! : fromUnit;
    const sd = unit * scale[i]! * inflate * Math.sqrt(1 + h);
    const y = x[i]!;
    let yh: number;
    let hi: number;
    let lo: number;
    if (logScore) {
      // Band and score on the log scale: y is outside the band exactly when |score| > z.
      const centre = base[i]! * Math.exp(loc[i]!);
      const s = scale[i]! * inflate * Math.sqrt(1 + h);
      yh = centre - offset;
      hi = centre * Math.exp(z * s * skew) - offset;
      lo = centre * Math.exp((-z * s) / skew) - offset;
      const d = xm[i]! - f[i]! - loc[i]!;
      score[i] = valid[i] ? d / (d >= 0 ? s * skew : s / skew) : NaN;
      sigma[i] = centre * s;
    } else {
      yh = logMode ? base[i]! * (1 + loc[i]!) - offset : (base[i]! + loc[i]!) * fromUnit;
      if (nonNegative && yh < 0) yh = 0;
      hi = yh + z * sd * skew;
      lo = yh - (z * sd) / skew;
      score[i] = valid[i] ? (y >= yh ? (y - yh) / (sd * skew) : (y - yh) / (sd / skew)) : NaN;
      sigma[i] = sd;
    }
    // Counts behind the value (event rows, or the rows a share is taken of) may say it is less rare than the
    // fitted scale does (the log scale stretches a quiet hour's zero without end): the milder score stands
    // and the band widens to match.
    for (const counted of [
      rowValue > 0 && yh > 0 ? countedBounds(y, yh, rowValue) : null,
      proportion ? shareBounds(i, yh) : null,
    ]) {
      if (!counted) continue;
      lo = Math.min(lo, counted.lo);
      hi = Math.max(hi, counted.hi);
      if (Math.abs(counted.score) < Math.abs(score[i]!)) score[i] = counted.score;
    }
    if (open?.[i] && yh > 0 && Number.isFinite(hi) && Number.isFinite(lo)) {
      const wide = openHolidayBand(y, yh, lo, hi, z);
      lo = wide.lo;
      hi = wide.hi;
      holidayScore![i] = wide.score;
    }
    // Values within a factor of two of the largest double can overflow; the range stays finite.
    if (!(Math.abs(yh) <= MAX)) yh = yh > 0 ? MAX : -MAX;
    yhat[i] = yh;
    upper[i] = hi > MAX ? MAX : hi;
    lower[i] = nonNegative && lo < 0 ? 0 : lo < -MAX ? -MAX : lo;
    const tr = logMode ? Math.exp(trend[i]!) - offset : trend[i]! * fromUnit;
    trendOut[i] = tr;
    seasonalOut[i] = yh - tr;
  }
  return {
    status: 'ok',
    grain,
    notes: series.notes,
    periods,
    z,
    multiplicative: logMode,
    timestamps: series.timestamps,
    y: x,
    yhat,
    lower,
    upper,
    sigma,
    score,
    trend: trendOut,
    seasonal: seasonalOut,
    holiday,
    ...(holidayScore ? { holidayScore } : {}),
    breaks: bounds.slice(1, -1),
  };
}

/**
 * The band of a holiday the series has not seen: the ordinary band stretched by OPEN_HOLIDAY_SPAN of the
 * expected value on each side, and the value's score against it (beyond the band in the ordinary band's
 * sigmas, so |score| > z exactly when the value is outside it).
 */
function openHolidayBand(
  y: number,
  yh: number,
  lo: number,
  hi: number,
  z: number,
): { lo: number; hi: number; score: number } {
  const wideHi = hi + (OPEN_HOLIDAY_SPAN.up - 1) * yh;
  const wideLo = lo - (1 - OPEN_HOLIDAY_SPAN.down) * yh;
  const up = Math.max((hi - yh) / z, 1e-12);
  const down = Math.max((yh - lo) / z, 1e-12);
  let score = NaN;
  if (Number.isFinite(y)) {
    if (y > wideHi) score = z + (y - wideHi) / up;
    else if (y < wideLo) score = -z - (wideLo - y) / down;
    else if (y >= yh) score = (z * (y - yh)) / Math.max(wideHi - yh, 1e-12);
    else score = (-z * (yh - y)) / Math.max(yh - wideLo, 1e-12);
  }
  return { lo: wideLo, hi: wideHi, score };
}

import type { ExpectedRange } from './range';
import { scoreSeverity, type MetricWeight, type SpikeIncident } from './spikes';

/**
 * Consecutive-bucket evidence for counts (a one-sided Poisson CUSUM). At a few rows a bucket one bucket's
 * count says little: three orders of a country that sells one a fortnight happen every few months by chance
 * in some value of some metric. What a merchant wants raised there is a run: several buckets, each above (or
 * below) its usual rate, adding up. Each bucket adds the log-likelihood ratio of its count under the rate
 * moved by `ratio` against the expected rate, x·ln r − λ·(r − 1); the sum restarts at zero whenever it would
 * fall below it, so quiet buckets between two blips wash the first one out.
 *
 * With r = 3 a bucket adds at most ln 3 ≈ 1.1 per row above nothing expected: a single bucket needs about
 * ten rows to reach RUN_EVIDENCE, a run of three a handful a day. With r = 1/2 a bucket with no rows adds
 * λ/2: a two-day −60 % drop of a value with thirty rows a day reaches it, one quiet hour never does.
 */

/** The rate a rise is tested against: three times the usual (a spike worth telling at a few rows). */
export const RUN_RATIO_UP = 3;
/** The rate a fall is tested against: half the usual (a payment method or a country half gone). */
export const RUN_RATIO_DOWN = 1 / 2;
/**
 * Evidence (natural log of a likelihood ratio) a run must reach. By Wald's bound a run of ordinary buckets
 * reaches it at most e^−10 ≈ 1/22,000 of the times it starts: about once in sixty years of daily buckets.
 */
export const RUN_EVIDENCE = 10;

export interface CountRun {
  /** The largest cumulative evidence reached, ≥ 0. */
  evidence: number;
  /** Indices of the first and last bucket of the run that reached it; -1 when no bucket added any. */
  from: number;
  to: number;
}

/**
 * The strongest run of `observed` counts against `expected` ones in `direction`. Buckets whose count or
 * expectation is not finite are skipped (a gap neither breaks nor feeds the run).
 */
export function countRun(
  observed: ArrayLike<number>,
  expected: ArrayLike<number>,
  direction: 'up' | 'down',
  ratio: number = direction === 'up' ? RUN_RATIO_UP : RUN_RATIO_DOWN,
): CountRun {
  if (!(ratio > 0) || ratio === 1) throw new RangeError('ratio must be positive and not 1');
  if ((direction === 'up') !== ratio > 1)
    throw new RangeError(`a ${direction} run needs a ratio on its side`);
  const log = Math.log(ratio);
  let sum = 0;
  let start = -1;
  const best: CountRun = { evidence: 0, from: -1, to: -1 };
  const n = Math.min(observed.length, expected.length);
  for (let i = 0; i < n; i++) {
    const x = observed[i]!;
    const lambda = Math.max(0, expected[i]!);
    if (!Number.isFinite(x) || !Number.isFinite(lambda)) continue;
    const step = Math.max(0, x) * log - lambda * (ratio - 1);
    if (sum + step <= 0) {
      sum = 0;
      start = -1;
      continue;
    }
    if (start < 0) start = i;
    sum += step;
    if (sum > best.evidence) {
      best.evidence = sum;
      best.from = start;
      best.to = i;
    }
  }
  return best;
}

/** Whether the counts hold a run in `direction` at least as strong as RUN_EVIDENCE. */
export function isCountRun(
  observed: ArrayLike<number>,
  expected: ArrayLike<number>,
  direction: 'up' | 'down',
  threshold = RUN_EVIDENCE,
): boolean {
  return countRun(observed, expected, direction).evidence >= threshold;
}

/**
 * Every run of `observed` counts against `expected` ones in `direction` that reaches `threshold`, in order:
 * each from the bucket its evidence started building to the bucket where it peaked. A run lasts until its
 * evidence is spent (the sum falls back to zero), so one long run is reported once.
 */
export function findCountRuns(
  observed: ArrayLike<number>,
  expected: ArrayLike<number>,
  direction: 'up' | 'down',
  threshold = RUN_EVIDENCE,
): CountRun[] {
  const ratio = direction === 'up' ? RUN_RATIO_UP : RUN_RATIO_DOWN;
  const log = Math.log(ratio);
  const out: CountRun[] = [];
  const n = Math.min(observed.length, expected.length);
  let sum = 0;
  let start = -1;
  let best: CountRun | null = null;
  const close = () => {
    if (best) out.push(best);
    best = null;
  };
  for (let i = 0; i < n; i++) {
    const x = observed[i]!;
    const lambda = Math.max(0, expected[i]!);
    if (!Number.isFinite(x) || !Number.isFinite(lambda)) continue;
    sum += Math.max(0, x) * log - lambda * (ratio - 1);
    if (sum <= 0) {
      // The run is over: report it where it peaked.
      close();
      sum = 0;
      start = -1;
      continue;
    }
    if (start < 0) start = i;
    if (sum >= threshold && (!best || sum > best.evidence)) best = { evidence: sum, from: start, to: i };
  }
  close();
  return out;
}

/**
 * Whether a window's actual lies beyond its band in `direction`. A band of a metric that never goes negative
 * is clipped at 0, its floor rather than an edge the noise reaches: a stop (actual 0 where something was
 * expected) is below it, and whether the stop is news is the run rule's to say (STOPPED_ROWS).
 */
export function beyondBand(
  direction: 'up' | 'down',
  actual: number,
  expected: number,
  lower: number,
  upper: number,
): boolean {
  if (direction === 'up') return actual > upper;
  return actual < lower || (actual === 0 && lower === 0 && expected > 0);
}

/** A bucket of no rows where at least this many were due (P(0) = e^−6.9 ≈ 1/1,000) is a stop, run or not. */
export const STOPPED_ROWS = -Math.log(1e-3);
/** Past this many expected rows a bucket's band already holds counting noise: the run rule is for fewer. */
export const RUN_MAX_ROWS = 50;
/** Buckets before a bucket that tell its usual rows (a rise is judged against at least that rate). */
const USUAL_BUCKETS = 28;

export interface CountRunOptions extends MetricWeight {
  /** Rows behind each bucket of the range (NaN where unknown). */
  rows: ArrayLike<number>;
  /** The metric's value per row: 1 for a count, the mean order value for revenue. */
  perRow: number;
  /** Smallest relative deviation worth an insight, as for spikes; default 0.05. */
  minLift?: number;
}

/**
 * Incidents the band alone does not show on a series of few rows a bucket: runs of buckets whose rows add up
 * to RUN_EVIDENCE against the rows expected (for a rise, at least the usual rate of the weeks before), and
 * buckets that held no row where about seven were due. Holidays and gaps (no score) end a run. An incident is
 * kept only when its window as a whole is outside its band, so what it claims is what its window shows.
 */
export function detectCountRuns(range: ExpectedRange, options: CountRunOptions): SpikeIncident[] {
  if (range.status !== 'ok' || !(options.perRow > 0)) return [];
  const { y, yhat, lower, upper, score, timestamps } = range;
  const n = y.length;
  const rows = Float64Array.from({ length: n }, (_, i) => options.rows[i] ?? Number.NaN);
  const due = Float64Array.from({ length: n }, (_, i) => yhat[i]! / options.perRow);
  const open = (i: number) =>
    Number.isFinite(score[i]!) && Number.isFinite(rows[i]!) && due[i]! >= 0 && due[i]! < RUN_MAX_ROWS;
  // The usual rows of the USUAL_BUCKETS scored buckets before each one.
  const usual = new Float64Array(n);
  {
    let sum = 0;
    const window: number[] = [];
    for (let i = 0; i < n; i++) {
      usual[i] = window.length ? sum / window.length : 0;
      if (!open(i)) continue;
      window.push(rows[i]!);
      sum += rows[i]!;
      if (window.length > USUAL_BUCKETS) sum -= window.shift()!;
    }
  }
  const found: Array<{ from: number; to: number; direction: 'up' | 'down'; evidence: number }> = [];
  for (let a = 0; a < n;) {
    if (!open(a)) {
      a++;
      continue;
    }
    let b = a;
    while (b + 1 < n && open(b + 1)) b++;
    const seen = rows.subarray(a, b + 1);
    const rising = Float64Array.from({ length: b - a + 1 }, (_, k) => Math.max(due[a + k]!, usual[a + k]!));
    for (const run of findCountRuns(seen, rising, 'up'))
      found.push({ from: a + run.from, to: a + run.to, direction: 'up', evidence: run.evidence });
    for (const run of findCountRuns(seen, due.subarray(a, b + 1), 'down'))
      found.push({ from: a + run.from, to: a + run.to, direction: 'down', evidence: run.evidence });
    for (let i = a; i <= b; i++)
      if (rows[i] === 0 && due[i]! >= STOPPED_ROWS && !found.some((f) => f.from <= i && f.to >= i))
        found.push({ from: i, to: i, direction: 'down', evidence: due[i]! });
    a = b + 1;
  }
  const minLift = options.minLift ?? 0.05;
  const incidents: SpikeIncident[] = [];
  for (const run of found.sort((p, q) => p.from - q.from)) {
    let current = 0;
    let expected = 0;
    let lo = 0;
    let hi = 0;
    let count = 0;
    let peak = run.from;
    for (let i = run.from; i <= run.to; i++) {
      current += y[i]!;
      expected += yhat[i]!;
      lo += lower[i]!;
      hi += upper[i]!;
      if (Math.abs(score[i]!) > range.z) count++;
      if (Math.abs(score[i]!) > Math.abs(score[peak]!)) peak = i;
    }
    if (!beyondBand(run.direction, current, expected, lo, hi)) continue;
    const lift = expected !== 0 ? (current - expected) / Math.abs(expected) : Number.NaN;
    if (Number.isFinite(lift) && Math.abs(lift) < minLift) continue;
    // The likelihood ratio's signed root: the run's evidence in standard deviations.
    const sigmas = Math.sqrt(2 * run.evidence) * (run.direction === 'up' ? 1 : -1);
    const { severity, score: severityScore } = scoreSeverity(sigmas, lift, run.to - run.from + 1, options);
    incidents.push({
      start: timestamps[run.from]!,
      end: timestamps[run.to]!,
      startIndex: run.from,
      endIndex: run.to,
      peakIndex: peak,
      direction: run.direction,
      count,
      current,
      expected,
      lower: lo,
      upper: hi,
      lift,
      evidence: sigmas,
      severity,
      severityScore,
    });
  }
  return incidents;
}

import type { ExpectedRange } from './range';
import type { Grain } from './series';

export type Severity = 'High' | 'Medium' | 'Low';
export type Direction = 'up' | 'down';

/** What the metric means to the business; drives severity. */
export interface MetricWeight {
  /** 1 is most important (spec tier 1-3). */
  tier?: 1 | 2 | 3;
  /** Share of the topline this metric drives, 0..1. */
  impact_to_topline?: number;
}

export interface SpikeOptions extends MetricWeight {
  /** Evidence (peak z, or mean z × √min(k,3) over a run of k) a one-bucket incident needs; default band z + 2.5. */
  incidentZ?: number;
  /** Evidence an incident of two or more buckets outside the band needs (days, weeks, months); default band z + 1.5. */
  runZ?: number;
  /** Smallest relative deviation worth an insight (|lift|), default 0.05 = 5%. */
  minLift?: number;
  /** Buckets after an incident during which a new one in the same direction extends it. */
  cooldown?: number;
  /** How incident totals combine buckets: sum for counts and money, mean for rates. */
  aggregation?: 'sum' | 'mean';
}

export interface SpikeIncident {
  start: number;
  end: number;
  /** Bucket indices [startIndex, endIndex] inside the range arrays. */
  startIndex: number;
  endIndex: number;
  peakIndex: number;
  direction: Direction;
  /** Buckets outside the band within the incident. */
  count: number;
  current: number;
  expected: number;
  lower: number;
  upper: number;
  /** (current − expected) / |expected|; NaN when expected is zero. */
  lift: number;
  /** Combined evidence of the run in standard deviations. */
  evidence: number;
  severity: Severity;
  /** 0..∞ score behind the severity. */
  severityScore: number;
}

export const DEFAULT_COOLDOWN: Record<Grain, number> = { h: 6, d: 2, w: 1, m: 1 };

const TIER_WEIGHT = { 1: 1, 2: 0.75, 3: 0.5 } as const;

/**
 * Severity from size (evidence and lift), duration, the metric's tier and its impact on the topline.
 * Tier 1 at 50% impact, 6 sigma and 20% lift for one bucket scores 1.5, the edge of High.
 */
export function scoreSeverity(
  evidence: number,
  lift: number,
  buckets: number,
  weight: MetricWeight = {},
): { severity: Severity; score: number } {
  const size =
    Math.min(Math.abs(evidence) / 6, 2) *
    (0.5 + Math.min(Number.isFinite(lift) ? Math.abs(lift) / 0.2 : 1, 1.5));
  const duration = 1 + 0.25 * Math.log2(Math.max(1, buckets));
  const tier = TIER_WEIGHT[weight.tier ?? 2];
  const impact = 0.5 + Math.min(Math.max(weight.impact_to_topline ?? 0.5, 0), 1);
  const score = size * duration * tier * impact;
  return { severity: score >= 1.5 ? 'High' : score >= 0.75 ? 'Medium' : 'Low', score };
}

/**
 * Every bucket's score, with the open holidays' (a holiday the series has not seen, scored against its wider
 * band) where `score` leaves holidays out.
 */
function scoredBuckets(range: ExpectedRange): { score: Float64Array; holiday: Uint8Array | null } {
  const open = range.holidayScore;
  if (!open) return { score: range.score, holiday: null };
  const score = Float64Array.from(range.score);
  const holiday = new Uint8Array(score.length);
  for (let i = 0; i < score.length; i++)
    if (Number.isNaN(score[i]!) && Number.isFinite(open[i]!)) {
      score[i] = open[i]!;
      holiday[i] = 1;
    }
  return { score, holiday };
}

/**
 * Spikes: runs of buckets outside the band, merged while they keep one direction (and across the
 * cooldown), kept when their combined evidence and lift are large enough to be worth an insight.
 */
export function detectSpikes(range: ExpectedRange, options: SpikeOptions = {}): SpikeIncident[] {
  if (range.status !== 'ok') return [];
  // Under three cycles of the primary season the seasonal shape is a guess: show the band, raise nothing.
  if (range.y.length < 3 * (range.periods[0] ?? 1)) return [];
  const { y, yhat, lower, upper, timestamps } = range;
  const { score, holiday } = scoredBuckets(range);
  const n = score.length;
  const incidentZ = options.incidentZ ?? range.z + 2.5;
  // Two neighbouring days outside the band on one side are far rarer by chance than one is: a two-day
  // outage at 3 sigmas a day is as sure as one day at 5. Neighbouring hours share their noise (a slow
  // afternoon), so hourly runs get no such credit.
  const runZ = range.grain === 'h' ? incidentZ : Math.min(incidentZ, options.runZ ?? range.z + 1.5);
  const minLift = options.minLift ?? 0.05;
  const cooldown = options.cooldown ?? DEFAULT_COOLDOWN[range.grain];
  const mean = options.aggregation === 'mean';

  type Run = { a: number; b: number; dir: Direction; zsum: number; count: number; peak: number };
  const runs: Run[] = [];
  let cur: Run | null = null;
  for (let i = 0; i < n; i++) {
    const s = score[i]!;
    const out = Number.isFinite(s) && Math.abs(s) > range.z;
    const dir: Direction = s > 0 ? 'up' : 'down';
    if (out && cur && cur.dir === dir && i === cur.b + 1) {
      cur.b = i;
      cur.zsum += s;
      cur.count++;
      if (Math.abs(s) > Math.abs(score[cur.peak]!)) cur.peak = i;
      continue;
    }
    if (cur) runs.push(cur);
    cur = out ? { a: i, b: i, dir, zsum: s, count: 1, peak: i } : null;
  }
  if (cur) runs.push(cur);

  const incidents: SpikeIncident[] = [];
  let last: Run | null = null;
  for (const r of runs) {
    const merged = last && last.dir === r.dir && r.a - last.b <= cooldown + 1 ? last : null;
    if (merged) {
      const before = qualifies(merged);
      const after = qualifies(r);
      // One incident is one insight: a repeat inside the cooldown extends it. A blip too weak to be an incident
      // neither anchors a real one that follows (a 5 AM blip would pad a 10 AM spike with normal hours) nor
      // stretches one it follows.
      if (before === after) {
        merged.b = r.b;
        merged.zsum += r.zsum;
        merged.count += r.count;
        if (Math.abs(score[r.peak]!) > Math.abs(score[merged.peak]!)) merged.peak = r.peak;
      } else if (!before) last = { ...r };
      continue;
    }
    if (last) pushIncident(last);
    last = { ...r };
  }
  if (last) pushIncident(last);
  return incidents;

  // Residuals of neighbouring buckets are correlated, so a long run earns a modest bonus, not √k.
  function runEvidence(r: Run): number {
    const mean = Math.abs(r.zsum) / r.count;
    const peak = Math.abs(score[r.peak]!);
    const value = Math.max(peak, mean * Math.sqrt(Math.min(r.count, 3)));
    return r.dir === 'up' ? value : -value;
  }

  // An unseen holiday's band already spans what a holiday may do, and a year holds a dozen of them, not
  // thousands of ordinary buckets: beyond it is an incident.
  function qualifies(r: Run): boolean {
    if (holiday?.[r.peak]) return true;
    return Math.abs(runEvidence(r)) >= (r.count >= 2 ? runZ : incidentZ);
  }

  function pushIncident(r: Run): void {
    const evidence = runEvidence(r);
    if (!qualifies(r)) return;
    let current = 0;
    let expected = 0;
    let lo = 0;
    let hi = 0;
    let k = 0;
    for (let i = r.a; i <= r.b; i++) {
      if (!Number.isFinite(score[i]!)) continue;
      current += y[i]!;
      expected += yhat[i]!;
      lo += lower[i]!;
      hi += upper[i]!;
      k++;
    }
    if (k === 0) return;
    if (mean) {
      current /= k;
      expected /= k;
      lo /= k;
      hi /= k;
    }
    // The incident as a whole must be outside its band: what it claims is what its window shows.
    if (r.dir === 'up' ? current <= hi : current >= lo) return;
    const lift = expected !== 0 ? (current - expected) / Math.abs(expected) : NaN;
    if (Number.isFinite(lift) && Math.abs(lift) < minLift) return;
    const { severity, score: severityScore } = scoreSeverity(evidence, lift, r.b - r.a + 1, options);
    incidents.push({
      start: timestamps[r.a]!,
      end: timestamps[r.b]!,
      startIndex: r.a,
      endIndex: r.b,
      peakIndex: r.peak,
      direction: r.dir,
      count: r.count,
      current,
      expected,
      lower: lo,
      upper: hi,
      lift,
      evidence,
      severity,
      severityScore,
    });
  }
}

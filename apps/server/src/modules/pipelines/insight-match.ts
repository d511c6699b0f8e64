import type { Grain } from '@tidemark/detect';

/** What matching compares of a new finding and of a stored insight: its series, kind and window. */
export interface MatchKey {
  dim_name: string;
  dim_val: string;
  pattern_type: string;
  direction: string;
  /** Start of the first and of the last bucket (epoch ms). */
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;

/**
 * How long a bucket lasts, to turn bucket starts into the stretch of time a window covers. Months are taken at
 * their shortest and days without their daylight-saving hour, so neighbouring buckets never seem to overlap.
 */
const BUCKET_MS: Record<Grain, number> = { h: 3_600_000, d: 23 * 3_600_000, w: 7 * DAY_MS, m: 28 * DAY_MS };

/**
 * A spike is the same one when the time it covers overlaps the stored one's by at least a quarter of a bucket.
 * On one zone's grid that is any shared bucket, as before; after the store's time zone changed, every bucket
 * start moved by the change of offset, and the same day seen from the new zone still shares most of its hours.
 */
const MIN_OVERLAP_MS: Record<Grain, number> = {
  h: BUCKET_MS.h / 4,
  d: BUCKET_MS.d / 4,
  w: BUCKET_MS.w / 4,
  m: BUCKET_MS.m / 4,
};

/**
 * A re-dated trend change within this distance is the same change seen with more data (or from another time
 * zone). Hourly changes are searched on day blocks (the engine's CP_BLOCK), so they move by days as a daily
 * series' do.
 */
const SAME_TREND_MS: Record<Grain, number> = {
  h: 7 * DAY_MS,
  d: 7 * DAY_MS,
  w: 28 * DAY_MS,
  m: 92 * DAY_MS,
};

/** How well a finding fits a stored insight (higher is closer), or null when they are different anomalies. */
function closeness(grain: Grain, f: MatchKey, e: MatchKey): number | null {
  if (f.dim_name !== e.dim_name || f.dim_val !== e.dim_val || f.pattern_type !== e.pattern_type) return null;
  if (f.pattern_type === 'Trend Change') {
    const apart = Math.abs(f.start - e.start);
    if (apart > SAME_TREND_MS[grain]) return null;
    // A re-estimated change may turn its direction (the stored one takes the new one); the same direction wins.
    return (f.direction === e.direction ? 2 : 1) * SAME_TREND_MS[grain] - apart;
  }
  if (f.direction !== e.direction) return null;
  const overlap = Math.min(f.end, e.end) + BUCKET_MS[grain] - Math.max(f.start, e.start);
  return overlap >= MIN_OVERLAP_MS[grain] ? overlap : null;
}

/**
 * Pairs each finding of a run with the stored insight it describes, one to one: the closest pairs first (most
 * time in common, or the nearest date for a trend change). After a change of time zone a new day overlaps two
 * old ones; it takes the one holding its middle (its local noon), where a store's day mostly happens. Answers,
 * per finding, the stored insight or null for a new one.
 */
export function matchInsights<S extends MatchKey & { insight_id: number }>(
  grain: Grain,
  findings: readonly MatchKey[],
  stored: readonly S[],
): Array<S | null> {
  const pairs: Array<{ f: number; e: number; score: number }> = [];
  findings.forEach((f, fi) =>
    stored.forEach((e, ei) => {
      const score = closeness(grain, f, e);
      if (score !== null) pairs.push({ f: fi, e: ei, score });
    }),
  );
  // Ties (a day moved by exactly half a day) pair in time order: the earlier finding with the earlier insight.
  pairs.sort(
    (a, b) =>
      b.score - a.score ||
      findings[a.f]!.start - findings[b.f]!.start ||
      stored[a.e]!.start - stored[b.e]!.start ||
      stored[a.e]!.insight_id - stored[b.e]!.insight_id,
  );
  const out: Array<S | null> = findings.map(() => null);
  const taken = new Set<number>();
  for (const p of pairs) {
    if (out[p.f] !== null || taken.has(p.e)) continue;
    out[p.f] = stored[p.e]!;
    taken.add(p.e);
  }
  return out;
}

/**
 * bench:bends — how well can a growth reversal in daily orders be dated? The engine against a least-squares
 * hinge that knows the exact shape (log scale, the true weekday factors, one bend), on stores like the
 * sample store: 397 days, 500 orders a day, +2 %/month bending on day 318 (7 September). Then the same
 * stores with the sample store's yearly season, which the engine cannot learn from 13 months.
 * Figures only, nothing asserted: trend.test.ts holds the engine to the −10 % case.
 */
import { analyzeSeries } from '../src/analyze';
import { bendingDailyOrders } from '../src/testing';
import { yearlyFactor } from '../../sample-data/src/model';

const STORES = Number(process.env.BENCH_STORES ?? 100);
const DAYS = 397;
const BEND = 318;
const FIRST_DAY_OF_YEAR = 297; // 24 October
/** Monthly growth after the bend; the sample store plants KEY (+2 % to −12 %/month, issue 26). */
const SIZES = [-0.04, -0.06, -0.1, -0.12, -0.16];
const KEY = -0.12;
const WEEKDAY = [1.03, 1.06, 1.03, 1.0, 0.98, 0.93, 0.86];

const seasonOf = (t: number): number => yearlyFactor(((FIRST_DAY_OF_YEAR - 1 + t) % 365) + 1);

const storeOf = (after: number, seed: number, seasonal: boolean) =>
  bendingDailyOrders({
    days: DAYS,
    bendAt: BEND,
    before: 0.02,
    after,
    seed,
    yearly: seasonal ? seasonOf : undefined,
  });

/** Days from the planted bend to the engine's last change, when it found one going down. */
function engineError(after: number, seed: number, seasonal: boolean): number {
  const { trend } = analyzeSeries(storeOf(after, seed, seasonal), { grain: 'd', aggregation: 'sum' });
  const cp = trend.lastChangepoint;
  return cp && trend.direction === 'down' ? cp.index - BEND : Number.NaN;
}

/** Best single hinge a + b·t + c·(t − k)⁺ on log(orders / weekday) over the last 150 days. */
function oracleError(after: number, seed: number, seasonal: boolean): number {
  const y = storeOf(after, seed, seasonal).map((p, t) =>
    Math.log(Math.max(1, p.value as number) / WEEKDAY[t % 7]!),
  );
  const lo = DAYS - 150;
  let best = lo;
  let bestRss = Infinity;
  for (let k = lo + 14; k < DAYS - 14; k++) {
    const m = [
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    for (let t = lo; t < DAYS; t++) {
      const x = [1, t - lo, Math.max(0, t - k)];
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) m[i]![j]! += x[i]! * x[j]!;
        m[i]![3]! += x[i]! * y[t]!;
      }
    }
    for (let i = 0; i < 3; i++) {
      const p = m[i]![i]!;
      for (let j = i; j < 4; j++) m[i]![j]! /= p;
      for (let q = 0; q < 3; q++) {
        if (q === i) continue;
        const f = m[q]![i]!;
        for (let j = i; j < 4; j++) m[q]![j]! -= f * m[i]![j]!;
      }
    }
    let rss = 0;
    for (let t = lo; t < DAYS; t++) {
      const r = y[t]! - (m[0]![3]! + m[1]![3]! * (t - lo) + m[2]![3]! * Math.max(0, t - k));
      rss += r * r;
    }
    if (rss < bestRss) {
      bestRss = rss;
      best = k;
    }
  }
  return best - BEND;
}

const share = (errors: number[], days: number): number =>
  (100 * errors.filter((e) => Math.abs(e) <= days).length) / errors.length;
const pct = (x: number): string => `${x.toFixed(0)}%`.padStart(5);

console.log(
  `bench:bends — ${STORES} stores × ${DAYS} days of daily orders (500 a day, 3.5 % day wobble, counting noise),`,
);
console.log('+2 %/month bending on day 318 (7 Sep); a change counts when it goes down\n');
console.log(
  'after bend | engine found | engine ≤3 d | engine ≤7 d | oracle ≤3 d | oracle ≤7 d | with season: engine found, engine ≤7 d, oracle ≤7 d',
);
const summary: Record<string, number> = {};
for (const after of SIZES) {
  const seeds = Array.from({ length: STORES }, (_, i) => i + 1);
  const engine = seeds.map((s) => engineError(after, s, false));
  const oracle = seeds.map((s) => oracleError(after, s, false));
  const seasonalOracle = seeds.map((s) => oracleError(after, s, true));
  const seasonal = seeds.map((s) => engineError(after, s, true));
  const found = (errors: number[]) => (100 * errors.filter((e) => !Number.isNaN(e)).length) / errors.length;
  console.log(
    `${`${(after * 100).toFixed(0)} %/mo`.padStart(10)} | ${pct(found(engine)).padStart(12)} | ${pct(share(engine, 3)).padStart(11)} | ${pct(share(engine, 7)).padStart(11)} | ${pct(share(oracle, 3)).padStart(11)} | ${pct(share(oracle, 7)).padStart(11)} | ${pct(found(seasonal))}, ${pct(share(seasonal, 7))}, ${pct(share(seasonalOracle, 7))}`,
  );
  if (after === KEY) {
    summary.clean = share(engine, 7);
    summary.oracle = share(oracle, 7);
    summary.seasonal = share(seasonal, 7);
    summary.seasonalOracle = share(seasonalOracle, 7);
  }
}
const fig = (k: string): string => `${summary[k]!.toFixed(0)}%`;
console.log(
  `bends key=${KEY * 100}%/mo clean_within_7d=${fig('clean')} oracle_within_7d=${fig('oracle')} ` +
    `seasonal_within_7d=${fig('seasonal')} seasonal_oracle_within_7d=${fig('seasonalOracle')}`,
);

import { createHash } from 'node:crypto';
import { bucketEnd } from '@tidemark/format';
import type { SeriesInput } from './pipelines.repository';

/**
 * How many of a series' buckets are complete at `now`: every one but the last, and the last too once it has
 * ended in the workspace's zone. The grid ends at the newest data, so only the last can still be filling; by
 * the clock rather than by position, a day that just closed is scored on the next run, not a day later. With
 * `dataUntil` (the end of the newest hour holding rows), the data must also reach the last bucket's final
 * stretch: an export cut on a Tuesday afternoon leaves its week and its Tuesday partial whatever the clock
 * says, and a partial bucket read as whole is a made-up drop. The stretch allows a quiet evening (a day
 * whose last order came at 7 PM is whole).
 */
export function completeCount(
  ts: readonly number[],
  grain: string,
  timezone: string,
  now: number,
  dataUntil?: number,
): number {
  if (ts.length === 0) return 0;
  const end = bucketEnd(ts.at(-1)!, grain, timezone);
  const reached = dataUntil === undefined || end - dataUntil <= (QUIET_TAIL_MS[grain] ?? 0);
  return end <= now && reached ? ts.length : ts.length - 1;
}

/** How long before a bucket's end its data may stop with the bucket still whole. */
const QUIET_TAIL_MS: Record<string, number> = { h: 0, d: 6 * 3_600_000, w: 86_400_000, m: 3 * 86_400_000 };

/**
 * An hourly dimension value is fitted again only every REFIT_WITHIN hours or so (staggered per value, so the
 * values of a metric do not all refit in the same hour); in between, each new hour reuses its last fit's
 * forecast as the expected value. Its fit only serves the overall insights' root cause (hourly values raise
 * nothing themselves), and refitting every value every hour made an hour's update take 20–30 s.
 */
const REFIT_WITHIN = { min: 6, spread: 18 };

function refitAfterHours(row: SeriesInput): number {
  const h = createHash('sha256').update(`${row.dim_name}\u0000${row.dim_val}`).digest();
  return REFIT_WITHIN.min + (h[0]! % REFIT_WITHIN.spread);
}

/**
 * The expected value of each complete bucket of an hourly dimension value from its last fit, when that fit
 * can be carried forward: the buckets it was made from are unchanged (same digest), and the hours since are
 * few and covered by its forecast. Null when the value must be fitted again.
 */
export function carriedExpected(
  row: SeriesInput,
  settings: string,
  complete = row.ts.length - 1,
): Array<number | null> | null {
  if (row.dim_name === '' || row.fit_status !== 'ok' || !row.yhat || !row.fit_input) return null;
  const fitted = row.yhat.length;
  const since = complete - fitted;
  if (since <= 0 || since > refitAfterHours(row)) return null;
  if (fitInputOf(row, settings, fitted) !== row.fit_input) return null;
  const forecast = new Map((row.forecast_ts ?? []).map((t, i) => [t, row.forecast_yhat?.[i] ?? null]));
  const expected: Array<number | null> = row.yhat.slice();
  for (let i = fitted; i < complete; i++) {
    const v = forecast.get(row.ts[i]!);
    if (v === undefined) return null;
    expected.push(v);
  }
  return expected;
}

/**
 * A digest of what a fit is made from: the first `complete` buckets' times and values (completeCount), so
 * the last bucket closing changes it and the series is fitted again.
 */
export function fitInputOf(row: SeriesInput, settings: string, complete = row.ts.length - 1): string {
  const values = new Float64Array(Math.max(0, complete) * 2);
  for (let i = 0; i < complete; i++) {
    values[2 * i] = row.ts[i]!;
    values[2 * i + 1] = row.y[i] ?? Number.NaN;
  }
  return createHash('sha256').update(settings).update(new Uint8Array(values.buffer)).digest('hex');
}

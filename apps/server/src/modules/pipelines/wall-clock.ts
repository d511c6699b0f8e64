import { zoneOffsetMinutes } from '@tidemark/format';

const HOUR = 3_600_000;
const MINUTE = 60_000;
// Offsets are read once a day (zones change at most twice a year); a change is then found to the minute.
const PROBE = 24 * HOUR;

/**
 * The store's wall clock for hourly fits. Hourly buckets are the store's local hours stored as instants, so
 * on a UTC grid a day's shape moves by an hour at each daylight-saving change, and for the week after it the
 * engine reads the quiet night hours as a surge or a drop. On the wall clock a day always starts at the
 * same bucket.
 */
export interface WallClock {
  /** The instant's wall-clock time written as if it were UTC. */
  toLocal(utc: number): number;
  /** The bucket is an hour that happens twice (the autumn change): it holds two hours of data. */
  repeated(utc: number): boolean;
}

export function wallClock(timezone: string, from: number, to: number): WallClock {
  const offset = (t: number) => zoneOffsetMinutes(t, timezone) * MINUTE;
  // Instants where the offset changes, with the offset from then on.
  const changes: Array<{ at: number; offset: number }> = [{ at: -Infinity, offset: offset(from) }];
  for (let t = from; t < to + PROBE; t += PROBE) {
    const next = offset(t + PROBE);
    if (next === changes.at(-1)!.offset) continue;
    let lo = t;
    let hi = t + PROBE;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (offset(mid) === next) hi = mid;
      else lo = mid;
    }
    changes.push({ at: hi, offset: next });
  }
  const offsetAt = (t: number): number => {
    let i = changes.length - 1;
    while (i > 0 && changes[i]!.at > t) i--;
    return changes[i]!.offset;
  };
  const toLocal = (t: number) => t + offsetAt(t);
  return {
    toLocal,
    repeated: (t) =>
      changes.length > 1 &&
      (Math.abs(toLocal(t + HOUR) - toLocal(t)) < HOUR || Math.abs(toLocal(t) - toLocal(t - HOUR)) < HOUR),
  };
}

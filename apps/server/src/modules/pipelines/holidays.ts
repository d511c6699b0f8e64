import { addInTimezone, startOfInTimezone } from '@tidemark/format';

/**
 * The retail calendar every store shares: the days around Thanksgiving, Black Friday and Cyber Monday,
 * Christmas and the New Year. Their peaks and troughs are the season, not anomalies: the engine models
 * them apart and never raises them (a store's first year could not learn them from its own history).
 */
export interface Holiday {
  name: string;
  /** Its place in the season ('Thanksgiving week 2'): the same key a year earlier is the same day. */
  key: string;
  /** Local midnight to local midnight, epoch ms. */
  start: number;
  end: number;
}

function localDay(year: number, month: number, day: number, timezone: string): number {
  // Noon UTC of the date is inside the same local date for every zone within ±12 h.
  return startOfInTimezone(Date.UTC(year, month - 1, day, 12), 'day', timezone);
}

/** Each pipeline run asks for the same years and zone once per metric; the calendar is worked out once. */
const calendars = new Map<string, readonly Holiday[]>();
const CALENDARS_MAX = 256;

export function retailHolidays(from: number, to: number, timezone: string): Holiday[] {
  const first = new Date(from).getUTCFullYear() - 1;
  const last = new Date(to).getUTCFullYear() + 1;
  const key = `${first} ${last} ${timezone}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    calendar = calendarOf(first, last, timezone);
    if (calendars.size >= CALENDARS_MAX) calendars.clear();
    calendars.set(key, calendar);
  }
  // Copies: a caller may keep or change what it was given.
  return calendar.filter((h) => h.end > from && h.start < to).map((h) => ({ ...h }));
}

/** Every retail holiday of the years `first`…`last` in the zone, in order. */
function calendarOf(first: number, last: number, timezone: string): Holiday[] {
  const out: Holiday[] = [];
  for (let year = first; year <= last; year++) {
    const novFirst = new Date(Date.UTC(year, 10, 1)).getUTCDay();
    const thanksgiving = 1 + ((4 - novFirst + 7) % 7) + 21;
    const days: Array<[string, number, number, number]> = [
      ['Thanksgiving week', year, 11, thanksgiving - 3],
      ['Thanksgiving week', year, 11, thanksgiving - 2],
      ['Thanksgiving week', year, 11, thanksgiving - 1],
      ['Thanksgiving', year, 11, thanksgiving],
      ['Black Friday', year, 11, thanksgiving + 1],
      ['Black Friday weekend', year, 11, thanksgiving + 2],
      ['Black Friday weekend', year, 11, thanksgiving + 3],
      ['Cyber Monday', year, 11, thanksgiving + 4],
      ['Cyber week', year, 11, thanksgiving + 5],
      ['Cyber week', year, 11, thanksgiving + 6],
      ['Christmas Eve', year, 12, 24],
      ['Christmas', year, 12, 25],
      ['Boxing Day', year, 12, 26],
      ["New Year's Eve", year, 12, 31],
      ['New Year', year + 1, 1, 1],
    ];
    const seen = new Map<string, number>();
    for (const [name, y, m, d] of days) {
      const ordinal = (seen.get(name) ?? 0) + 1;
      seen.set(name, ordinal);
      // Days past the month's end roll over (Cyber week can reach into December).
      const date = new Date(Date.UTC(y, m - 1, d));
      const start = localDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timezone);
      const end = addInTimezone(start, 1, 'day', timezone);
      out.push({ name, key: `${name} ${ordinal}`, start, end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The series' own buckets that start inside a holiday. */
export function holidayBuckets(ts: readonly number[], holidays: readonly Holiday[]): number[] {
  if (holidays.length === 0) return [];
  return ts.filter((t) => holidays.some((h) => t >= h.start && t < h.end));
}

/** The same holiday a year earlier is 350–380 days before (Thanksgiving moves with the weekday). */
const YEAR_BEFORE_MS: readonly [number, number] = [350 * 86_400_000, 380 * 86_400_000];
/** One year is one sample of a holiday's lift: the band around the lifted value is this much wider. */
export const HOLIDAY_BAND_WIDENING = 1.5;
/**
 * Last year's holiday counts only when the series then stood at least at this share of its level now: a
 * shop that barely had orders a year ago learnt nothing about its Black Friday from it.
 */
export const SUBSTANTIAL_LEVEL = 0.25;
/** A series' level around a holiday: the mean of its ordinary buckets over the four weeks before it. */
const LEVEL_WINDOW_MS = 28 * 86_400_000;

/** Indices of the sorted `times` inside [from, to), by bisection (an hourly year is 9,000 buckets). */
function indicesBetween(times: readonly number[], from: number, to: number): number[] {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let i = lo; i < times.length && times[i]! < to; i++) out.push(i);
  return out;
}

/**
 * The same holiday a year earlier, when the series can learn this one from it: every bucket of that day
 * holds a value, and the series' level in the four weeks before it was substantial against its level in
 * the four weeks before this one (or before the newest data, for a holiday still ahead). Otherwise null:
 * the holiday is unknown to the series.
 */
export function usableYearBefore(
  holiday: Holiday,
  holidays: readonly Holiday[],
  bucketMs: number,
  ts: readonly number[],
  y: ReadonlyArray<number | null>,
): Holiday | null {
  const before = holidays.find(
    (p) =>
      p.key === holiday.key &&
      holiday.start - p.start >= YEAR_BEFORE_MS[0] &&
      holiday.start - p.start <= YEAR_BEFORE_MS[1],
  );
  if (!before || ts.length === 0) return null;
  const past = indicesBetween(ts, before.start, before.end);
  // The whole day seen: an hourly day short of a few hours (a clock change) still counts.
  if (past.length === 0 || past.length < Math.round((before.end - before.start) / bucketMs) - 1) return null;
  if (past.some((i) => y[i] === null || y[i] === undefined || !Number.isFinite(y[i]!))) return null;
  const ordinary = (i: number) => !holidays.some((h) => ts[i]! >= h.start && ts[i]! < h.end);
  const level = (to: number): number | null => {
    const values = indicesBetween(ts, to - LEVEL_WINDOW_MS, to)
      .filter(ordinary)
      .map((i) => y[i])
      .filter((v): v is number => v !== null && v !== undefined && Number.isFinite(v));
    // Data on under half the window is no level at all (the series had not started).
    if (values.length === 0 || values.length < (0.5 * LEVEL_WINDOW_MS) / bucketMs) return null;
    return values.reduce((a, v) => a + v, 0) / values.length;
  };
  const then = level(before.start);
  const now = level(Math.min(holiday.start, ts.at(-1)! + bucketMs));
  if (then === null || now === null) return null;
  return then >= SUBSTANTIAL_LEVEL * now ? before : null;
}

/**
 * The holidays within the series that it has no usable year of (usableYearBefore): a store's first Black
 * Friday. The engine scores them against a wide band instead of leaving them out unscored.
 */
export function unseenHolidays(
  bucketMs: number,
  ts: readonly number[],
  y: ReadonlyArray<number | null>,
  holidays: readonly Holiday[],
): Set<Holiday> {
  const out = new Set<Holiday>();
  if (ts.length === 0) return out;
  const first = ts[0]!;
  const last = ts.at(-1)! + bucketMs;
  for (const h of holidays) {
    if (h.end <= first || h.start >= last) continue;
    if (!usableYearBefore(h, holidays, bucketMs, ts, y)) out.add(h);
  }
  return out;
}

interface Band {
  yhat: Array<number | null>;
  lower: Array<number | null>;
  upper: Array<number | null>;
}

/**
 * Holidays the series saw a year earlier get that year's lift: the expected value (and its band) of each
 * of this year's holiday buckets is scaled by actual ÷ expected over the same holiday's buckets last year.
 * Without it the expected range of Black Friday is an ordinary Friday's, so every chart and digest called
 * the season a spike, and a Black Friday that fell short of last year's could not show. Only a usable year
 * counts (usableYearBefore): a lift learnt from a year the shop barely traded expected its next Black Friday
 * at about one order. A holiday without one keeps the ordinary expectation (the engine's wide band of an
 * unseen holiday on daily series). `fit` and `forecast` are changed in place; lifts are read from the fit
 * before any is applied.
 */
export function liftHolidays(
  bucketMs: number,
  ts: readonly number[],
  y: ReadonlyArray<number | null>,
  fit: Band,
  holidays: readonly Holiday[],
  forecast: (Band & { ts: number[] }) | null = null,
): void {
  const bucketsOf = (times: readonly number[], h: Holiday): number[] => indicesBetween(times, h.start, h.end);
  const lifts: Array<{ holiday: Holiday; ratio: number }> = [];
  for (const h of holidays) {
    const before = usableYearBefore(h, holidays, bucketMs, ts, y);
    if (!before) continue;
    let actual = 0;
    let expected = 0;
    let complete = true;
    for (const i of bucketsOf(ts, before)) {
      const v = y[i];
      const e = fit.yhat[i];
      if (v === null || v === undefined || e === null || e === undefined) complete = false;
      else {
        actual += v;
        expected += e;
      }
    }
    if (!complete || !(expected > 0) || !(actual >= 0)) continue;
    lifts.push({ holiday: h, ratio: Math.min(10, Math.max(0.1, actual / expected)) });
  }
  const apply = (band: Band, i: number, ratio: number) => {
    const e = band.yhat[i];
    const lo = band.lower[i];
    const hi = band.upper[i];
    if (e === null || e === undefined) return;
    const lifted = e * ratio;
    band.yhat[i] = lifted;
    if (lo !== null && lo !== undefined) {
      const wider = lifted - HOLIDAY_BAND_WIDENING * ratio * (e - lo);
      band.lower[i] = lo >= 0 ? Math.max(0, wider) : wider;
    }
    if (hi !== null && hi !== undefined) band.upper[i] = lifted + HOLIDAY_BAND_WIDENING * ratio * (hi - e);
  };
  for (const { holiday, ratio } of lifts) {
    for (const i of bucketsOf(ts, holiday)) apply(fit, i, ratio);
    if (forecast) for (const i of bucketsOf(forecast.ts, holiday)) apply(forecast, i, ratio);
  }
}

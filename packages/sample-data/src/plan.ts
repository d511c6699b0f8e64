import { describeAnomalies, describeFirstHolidays, PLANTED, type Placement } from './anomalies';
import type { AnswerKey, NormalPeak } from './answer-key';
import { peakWindowsBetween, type PeakDay, type PeakWindow } from './calendar';
import {
  BASE_DAILY_ORDERS,
  channelWeights,
  DAY_NOISE,
  EMAIL_INDEX,
  growthFactor,
  HOUR_CURVES,
  isWeekend,
  MARKETPLACE_DAILY_ORDERS,
  WEEKDAY_FACTORS,
  yearlyFactor,
} from './model';
import { SeededRandom } from './random';
import { placeAnomalies } from './schedule';
import {
  DAY_MS,
  dayNumber,
  HOUR_MS,
  hourlyOffsets,
  localDateOf,
  localMidnight,
  weekdayOfDayNumber,
  zoneOffset,
} from './time-zone';

export interface StoreOptions {
  seed: number;
  /** End of the data, exclusive; rounded down to the hour. */
  end: Date;
  /** Calendar months of history, 4 to 120; default 13. */
  months?: number;
  /** IANA zone the store keeps its books in; default 'America/New_York'. */
  timezone?: string;
}

/** One hour of the store: its expected demand and what the planted anomalies do to it. */
export interface HourPlan {
  start: number;
  /** Offset from UTC in minutes at the start of the hour. */
  offset: number;
  /** True when the offset changes inside the hour (a DST change off the hour). */
  offsetChanges: boolean;
  localHour: number;
  dayIndex: number;
  /** Expected web orders this hour, seasonality and day wobble included, anomalies not. */
  demand: number;
  /** Multiplier on web orders of every channel (the site slowdown). */
  webOrders: number;
  /** Multiplier on sessions of every channel (the site slowdown). */
  sessions: number;
  /** Multiplier on Email orders and sessions (the e-mail blast). */
  email: number;
  /** Multiplier on orders from Germany (the payment outage). */
  germany: number;
  /** Extra Paid Search sessions as a share of normal ones (the campaign); they never add to cart. */
  paidExtra: number;
  /** False while tracking is down: traffic rows read zero. */
  tracked: boolean;
  /** Marketplace orders placed this hour. */
  marketplace: number;
  /** A sale day: more and deeper discounts. */
  promo: boolean;
}

export interface DayPlan {
  /** Local calendar day as days since 1970-01-01. */
  day: number;
  firstHour: number;
  hourCount: number;
  weekday: number;
  /** All of the day's hours are in the data. */
  full: boolean;
}

export interface StorePlan {
  seed: number;
  timezone: string;
  months: number;
  start: number;
  end: number;
  offsetOf: (utcMs: number) => number;
  days: DayPlan[];
  hours: HourPlan[];
  answerKey: AnswerKey;
}

function validate(options: StoreOptions): { months: number; timezone: string; end: number } {
  const months = options.months ?? 13;
  if (!Number.isInteger(months) || months < 4 || months > 120) {
    throw new RangeError('months must be an integer from 4 to 120');
  }
  if (!Number.isFinite(options.seed)) throw new RangeError('seed must be a finite number');
  const end = options.end.getTime();
  if (!Number.isFinite(end)) throw new RangeError('end must be a valid date');
  return {
    months,
    timezone: options.timezone ?? 'America/New_York',
    end: Math.floor(end / HOUR_MS) * HOUR_MS,
  };
}

function monthsBefore(day: number, months: number): number {
  const date = localDateOf(day * DAY_MS, 0);
  const total = date.year * 12 + (date.month - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastOfMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return dayNumber({ year, month, day: Math.min(date.day, lastOfMonth) });
}

function dayOfYear(day: number): number {
  const { year } = localDateOf(day * DAY_MS, 0);
  return day - dayNumber({ year, month: 1, day: 1 }) + 1;
}

function buildCalendar(start: number, end: number, offsetOf: (utcMs: number) => number) {
  const hours: HourPlan[] = [];
  const days: DayPlan[] = [];
  const count = Math.max(0, Math.floor((end - start) / HOUR_MS));
  const offsets = hourlyOffsets(start, count, offsetOf);
  for (let i = 0; i < count; i++) {
    const t = start + i * HOUR_MS;
    const offset = offsets[i] ?? 0;
    const next = offsets[i + 1] ?? offset;
    const wall = t + offset * 60_000;
    const day = Math.floor(wall / DAY_MS);
    let current = days[days.length - 1];
    if (!current || current.day !== day) {
      current = { day, firstHour: hours.length, hourCount: 0, weekday: weekdayOfDayNumber(day), full: true };
      days.push(current);
    }
    current.hourCount++;
    hours.push({
      start: t,
      offset,
      offsetChanges: next !== offset,
      localHour: Math.floor((wall - day * DAY_MS) / HOUR_MS),
      dayIndex: days.length - 1,
      demand: 0,
      webOrders: 1,
      sessions: 1,
      email: 1,
      germany: 1,
      paidExtra: 0,
      tracked: true,
      marketplace: 0,
      promo: false,
    });
  }
  const last = days[days.length - 1];
  if (last) last.full = Math.floor((end + offsetOf(end) * 60_000) / DAY_MS) !== last.day;
  return { hours, days };
}

function hoursOfDay(hours: readonly HourPlan[], day: DayPlan): HourPlan[] {
  return hours.slice(day.firstHour, day.firstHour + day.hourCount);
}

/** Finds room for every anomaly and resolves it to the days and hours it covers. */
function locateAnomalies(
  days: readonly DayPlan[],
  hours: readonly HourPlan[],
  peakDays: readonly number[],
): Placement {
  const firstDay = days[0]?.day ?? 0;
  const slots = placeAnomalies({
    lastFull: days.findLastIndex((d) => d.full),
    peakDays: peakDays.map((day) => day - firstDay),
    irregular: days.map((d) => d.full && d.hourCount !== 24),
  });
  const dayOf = (id: string, after = 0): DayPlan => {
    const index = slots.get(id);
    const day = index === undefined ? undefined : days[index + after];
    if (!day) throw new Error(`unplaced anomaly ${id}`);
    return day;
  };
  // Anomaly days are never DST days, so local hour h is the day's hour h.
  const hoursOf = (id: string, from: number, count: number): HourPlan[] =>
    hoursOfDay(hours, dayOf(id)).slice(from, from + count);
  return {
    spike: hoursOf('spike', PLANTED.spike.hour, PLANTED.spike.hours),
    dip: hoursOf('dip', PLANTED.dip.hour, PLANTED.dip.hours),
    outage: hoursOf('tracking_outage', PLANTED.outage.hour, PLANTED.outage.hours),
    germany: [dayOf('dimension_drop'), dayOf('dimension_drop', 1)],
    campaign: dayOf('level_shift'),
    bend: dayOf('trend_change'),
    featured: dayOf('low_volume_spike'),
    zeroDays: ['zero_day_1', 'zero_day_2', 'zero_day_3', 'zero_day_4']
      .map((id) => dayOf(id))
      .sort((a, b) => a.day - b.day),
  };
}

/**
 * Expected web orders for every hour, and the marketplace's orders placed hour by hour (its planted
 * featured and zero days included). Returns the marketplace's expected orders per hour.
 */
function fillDemand(
  seed: number,
  days: readonly DayPlan[],
  hours: readonly HourPlan[],
  peakByDay: ReadonlyMap<number, PeakDay>,
  placement: Placement,
): Float64Array {
  const dayRandom = new SeededRandom(seed, 'days');
  const marketRandom = new SeededRandom(seed, 'marketplace');
  const bend = hours[placement.bend.firstHour]?.start ?? 0;
  const zeroDays = new Set(placement.zeroDays.map((d) => d.day));
  const marketplaceExpected = new Float64Array(hours.length);
  for (const day of days) {
    const peak = peakByDay.get(day.day);
    const curve = HOUR_CURVES[isWeekend(day.weekday) ? 1 : 0];
    const yearly = yearlyFactor(dayOfYear(day.day));
    const weekday = WEEKDAY_FACTORS[day.weekday] ?? 1;
    const wobble = Math.exp(DAY_NOISE * dayRandom.normal() - (DAY_NOISE * DAY_NOISE) / 2);
    const dayHours = hoursOfDay(hours, day);
    const weights = dayHours.map((h) => curve[h.localHour] ?? 1);
    const weightSum = weights.reduce((sum, w) => sum + w, 0);
    for (const hour of dayHours) {
      hour.promo = peak?.promo ?? false;
      hour.demand =
        (BASE_DAILY_ORDERS / 24) *
        growthFactor(hour.start, bend) *
        yearly *
        weekday *
        (curve[hour.localHour] ?? 1) *
        (peak?.demand ?? 1) *
        wobble;
    }
    // The marketplace is steadier: half the store's yearly and weekly swings, no growth.
    let mean =
      MARKETPLACE_DAILY_ORDERS * (1 + (yearly - 1) / 2) * (1 + (weekday - 1) / 2) * (peak?.marketplace ?? 1);
    if (day === placement.featured) mean *= PLANTED.marketplaceLift;
    if (zeroDays.has(day.day)) mean = 0;
    dayHours.forEach((_, i) => {
      marketplaceExpected[day.firstHour + i] = (mean * (weights[i] ?? 0)) / weightSum;
    });
    let count = marketRandom.poisson(mean);
    // Only the planted zero days may be empty; a natural empty day would be an unlabelled anomaly.
    while (count === 0 && mean > 0) count = marketRandom.poisson(mean);
    for (let i = 0; i < count; i++) {
      const hour = dayHours[marketRandom.pick(weights, weightSum)];
      if (hour) hour.marketplace++;
    }
  }
  return marketplaceExpected;
}

/** Writes the anomalies' multipliers into the hours they cover. */
function applyAnomalies(
  hours: readonly HourPlan[],
  placement: Placement,
  marketplaceExpected: Float64Array,
): void {
  const marketplaceAt = (hour: HourPlan): number =>
    marketplaceExpected[(hour.start - (hours[0]?.start ?? 0)) / HOUR_MS] ?? 0;
  for (const hour of placement.spike) {
    const weights = channelWeights(hour.localHour);
    const emailShare = (weights[EMAIL_INDEX] ?? 0) / weights.reduce((sum, w) => sum + w, 0);
    // Email alone carries the whole lift, so total orders reach exactly the planted multiple.
    const lift = (PLANTED.spike.lift - 1) * (hour.demand + marketplaceAt(hour));
    hour.email = 1 + lift / (hour.demand * emailShare);
  }
  for (const hour of placement.dip) {
    // Marketplace orders arrive through the marketplace's site; web orders drop a little more to compensate.
    const keep = PLANTED.dip.keep;
    hour.webOrders = Math.max(0, keep - ((1 - keep) * marketplaceAt(hour)) / hour.demand);
    hour.sessions = keep;
  }
  for (const hour of placement.outage) hour.tracked = false;
  for (const day of placement.germany) {
    for (const hour of hoursOfDay(hours, day)) hour.germany = PLANTED.germanyKeep;
  }
  for (const hour of hours.slice(placement.campaign.firstHour)) hour.paidExtra = PLANTED.campaignLift;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The peak windows that touch [start, end), as local-midnight instants. */
function normalPeaksOf(
  windows: readonly PeakWindow[],
  offsetOf: (utcMs: number) => number,
  start: number,
  end: number,
): NormalPeak[] {
  return windows
    .map((window) => ({
      name: window.name,
      start: localMidnight(window.days[0]?.day ?? 0, offsetOf),
      end: localMidnight((window.days[window.days.length - 1]?.day ?? 0) + 1, offsetOf),
    }))
    .filter((peak) => peak.end > start && peak.start < end)
    .map((peak) => ({ name: peak.name, start: iso(peak.start), end: iso(peak.end) }));
}

/**
 * Lays out the store hour by hour: calendar, seasonality, the planted anomalies and the answer key.
 * Row generators read this plan, so orders and traffic always agree.
 */
export function planStore(options: StoreOptions): StorePlan {
  const { months, timezone, end } = validate(options);
  const offsetOf = zoneOffset(timezone);
  const endDay = Math.floor((end + offsetOf(end) * 60_000) / DAY_MS);
  const start = localMidnight(monthsBefore(endDay, months), offsetOf);
  const { hours, days } = buildCalendar(start, end, offsetOf);

  const windows = peakWindowsBetween((days[0]?.day ?? 0) - 14, (days[days.length - 1]?.day ?? 0) + 14);
  const peakByDay = new Map<number, PeakDay>(windows.flatMap((w) => w.days.map((d) => [d.day, d] as const)));
  const placement = locateAnomalies(days, hours, [...peakByDay.keys()]);
  const marketplaceExpected = fillDemand(options.seed, days, hours, peakByDay, placement);
  applyAnomalies(hours, placement, marketplaceExpected);

  const dayWindow = (first: DayPlan, last = first) => {
    const from = hours[first.firstHour]?.start ?? start;
    const lastStart = hours[last.firstHour]?.start ?? start;
    return { start: from, end: lastStart + last.hourCount * HOUR_MS };
  };
  const anomalies = describeAnomalies(placement, { end, dayWindow });
  const normalPeaks = normalPeaksOf(windows, offsetOf, start, end);
  return {
    seed: options.seed,
    timezone,
    months,
    start,
    end,
    offsetOf,
    days,
    hours,
    answerKey: {
      seed: options.seed,
      start: iso(start),
      end: iso(end),
      timezone,
      anomalies,
      normalPeaks,
      firstHolidays: describeFirstHolidays(
        normalPeaks.filter((peak) => Date.parse(peak.end) <= end),
        iso(start),
      ),
    },
  };
}

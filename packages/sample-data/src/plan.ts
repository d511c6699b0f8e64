import type { AnswerKey, NormalPeak, PlantedAnomaly } from './answer-key';
import { peakWindowsBetween, type PeakDay } from './calendar';
import {
  BASE_DAILY_ORDERS,
  channelWeights,
  DAY_NOISE,
  EMAIL_INDEX,
  GROWTH_AFTER_BEND,
  GROWTH_PER_MONTH,
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

const SPIKE = { hour: 10, hours: 3, lift: 2.5 };
const DIP = { hour: 14, hours: 4, keep: 0.4 };
const OUTAGE = { hour: 12, hours: 6 };
const GERMANY_KEEP = 0.3;
const CAMPAIGN_LIFT = 0.3;
const MARKETPLACE_LIFT = 4;

const ORDER_METRICS = ['Revenue', 'Orders', 'Net Revenue'] as const;
const TRAFFIC_METRICS = ['Sessions', 'Add to Carts', 'Checkouts'] as const;

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

const iso = (ms: number): string => new Date(ms).toISOString();

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
  const firstDay = days[0]?.day ?? 0;
  const lastDay = days[days.length - 1]?.day ?? 0;

  const windows = peakWindowsBetween(firstDay - 14, lastDay + 14);
  const peakByDay = new Map<number, PeakDay>();
  for (const window of windows) for (const peak of window.days) peakByDay.set(peak.day, peak);
  const lastFull = days.findLastIndex((d) => d.full);
  const slots = placeAnomalies({
    lastFull,
    peakDays: [...peakByDay.keys()].map((day) => day - firstDay),
    irregular: days.map((d) => d.full && d.hourCount !== 24),
  });
  const slot = (id: string): DayPlan => {
    const index = slots.get(id);
    const day = index === undefined ? undefined : days[index];
    if (!day) throw new Error(`unplaced anomaly ${id}`);
    return day;
  };
  const hourAt = (day: DayPlan, localHour: number): HourPlan[] =>
    hours.slice(day.firstHour, day.firstHour + day.hourCount).filter((h) => h.localHour === localHour);
  const hoursOf = (day: DayPlan, from: number, count: number): HourPlan[] =>
    Array.from({ length: count }, (_, i) => hourAt(day, from + i)).flat();
  const dayStart = (day: DayPlan): number => hours[day.firstHour]?.start ?? start;
  const dayEnd = (day: DayPlan): number => dayStart(day) + day.hourCount * HOUR_MS;

  const bend = dayStart(slot('trend_change'));
  const marketplaceSpike = slot('low_volume_spike');
  const zeroDays = ['zero_day_1', 'zero_day_2', 'zero_day_3', 'zero_day_4']
    .map(slot)
    .sort((a, b) => a.day - b.day);
  const zeroSet = new Set(zeroDays.map((d) => d.day));

  // Expected demand and marketplace orders, hour by hour.
  const dayRandom = new SeededRandom(options.seed, 'days');
  const marketRandom = new SeededRandom(options.seed, 'marketplace');
  const marketplaceExpected = new Float64Array(hours.length);
  for (const day of days) {
    const peak = peakByDay.get(day.day);
    const weekend = isWeekend(day.weekday);
    const curve = HOUR_CURVES[weekend ? 1 : 0];
    const yearly = yearlyFactor(dayOfYear(day.day));
    const weekday = WEEKDAY_FACTORS[day.weekday] ?? 1;
    const wobble = Math.exp(DAY_NOISE * dayRandom.normal() - (DAY_NOISE * DAY_NOISE) / 2);
    const dayHours = hours.slice(day.firstHour, day.firstHour + day.hourCount);
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
    if (day.day === marketplaceSpike.day) mean *= MARKETPLACE_LIFT;
    if (zeroSet.has(day.day)) mean = 0;
    dayHours.forEach((hour, i) => {
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

  // The planted anomalies, applied to the hours they cover.
  const spikeDay = slot('spike');
  const spikeHours = hoursOf(spikeDay, SPIKE.hour, SPIKE.hours);
  for (const hour of spikeHours) {
    const weights = channelWeights(hour.localHour);
    const emailShare = (weights[EMAIL_INDEX] ?? 0) / weights.reduce((sum, w) => sum + w, 0);
    const total = hour.demand + (marketplaceExpected[hours.indexOf(hour)] ?? 0);
    // Email alone carries the whole lift, so total orders reach exactly the planted multiple.
    hour.email = 1 + ((SPIKE.lift - 1) * total) / (hour.demand * emailShare);
  }
  const dipDay = slot('dip');
  const dipHours = hoursOf(dipDay, DIP.hour, DIP.hours);
  for (const hour of dipHours) {
    const marketplace = marketplaceExpected[hours.indexOf(hour)] ?? 0;
    // Marketplace orders arrive through the marketplace's site; web orders drop a little more to compensate.
    hour.webOrders = Math.max(0, DIP.keep - ((1 - DIP.keep) * marketplace) / hour.demand);
    hour.sessions = DIP.keep;
  }
  const outageDay = slot('tracking_outage');
  const outageHours = hoursOf(outageDay, OUTAGE.hour, OUTAGE.hours);
  for (const hour of outageHours) hour.tracked = false;
  const germanyDay = slot('dimension_drop');
  const germanyDays = [germanyDay, days[days.indexOf(germanyDay) + 1] ?? germanyDay];
  for (const day of germanyDays) {
    for (const hour of hours.slice(day.firstHour, day.firstHour + day.hourCount)) hour.germany = GERMANY_KEEP;
  }
  const campaignDay = slot('level_shift');
  for (const hour of hours.slice(campaignDay.firstHour)) hour.paidExtra = CAMPAIGN_LIFT;

  const windowOf = (list: readonly HourPlan[]): { start: string; end: string } => ({
    start: iso(list[0]?.start ?? start),
    end: iso((list[list.length - 1]?.start ?? start) + HOUR_MS),
  });
  const anomalies: PlantedAnomaly[] = [
    {
      id: 'email-blast',
      kind: 'spike',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'h',
      ...windowOf(spikeHours),
      direction: 'up',
      dimension: { name: 'channel', value: 'Email' },
      magnitude: SPIKE.lift,
      description:
        'An e-mail campaign: Email orders multiply for three hours from 10:00 local, so total orders and ' +
        'revenue reach 2.5× their usual level; Email sessions rise in step.',
      alsoVisibleIn: [{ table: 'traffic', metrics: [...TRAFFIC_METRICS] }],
    },
    {
      id: 'site-slowdown',
      kind: 'dip',
      table: 'traffic',
      metrics: [...TRAFFIC_METRICS],
      grain: 'h',
      ...windowOf(dipHours),
      direction: 'down',
      magnitude: DIP.keep - 1,
      description:
        'The site is slow for four hours from 14:00 local: sessions and orders of every channel fall 60 %.',
      alsoVisibleIn: [{ table: 'orders', metrics: [...ORDER_METRICS] }],
    },
    {
      id: 'paid-search-campaign',
      kind: 'level_shift',
      table: 'traffic',
      metrics: ['Sessions'],
      grain: 'd',
      start: iso(dayStart(campaignDay)),
      end: iso(end),
      direction: 'up',
      dimension: { name: 'channel', value: 'Paid Search' },
      magnitude: 1 + CAMPAIGN_LIFT,
      description:
        'A new ad campaign: Paid Search sessions step up 30 % from this day on and stay there. The extra ' +
        'visitors browse but do not buy, so carts, checkouts and orders do not move.',
    },
    {
      id: 'growth-reversal',
      kind: 'trend_change',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      start: iso(bend),
      end: iso(end),
      direction: 'down',
      magnitude: GROWTH_AFTER_BEND - GROWTH_PER_MONTH,
      description:
        'Demand stops growing: from this day the compound monthly growth bends from +2 % to −4 % ' +
        '(no jump, the slope changes). Orders, revenue and sessions all follow.',
      alsoVisibleIn: [{ table: 'traffic', metrics: [...TRAFFIC_METRICS] }],
    },
    {
      id: 'germany-payment-outage',
      kind: 'dimension_drop',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      start: iso(dayStart(germanyDays[0] ?? germanyDay)),
      end: iso(dayEnd(germanyDays[1] ?? germanyDay)),
      direction: 'down',
      dimension: { name: 'country', value: 'DE' },
      magnitude: GERMANY_KEEP - 1,
      description:
        'A payment method fails in Germany for two days: orders and revenue from DE fall 70 % while every ' +
        'other country is normal. Traffic has no country and does not move.',
    },
    {
      id: 'tracking-outage',
      kind: 'tracking_outage',
      table: 'traffic',
      metrics: [...TRAFFIC_METRICS],
      grain: 'h',
      ...windowOf(outageHours),
      direction: 'down',
      magnitude: -1,
      description:
        'The analytics tag breaks for six hours from 12:00 local: every traffic row reads zero while ' +
        'orders continue as usual.',
    },
    {
      id: 'marketplace-feature',
      kind: 'low_volume_spike',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      start: iso(dayStart(marketplaceSpike)),
      end: iso(dayEnd(marketplaceSpike)),
      direction: 'up',
      dimension: { name: 'channel', value: 'Marketplace' },
      magnitude: MARKETPLACE_LIFT,
      description:
        'The marketplace features the store for a day: Marketplace orders (about ten a day) reach 4×.',
    },
    ...zeroDays.map((day, i): PlantedAnomaly => ({
      id: `marketplace-zero-day-${i + 1}`,
      kind: 'zero_days',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      start: iso(dayStart(day)),
      end: iso(dayEnd(day)),
      direction: 'down',
      dimension: { name: 'channel', value: 'Marketplace' },
      magnitude: -1,
      description: `Marketplace listing offline (${i + 1} of ${zeroDays.length}): no Marketplace orders all day.`,
    })),
  ];
  anomalies.sort((a, b) => a.start.localeCompare(b.start));

  const normalPeaks: NormalPeak[] = windows
    .map((window) => {
      const first = window.days[0]?.day ?? 0;
      const last = window.days[window.days.length - 1]?.day ?? 0;
      return {
        name: window.name,
        start: localMidnight(first, offsetOf),
        end: localMidnight(last + 1, offsetOf),
      };
    })
    .filter((peak) => peak.end > start && peak.start < end)
    .map((peak) => ({ name: peak.name, start: iso(peak.start), end: iso(peak.end) }));

  return {
    seed: options.seed,
    timezone,
    months,
    start,
    end,
    offsetOf,
    days,
    hours,
    answerKey: { seed: options.seed, start: iso(start), end: iso(end), timezone, anomalies, normalPeaks },
  };
}

import type { AnswerKey, NormalPeak, NotAnomaly, PlantedAnomaly } from './answer-key';
import { thanksgiving } from './calendar';
import type { SampleMetricName, SampleMetricTable } from './metrics';
import { HOUR_CURVES, isWeekend } from './model';
import { SeededRandom } from './random';
import type { SampleColumn, SampleRow, SampleTable } from './table';
import {
  DAY_MS,
  dateOfDayNumber,
  dayNumber,
  formatDayNumber,
  HOUR_MS,
  hourlyOffsets,
  localMidnight,
  TimestampWriter,
  weekdayOfDayNumber,
  zoneOffset,
} from './time-zone';

export interface YoungStoreOptions {
  seed: number;
  /** When the export was taken, exclusive; rounded down to the hour. Mid-day leaves the last day partial. */
  end: Date;
  /** IANA zone the shop keeps its books in; default 'Europe/London'. */
  timezone?: string;
}

/** A small shop in its first years: one orders export with its answer key. */
export interface YoungStore {
  seed: number;
  timezone: string;
  currency: string;
  /** Local midnight of the day the shop opened: its first orders. */
  start: Date;
  /** When the export was taken, exclusive. */
  end: Date;
  orders: SampleTable<'orders'>;
  tables: readonly [SampleTable<'orders'>];
  /** The metric configuration a merchant would pick for this export. */
  metrics: readonly SampleMetricTable[];
  answerKey: AnswerKey & { notAnomalies: NotAnomaly[] };
}

export const YOUNG_ORDER_COLUMNS: readonly SampleColumn[] = [
  { name: 'order_id', type: 'integer' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'financial_status', type: 'text' },
  { name: 'fulfillment_status', type: 'text' },
  { name: 'country', type: 'text' },
  { name: 'channel', type: 'text' },
  { name: 'total', type: 'decimal', scale: 2 },
  { name: 'currency', type: 'text' },
];

// Fulfilment is left out: its last days are unfulfilled in every export, which no merchant wants raised.
export const YOUNG_STORE_METRICS: readonly SampleMetricTable[] = [
  {
    table: 'orders',
    dateColumn: 'created_at',
    metrics: [
      { field_name: 'total', display_name: 'Revenue', accent: 'positive', aggregation: { type: 'sum' } },
      { field_name: 'order_id', display_name: 'Orders', accent: 'positive', aggregation: { type: 'count' } },
    ],
    dimensions: [
      { field_name: 'country', display_name: 'Country' },
      { field_name: 'channel', display_name: 'Channel' },
      { field_name: 'financial_status', display_name: 'Financial Status' },
    ],
  },
];

const CURRENCY = 'GBP';
const FIRST_ORDER_ID = 1001;
/** Orders a day at launch; the shop grows towards LAUNCH_LEVEL + MATURE_GAIN with a 12-month time constant. */
const LAUNCH_LEVEL = 3;
const MATURE_GAIN = 7.5;
const GROWTH_MONTHS = 12;
const MONTH_DAYS = 30.4375;
/** The shop opens this many days before its first Black Friday: it has no year before it to learn from. */
const OPENED_BEFORE_BLACK_FRIDAY = 240;
/** Days after the last Black Friday sale the export must hold for it to count as the second one. */
const CLEAN_DAYS_AFTER_SALE = 21;
/** Day-to-day wobble on the log scale (posts, weather): small shops swing more than big ones. */
const DAY_NOISE = 0.1;
/** Sunday first: busy Sunday evenings and Mondays, quiet Friday and Saturday. */
const WEEKDAY = normalise([1.12, 1.1, 1.02, 1, 0.96, 0.9, 0.9]);
/** The Black Friday sale, Thursday to Tuesday, as multiples of a normal day; prices are 20 % off. */
const SALE_WEEK = [1.3, 4, 2.4, 2.1, 3.2, 1.4];
const SALE_PRICE = 0.8;

const COUNTRIES: ReadonlyArray<readonly [string, number]> = [
  ['GB', 0.746],
  ['US', 0.15],
  ['IE', 0.02],
  ['DE', 0.016],
  ['FR', 0.014],
  ['NL', 0.014],
  ['AU', 0.012],
  ['CA', 0.012],
  ['SE', 0.008],
  ['NZ', 0.008],
];
/** Countries below this share get an order every week or two at most: the long tail. */
const TAIL_SHARE = 0.05;
const CHANNELS: ReadonlyArray<readonly [string, number]> = [
  ['Online Store', 0.84],
  ['Instagram', 0.09],
  ['Shop', 0.07],
];
/** Shares of orders that end refunded, partly refunded or voided: a few of each a month. */
const REFUNDED = 0.012;
const PARTIALLY_REFUNDED = 0.008;
const VOIDED = 0.005;
const RARE_STATUSES = ['refunded', 'partially_refunded', 'voided'] as const;
/**
 * The planted payment failure: for three days 30 % of orders are voided instead of paid, two or three a
 * day, which alone a rare status also does now and then; every day of the run has at least one.
 */
const VOID_RUN = { days: 3, share: 0.3, prefer: 45, clearOfSale: 7 };

const ORDER_METRICS: SampleMetricName[] = ['Orders', 'Revenue'];

function normalise(values: readonly number[]): number[] {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return values.map((v) => v / mean);
}

function bump(dayOfYear: number, centre: number, width: number): number {
  const raw = Math.abs(dayOfYear - centre);
  const distance = Math.min(raw, 365.25 - raw);
  return Math.exp(-(distance * distance) / (2 * width * width));
}

/** Mild seasons: a quiet late January and summer, a busier first half of December. */
function yearlyFactor(day: number): number {
  const dayOfYear = day - dayNumber({ year: dateOfDayNumber(day).year, month: 1, day: 1 }) + 1;
  return (
    1 - 0.12 * bump(dayOfYear, 27, 14) - 0.08 * bump(dayOfYear, 210, 25) + 0.15 * bump(dayOfYear, 345, 10)
  );
}

/** Orders a day the shop's reach brings, `days` after it opened. */
function level(days: number): number {
  return LAUNCH_LEVEL + MATURE_GAIN * (1 - Math.exp(-days / MONTH_DAYS / GROWTH_MONTHS));
}

const blackFriday = (year: number): number => thanksgiving(year) + 1;

interface YoungDay {
  day: number;
  start: number;
  /** Hours in the whole local day (23–25); orders stop at the export, inside the last day. */
  hours: number;
  /** Index of the day's first hour in the plan's offsets. */
  firstHour: number;
  localHours: number[];
  /** Expected orders over the whole day. */
  mean: number;
  voidShare: number;
  voidRun: boolean;
  sale: boolean;
}

interface YoungPlan {
  seed: number;
  timezone: string;
  start: number;
  end: number;
  offsetOf: (utcMs: number) => number;
  /** Offsets in minutes at every hour boundary from `start`. */
  offsets: number[];
  days: YoungDay[];
  /** Black Fridays in the export: the first one, then the ones a year apart. */
  blackFridays: number[];
  voidRun: number[];
}

function validate(options: YoungStoreOptions): { timezone: string; end: number } {
  if (!Number.isFinite(options.seed)) throw new RangeError('seed must be a finite number');
  const end = options.end.getTime();
  if (!Number.isFinite(end)) throw new RangeError('end must be a valid date');
  return { timezone: options.timezone ?? 'Europe/London', end: Math.floor(end / HOUR_MS) * HOUR_MS };
}

const localDay = (utcMs: number, offsetOf: (utcMs: number) => number): number =>
  Math.floor((utcMs + offsetOf(utcMs) * 60_000) / DAY_MS);

/** Nearest window of run days to the preferred one that keeps clear of every sale week and of the cut. */
function placeVoidRun(first: number, lastFull: number, saleDays: ReadonlySet<number>): number[] {
  const preferred = lastFull - VOID_RUN.prefer;
  const fits = (day: number): boolean => {
    if (day < first + 60 || day + VOID_RUN.days - 1 > lastFull - 3) return false;
    for (let d = day - VOID_RUN.clearOfSale; d < day + VOID_RUN.days + VOID_RUN.clearOfSale; d++) {
      if (saleDays.has(d)) return false;
    }
    return true;
  };
  for (let step = 0; step < 400; step++) {
    for (const day of step === 0 ? [preferred] : [preferred - step, preferred + step]) {
      if (fits(day)) return Array.from({ length: VOID_RUN.days }, (_, i) => day + i);
    }
  }
  throw new Error('No room for the planted payment failure');
}

function planYoungStore(options: YoungStoreOptions): YoungPlan {
  const { timezone, end } = validate(options);
  const offsetOf = zoneOffset(timezone);
  const endDay = localDay(end - HOUR_MS, offsetOf);
  const lastFull = localMidnight(endDay + 1, offsetOf) <= end ? endDay : endDay - 1;
  let year = dateOfDayNumber(lastFull).year;
  while (blackFriday(year) + 4 + CLEAN_DAYS_AFTER_SALE > lastFull) year--;
  const firstBlackFriday = blackFriday(year - 1);
  const opened = firstBlackFriday - OPENED_BEFORE_BLACK_FRIDAY;

  const blackFridays: number[] = [];
  const saleByDay = new Map<number, number>();
  for (let y = year - 1; blackFriday(y) - 1 <= endDay; y++) {
    blackFridays.push(blackFriday(y));
    SALE_WEEK.forEach((lift, i) => saleByDay.set(blackFriday(y) - 1 + i, lift));
  }
  const voidRun = placeVoidRun(opened, lastFull, new Set(saleByDay.keys()));

  const start = localMidnight(opened, offsetOf);
  const hourCount = Math.round((localMidnight(endDay + 1, offsetOf) - start) / HOUR_MS);
  const offsets = hourlyOffsets(start, hourCount, offsetOf);
  const random = new SeededRandom(options.seed, 'young-days');
  const days: YoungDay[] = [];
  for (let i = 0; i < hourCount; i++) {
    const wall = start + i * HOUR_MS + (offsets[i] ?? 0) * 60_000;
    const day = Math.floor(wall / DAY_MS);
    let current = days[days.length - 1];
    if (current?.day !== day) {
      const wobble = Math.exp(DAY_NOISE * random.normal() - (DAY_NOISE * DAY_NOISE) / 2);
      const sale = saleByDay.get(day);
      current = {
        day,
        start: start + i * HOUR_MS,
        firstHour: i,
        hours: 0,
        localHours: [],
        mean:
          level(day - opened) *
          yearlyFactor(day) *
          (WEEKDAY[weekdayOfDayNumber(day)] ?? 1) *
          (sale ?? 1) *
          wobble,
        voidShare: voidRun.includes(day) ? VOID_RUN.share : VOIDED,
        voidRun: voidRun.includes(day),
        sale: sale !== undefined,
      };
      days.push(current);
    }
    current.hours++;
    current.localHours.push(Math.floor((wall - day * DAY_MS) / HOUR_MS));
  }
  return {
    seed: options.seed,
    timezone,
    start,
    end,
    offsetOf,
    offsets,
    days,
    blackFridays,
    voidRun,
  };
}

interface YoungOrder {
  id: number;
  at: number;
  offset: number;
  day: number;
  financial: string;
  fulfillment: string;
  country: string;
  channel: string;
  total: number;
}

const cents = (value: number): number => Math.round(value * 100) / 100;
const total = (pairs: ReadonlyArray<readonly [string, number]>): number =>
  pairs.reduce((sum, [, w]) => sum + w, 0);

/** The day's order whose draw came nearest to voiding it, voided: every day of the run shows the failure. */
function voidOne(orders: readonly YoungOrder[], fates: readonly number[]): void {
  if (orders.some((order) => order.financial === 'voided')) return;
  let nearest = -1;
  fates.forEach((fate, i) => {
    if (nearest < 0 || fate < (fates[nearest] ?? 1)) nearest = i;
  });
  const order = orders[nearest];
  if (order) Object.assign(order, { financial: 'voided', fulfillment: 'unfulfilled' });
}

/**
 * Orders day by day up to the export. Every order takes the same number of draws whatever its fate,
 * so a later export with the same opening day repeats the earlier one's orders; only statuses move on.
 */
function* youngOrders(plan: YoungPlan): Generator<YoungOrder> {
  const random = new SeededRandom(plan.seed, 'young-orders');
  const countryWeights = COUNTRIES.map(([, w]) => w);
  const channelWeights = CHANNELS.map(([, w]) => w);
  const [countryTotal, channelTotal] = [total(COUNTRIES), total(CHANNELS)];
  let id = FIRST_ORDER_ID;
  const seconds: number[] = [];
  const orders: YoungOrder[] = [];
  const fates: number[] = [];
  for (const day of plan.days) {
    orders.length = 0;
    fates.length = 0;
    const curve = HOUR_CURVES[isWeekend(weekdayOfDayNumber(day.day)) ? 1 : 0];
    const weights = day.localHours.map((h) => curve[h] ?? 1);
    const weightSum = weights.reduce((sum, w) => sum + w, 0);
    for (let hour = 0; hour < day.hours; hour++) {
      const hourStart = day.start + hour * HOUR_MS;
      if (hourStart >= plan.end) break;
      const count = random.poisson((day.mean * (weights[hour] ?? 0)) / weightSum);
      seconds.length = 0;
      for (let i = 0; i < count; i++) seconds.push(random.int(3600));
      seconds.sort((a, b) => a - b);
      const offset = plan.offsets[day.firstHour + hour] ?? 0;
      const offsetChanges = offset !== plan.offsets[day.firstHour + hour + 1];
      for (const second of seconds) {
        const at = hourStart + second * 1000;
        const country = COUNTRIES[random.pick(countryWeights, countryTotal)]?.[0] ?? 'GB';
        const channel = CHANNELS[random.pick(channelWeights, channelTotal)]?.[0] ?? 'Online Store';
        const goods = random.logNormal(34, 0.55) * (day.sale ? SALE_PRICE : 1);
        const shipping = country !== 'GB' ? 9.95 : goods < 40 ? 3.95 : 0;
        const fate = random.next();
        // Parcels leave 10–60 hours after the order, most the next day; refunds land 2–28 days after that.
        const shipAfter = (10 + 50 * random.next() ** 2) * HOUR_MS;
        const refundAfter = (2 + 26 * random.next()) * DAY_MS;
        const beforeShipping = random.next() < 0.25;
        const shipped = at + shipAfter <= plan.end;
        let financial = 'paid';
        let fulfillment = shipped ? 'fulfilled' : 'unfulfilled';
        if (fate < day.voidShare) {
          financial = 'voided';
          fulfillment = 'unfulfilled';
        } else if (fate < day.voidShare + REFUNDED && beforeShipping) {
          // Cancelled before the parcel left: refunded within the dispatch time, never shipped.
          if (at + shipAfter / 2 <= plan.end) financial = 'refunded';
          fulfillment = 'unfulfilled';
        } else if (fate < day.voidShare + REFUNDED + PARTIALLY_REFUNDED) {
          if (at + shipAfter + refundAfter <= plan.end) {
            financial = fate < day.voidShare + REFUNDED ? 'refunded' : 'partially_refunded';
          }
        }
        fates.push(fate);
        orders.push({
          id: id++,
          at,
          offset: offsetChanges ? plan.offsetOf(at) : offset,
          day: day.day,
          financial,
          fulfillment,
          country,
          channel,
          total: cents(cents(goods) + shipping),
        });
      }
    }
    if (day.voidRun) voidOne(orders, fates);
    yield* orders;
  }
}

function* youngOrderRows(plan: YoungPlan): Generator<SampleRow> {
  const timestamps = new TimestampWriter();
  for (const order of youngOrders(plan)) {
    yield [
      order.id,
      timestamps.format(order.at, order.offset),
      order.financial,
      order.fulfillment,
      order.country,
      order.channel,
      order.total,
      CURRENCY,
    ];
  }
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Local days holding orders of each rare value: the tail countries and the rare financial statuses. */
function rareValueDays(plan: YoungPlan): Map<string, Set<number>> {
  const tail = new Set(COUNTRIES.filter(([, share]) => share < TAIL_SHARE).map(([code]) => code));
  const rare = new Set<string>(RARE_STATUSES);
  const days = new Map<string, Set<number>>();
  const add = (key: string, day: number) => {
    const set = days.get(key) ?? new Set<number>();
    set.add(day);
    days.set(key, set);
  };
  for (const name of RARE_STATUSES) days.set(`financial_status=${name}`, new Set());
  for (const [code] of COUNTRIES) if (tail.has(code)) days.set(`country=${code}`, new Set());
  for (const order of youngOrders(plan)) {
    if (tail.has(order.country)) add(`country=${order.country}`, order.day);
    if (rare.has(order.financial)) add(`financial_status=${order.financial}`, order.day);
  }
  return days;
}

function youngAnswerKey(plan: YoungPlan): YoungStore['answerKey'] {
  const midnight = (day: number): number => localMidnight(day, plan.offsetOf);
  const sale = (friday: number) => ({
    start: iso(midnight(friday - 1)),
    end: iso(Math.min(plan.end, midnight(friday - 1 + SALE_WEEK.length))),
  });
  const [first = 0, ...later] = plan.blackFridays;
  const run = plan.voidRun;
  const runFirst = run[0] ?? 0;
  const runLast = run[run.length - 1] ?? 0;
  const anomalies: PlantedAnomaly[] = [
    {
      id: 'first-black-friday',
      kind: 'spike',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      ...sale(first),
      direction: 'up',
      magnitude: SALE_WEEK[1] ?? 4,
      holiday: 'Black Friday',
      description:
        "The shop's first Black Friday sale, eight months after it opened, Thursday to Tuesday: Black " +
        'Friday at 4× a normal day, Cyber Monday at 3.2×. There is no year before it to expect it from.',
    },
    {
      id: 'payment-failure',
      kind: 'low_volume_spike',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      start: iso(midnight(runFirst)),
      end: iso(midnight(runLast + 1)),
      direction: 'up',
      dimension: { name: 'financial_status', value: 'voided' },
      magnitude: VOID_RUN.share / VOIDED,
      description:
        'Card payments fail to capture for three days: 30 % of orders are voided instead of paid ' +
        '(normally 0.5 %), one to three a day. Orders keep arriving, so the total hardly moves; paid orders ' +
        'fall by as many. No single day is much on its own: the evidence is the run.',
    },
  ];
  const repeats = later.map((friday) => ({ friday, ...sale(friday) }));
  const normalPeaks: NormalPeak[] = repeats.map(({ start, end }) => ({
    name: 'Black Friday week',
    start,
    end,
  }));

  const whole = { start: iso(plan.start), end: iso(plan.end) };
  const runDays = new Set(run);
  const planted = (name: string, value: string) =>
    anomalies.some((a) => a.dimension?.name === name && a.dimension.value === value);
  const rare: NotAnomaly[] = [...rareValueDays(plan)].map(([key, days]) => {
    const [name = '', value = ''] = key.split('=');
    const country = name === 'country';
    const skip = planted(name, value) ? runDays : new Set<number>();
    return {
      id: `rare-${country ? 'country' : 'status'}-${value}`,
      kind: 'rare_value',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      ...whole,
      dimension: { name, value },
      days: [...days]
        .filter((day) => !skip.has(day))
        .sort((a, b) => a - b)
        .map(formatDayNumber),
      description: country
        ? `A long-tail country: an order every week or two. A day with one ${value} order is not news.`
        : `A rare status, a few orders a month: one or two ${value} orders on a day are not news.`,
    };
  });
  const lastDay = plan.days[plan.days.length - 1]?.day ?? 0;
  const notAnomalies: NotAnomaly[] = [
    ...repeats.map(({ friday, start, end }) => ({
      id: `black-friday-${dateOfDayNumber(friday).year}`,
      kind: 'repeat_peak' as const,
      table: 'orders' as const,
      metrics: [...ORDER_METRICS],
      grain: 'd' as const,
      start,
      end,
      description:
        "Black Friday again, a year on: the same sale, expected from last year's lift now that the shop " +
        'had a substantial year before it.',
    })),
    ...rare,
    {
      id: 'data-cut',
      kind: 'data_cut',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      start: iso(midnight(lastDay - 1)),
      end: iso(plan.end),
      description:
        'The export was taken mid-day: its last day holds only the hours before it, its orders are mostly ' +
        'unfulfilled, the day before partly, and recent refunds have not landed yet. None of it is a drop.',
    },
  ];
  return {
    seed: plan.seed,
    start: iso(plan.start),
    end: iso(plan.end),
    timezone: plan.timezone,
    anomalies: anomalies.sort((a, b) => a.start.localeCompare(b.start)),
    normalPeaks,
    notAnomalies: notAnomalies.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id)),
  };
}

/**
 * A young, low-volume shop's orders export (Shopify-like, in GBP): 3 orders a day at opening growing
 * towards 10, a first Black Friday eight months in with no year before it, a second one a year later,
 * one planted payment failure, and an export cut mid-day. Its answer key lists what a merchant wants
 * raised (anomalies) and what they do not (notAnomalies). Same options, same bytes.
 */
export function generateYoungStore(options: YoungStoreOptions): YoungStore {
  const plan = planYoungStore(options);
  const orders: SampleTable<'orders'> = {
    name: 'orders',
    columns: YOUNG_ORDER_COLUMNS,
    rows: () => youngOrderRows(plan),
  };
  return {
    seed: plan.seed,
    timezone: plan.timezone,
    currency: CURRENCY,
    start: new Date(plan.start),
    end: new Date(plan.end),
    orders,
    tables: [orders],
    metrics: YOUNG_STORE_METRICS,
    answerKey: youngAnswerKey(plan),
  };
}

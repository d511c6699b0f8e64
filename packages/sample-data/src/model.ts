/**
 * The store's demand model: who buys, when, through which channel, and what a basket holds. Every
 * number here is a modelling choice documented in the README; shares are per order unless stated.
 */

export const WEB_CHANNELS = ['Direct', 'Organic Search', 'Paid Search', 'Email', 'Social'] as const;
export const MARKETPLACE = 'Marketplace';
export const CHANNELS = [...WEB_CHANNELS, MARKETPLACE] as const;
export const COUNTRIES = ['US', 'CA', 'GB', 'DE', 'AU', 'FR'] as const;
export const DEVICES = ['Desktop', 'Mobile', 'Tablet'] as const;
export const CATEGORIES = ['Apparel', 'Footwear', 'Accessories', 'Home', 'Beauty'] as const;
export const STATUSES = ['paid', 'cancelled', 'refunded'] as const;

export type WebChannel = (typeof WEB_CHANNELS)[number];
export type Channel = (typeof CHANNELS)[number];
export type Country = (typeof COUNTRIES)[number];
export type Device = (typeof DEVICES)[number];
export type Category = (typeof CATEGORIES)[number];
export type OrderStatus = (typeof STATUSES)[number];

export const EMAIL_INDEX = WEB_CHANNELS.indexOf('Email');
export const PAID_SEARCH_INDEX = WEB_CHANNELS.indexOf('Paid Search');
export const DE_INDEX = COUNTRIES.indexOf('DE');

/** Web orders a day at the trend's turning point, before seasonality. */
export const BASE_DAILY_ORDERS = 500;
/** Marketplace orders a day before its mild seasonality. */
export const MARKETPLACE_DAILY_ORDERS = 10;
/**
 * Compound monthly growth before the planted trend change, and after it: a reversal a merchant would act on
 * (issue 26), large enough to be dated within a week through the store's yearly season.
 */
export const GROWTH_PER_MONTH = 0.02;
export const GROWTH_AFTER_BEND = -0.12;
export const MONTH_MS = 30.4375 * 86_400_000;
/** Spread of the day-to-day demand wobble (weather, news) on the log scale. */
export const DAY_NOISE = 0.035;

// Local hour-of-day shape, before normalising to a mean of 1: night trough, lunch bump, evening peak.
const WEEKDAY_HOURS = [
  0.35, 0.22, 0.15, 0.12, 0.12, 0.18, 0.35, 0.6, 0.85, 1.0, 1.1, 1.15, 1.25, 1.2, 1.1, 1.05, 1.05, 1.15, 1.35,
  1.6, 1.75, 1.7, 1.3, 0.8,
];
// Weekends start later and stay busy through the afternoon.
const WEEKEND_HOURS = [
  0.45, 0.3, 0.2, 0.15, 0.12, 0.13, 0.2, 0.35, 0.6, 0.9, 1.15, 1.3, 1.35, 1.35, 1.3, 1.25, 1.2, 1.25, 1.35,
  1.5, 1.6, 1.5, 1.15, 0.75,
];

function normalise(values: readonly number[]): number[] {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return values.map((v) => v / mean);
}

/** Hour weights with a mean of 1, [weekday, weekend]. */
export const HOUR_CURVES: readonly [number[], number[]] = [
  normalise(WEEKDAY_HOURS),
  normalise(WEEKEND_HOURS),
];

/** Day-of-week factors, Sunday first, with a mean of 1: Monday busiest, Saturday quietest. */
export const WEEKDAY_FACTORS = normalise([1.03, 1.06, 1.03, 1.0, 0.98, 0.93, 0.86]);

export function isWeekend(weekday: number): boolean {
  return weekday === 0 || weekday === 6;
}

function bump(dayOfYear: number, centre: number, width: number): number {
  const raw = Math.abs(dayOfYear - centre);
  const distance = Math.min(raw, 365.25 - raw);
  return Math.exp(-(distance * distance) / (2 * width * width));
}

/** Yearly shape by day of year (1–366): quiet late January, a summer lull, busy autumn and December. */
export function yearlyFactor(dayOfYear: number): number {
  return (
    1 -
    0.2 * bump(dayOfYear, 27, 16) -
    0.06 * bump(dayOfYear, 196, 30) +
    0.1 * bump(dayOfYear, 322, 18) +
    0.25 * bump(dayOfYear, 346, 12)
  );
}

/** Compound growth relative to the bend: +2 %/month before it, −12 %/month after. */
export function growthFactor(utcMs: number, bendMs: number): number {
  const months = (utcMs - bendMs) / MONTH_MS;
  return Math.exp(months * Math.log(1 + (months < 0 ? GROWTH_PER_MONTH : GROWTH_AFTER_BEND)));
}

function daily(share: number, amplitude: number, peakHour: number, hour: number): number {
  return share * (1 + amplitude * Math.cos((2 * Math.PI * (hour - peakHour)) / 24));
}

/** Web channel weights at a local hour: e-mail is read in the morning, social in the evening. */
export function channelWeights(hour: number): number[] {
  return [
    daily(0.24, 0, 0, hour),
    daily(0.3, 0.1, 14, hour),
    daily(0.22, 0.1, 15, hour),
    daily(0.12, 0.5, 10, hour),
    daily(0.12, 0.35, 21, hour),
  ];
}

/** Country weights at a local (US Eastern-like) hour: Europe buys in its evening, Australia in its own. */
export function countryWeights(hour: number): number[] {
  return [
    daily(0.62, 0.15, 20, hour),
    daily(0.1, 0.15, 20, hour),
    daily(0.12, 0.6, 14, hour),
    daily(0.06, 0.6, 13, hour),
    daily(0.06, 0.6, 5, hour),
    daily(0.04, 0.6, 13, hour),
  ];
}

/** Device weights at a local hour: desktops at work, phones in the evening and at weekends. */
export function deviceWeights(hour: number, weekend: boolean): number[] {
  return [
    daily(weekend ? 0.34 : 0.42, 0.35, 13, hour),
    daily(weekend ? 0.58 : 0.5, 0.25, 22, hour),
    daily(0.08, 0.2, 20, hour),
  ];
}

export const CATEGORY_WEIGHTS = [0.34, 0.18, 0.16, 0.17, 0.15];

/** Basket per category: median unit price, log-scale spread, and mean extra items beyond the first. */
export const BASKETS: ReadonlyArray<{ unitPrice: number; spread: number; extraItems: number }> = [
  { unitPrice: 38, spread: 0.45, extraItems: 0.8 },
  { unitPrice: 92, spread: 0.35, extraItems: 0.15 },
  { unitPrice: 26, spread: 0.5, extraItems: 0.7 },
  { unitPrice: 58, spread: 0.6, extraItems: 0.5 },
  { unitPrice: 22, spread: 0.4, extraItems: 1.2 },
];

/** Conversion (orders per session) by web channel, and a multiplier by device. */
export const CHANNEL_CONVERSION = [0.03, 0.02, 0.018, 0.035, 0.01];
export const DEVICE_CONVERSION = [1.3, 0.75, 1.0];
/** Add-to-cart rate as a multiple of conversion (~8 % overall), and the share of carts that reach checkout. */
export const CART_PER_ORDER = 4.3;
export const CHECKOUT_PER_CART = 0.5;

export const CANCELLED_SHARE = 0.02;
export const REFUNDED_SHARE = 0.028;
/** Share of refunds that return the whole order; the rest return 20–80 %. */
export const FULL_REFUND_SHARE = 0.6;

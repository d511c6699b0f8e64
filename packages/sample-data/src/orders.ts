import {
  BASKETS,
  CANCELLED_SHARE,
  CATEGORIES,
  CATEGORY_WEIGHTS,
  channelWeights,
  countryWeights,
  COUNTRIES,
  DE_INDEX,
  deviceWeights,
  DEVICES,
  EMAIL_INDEX,
  FULL_REFUND_SHARE,
  isWeekend,
  MARKETPLACE,
  REFUNDED_SHARE,
  WEB_CHANNELS,
} from './model';
import type { StorePlan } from './plan';
import { SeededRandom } from './random';
import type { SampleColumn, SampleRow } from './table';
import { TimestampWriter } from './time-zone';

export const ORDER_COLUMNS: readonly SampleColumn[] = [
  { name: 'order_id', type: 'integer' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'customer_id', type: 'integer' },
  { name: 'channel', type: 'text' },
  { name: 'country', type: 'text' },
  { name: 'device', type: 'text' },
  { name: 'product_category', type: 'text' },
  { name: 'status', type: 'text' },
  { name: 'items', type: 'integer' },
  { name: 'revenue', type: 'decimal', scale: 2 },
  { name: 'discount', type: 'decimal', scale: 2 },
  { name: 'refund_amount', type: 'decimal', scale: 2 },
];

export const FIRST_ORDER_ID = 100_001;
/** Customers the store had before the data begins; returning buyers are drawn from everyone so far. */
const EXISTING_CUSTOMERS = 25_000;
const RETURNING_SHARE = 0.32;
const DISCOUNT_CHANCE = { normal: 0.18, email: 0.35, promo: 0.6 };
const DISCOUNT_RATES = { normal: [0.1, 0.15, 0.2], promo: [0.2, 0.25, 0.3, 0.4] };
const CATEGORY_TOTAL = CATEGORY_WEIGHTS.reduce((sum, w) => sum + w, 0);

const sum = (values: readonly number[]): number => values.reduce((total, v) => total + v, 0);
const cents = (value: number): number => Math.round(value * 100) / 100;

/** One order's basket: what it costs, how many items, what discount and refund it carries. */
export interface Basket {
  category: number;
  items: number;
  revenue: number;
  discount: number;
  status: 'paid' | 'cancelled' | 'refunded';
  refund: number;
}

/** Draws baskets from one random stream. Shared with the fast benchmark writer so both files look alike. */
export function basketDrawer(random: SeededRandom): (promo: boolean, email: boolean) => Basket {
  // Local copies: dev loaders turn imported bindings into getters, which a per-order loop feels.
  const baskets = BASKETS;
  const categoryWeights = CATEGORY_WEIGHTS;
  const cancelled = CANCELLED_SHARE;
  const refunded = CANCELLED_SHARE + REFUNDED_SHARE;
  const fullRefund = FULL_REFUND_SHARE;
  return (promo, email) => {
    const category = random.pick(categoryWeights, CATEGORY_TOTAL);
    const basket = baskets[category] ?? { unitPrice: 40, spread: 0.5, extraItems: 0.5 };
    const items = 1 + random.poisson(basket.extraItems);
    // Bigger baskets hold cheaper items on average.
    const gross = random.logNormal(basket.unitPrice, basket.spread) * items ** 0.9;
    const chance = promo ? DISCOUNT_CHANCE.promo : email ? DISCOUNT_CHANCE.email : DISCOUNT_CHANCE.normal;
    const rates = promo ? DISCOUNT_RATES.promo : DISCOUNT_RATES.normal;
    const discount = random.next() < chance ? cents(gross * (rates[random.int(rates.length)] ?? 0)) : 0;
    const revenue = cents(cents(gross) - discount);
    const u = random.next();
    const status = u < cancelled ? 'cancelled' : u < refunded ? 'refunded' : 'paid';
    const refund =
      status !== 'refunded'
        ? 0
        : random.next() < fullRefund
          ? revenue
          : cents(revenue * (0.2 + 0.6 * random.next()));
    return { category, items, revenue, discount, status, refund };
  };
}

/** The orders table, hour by hour; order ids rise with created_at. */
export function* orderRows(plan: StorePlan): Generator<SampleRow> {
  const random = new SeededRandom(plan.seed, 'orders');
  const channelsByHour = Array.from({ length: 24 }, (_, h) => channelWeights(h));
  const countriesByHour = Array.from({ length: 24 }, (_, h) => countryWeights(h));
  const devicesByHour = [false, true].map((weekend) =>
    Array.from({ length: 24 }, (_, h) => deviceWeights(h, weekend)),
  );
  const drawBasket = basketDrawer(random);
  const timestamps = new TimestampWriter();
  const [countryNames, deviceNames, categoryNames, webChannels] = [
    COUNTRIES,
    DEVICES,
    CATEGORIES,
    WEB_CHANNELS,
  ];
  const [emailIndex, germanyIndex, marketplace] = [EMAIL_INDEX, DE_INDEX, MARKETPLACE];
  let orderId = FIRST_ORDER_ID;
  let customers = EXISTING_CUSTOMERS;
  const slots: number[] = [];

  for (const hour of plan.hours) {
    const baseChannels = channelsByHour[hour.localHour] ?? [];
    const baseCountries = countriesByHour[hour.localHour] ?? [];
    const weekend = isWeekend(plan.days[hour.dayIndex]?.weekday ?? 1);
    const devices = devicesByHour[weekend ? 1 : 0]?.[hour.localHour] ?? [];
    const deviceTotal = sum(devices);
    const channels = baseChannels.map((w, i) => (i === emailIndex ? w * hour.email : w));
    const countries = baseCountries.map((w, i) => (i === germanyIndex ? w * hour.germany : w));
    const channelTotal = sum(channels);
    const countryTotal = sum(countries);
    const baseCountryTotal = sum(baseCountries);
    // A lift or drop in one value adds to or takes from the total; the other values stay as they were.
    const mean =
      hour.demand * hour.webOrders * (channelTotal / sum(baseChannels)) * (countryTotal / baseCountryTotal);
    const web = random.poisson(mean);

    // Seconds within the hour, the lowest bit marking marketplace orders, sorted so ids follow time.
    slots.length = 0;
    for (let i = 0; i < web; i++) slots.push(random.int(3600) * 2);
    for (let i = 0; i < hour.marketplace; i++) slots.push(random.int(3600) * 2 + 1);
    slots.sort((a, b) => a - b);

    for (const slot of slots) {
      const fromMarketplace = (slot & 1) === 1;
      let country: number;
      let channel: string;
      if (fromMarketplace) {
        channel = marketplace;
        country = random.pick(baseCountries, baseCountryTotal);
        // Thinning keeps the other countries' marketplace orders exactly as they were.
        if (country === germanyIndex && random.next() >= hour.germany) continue;
      } else {
        const index = random.pick(channels, channelTotal);
        channel = webChannels[index] ?? 'Direct';
        country = random.pick(countries, countryTotal);
      }
      const device = deviceNames[random.pick(devices, deviceTotal)] ?? 'Desktop';
      const customer = random.next() < RETURNING_SHARE ? 1 + random.int(customers) : ++customers;
      const basket = drawBasket(hour.promo, channel === 'Email');
      const at = hour.start + (slot >> 1) * 1000;
      yield [
        orderId++,
        timestamps.format(at, hour.offsetChanges ? plan.offsetOf(at) : hour.offset),
        customer,
        channel,
        countryNames[country] ?? 'US',
        device,
        categoryNames[basket.category] ?? 'Apparel',
        basket.status,
        basket.items,
        basket.revenue,
        basket.discount,
        basket.refund,
      ];
    }
  }
}

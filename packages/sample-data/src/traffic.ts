import {
  CART_PER_ORDER,
  CHANNEL_CONVERSION,
  channelWeights,
  CHECKOUT_PER_CART,
  DEVICE_CONVERSION,
  deviceWeights,
  DEVICES,
  EMAIL_INDEX,
  isWeekend,
  PAID_SEARCH_INDEX,
  WEB_CHANNELS,
} from './model';
import type { StorePlan } from './plan';
import { SeededRandom } from './random';
import type { SampleColumn, SampleRow } from './table';
import { formatLocalTimestamp } from './time-zone';

export const TRAFFIC_COLUMNS: readonly SampleColumn[] = [
  { name: 'hour', type: 'timestamptz' },
  { name: 'channel', type: 'text' },
  { name: 'device', type: 'text' },
  { name: 'sessions', type: 'integer' },
  { name: 'add_to_carts', type: 'integer' },
  { name: 'checkouts', type: 'integer' },
];

const shares = (weights: readonly number[]): number[] => {
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => w / total);
};

/**
 * The traffic table: one row per hour × web channel × device. Sessions are the web orders each pair is
 * expected to bring divided by its conversion rate, so traffic and orders tell the same story.
 */
export function* trafficRows(plan: StorePlan): Generator<SampleRow> {
  const random = new SeededRandom(plan.seed, 'traffic');
  const channelsByHour = Array.from({ length: 24 }, (_, h) => shares(channelWeights(h)));
  const devicesByHour = [false, true].map((weekend) =>
    Array.from({ length: 24 }, (_, h) => shares(deviceWeights(h, weekend))),
  );
  // Local copies: dev loaders turn imported bindings into getters, which a per-row loop feels.
  const [channelNames, deviceNames, channelConversion, deviceConversion] = [
    WEB_CHANNELS,
    DEVICES,
    CHANNEL_CONVERSION,
    DEVICE_CONVERSION,
  ];
  const [emailIndex, paidIndex, cartRate, checkoutRate] = [
    EMAIL_INDEX,
    PAID_SEARCH_INDEX,
    CART_PER_ORDER,
    CHECKOUT_PER_CART,
  ];
  for (const hour of plan.hours) {
    const stamp = formatLocalTimestamp(hour.start, hour.offset);
    const channels = channelsByHour[hour.localHour] ?? [];
    const weekend = isWeekend(plan.days[hour.dayIndex]?.weekday ?? 1);
    const devices = devicesByHour[weekend ? 1 : 0]?.[hour.localHour] ?? [];
    for (let c = 0; c < channelNames.length; c++) {
      const channel = channelNames[c] ?? '';
      for (let d = 0; d < deviceNames.length; d++) {
        const device = deviceNames[d] ?? '';
        if (!hour.tracked) {
          yield [stamp, channel, device, 0, 0, 0];
          continue;
        }
        const conversion = (channelConversion[c] ?? 0.02) * (deviceConversion[d] ?? 1);
        const orders = hour.demand * (channels[c] ?? 0) * (devices[d] ?? 0);
        const mean = (orders / conversion) * hour.sessions * (c === emailIndex ? hour.email : 1);
        const sessions = random.poisson(mean);
        // Campaign visitors browse without buying: they add sessions, never carts.
        const browsers = c === paidIndex ? random.poisson(mean * hour.paidExtra) : 0;
        const carts = random.binomial(sessions, Math.min(1, cartRate * conversion));
        const checkouts = random.binomial(carts, checkoutRate);
        yield [stamp, channel, device, sessions + browsers, carts, checkouts];
      }
    }
  }
}

import { csvField } from './csv';
import {
  CATEGORIES,
  channelWeights,
  countryWeights,
  COUNTRIES,
  deviceWeights,
  DEVICES,
  MARKETPLACE,
  WEB_CHANNELS,
} from './model';
import { basketDrawer, ORDER_COLUMNS } from './orders';
import { SeededRandom } from './random';
import { DAY_MS, formatDayNumber } from './time-zone';

export interface OrdersCsvOptions {
  rows: number;
  seed: number;
  /** First order's time; default 2024-01-01T00:00:00Z. */
  start?: Date;
  /** Average orders a day, which sets how far the timestamps reach; default 10,000. */
  ordersPerDay?: number;
  /** Characters per chunk; default 1 MiB. */
  chunkSize?: number;
}

/** Distinct row endings drawn up front; rows pick one at random, which keeps the writer fast. */
const TAIL_POOL = 16_384;
const MARKETPLACE_SHARE = 0.02;

function drawTails(random: SeededRandom): string[] {
  const drawBasket = basketDrawer(random);
  const tails: string[] = [];
  for (let i = 0; i < TAIL_POOL; i++) {
    const hour = random.int(24);
    const channels = channelWeights(hour);
    const countries = countryWeights(hour);
    const devices = deviceWeights(hour, random.next() < 2 / 7);
    const channel =
      random.next() < MARKETPLACE_SHARE
        ? MARKETPLACE
        : (WEB_CHANNELS[
            random.pick(
              channels,
              channels.reduce((s, w) => s + w, 0),
            )
          ] ?? 'Direct');
    const country =
      COUNTRIES[
        random.pick(
          countries,
          countries.reduce((s, w) => s + w, 0),
        )
      ] ?? 'US';
    const device =
      DEVICES[
        random.pick(
          devices,
          devices.reduce((s, w) => s + w, 0),
        )
      ] ?? 'Desktop';
    const basket = drawBasket(random.next() < 0.03, channel === 'Email');
    const money = (value: number): string => csvField(value, ORDER_COLUMNS[9]);
    tails.push(
      `${channel},${country},${device},${CATEGORIES[basket.category] ?? 'Apparel'},${basket.status},` +
        `${basket.items},${money(basket.revenue)},${money(basket.discount)},${money(basket.refund)}\n`,
    );
  }
  return tails;
}

const ZERO = 48;
const COMMA = 44;
const COLON = 58;
const encoder = new TextEncoder();
const UTC_SUFFIX = encoder.encode(' +0000,');

/** Writes a non-negative integer's digits at `at`; returns the position after them. */
function writeInteger(bytes: Uint8Array, at: number, value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let cursor = at + digits;
  for (let rest = value; cursor > at; rest = Math.floor(rest / 10)) bytes[--cursor] = ZERO + (rest % 10);
  return at + digits;
}

/** Copies bytes [from, to) of `source` to `at`; a plain loop beats TypedArray#set for a few dozen bytes. */
function copyBytes(bytes: Uint8Array, at: number, source: Uint8Array, from: number, to: number): number {
  let cursor = at;
  for (let i = from; i < to; i++) bytes[cursor++] = source[i] ?? 0;
  return cursor;
}

/**
 * A large orders CSV for ingest benchmarks: the orders table's columns and value mix, UTC timestamps
 * rising at a steady average rate, no seasonality or anomalies. Yields chunks of about 1 MiB.
 * Rows are written as bytes into one buffer and decoded once per chunk, so no per-row strings exist.
 */
export function* ordersCsvChunks(options: OrdersCsvOptions): Generator<string> {
  const random = new SeededRandom(options.seed, 'bulk-orders');
  const tails = drawTails(random);
  const tailBytes = encoder.encode(tails.join(''));
  const tailStarts = new Int32Array(tails.length + 1);
  tails.forEach((tail, i) => {
    tailStarts[i + 1] = (tailStarts[i] ?? 0) + tail.length;
  });
  const chunkSize = options.chunkSize ?? 1_048_576;
  const meanGap = DAY_MS / (options.ordersPerDay ?? 10_000);
  const decoder = new TextDecoder('latin1');
  const bytes = new Uint8Array(chunkSize + 1024);
  const header = encoder.encode(`${ORDER_COLUMNS.map((column) => column.name).join(',')}\n`);
  let position = copyBytes(bytes, 0, header, 0, header.length);
  let at = options.start?.getTime() ?? Date.UTC(2024, 0, 1);
  let day = Number.NaN;
  let datePrefix = new Uint8Array(0);
  for (let i = 0; i < options.rows; i++) {
    const seconds = Math.floor(at / 1000);
    const today = Math.floor(seconds / 86_400);
    if (today !== day) {
      day = today;
      datePrefix = encoder.encode(`${formatDayNumber(day)} `);
    }
    const secondOfDay = seconds - today * 86_400;
    const minuteOfDay = Math.floor(secondOfDay / 60);
    const hour = Math.floor(minuteOfDay / 60);
    const minute = minuteOfDay - hour * 60;
    const second = secondOfDay - minuteOfDay * 60;
    position = writeInteger(bytes, position, 100_001 + i);
    bytes[position++] = COMMA;
    position = copyBytes(bytes, position, datePrefix, 0, datePrefix.length);
    bytes[position++] = ZERO + Math.floor(hour / 10);
    bytes[position++] = ZERO + (hour % 10);
    bytes[position++] = COLON;
    bytes[position++] = ZERO + Math.floor(minute / 10);
    bytes[position++] = ZERO + (minute % 10);
    bytes[position++] = COLON;
    bytes[position++] = ZERO + Math.floor(second / 10);
    bytes[position++] = ZERO + (second % 10);
    position = copyBytes(bytes, position, UTC_SUFFIX, 0, UTC_SUFFIX.length);
    position = writeInteger(bytes, position, 1 + random.int(25_000 + (i >>> 1)));
    bytes[position++] = COMMA;
    const tail = random.int(TAIL_POOL);
    position = copyBytes(bytes, position, tailBytes, tailStarts[tail] ?? 0, tailStarts[tail + 1] ?? 0);
    if (position >= chunkSize) {
      yield decoder.decode(bytes.subarray(0, position));
      position = 0;
    }
    at += 2 * meanGap * random.next();
  }
  if (position > 0) yield decoder.decode(bytes.subarray(0, position));
}

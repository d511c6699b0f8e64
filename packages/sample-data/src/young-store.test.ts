import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, mean, parseCsv, parseStamp, weekday, type Stamp } from '../test/helpers';
import { answerKeyJson } from './answer-key';
import { toCsv } from './csv';
import { generateYoungStore, type YoungStore } from './young-store';

interface Order {
  id: number;
  at: Stamp;
  financial: string;
  fulfillment: string;
  country: string;
  channel: string;
  total: number;
  currency: string;
}

const END = new Date('2026-11-24T14:00:00Z');
const DAY = 86_400_000;

function readOrders(store: YoungStore): Order[] {
  return [...store.orders.rows()].map((row) => ({
    id: Number(row[0]),
    at: parseStamp(String(row[1])),
    financial: String(row[2]),
    fulfillment: String(row[3]),
    country: String(row[4]),
    channel: String(row[5]),
    total: Number(row[6]),
    currency: String(row[7]),
  }));
}

function csvText(store: YoungStore): string {
  return [...toCsv(store.orders)].join('');
}

/** Local dates from the first order's to the last order's, with the orders of each (empty days too). */
function byDay(orders: readonly Order[]): Map<string, Order[]> {
  const days = new Map<string, Order[]>();
  const first = orders[0]?.at.date ?? '';
  const last = orders[orders.length - 1]?.at.date ?? '';
  for (let date = first; date <= last; date = addDays(date, 1)) days.set(date, []);
  for (const order of orders) days.get(order.at.date)?.push(order);
  return days;
}

const localDate = (iso: string, store: YoungStore): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: store.timezone }).format(new Date(iso));

function anomaly(store: YoungStore, id: string) {
  const found = store.answerKey.anomalies.find((a) => a.id === id);
  if (!found) throw new Error(`no ${id} in the answer key`);
  return found;
}

/** Local dates of the key window [start, end). */
function windowDates(store: YoungStore, window: { start: string; end: string }): string[] {
  const dates: string[] = [];
  const last = localDate(new Date(Date.parse(window.end) - 1).toISOString(), store);
  for (let date = localDate(window.start, store); date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

const count = (days: Map<string, Order[]>, date: string, test: (o: Order) => boolean = () => true) =>
  (days.get(date) ?? []).filter(test).length;

describe('young store', () => {
  let store: YoungStore;
  let orders: Order[];
  let days: Map<string, Order[]>;
  const others: Array<{ store: YoungStore; days: Map<string, Order[]> }> = [];

  beforeAll(() => {
    store = generateYoungStore({ seed: 1, end: END });
    orders = readOrders(store);
    days = byDay(orders);
    for (const seed of [2, 3, 4]) {
      const other = generateYoungStore({ seed, end: new Date('2026-03-10T12:00:00Z') });
      others.push({ store: other, days: byDay(readOrders(other)) });
    }
  });

  it('writes the same bytes for the same options, other orders for another seed', () => {
    const again = generateYoungStore({ seed: 1, end: END });
    expect(csvText(again)).toBe(csvText(store));
    expect(answerKeyJson(again)).toBe(answerKeyJson(store));
    expect(csvText(generateYoungStore({ seed: 2, end: END }))).not.toBe(csvText(store));
  });

  it('repeats its orders in a later export of the same shop; only their statuses move on', () => {
    const later = readOrders(generateYoungStore({ seed: 1, end: new Date(END.getTime() + 3 * DAY) }));
    const key = (o: Order) => [o.id, o.at.utc, o.country, o.channel, o.total].join();
    expect(later.length).toBeGreaterThan(orders.length);
    expect(later.slice(0, orders.length).map(key)).toEqual(orders.map(key));
  });

  it('is a Shopify-like export: ids from 1001 in time order, local times with the offset, GBP totals', () => {
    const text = csvText(store);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'order_id',
      'created_at',
      'financial_status',
      'fulfillment_status',
      'country',
      'channel',
      'total',
      'currency',
    ]);
    expect(rows.length - 1).toBe(orders.length);
    expect(rows[1]?.[6]).toMatch(/^\d+\.\d{2}$/);
    orders.forEach((order, i) => {
      expect(order.id).toBe(1001 + i);
      if (i > 0) expect(order.at.utc).toBeGreaterThanOrEqual(orders[i - 1]?.at.utc ?? 0);
    });
    const offsets = new Map(orders.map((o) => [o.at.date.slice(5, 7), o.at.offset]));
    expect(offsets.get('01')).toBe(0);
    expect(offsets.get('07')).toBe(60);
    expect(new Set(orders.map((o) => o.currency))).toEqual(new Set(['GBP']));
    expect(Math.min(...orders.map((o) => o.total))).toBeGreaterThan(0);
    expect(mean(orders.map((o) => o.total))).toBeGreaterThan(30);
    expect(mean(orders.map((o) => o.total))).toBeLessThan(60);
  });

  it('opens at about 3 orders a day and grows to about 10 two years on, with a weekly rhythm', () => {
    const counts = [...days.values()].map((list) => list.length);
    expect(store.answerKey.start).toBe(store.start.toISOString());
    expect(orders[0]?.at.utc).toBeGreaterThanOrEqual(store.start.getTime());
    expect(orders[0]?.at.utc).toBeLessThan(store.start.getTime() + DAY);
    expect(mean(counts.slice(0, 28))).toBeGreaterThan(2);
    expect(mean(counts.slice(0, 28))).toBeLessThan(4.5);
    const twoYearsOn = counts.slice(700, 728);
    expect(mean(twoYearsOn)).toBeGreaterThan(7.5);
    expect(mean(twoYearsOn)).toBeLessThan(12.5);
    // Counts, not a smooth curve: a flat stretch varies at least as much as Poisson counts do.
    const variance = mean(twoYearsOn.map((c) => (c - mean(twoYearsOn)) ** 2));
    expect(variance / mean(twoYearsOn)).toBeGreaterThan(0.7);
    const perDay = (weekdays: number[]) =>
      mean([...days].filter(([date]) => weekdays.includes(weekday(date))).map(([, list]) => list.length));
    expect(perDay([0, 1]) / perDay([5, 6])).toBeGreaterThan(1.1);
  });

  it('holds a first Black Friday at about 4× the days around it, with no year of data before it', () => {
    for (const { store: shop, days: shopDays } of [{ store, days }, ...others]) {
      const first = anomaly(shop, 'first-black-friday');
      const [thursday = '', friday = ''] = windowDates(shop, first);
      expect(weekday(friday)).toBe(5);
      expect(first).toMatchObject({ holiday: 'Black Friday', direction: 'up', grain: 'd' });
      expect(first.metrics).toEqual(['Orders', 'Revenue']);
      const before = mean(Array.from({ length: 14 }, (_, i) => count(shopDays, addDays(thursday, -2 - i))));
      const ratio = count(shopDays, friday) / before;
      expect(ratio).toBeGreaterThan(2.5);
      expect(ratio).toBeLessThan(7);
      // The shop opened less than a year before it: no last year to expect it from.
      expect(Date.parse(first.start) - shop.start.getTime()).toBeLessThan(300 * DAY);
      expect(Date.parse(first.start) - shop.start.getTime()).toBeGreaterThan(150 * DAY);
    }
  });

  it('holds a second Black Friday a year later as a normal peak, listed as not to be raised', () => {
    for (const { store: shop, days: shopDays } of [{ store, days }, ...others]) {
      const first = anomaly(shop, 'first-black-friday');
      const repeats = shop.answerKey.notAnomalies.filter((n) => n.kind === 'repeat_peak');
      expect(repeats).toHaveLength(1);
      const second = repeats[0]!;
      const gap = (Date.parse(second.start) - Date.parse(first.start)) / DAY;
      expect([364, 371]).toContain(Math.round(gap));
      expect(shop.answerKey.normalPeaks).toEqual([
        { name: 'Black Friday week', start: second.start, end: second.end },
      ]);
      const [thursday = '', friday = ''] = windowDates(shop, second);
      const before = mean(Array.from({ length: 14 }, (_, i) => count(shopDays, addDays(thursday, -2 - i))));
      expect(count(shopDays, friday) / before).toBeGreaterThan(2.5);
      // The whole sale week and three clean weeks after it are in the export, before the cut.
      expect(Date.parse(second.end) + 21 * DAY).toBeLessThanOrEqual(shop.end.getTime());
    }
  });

  it('ends in a mid-day cut: the last day holds only its first hours, the last orders are unfulfilled', () => {
    const last = orders[orders.length - 1]!;
    expect(last.at.utc).toBeLessThan(END.getTime());
    expect(last.at.date).toBe('2026-11-24');
    expect(Math.max(...orders.filter((o) => o.at.date === '2026-11-24').map((o) => o.at.hour))).toBe(13);
    const unfulfilled = (date: string) =>
      count(days, date, (o) => o.fulfillment === 'unfulfilled') / count(days, date);
    expect(unfulfilled('2026-11-24')).toBeGreaterThan(0.7);
    expect(unfulfilled('2026-11-23')).toBeGreaterThan(0.1);
    expect(unfulfilled('2026-11-23')).toBeLessThan(unfulfilled('2026-11-24'));
    // Older orders have shipped, except the voided ones and those refunded before their parcel left.
    const unshippedOlder = orders.filter(
      (o) => o.at.utc < END.getTime() - 3 * DAY && o.fulfillment === 'unfulfilled',
    );
    expect(new Set(unshippedOlder.map((o) => o.financial))).toEqual(new Set(['voided', 'refunded']));
    const cut = store.answerKey.notAnomalies.find((n) => n.kind === 'data_cut');
    expect(cut).toMatchObject({ start: '2026-11-23T00:00:00.000Z', end: END.toISOString() });
    expect(store.answerKey.end).toBe(END.toISOString());
  });

  it('keeps refunds, partial refunds and voids rare: a few a month, never more than two a day', () => {
    const run = new Set(windowDates(store, anomaly(store, 'payment-failure')));
    const months = days.size / 30.4;
    for (const status of ['refunded', 'partially_refunded', 'voided']) {
      const outside = orders.filter((o) => o.financial === status && !run.has(o.at.date));
      expect(outside.length / months).toBeGreaterThan(0.5);
      expect(outside.length / months).toBeLessThan(5);
      const perDay = byDay(outside);
      expect(Math.max(...[...perDay.values()].map((list) => list.length))).toBeLessThanOrEqual(2);
    }
    expect(orders.filter((o) => o.financial === 'paid').length / orders.length).toBeGreaterThan(0.95);
  });

  it('sells mostly to two countries, with a long tail that orders every week or two', () => {
    const share = (code: string) => orders.filter((o) => o.country === code).length / orders.length;
    expect(share('GB') + share('US')).toBeGreaterThan(0.85);
    const tail = store.answerKey.notAnomalies.filter((n) => n.dimension?.name === 'country');
    expect(tail.map((n) => n.dimension?.value).sort()).toEqual([
      'AU',
      'CA',
      'DE',
      'FR',
      'IE',
      'NL',
      'NZ',
      'SE',
    ]);
    for (const entry of tail) {
      const orderDays = entry.days ?? [];
      expect(days.size / orderDays.length).toBeGreaterThan(5);
      expect(days.size / orderDays.length).toBeLessThan(25);
    }
  });

  it('plants one payment failure: voided orders every day of a three-day run, more than any other three days', () => {
    for (const { store: shop, days: shopDays } of [{ store, days }, ...others]) {
      const failure = anomaly(shop, 'payment-failure');
      expect(failure).toMatchObject({
        kind: 'low_volume_spike',
        direction: 'up',
        dimension: { name: 'financial_status', value: 'voided' },
      });
      const run = windowDates(shop, failure);
      expect(run).toHaveLength(3);
      const voided = (date: string) => count(shopDays, date, (o) => o.financial === 'voided');
      for (const date of run) expect(voided(date)).toBeGreaterThanOrEqual(1);
      const inRun = run.reduce((sum, date) => sum + voided(date), 0);
      const dates = [...shopDays.keys()];
      for (let i = 0; i + 3 <= dates.length; i++) {
        const window = dates.slice(i, i + 3);
        if (window.some((date) => run.includes(date))) continue;
        expect(window.reduce((sum, date) => sum + voided(date), 0)).toBeLessThan(inRun);
      }
    }
  });

  it('keys exactly the first Black Friday and the payment failure, and lists rare days as the rows hold them', () => {
    const key = store.answerKey;
    expect(key.anomalies.map((a) => a.id)).toEqual(['first-black-friday', 'payment-failure']);
    for (const entry of [...key.anomalies, ...key.notAnomalies]) {
      expect(Date.parse(entry.start)).toBeGreaterThanOrEqual(Date.parse(key.start));
      expect(Date.parse(entry.end)).toBeLessThanOrEqual(Date.parse(key.end));
      expect(Date.parse(entry.start)).toBeLessThan(Date.parse(entry.end));
    }
    const run = new Set(windowDates(store, anomaly(store, 'payment-failure')));
    const rare = key.notAnomalies.filter((n) => n.kind === 'rare_value');
    expect(rare).toHaveLength(11);
    for (const entry of rare) {
      const { name, value } = entry.dimension!;
      const holding = new Set(
        orders
          .filter((o) => (name === 'country' ? o.country : o.financial) === value)
          .map((o) => o.at.date)
          .filter((date) => !(value === 'voided' && run.has(date))),
      );
      expect(entry.days).toEqual([...holding].sort());
    }
  });

  it('keeps its books in the zone it is given', () => {
    const chicago = readOrders(generateYoungStore({ seed: 1, end: END, timezone: 'America/Chicago' }));
    expect(new Set(chicago.map((o) => o.at.offset))).toEqual(new Set([-360, -300]));
  });

  it('rejects a non-finite seed, an invalid end and an unknown time zone', () => {
    expect(() => generateYoungStore({ seed: Number.NaN, end: END })).toThrow(RangeError);
    expect(() => generateYoungStore({ seed: 1, end: new Date('nope') })).toThrow(RangeError);
    expect(() => generateYoungStore({ seed: 1, end: END, timezone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

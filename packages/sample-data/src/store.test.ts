import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, mean, median, parseCsv, parseStamp, slope, weekday, type Stamp } from '../test/helpers';
import { answerKeyJson, type AnswerKey, type PlantedAnomaly } from './answer-key';
import { csvField, toCsv } from './csv';
import { SAMPLE_METRICS } from './metrics';
import { generateStore, type SampleStore } from './store';
import type { SampleTable } from './table';

interface Order {
  id: number;
  at: Stamp;
  customer: number;
  channel: string;
  country: string;
  device: string;
  category: string;
  status: string;
  items: number;
  revenue: number;
  discount: number;
  refund: number;
}

interface Visits {
  at: Stamp;
  channel: string;
  device: string;
  sessions: number;
  carts: number;
  checkouts: number;
}

function readOrders(store: SampleStore): Order[] {
  return [...store.orders.rows()].map((row) => ({
    id: Number(row[0]),
    at: parseStamp(String(row[1])),
    customer: Number(row[2]),
    channel: String(row[3]),
    country: String(row[4]),
    device: String(row[5]),
    category: String(row[6]),
    status: String(row[7]),
    items: Number(row[8]),
    revenue: Number(row[9]),
    discount: Number(row[10]),
    refund: Number(row[11]),
  }));
}

function readTraffic(store: SampleStore): Visits[] {
  return [...store.traffic.rows()].map((row) => ({
    at: parseStamp(String(row[0])),
    channel: String(row[1]),
    device: String(row[2]),
    sessions: Number(row[3]),
    carts: Number(row[4]),
    checkouts: Number(row[5]),
  }));
}

function take<T>(items: Iterable<T>, count: number): T[] {
  const taken: T[] = [];
  for (const item of items) {
    if (taken.length >= count) break;
    taken.push(item);
  }
  return taken;
}

function countBy<T>(items: readonly T[], key: (item: T) => string, value: (item: T) => number = () => 1) {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(key(item), (totals.get(key(item)) ?? 0) + value(item));
  return totals;
}

const END = new Date('2026-01-20T05:00:00Z');
/** 'YYYY-MM-DD' in the store's zone. */
const newYork = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' });
const DAY = 86_400_000;

describe('generateStore', () => {
  let store: SampleStore;
  let key: AnswerKey;
  let orders: Order[];
  let traffic: Visits[];
  /** Local stamp of every hour in the data, by its UTC start. */
  let hourStamps: Map<number, Stamp>;
  let ordersByDay: Map<string, number>;
  /** Full local days that no anomaly or peak touches. */
  let normalDays: Set<string>;

  const anomaly = (kind: PlantedAnomaly['kind']): PlantedAnomaly => {
    const found = key.anomalies.find((a) => a.kind === kind);
    if (!found) throw new Error(`no ${kind} in the answer key`);
    return found;
  };
  const localDate = (iso: string): string => hourStamps.get(Date.parse(iso))?.date ?? '';
  /** Local date + hour keys of the hours an anomaly covers. */
  const windowHours = (a: PlantedAnomaly): Array<{ date: string; hour: number }> => {
    const hours: Array<{ date: string; hour: number }> = [];
    for (let t = Date.parse(a.start); t < Date.parse(a.end); t += 3_600_000) {
      const stamp = hourStamps.get(t);
      if (stamp) hours.push({ date: stamp.date, hour: stamp.hour });
    }
    return hours;
  };
  /** Sums over the window's local hours, and the same hours on the nearest normal days around it. */
  const windowVersusNeighbours = <T extends { at: Stamp }>(
    a: PlantedAnomaly,
    items: readonly T[],
    value: (item: T) => number,
  ): { inside: number; usual: number } => {
    const hours = windowHours(a);
    const date = hours[0]?.date ?? '';
    const wanted = new Set(hours.map((h) => h.hour));
    const neighbours = [-3, -2, -1, 1, 2, 3].map((d) => addDays(date, d)).filter((d) => normalDays.has(d));
    const total = (day: string) =>
      items.filter((i) => i.at.date === day && wanted.has(i.at.hour)).reduce((s, i) => s + value(i), 0);
    return { inside: total(date), usual: mean(neighbours.map(total)) };
  };

  beforeAll(() => {
    store = generateStore({ seed: 7, end: END });
    key = store.answerKey;
    orders = readOrders(store);
    traffic = readTraffic(store);
    hourStamps = new Map(traffic.map((v) => [v.at.utc, v.at]));
    ordersByDay = countBy(orders, (o) => o.at.date);
    const dates = [...new Set(traffic.map((v) => v.at.date))];
    const touched = new Set<string>();
    for (const window of [...key.anomalies, ...key.normalPeaks]) {
      const persistent =
        'kind' in window && (window.kind === 'level_shift' || window.kind === 'trend_change');
      const end = persistent ? Date.parse(window.start) + DAY : Date.parse(window.end);
      for (let t = Date.parse(window.start); t < end; t += 3_600_000) {
        const stamp = hourStamps.get(t);
        if (stamp) touched.add(stamp.date);
      }
    }
    normalDays = new Set(dates.slice(0, -1).filter((d) => !touched.has(d)));
  });

  describe('volume and shape', () => {
    it('covers 13 months hour by hour, with 15 traffic rows an hour', () => {
      expect(store.start.toISOString()).toBe('2024-12-20T05:00:00.000Z');
      expect(store.end.toISOString()).toBe(END.toISOString());
      const hours = (END.getTime() - store.start.getTime()) / 3_600_000;
      expect(hourStamps.size).toBe(hours);
      expect(traffic).toHaveLength(hours * 15);
      const perHour = countBy(traffic, (v) => String(v.at.utc));
      expect(new Set(perHour.values())).toEqual(new Set([15]));
    });

    it('sells like a mid-size store: 300–600 orders on an average day, a 13-month CSV under 40 MB', () => {
      const daily = [...ordersByDay.values()];
      expect(mean(daily)).toBeGreaterThan(300);
      expect(mean(daily)).toBeLessThan(600);
      expect(Math.min(...daily)).toBeGreaterThan(100);
      expect(Math.max(...daily)).toBeLessThan(2500);
      const bytes = [...toCsv(store.orders)].reduce((sum, chunk) => sum + chunk.length, 0);
      expect(bytes).toBeLessThan(40e6);
    });

    it('writes every orders value with the type its column declares', () => {
      const checks: Record<string, (value: unknown) => boolean> = {
        integer: (v) => Number.isInteger(v),
        decimal: (v) => typeof v === 'number' && Math.round(v * 100) / 100 === v && v >= 0,
        timestamptz: (v) => typeof v === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}$/.test(v),
        text: (v) => typeof v === 'string' && v.length > 0,
      };
      for (const table of store.tables) {
        const rows = take(table.rows(), 20_000);
        const misfits = rows.filter(
          (row) =>
            row.length !== table.columns.length ||
            !table.columns.every((column, i) => checks[column.type]?.(row[i]) ?? false),
        );
        expect(misfits).toEqual([]);
      }
    });

    it('uses only the documented values for every text column', () => {
      const values = (pick: (o: Order) => string) => [...new Set(orders.map(pick))].sort();
      expect(values((o) => o.channel)).toEqual(
        ['Direct', 'Email', 'Marketplace', 'Organic Search', 'Paid Search', 'Social'].sort(),
      );
      expect(values((o) => o.country)).toEqual(['AU', 'CA', 'DE', 'FR', 'GB', 'US']);
      expect(values((o) => o.device)).toEqual(['Desktop', 'Mobile', 'Tablet']);
      expect(values((o) => o.category)).toEqual(['Accessories', 'Apparel', 'Beauty', 'Footwear', 'Home']);
      expect(values((o) => o.status)).toEqual(['cancelled', 'paid', 'refunded']);
      expect([...new Set(traffic.map((v) => v.channel))]).not.toContain('Marketplace');
    });

    it('numbers orders consecutively in time order', () => {
      expect(orders.every((o, i) => o.id === (orders[0]?.id ?? 0) + i)).toBe(true);
      expect(orders.every((o, i) => i === 0 || o.at.utc >= (orders[i - 1]?.at.utc ?? 0))).toBe(true);
      expect(orders[0]?.at.utc).toBeGreaterThanOrEqual(store.start.getTime());
      expect(orders[orders.length - 1]?.at.utc).toBeLessThan(END.getTime());
    });

    it('cancels and refunds a few percent of orders, refunding never more than was paid', () => {
      const share = (status: string) => orders.filter((o) => o.status === status).length / orders.length;
      expect(share('cancelled')).toBeGreaterThan(0.01);
      expect(share('cancelled')).toBeLessThan(0.035);
      expect(share('refunded')).toBeGreaterThan(0.015);
      expect(share('refunded')).toBeLessThan(0.045);
      expect(orders.filter((o) => o.refund > 0 !== (o.status === 'refunded'))).toEqual([]);
      expect(orders.filter((o) => o.refund > o.revenue || o.revenue <= 0 || o.items < 1)).toEqual([]);
    });

    it('fills baskets realistically: about $70 an order, shoes dearer than beauty, some discounted', () => {
      const aov = mean(orders.map((o) => o.revenue));
      expect(aov).toBeGreaterThan(50);
      expect(aov).toBeLessThan(110);
      const byCategory = (c: string) => median(orders.filter((o) => o.category === c).map((o) => o.revenue));
      expect(byCategory('Footwear')).toBeGreaterThan(byCategory('Beauty'));
      const discounted = orders.filter((o) => o.discount > 0).length / orders.length;
      expect(discounted).toBeGreaterThan(0.1);
      expect(discounted).toBeLessThan(0.4);
    });

    it('sells mostly to the US, with realistic shares abroad and about ten marketplace orders a day', () => {
      const countries = countBy(orders, (o) => o.country);
      const share = (c: string) => (countries.get(c) ?? 0) / orders.length;
      expect(share('US')).toBeGreaterThan(0.55);
      expect(share('US')).toBeLessThan(0.7);
      for (const c of ['CA', 'GB', 'DE', 'AU', 'FR']) {
        expect(share(c)).toBeGreaterThan(0.02);
        expect(share(c)).toBeLessThan(0.15);
      }
      const marketplace = orders.filter((o) => o.channel === 'Marketplace').length / ordersByDay.size;
      expect(marketplace).toBeGreaterThan(7);
      expect(marketplace).toBeLessThan(14);
    });

    it('converts 1.5–3 % of sessions, with about 8 % adding to cart and 4 % checking out', () => {
      const sessions = traffic.reduce((s, v) => s + v.sessions, 0);
      const carts = traffic.reduce((s, v) => s + v.carts, 0);
      const checkouts = traffic.reduce((s, v) => s + v.checkouts, 0);
      const webOrders = orders.filter((o) => o.channel !== 'Marketplace').length;
      expect(webOrders / sessions).toBeGreaterThan(0.015);
      expect(webOrders / sessions).toBeLessThan(0.03);
      expect(carts / sessions).toBeGreaterThan(0.065);
      expect(carts / sessions).toBeLessThan(0.095);
      expect(checkouts / sessions).toBeGreaterThan(0.03);
      expect(checkouts / sessions).toBeLessThan(0.05);
      expect(traffic.filter((v) => v.checkouts > v.carts || v.carts > v.sessions)).toEqual([]);
    });
  });

  describe('seasonality', () => {
    it('sells far more in the evening than at night', () => {
      const byHour = countBy(orders, (o) => String(o.at.hour));
      const sum = (hours: number[]) => hours.reduce((s, h) => s + (byHour.get(String(h)) ?? 0), 0);
      expect(sum([19, 20, 21])).toBeGreaterThan(4 * sum([2, 3, 4]));
      const sessionsByHour = countBy(
        traffic,
        (v) => String(v.at.hour),
        (v) => v.sessions,
      );
      expect(sessionsByHour.get('20') ?? 0).toBeGreaterThan(4 * (sessionsByHour.get('3') ?? 0));
    });

    it('has a weekly pattern: Saturdays quieter than Mondays, weekend mornings slower to start', () => {
      const normal = [...normalDays];
      const dailyOn = (day: number) =>
        mean(normal.filter((d) => weekday(d) === day).map((d) => ordersByDay.get(d) ?? 0));
      expect(dailyOn(6)).toBeLessThan(0.92 * dailyOn(1));
      const morningShare = (weekend: boolean) => {
        const picked = orders.filter((o) => [0, 6].includes(weekday(o.at.date)) === weekend);
        return picked.filter((o) => o.at.hour >= 7 && o.at.hour <= 9).length / picked.length;
      };
      expect(morningShare(true)).toBeLessThan(0.85 * morningShare(false));
    });

    it('is quiet in late January and busy in December', () => {
      const average = (from: string, to: string) =>
        mean([...normalDays].filter((d) => d >= from && d <= to).map((d) => ordersByDay.get(d) ?? 0));
      expect(average('2025-01-20', '2025-01-31')).toBeLessThan(0.92 * average('2025-03-01', '2025-03-31'));
      expect(average('2025-12-08', '2025-12-19')).toBeGreaterThan(1.08 * average('2025-10-01', '2025-10-31'));
    });

    it('peaks at 3–4× a normal day on Black Friday and Cyber Monday, with quiet holidays', () => {
      const normalAround = (date: string, weekdayOnly: boolean) =>
        mean(
          Array.from({ length: 43 }, (_, i) => addDays(date, i - 21))
            .filter((d) => normalDays.has(d) && (!weekdayOnly || weekday(d) === weekday(date)))
            .map((d) => ordersByDay.get(d) ?? 0),
        );
      const ratio = (date: string, sameWeekday = true) =>
        (ordersByDay.get(date) ?? 0) / normalAround(date, sameWeekday);
      expect(ratio('2025-11-28')).toBeGreaterThan(3);
      expect(ratio('2025-11-28')).toBeLessThan(4.5);
      expect(ratio('2025-11-28', false)).toBeGreaterThan(2.8);
      expect(ratio('2025-12-01')).toBeGreaterThan(2.8);
      expect(ratio('2025-12-01')).toBeLessThan(4.2);
      expect(ratio('2025-11-29')).toBeGreaterThan(1.5);
      expect(ratio('2025-11-27')).toBeLessThan(0.8);
      expect(ratio('2025-12-25')).toBeLessThan(0.5);
      expect(ratio('2026-01-01')).toBeLessThan(0.6);
    });

    it('has 23 hours on the spring DST day and 25 on the autumn one, each hour written once with its offset', () => {
      const hoursOn = (date: string) => traffic.filter((v) => v.at.date === date);
      expect(hoursOn('2025-03-09')).toHaveLength(23 * 15);
      expect(hoursOn('2025-11-02')).toHaveLength(25 * 15);
      expect(new Set(hoursOn('2025-03-09').map((v) => v.at.offset))).toEqual(new Set([-300, -240]));
      expect(hoursOn('2025-03-09').some((v) => v.at.hour === 2)).toBe(false);
      expect(hoursOn('2025-11-02').filter((v) => v.at.hour === 1)).toHaveLength(30);
      const starts = [...hourStamps.keys()];
      expect(starts.every((t, i) => i === 0 || t - (starts[i - 1] ?? 0) === 3_600_000)).toBe(true);
      const ordersOn = (date: string, offset: number) =>
        orders.filter((o) => o.at.date === date && o.at.hour === 1 && o.at.offset === offset).length;
      expect(ordersOn('2025-11-02', -240)).toBeGreaterThan(0);
      expect(ordersOn('2025-11-02', -300)).toBeGreaterThan(0);
    });
  });

  describe('planted anomalies', () => {
    it('lifts orders and revenue about 2.5× for three hours during the e-mail blast, through Email', () => {
      const spike = anomaly('spike');
      expect(windowHours(spike)).toHaveLength(3);
      const count = windowVersusNeighbours(spike, orders, () => 1);
      const revenue = windowVersusNeighbours(spike, orders, (o) => o.revenue);
      // About 50 orders in three usual hours: counting noise and basket sizes move the ratios by a tenth or more.
      expect(count.inside / count.usual).toBeGreaterThan(1.9);
      expect(count.inside / count.usual).toBeLessThan(2.9);
      expect(revenue.inside / revenue.usual).toBeGreaterThan(1.6);
      expect(revenue.inside / revenue.usual).toBeLessThan(3.1);
      const email = windowVersusNeighbours(spike, orders, (o) => (o.channel === 'Email' ? 1 : 0));
      const others = windowVersusNeighbours(spike, orders, (o) => (o.channel === 'Email' ? 0 : 1));
      expect(email.inside - email.usual).toBeGreaterThan(0.8 * (count.inside - count.usual));
      expect(others.inside / others.usual).toBeLessThan(1.3);
      const emailSessions = windowVersusNeighbours(spike, traffic, (v) =>
        v.channel === 'Email' ? v.sessions : 0,
      );
      expect(emailSessions.inside / emailSessions.usual).toBeGreaterThan(4);
    });

    it('cuts sessions, carts and orders about 60 % for four hours during the site slowdown', () => {
      const dip = anomaly('dip');
      expect(windowHours(dip)).toHaveLength(4);
      for (const value of [(v: Visits) => v.sessions, (v: Visits) => v.carts]) {
        const { inside, usual } = windowVersusNeighbours(dip, traffic, value);
        expect(inside / usual).toBeGreaterThan(0.3);
        expect(inside / usual).toBeLessThan(0.5);
      }
      const count = windowVersusNeighbours(dip, orders, () => 1);
      expect(count.inside / count.usual).toBeGreaterThan(0.25);
      expect(count.inside / count.usual).toBeLessThan(0.55);
    });

    it('zeroes every traffic row for six hours during the tracking outage while orders carry on', () => {
      const outage = anomaly('tracking_outage');
      const from = Date.parse(outage.start);
      const to = Date.parse(outage.end);
      expect(to - from).toBe(6 * 3_600_000);
      const inside = traffic.filter((v) => v.at.utc >= from && v.at.utc < to);
      expect(inside).toHaveLength(90);
      expect(inside.filter((v) => v.sessions + v.carts + v.checkouts > 0)).toEqual([]);
      const edges = traffic.filter((v) => v.at.utc === from - 3_600_000 || v.at.utc === to);
      expect(edges.reduce((s, v) => s + v.sessions, 0)).toBeGreaterThan(500);
      const count = windowVersusNeighbours(outage, orders, () => 1);
      expect(count.inside / count.usual).toBeGreaterThan(0.75);
      expect(count.inside / count.usual).toBeLessThan(1.3);
    });

    it('steps Paid Search sessions up about 30 % and keeps them there, with no more carts', () => {
      const shift = anomaly('level_shift');
      const first = localDate(shift.start);
      const share = (from: number, to: number, value: (v: Visits) => number) => {
        const days = new Set(Array.from({ length: to - from }, (_, i) => addDays(first, from + i)));
        const picked = traffic.filter((v) => days.has(v.at.date) && normalDays.has(v.at.date));
        const paid = picked.filter((v) => v.channel === 'Paid Search').reduce((s, v) => s + value(v), 0);
        return paid / picked.filter((v) => v.channel !== 'Paid Search').reduce((s, v) => s + value(v), 0);
      };
      const sessions = share(0, 14, (v) => v.sessions) / share(-14, 0, (v) => v.sessions);
      expect(sessions).toBeGreaterThan(1.22);
      expect(sessions).toBeLessThan(1.38);
      const later = share(21, 35, (v) => v.sessions) / share(-14, 0, (v) => v.sessions);
      expect(later).toBeGreaterThan(1.22);
      const carts = share(0, 14, (v) => v.carts) / share(-14, 0, (v) => v.carts);
      expect(carts).toBeGreaterThan(0.9);
      expect(carts).toBeLessThan(1.1);
    });

    it('drops German orders and revenue about 70 % for two days while other countries stay normal', () => {
      const drop = anomaly('dimension_drop');
      const first = localDate(drop.start);
      const days = [first, addDays(first, 1)];
      expect(Date.parse(drop.end) - Date.parse(drop.start)).toBe(2 * DAY);
      const around = Array.from({ length: 21 }, (_, i) => addDays(first, i - 10)).filter((d) =>
        normalDays.has(d),
      );
      const perDay = (dates: string[], country: (c: string) => boolean, value: (o: Order) => number) =>
        orders
          .filter((o) => dates.includes(o.at.date) && country(o.country))
          .reduce((s, o) => s + value(o), 0) / dates.length;
      const isDE = (c: string) => c === 'DE';
      const notDE = (c: string) => c !== 'DE';
      expect(perDay(days, isDE, () => 1) / perDay(around, isDE, () => 1)).toBeLessThan(0.5);
      expect(perDay(days, isDE, () => 1) / perDay(around, isDE, () => 1)).toBeGreaterThan(0.1);
      expect(perDay(days, isDE, (o) => o.revenue) / perDay(around, isDE, (o) => o.revenue)).toBeLessThan(0.5);
      const others = perDay(days, notDE, () => 1) / perDay(around, notDE, () => 1);
      expect(others).toBeGreaterThan(0.85);
      expect(others).toBeLessThan(1.2);
    });

    it('gives the marketplace zero orders on exactly the planted zero days and 4× on its featured day', () => {
      const marketplace = countBy(
        orders.filter((o) => o.channel === 'Marketplace'),
        (o) => o.at.date,
      );
      const zeroDays = key.anomalies.filter((a) => a.kind === 'zero_days').map((a) => localDate(a.start));
      expect(zeroDays).toHaveLength(4);
      const fullDays = [...new Set(traffic.map((v) => v.at.date))].slice(0, -1);
      expect(fullDays.filter((d) => !marketplace.has(d)).sort()).toEqual([...zeroDays].sort());
      const featured = localDate(anomaly('low_volume_spike').start);
      const usual = median(
        Array.from({ length: 29 }, (_, i) => addDays(featured, i - 14))
          .filter((d) => normalDays.has(d))
          .map((d) => marketplace.get(d) ?? 0),
      );
      expect((marketplace.get(featured) ?? 0) / usual).toBeGreaterThan(2.8);
      expect((marketplace.get(featured) ?? 0) / usual).toBeLessThan(5.5);
    });

    it('keeps the answer key exact and machine-readable: metric names from SAMPLE_METRICS, JSON round trip', () => {
      expect(JSON.parse(answerKeyJson(store))).toEqual(key);
      const metricsOf = (table: string) =>
        SAMPLE_METRICS.find((c) => c.table === table)?.metrics.map((m) => m.display_name) ?? [];
      for (const a of key.anomalies) {
        expect(metricsOf(a.table)).toEqual(expect.arrayContaining(a.metrics));
        for (const also of a.alsoVisibleIn ?? [])
          expect(metricsOf(also.table)).toEqual(expect.arrayContaining(also.metrics));
        if (a.dimension) {
          const dimensions = SAMPLE_METRICS.find((c) => c.table === a.table)?.dimensions.map(
            (d) => d.field_name,
          );
          expect(dimensions).toContain(a.dimension.name);
        }
        expect(a.direction === 'up' ? a.magnitude > 1 : a.magnitude < 0).toBe(true);
      }
      expect(key.normalPeaks.map((p) => p.name)).toEqual(
        expect.arrayContaining(['Thanksgiving', 'Black Friday', 'Cyber Monday', 'Christmas', 'New Year']),
      );
    });
  });

  describe('determinism and CSV', () => {
    const small = (seed: number) => generateStore({ seed, end: END, months: 4 });
    const csvOf = (table: SampleTable) => [...toCsv(table)].join('');
    const text = (s: SampleStore) => s.tables.map(csvOf);
    let first: string[];

    it('writes identical bytes for the same seed and different ones for another seed', () => {
      first = text(small(11));
      expect(text(small(11))).toEqual(first);
      const other = small(12).tables.map((table) => toCsv(table).next().value);
      expect(other[0]).not.toBe(first[0]?.slice(0, other[0]?.length));
      expect(other[1]).not.toBe(first[1]?.slice(0, other[1]?.length));
    });

    it('writes CSV that an RFC 4180 reader reads back to the generated values', () => {
      const store4 = small(11);
      for (const [index, table] of store4.tables.entries()) {
        const parsed = parseCsv(first[index] ?? csvOf(table));
        expect(parsed[0]).toEqual(table.columns.map((c) => c.name));
        const expected = [...table.rows()].map((row) =>
          row.map((v, i) => csvField(v, table.columns[i])).join('\u0001'),
        );
        const read = parsed.slice(1).map((row) => row.join('\u0001'));
        expect(read.length).toBe(expected.length);
        expect(read.filter((line, i) => line !== expected[i])).toEqual([]);
      }
    });
  });

  describe('growth and trend', () => {
    it('grows about 2 % a month year on year, then bends to −12 % a month from the trend change', () => {
      const long = generateStore({ seed: 7, end: END, months: 18 });
      const daily = new Map<string, number>();
      for (const row of long.orders.rows()) {
        const date = String(row[1]).slice(0, 10);
        daily.set(date, (daily.get(date) ?? 0) + 1);
      }
      const longKey = long.answerKey;
      expect(longKey.anomalies).toEqual(key.anomalies);
      const excluded = new Set<string>();
      for (const window of [...longKey.normalPeaks, ...longKey.anomalies]) {
        const from = Date.parse(window.start);
        const persistent =
          'kind' in window && (window.kind === 'trend_change' || window.kind === 'level_shift');
        const to = persistent ? from + DAY : Date.parse(window.end);
        for (let t = from - DAY; t < to + DAY; t += 3_600_000) excluded.add(newYork.format(t));
      }
      const bend = localDate(anomaly('trend_change').start);
      // Year-on-year ratios cancel the yearly shape; 364 days keep the weekday.
      const yoy = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, i) => addDays(bend, from + i))
          .filter((d) => !excluded.has(d) && !excluded.has(addDays(d, -364)) && daily.has(addDays(d, -364)))
          .map((d): [number, number] => [
            (Date.parse(d) - Date.parse(bend)) / DAY,
            Math.log((daily.get(d) ?? 0) / (daily.get(addDays(d, -364)) ?? 1)),
          ]);
      const before = yoy(-60, 0);
      const after = yoy(0, 77);
      expect(before.length).toBeGreaterThan(40);
      expect(after.length).toBeGreaterThan(20);
      const yearly = Math.exp(mean(before.map(([, r]) => r)));
      // 1.02^12 = 1.27, a little less with the marketplace, which does not grow.
      expect(yearly).toBeGreaterThan(1.18);
      expect(yearly).toBeLessThan(1.36);
      const month = 30.4375;
      expect(slope(before) * month).toBeGreaterThan(-0.025);
      expect(slope(before) * month).toBeLessThan(0.025);
      // After the bend the ratio falls from the level it had: a slope anchored there is far less noisy.
      const level = mean(before.map(([, r]) => r));
      const bent =
        after.reduce((s, [x, r]) => s + x * (r - level), 0) / after.reduce((s, [x]) => s + x * x, 0);
      // Year on year the ratio now falls by ln(0.88) − ln(1.02) = −0.148 a month.
      expect(bent * month).toBeGreaterThan(-0.19);
      expect(bent * month).toBeLessThan(-0.1);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { generateSiteTraffic, generateStore } from '@tidemark/sample-data';
import { retailHolidays } from '../../apps/server/src/modules/pipelines/holidays';
import { DEMO_SEED } from '../../apps/server/src/modules/demo/demo.service';
import {
  ordersWithRecentSpike,
  recentSpikeClockShift,
  recentSpikeLayout,
  UPLOAD_WITHIN_MS,
} from './recent-spike';

// Every fixture that plants anomalies relative to "now", called with each day of a year as now: each planted
// anomaly must land inside its data and on a day the product's retail calendar leaves alone (a holiday is
// never raised), so no test's outcome depends on the day it runs.

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Every day of 2026, plus the turn of the year, at an early and a late hour. */
const NOWS = Array.from({ length: 380 }, (_, d) => Date.UTC(2026, 0, 1) + d * DAY).flatMap((day) => [
  day + 30 * 60_000,
  day + 23 * HOUR + 30 * 60_000,
]);
/** Zones far apart: the product computes holidays in the workspace's own zone. */
const ZONES = [
  'UTC',
  'America/Los_Angeles',
  'America/New_York',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Pacific/Auckland',
];

const iso = (t: number) => new Date(t).toISOString();

const calendars = new Map<string, ReturnType<typeof retailHolidays>>();
/** The holidays whose local days meet [start, end) in any of the zones. */
function holidaysMeeting(start: number, end: number, zones = ZONES): string[] {
  return zones.flatMap((zone) => {
    let calendar = calendars.get(zone);
    if (!calendar) {
      calendar = retailHolidays(Date.UTC(2024, 0, 1), Date.UTC(2028, 0, 1), zone);
      calendars.set(zone, calendar);
    }
    return calendar.filter((h) => h.start < end && h.end > start).map((h) => `${h.name} (${zone})`);
  });
}

// Hundreds of whole stores and days of traffic generated: seconds on a quiet machine, far more on two cores
// shared with the browser suite and another worker.
describe('fixtures planted relative to now, on every day of a year', { timeout: 180_000 }, () => {
  it('the uploaded spike lands on a recent ordinary day inside its 100 days, moving the clock at most ten days', () => {
    const shifted: string[] = [];
    for (const now of NOWS) {
      const shift = recentSpikeClockShift(now);
      expect(shift % DAY).toBe(0);
      expect(shift, iso(now)).toBeLessThanOrEqual(10 * DAY);
      if (shift > 0) shifted.push(iso(now).slice(0, 10));
      // The upload may come a little after planning (past midnight).
      for (const t of [now + shift, now + shift + UPLOAD_WITHIN_MS]) {
        const layout = recentSpikeLayout(t)!;
        expect(layout, iso(t)).not.toBeNull();
        const today = Math.floor(t / DAY) * DAY;
        expect(layout.end).toBe(today);
        expect(layout.spikeDay).toBeGreaterThanOrEqual(layout.start + 28 * DAY);
        // A complete day, recent enough that a daily anomaly still alerts (a week: FRESH_MS).
        expect(layout.spikeDay + DAY).toBeLessThan(today);
        expect(layout.spikeDay + DAY).toBeGreaterThan(t - 7 * DAY);
        expect(holidaysMeeting(layout.spikeDay, layout.spikeDay + DAY), iso(t)).toEqual([]);
      }
    }
    // The clock moves only around Thanksgiving and Cyber week, a few days a year.
    expect(shifted.length).toBeGreaterThan(0);
    expect(shifted.every((d) => d.slice(5, 7) === '11' || d.slice(5, 7) === '12')).toBe(true);
    expect(new Set(shifted).size).toBeLessThanOrEqual(12);
  });

  it('writes the sixfold US spike on the planned day and nowhere else', () => {
    // Thanksgiving week 2026 (the day the old fixture planted its spike on a holiday), a summer day, New Year.
    for (const now of [Date.UTC(2026, 10, 28, 9), Date.UTC(2026, 6, 1, 12), Date.UTC(2027, 0, 2, 8)]) {
      const t = now + recentSpikeClockShift(now);
      const layout = recentSpikeLayout(t)!;
      const usByDay = new Map<number, number>();
      const rows = ordersWithRecentSpike(t).trim().split('\n').slice(1);
      for (const row of rows) {
        const [, at, country] = row.split(',');
        const day = Math.floor(Date.parse(at!) / DAY) * DAY;
        expect(day).toBeGreaterThanOrEqual(layout.start);
        expect(day).toBeLessThan(layout.end);
        if (country === 'US') usByDay.set(day, (usByDay.get(day) ?? 0) + 1);
      }
      expect(usByDay.size).toBe(100);
      const others = [...usByDay].filter(([d]) => d !== layout.spikeDay).map(([, n]) => n);
      expect(usByDay.get(layout.spikeDay)!, iso(t)).toBeGreaterThan(4 * Math.max(...others) * 0.8);
    }
  });

  it("the demo store's planted anomalies lie inside its data and start on ordinary days", () => {
    for (const now of NOWS.filter((_, i) => i % 2 === 1)) {
      const end = new Date(Math.floor(now / HOUR) * HOUR);
      const store = generateStore({ seed: DEMO_SEED, end });
      const key = store.answerKey;
      const [start, stop] = [Date.parse(key.start), Date.parse(key.end)];
      for (const a of key.anomalies) {
        const [from, to] = [Date.parse(a.start), Date.parse(a.end)];
        const where = `${a.id} at ${iso(end.getTime())}`;
        expect(from, where).toBeGreaterThanOrEqual(start);
        expect(to, where).toBeLessThanOrEqual(stop);
        expect(from, where).toBeLessThan(to);
        // Level shifts and trend changes last to the end of the data: only the day they start must be ordinary.
        const persists = a.kind === 'level_shift' || a.kind === 'trend_change';
        expect(holidaysMeeting(from, persists ? from + DAY : to, [store.timezone]), where).toEqual([]);
      }
    }
  });

  it("the demo site's planted incidents lie inside its hours of traffic", () => {
    for (const now of NOWS.filter((_, i) => i % 2 === 0)) {
      const end = new Date(Math.floor(now / HOUR) * HOUR);
      const traffic = generateSiteTraffic({ seed: DEMO_SEED, end, sampleRate: 1 });
      // The ingest trusts browser clocks up to a day back: the data is the 23 hours before the end.
      const start = end.getTime() - 23 * HOUR;
      for (const incident of traffic.answerKey.incidents) {
        const where = `${incident.cause} at ${iso(end.getTime())}`;
        expect(Date.parse(incident.start), where).toBeGreaterThanOrEqual(start);
        expect(Date.parse(incident.end), where).toBeLessThanOrEqual(end.getTime());
        expect(Date.parse(incident.start), where).toBeLessThan(Date.parse(incident.end));
      }
      expect(traffic.answerKey.incidents.length).toBeGreaterThan(0);
    }
  });
});

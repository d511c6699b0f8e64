import { describe, expect, it } from 'vitest';
import { holidayBuckets, liftHolidays, retailHolidays, unseenHolidays, usableYearBefore } from './holidays';

describe('the retail calendar', () => {
  it('finds Thanksgiving on the fourth Thursday of November and its week around it, in local days', () => {
    const days = retailHolidays(Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 10), 'America/New_York');
    const byName = (name: string) =>
      days.filter((d) => d.name === name).map((d) => new Date(d.start).toISOString());
    expect(byName('Thanksgiving')).toEqual(['2025-11-27T05:00:00.000Z']);
    expect(byName('Black Friday')).toEqual(['2025-11-28T05:00:00.000Z']);
    expect(byName('Cyber Monday')).toEqual(['2025-12-01T05:00:00.000Z']);
    expect(byName('Cyber week')).toEqual(['2025-12-02T05:00:00.000Z', '2025-12-03T05:00:00.000Z']);
    expect(byName('New Year')).toEqual(['2025-01-01T05:00:00.000Z', '2026-01-01T05:00:00.000Z']);
    // 2024: Thanksgiving on 28 November; a day is 24 local hours, also in Tokyo.
    const tokyo = retailHolidays(Date.UTC(2024, 10, 1), Date.UTC(2024, 11, 1), 'Asia/Tokyo');
    const thanksgiving = tokyo.find((d) => d.name === 'Thanksgiving')!;
    expect(new Date(thanksgiving.start).toISOString()).toBe('2024-11-27T15:00:00.000Z');
    expect(thanksgiving.end - thanksgiving.start).toBe(86_400_000);
  });

  it('marks the buckets of a series that start inside one', () => {
    const holidays = retailHolidays(Date.UTC(2025, 11, 20), Date.UTC(2025, 11, 30), 'Etc/UTC');
    const hours = Array.from({ length: 72 }, (_, i) => Date.UTC(2025, 11, 23) + i * 3_600_000);
    const marked = holidayBuckets(hours, holidays);
    expect(marked).toHaveLength(48);
    expect(new Date(marked[0]!).toISOString()).toBe('2025-12-24T00:00:00.000Z');
  });
});

describe("holidays take last year's lift", () => {
  const DAY = 86_400_000;
  // Two seasons of days in UTC: 2025's holidays were seen, 2026's are being fitted and forecast.
  const holidays = retailHolidays(Date.UTC(2025, 9, 1), Date.UTC(2026, 11, 31), 'Etc/UTC');
  const start = Date.UTC(2025, 9, 1);
  const dayOf = (name: string, year: number) =>
    holidays.find((h) => h.name === name && new Date(h.start).getUTCFullYear() === year)!.start;
  const ts = Array.from({ length: 450 }, (_, i) => start + i * DAY);
  const lastYear: Record<string, number> = {
    [dayOf('Black Friday', 2025)]: 300,
    [dayOf('Thanksgiving', 2025)]: 60,
  };
  const band = () => ({
    yhat: ts.map(() => 100 as number | null),
    lower: ts.map(() => 80 as number | null),
    upper: ts.map(() => 120 as number | null),
  });
  const y = ts.map((t) => lastYear[t] ?? 100);

  it('scales the expected value of this year’s holiday by last year’s actual over expected, with a wider band', () => {
    const fit = band();
    const nextCyber = dayOf('Cyber Monday', 2026);
    const forecast = {
      ts: [nextCyber - DAY, nextCyber],
      yhat: [100, 100],
      lower: [80, 80],
      upper: [120, 120],
    };
    liftHolidays(DAY, ts, y.slice(), fit, holidays, forecast);
    const at = (t: number) => ts.indexOf(t);
    const bf = at(dayOf('Black Friday', 2026));
    expect([fit.yhat[bf], fit.lower[bf], fit.upper[bf]]).toEqual([
      300,
      300 - 1.5 * 3 * 20,
      300 + 1.5 * 3 * 20,
    ]);
    const turkey = at(dayOf('Thanksgiving', 2026));
    expect(fit.yhat[turkey]).toBeCloseTo(60);
    expect(fit.upper[turkey]).toBeCloseTo(60 + 1.5 * 0.6 * 20);
    // Last year's own holidays had no year before them in the data: they keep the ordinary expectation.
    expect(fit.yhat[at(dayOf('Black Friday', 2025))]).toBe(100);
    // An ordinary day, and a holiday last year's data did not move (Cyber Monday at its usual 100).
    expect(fit.yhat[at(dayOf('Black Friday', 2026) - 7 * DAY)]).toBe(100);
    expect(forecast.yhat).toEqual([100, 100]);
  });

  it('forecasts an upcoming holiday with its lift, and lifts nothing from a year with a gap on that day', () => {
    const cut = ts.indexOf(dayOf('Black Friday', 2026));
    const nextBf = dayOf('Black Friday', 2026);
    const forecast = { ts: [nextBf - DAY, nextBf], yhat: [100, 100], lower: [80, 80], upper: [120, 120] };
    const fit = band();
    liftHolidays(DAY, ts.slice(0, cut), y.slice(0, cut), fit, holidays, forecast);
    expect(forecast.yhat).toEqual([60, 300]);

    const gap = y.slice();
    gap[ts.indexOf(dayOf('Black Friday', 2025))] = null as never;
    const unseen = band();
    liftHolidays(DAY, ts, gap, unseen, holidays);
    expect(unseen.yhat[ts.indexOf(nextBf)]).toBe(100);
  });
});

describe('holidays from thin history', () => {
  const DAY = 86_400_000;
  const start = Date.UTC(2024, 9, 1);
  const holidays = retailHolidays(start, Date.UTC(2026, 0, 10), 'Etc/UTC');
  const dayOf = (name: string, year: number) =>
    holidays.find((h) => h.name === name && new Date(h.start).getUTCFullYear() === year)!;
  const ts = Array.from({ length: 450 }, (_, i) => start + i * DAY);
  const band = () => ({
    yhat: ts.map((t) => level(t) as number | null),
    lower: ts.map((t) => 0.8 * level(t)),
    upper: ts.map((t) => 1.2 * level(t)),
  });
  // A shop that sold 2 a day a year ago and 20 now: its first Black Friday sold 6, three times its day.
  const level = (t: number) => (t < Date.UTC(2025, 5, 1) ? 2 : 20);
  const bf2024 = dayOf('Black Friday', 2024);
  const y = ts.map((t) => (t === bf2024.start ? 6 : level(t)));

  it("does not learn this year's holiday from a year when the series was under a quarter of its level now", () => {
    const bf2025 = dayOf('Black Friday', 2025);
    expect(usableYearBefore(bf2025, holidays, DAY, ts, y)).toBeNull();
    const fit = band();
    liftHolidays(DAY, ts, y, fit, holidays);
    // Not expected at last year's threefold lift, nor at the thin year's six orders: an ordinary day's 20.
    expect(fit.yhat[ts.indexOf(bf2025.start)]).toBe(20);
    const unseen = unseenHolidays(DAY, ts, y, holidays);
    expect(unseen.has(bf2025)).toBe(true);
    // The first Black Friday, with no year before it in the data, is unknown too.
    expect(unseen.has(bf2024)).toBe(true);
  });

  it('learns it from a year at a substantial level', () => {
    const steady = ts.map((t) => (t === bf2024.start ? 60 : 20));
    const bf2025 = dayOf('Black Friday', 2025);
    expect(usableYearBefore(bf2025, holidays, DAY, ts, steady)).toBe(bf2024);
    expect(unseenHolidays(DAY, ts, steady, holidays).has(bf2025)).toBe(false);
    const fit = {
      yhat: ts.map(() => 20 as number | null),
      lower: ts.map(() => 16 as number | null),
      upper: ts.map(() => 24 as number | null),
    };
    liftHolidays(DAY, ts, steady, fit, holidays);
    expect(fit.yhat[ts.indexOf(bf2025.start)]).toBe(60);
  });
});

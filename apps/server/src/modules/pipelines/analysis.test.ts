import { describe, expect, it } from 'vitest';
import {
  analyzeMetric,
  lowVolumeSpikeHolds,
  surprisingCount,
  weighSeverity,
  type AnalysisSeries,
} from './analysis';
import { retailHolidays } from './holidays';

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 5);

/** A seeded wobble, so the test is the same every run. */
function noise(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31 - 0.5;
  };
}

describe('analyzeMetric on a ratio metric', () => {
  it('names the segment whose own rate fell, not the one whose traffic carried on, and says so in the title', () => {
    const days = 121;
    const rand = noise(7);
    const ts = Array.from({ length: days }, (_, i) => START + i * DAY);
    // Average order value by device: desktop and mobile each ~200 orders a day at ~$80; on day 100
    // mobile's value halves (a broken upsell) while its orders carry on.
    const rows = (i: number) => 200 + Math.round(20 * rand()) + (i % 7 === 5 ? 30 : 0);
    const desktopN = ts.map((_, i) => rows(i));
    const mobileN = ts.map((_, i) => rows(i));
    const desktopY = ts.map(() => 80 + 2 * rand());
    const mobileY = ts.map((_, i) => (i === 100 ? 40 : 80) + 2 * rand());
    const overallN = ts.map((_, i) => desktopN[i]! + mobileN[i]!);
    const overallY = ts.map(
      (_, i) => (desktopY[i]! * desktopN[i]! + mobileY[i]! * mobileN[i]!) / overallN[i]!,
    );
    const series: AnalysisSeries[] = [
      { dim_name: '', dim_val: '', ts, y: overallY, n: overallN },
      { dim_name: 'device', dim_val: 'Desktop', ts, y: desktopY, n: desktopN },
      { dim_name: 'device', dim_val: 'Mobile', ts, y: mobileY, n: mobileN },
    ];
    const out = analyzeMetric({
      grain: 'd',
      timezone: 'Etc/UTC',
      currency_symbol: '$',
      metric: { kpi_id: '1', kpi_display_name: 'AOV', kpi_format: 'currency', tier: 1, additive: false },
      series,
    });
    const drop = out.findings.find(
      (f) => f.dim_name === '' && f.draft.pattern_type === 'Point Anomaly' && f.ts_start === ts[100],
    );
    expect(drop, JSON.stringify(out.findings.map((f) => [f.dim_val, f.draft.insight_title]))).toBeDefined();
    expect(drop!.draft.pattern_direction).toBe('down');
    const top = drop!.rootcause!.rootcause_data[0]!.rootcause_details[0]!;
    expect(top.dim_val).toBe('Mobile');
    // Mobile's share of the orders did not move: the change is within the segment.
    expect(Math.abs(top.kpi_population_change_pct)).toBeLessThan(5);
    expect(drop!.draft.insight_title).toMatch(/mostly Mobile/);
    // A drop in money terms follows the deviation, ready for a dollar value per unit.
    expect(drop!.deviation).toBeLessThan(0);
  });

  it('forecasts past the newest complete bucket with a band around it', () => {
    const ts = Array.from({ length: 90 }, (_, i) => START + i * DAY);
    const rand = noise(3);
    const y = ts.map((_, i) => 100 + (i % 7 === 6 ? 40 : 0) + 5 * rand());
    const out = analyzeMetric({
      grain: 'd',
      timezone: 'Etc/UTC',
      currency_symbol: '$',
      metric: { kpi_id: '1', kpi_display_name: 'Orders', tier: 2, additive: true },
      series: [{ dim_name: '', dim_val: '', ts, y, n: ts.map(() => 100) }],
    });
    const forecast = out.fits[0]!.forecast!;
    expect(forecast.ts[0]).toBe(ts.at(-1));
    expect(forecast.ts).toHaveLength(14);
    forecast.yhat.forEach((v, k) => {
      expect(forecast.lower[k]!).toBeLessThan(v);
      expect(forecast.upper[k]!).toBeGreaterThan(v);
    });
    // The weekly peak carries on into the forecast.
    const peak = forecast.ts.findIndex((t) => Math.round((t - START) / DAY) % 7 === 6);
    expect(forecast.yhat[peak]!).toBeGreaterThan(forecast.yhat[(peak + 3) % 7]! + 20);
  });

  it('explains an hourly spike with values whose earlier fit is carried forward, and refits only the overall', () => {
    const HOUR = 3_600_000;
    const hours = 24 * 35;
    const rand = noise(11);
    const ts = Array.from({ length: hours }, (_, i) => START + i * HOUR);
    const shape = (i: number) => 20 + 15 * Math.sin((2 * Math.PI * (i % 24)) / 24);
    // Email triples for two hours near the end; Search carries on.
    const email = ts.map(
      (_, i) => Math.max(0, shape(i) + 2 * rand()) * (i >= hours - 6 && i < hours - 4 ? 3 : 1),
    );
    const search = ts.map((_, i) => Math.max(0, 2 * shape(i) + 3 * rand()));
    const overall = ts.map((_, i) => email[i]! + search[i]!);
    const metric = { kpi_id: '1', kpi_display_name: 'Orders', tier: 1 as const, additive: true };
    const series = (upTo: number): AnalysisSeries[] => [
      { dim_name: '', dim_val: '', ts: ts.slice(0, upTo), y: overall.slice(0, upTo) },
      { dim_name: 'channel', dim_val: 'Email', ts: ts.slice(0, upTo), y: email.slice(0, upTo) },
      { dim_name: 'channel', dim_val: 'Search', ts: ts.slice(0, upTo), y: search.slice(0, upTo) },
    ];
    const base = { grain: 'h' as const, timezone: 'Etc/UTC', currency_symbol: '$', metric };
    // The values' last fit, made 12 hours ago.
    const earlier = analyzeMetric({ ...base, series: series(hours - 12) });
    const carried = (dim_val: string) => {
      const fit = earlier.fits.find((f) => f.dim_val === dim_val)!;
      const forecast = new Map(fit.forecast!.ts.map((t, k) => [t, fit.forecast!.yhat[k]!]));
      return [...fit.yhat, ...ts.slice(fit.yhat.length, hours - 1).map((t) => forecast.get(t) ?? null)];
    };
    const now = series(hours).map((s) => (s.dim_name ? { ...s, expected: carried(s.dim_val) } : s));
    const out = analyzeMetric({ ...base, series: now });
    expect(out.fits.map((f) => f.dim_val)).toEqual(['']);
    const spike = out.findings.find((f) => f.dim_name === '' && f.ts_start >= ts[hours - 7]!);
    expect(spike, JSON.stringify(out.findings.map((f) => [f.ts_start, f.draft.insight_title]))).toBeDefined();
    expect(spike!.rootcause!.rootcause_data[0]!.rootcause_details[0]!.dim_val).toBe('Email');
  });
});

describe('analyzeMetric on hourly series', () => {
  const HOUR = 3_600_000;
  /** 60 days of hourly orders with a day shape, stepping up 40 % from `shiftDay` on. */
  function hourly(shiftDay: number): AnalysisSeries {
    const rand = noise(11);
    const ts = Array.from({ length: 60 * 24 }, (_, i) => START + i * HOUR);
    const y = ts.map((_, i) => {
      const shape = 1 + 0.5 * Math.sin((2 * Math.PI * (i % 24)) / 24);
      return Math.round(100 * shape * (i >= shiftDay * 24 ? 1.4 : 1) * (1 + 0.1 * rand()));
    });
    return { dim_name: '', dim_val: '', ts, y };
  }
  const trendOf = (series: AnalysisSeries) =>
    analyzeMetric({
      grain: 'h',
      timezone: 'Etc/UTC',
      currency_symbol: '$',
      metric: { kpi_id: '1', kpi_display_name: 'Orders', kpi_format: 'number', tier: 1, additive: true },
      series: [series],
    }).findings.filter((f) => f.draft.pattern_type === 'Trend Change');

  it('raises a recent change of level, and leaves an older one to the daily series', () => {
    const recent = trendOf(hourly(52));
    expect(recent).toHaveLength(1);
    expect(Math.abs(recent[0]!.ts_start - (START + 52 * DAY))).toBeLessThanOrEqual(DAY);
    expect(recent[0]!.draft.pattern_direction).toBe('up');
    // Older than HOURLY_TREND_DAYS: the daily series tells it.
    expect(trendOf(hourly(30))).toEqual([]);
  });
});

describe('business weight of a movement', () => {
  it('judges a few orders by counting noise: 2 against 0.3 is noise, a fourfold day of 5 is not', () => {
    expect(surprisingCount(2, 0.3, 'up')).toBe(false);
    expect(surprisingCount(12, 5, 'up')).toBe(false);
    expect(surprisingCount(20, 5, 'up')).toBe(true);
    // A channel with ten orders a day selling none, and a two-day −65 % drop of a country.
    expect(surprisingCount(0, 10, 'down')).toBe(true);
    expect(surprisingCount(21, 60.5, 'down')).toBe(true);
    expect(surprisingCount(4, 6, 'down')).toBe(false);
    expect(surprisingCount(10_600, 10_000, 'up')).toBe(true);
  });

  it('never calls one or two units, or a sliver of the whole, High', () => {
    expect(weighSeverity('High', 2, true, 1)).toBe('Low');
    expect(weighSeverity('High', 40, true, 0.03)).toBe('Medium');
    expect(weighSeverity('High', 40, true, 0.2)).toBe('High');
    expect(weighSeverity('Medium', 1.5, false, 1)).toBe('Medium');
  });

  it('raises no spike from a rare value of a few orders a day', () => {
    const days = 120;
    const ts = Array.from({ length: days + 1 }, (_, d) => Date.UTC(2025, 0, 1) + d * 86_400_000);
    // Orders of a rare status: mostly none, now and then one or two.
    const y = ts.map((_, d) => [0, 0, 1, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0][d % 13] ?? 0);
    const out = analyzeMetric({
      grain: 'd',
      metric: { kpi_id: '1', kpi_display_name: 'Orders', additive: true },
      timezone: 'UTC',
      currency_symbol: '$',
      series: [{ dim_name: '', dim_val: '', ts, y, n: y }],
    });
    expect(out.findings.filter((f) => f.draft.pattern_type === 'Point Anomaly')).toEqual([]);
  });
});

/** Seeded Poisson draws, so the test is the same every run. */
function poisson(seed: number) {
  const rand = noise(seed);
  return (lambda: number) => {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = rand() + 0.5;
    while (p > limit) {
      k++;
      p *= rand() + 0.5;
    }
    return k;
  };
}

describe('a young shop of a few orders a day', () => {
  const metric = { kpi_id: '1', kpi_display_name: 'Orders', tier: 2 as const, additive: true };
  const opened = Date.UTC(2024, 3, 5);
  const holidays = retailHolidays(opened, Date.UTC(2026, 0, 31), 'Etc/UTC');
  const day = (name: string, year: number) =>
    holidays.find((h) => h.name === name && new Date(h.start).getUTCFullYear() === year)!.start;
  /** Days from opening to `until`, about `level(t)` orders a day, Black Friday at `friday` times that. */
  function shop(until: number, level: (t: number) => number, friday: number, seed = 5): AnalysisSeries {
    const draw = poisson(seed);
    const ts: number[] = [];
    for (let t = opened; t <= until; t += DAY) ts.push(t);
    const fridays = new Set([day('Black Friday', 2024), day('Black Friday', 2025)]);
    const y = ts.map((t) => draw(level(t) * (fridays.has(t) ? friday : 1)));
    return { dim_name: '', dim_val: '', ts, y, n: y };
  }
  const run = (series: AnalysisSeries[]) =>
    analyzeMetric({ grain: 'd', timezone: 'Etc/UTC', currency_symbol: '£', metric, series, holidays });

  it('raises its first Black Friday at four times a day, named after the day, as Medium', () => {
    const series = shop(Date.UTC(2025, 0, 20), () => 6, 4);
    const out = run([series]);
    const bf = out.findings.find((f) => f.ts_start === day('Black Friday', 2024));
    expect(bf, JSON.stringify(out.findings.map((f) => f.draft.insight_title))).toBeDefined();
    expect(bf!.draft.pattern_direction).toBe('up');
    expect(bf!.draft.insight_title).toMatch(/on Black Friday, Fri 29 Nov/);
    expect(bf!.draft.insight_severity).toBe('Medium');
    // Its claims are the stored fit's: the wide band of a holiday the series has not seen.
    const fit = out.fits[0]!;
    const i = series.ts.indexOf(bf!.ts_start);
    expect(bf!.draft.pattern_data.yhat_upper).toBeCloseTo(fit.upper[i]!);
    expect(fit.upper[i]!).toBeGreaterThan(2 * fit.yhat[i]!);
    // A Black Friday at twice a day is within what a holiday usually does.
    const mild = run([shop(Date.UTC(2025, 0, 20), () => 6, 2)]);
    expect(mild.findings.filter((f) => f.ts_start === day('Black Friday', 2024))).toEqual([]);
  });

  it('expects its second Black Friday from the first when the shop was substantial then, not when it barely traded', () => {
    const until = Date.UTC(2025, 11, 20);
    const second = day('Black Friday', 2025);
    // Grown from 6 to 9 a day: last year's fourfold day is this year's expectation.
    const grown = run([shop(until, (t) => 6 + (3 * (t - opened)) / (until - opened), 4)]);
    expect(grown.findings.filter((f) => f.ts_start === second)).toEqual([]);
    const at = grown.fits[0]!.yhat[Math.round((second - opened) / DAY)]!;
    expect(at).toBeGreaterThan(25);
    // From one order a week to eight a day: the first Black Friday taught nothing, the second is raised.
    const thin = run([shop(until, (t) => (t < Date.UTC(2025, 2, 1) ? 0.15 : 8), 4)]);
    const raised = thin.findings.find((f) => f.ts_start === second);
    expect(raised?.draft.insight_title).toMatch(/on Black Friday/);
  });

  it('finds three days of voided orders in a status of a few a month, not a long-tail day of three', () => {
    const until = Date.UTC(2025, 5, 30);
    const overall = shop(until, () => 8, 1, 9);
    const draw = poisson(13);
    const runStart = overall.ts.length - 40;
    const voided = overall.ts.map((_, i) => (i >= runStart && i < runStart + 3 ? 3 + (i % 2) : draw(0.04)));
    const tail = overall.ts.map((_, i) => (i === overall.ts.length - 20 ? 3 : draw(0.12)));
    const out = run([
      overall,
      { dim_name: 'status', dim_val: 'voided', ts: overall.ts, y: voided, n: voided },
      { dim_name: 'country', dim_val: 'SE', ts: overall.ts, y: tail, n: tail },
    ]);
    const values = out.findings.filter((f) => f.dim_name !== '');
    expect(values.map((f) => [f.dim_val, new Date(f.ts_start).toISOString().slice(0, 10)])).toEqual([
      ['voided', new Date(overall.ts[runStart]!).toISOString().slice(0, 10)],
    ]);
  });
});

describe('the run rule for few rows', () => {
  it('keeps runs and stopped values, drops a handful in one bucket', () => {
    const flat = (n: number, v: number) => Array.from({ length: n }, () => v);
    // Nothing expected by a fit of empty days, but a usual rate of one a week: three in a day is chance.
    expect(lowVolumeSpikeHolds([3], [0], [0.15], 'up')).toBe(false);
    expect(lowVolumeSpikeHolds([4, 3, 4], flat(3, 0), flat(3, 0.05), 'up')).toBe(true);
    // A two-day −70 % drop of thirty a day; a marketplace of ten a day selling nothing for a day.
    expect(lowVolumeSpikeHolds([9, 10], flat(2, 31), flat(2, 31), 'down')).toBe(true);
    expect(lowVolumeSpikeHolds([0], [10], [10], 'down', true)).toBe(true);
    expect(lowVolumeSpikeHolds([0], [2], [2], 'down', true)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { analyzeMetric, surprisingCount, weighSeverity, type AnalysisSeries } from './analysis';

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

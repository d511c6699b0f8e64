import { describe, expect, it } from 'vitest';
import { fitExpectedRange } from './range';
import { detectTrendChanges } from './trend';
import { analyzeSeries } from './analyze';
import { bendingDailyOrders, hourlySeries } from './testing';

function withShift(days: number, at: number, factor: number) {
  return hourlySeries({ days }).map((p, i) => (i >= at ? { ...p, value: (p.value as number) * factor } : p));
}

describe('detectTrendChanges', () => {
  it.each([
    [0.7, 'down', 'negative'],
    [1.4, 'up', 'positive'],
  ] as const)(
    'finds a level shift ×%d near where it happened, as a %s change with a %s post line',
    (factor, direction, accent) => {
      const at = 24 * 30 + 5;
      const r = fitExpectedRange(withShift(56, at, factor));
      const t = detectTrendChanges(r, { accent: 'positive' });
      expect(t.lastChangepoint).not.toBeNull();
      expect(Math.abs(t.lastChangepoint!.index - at)).toBeLessThanOrEqual(24);
      expect(t.direction).toBe(direction);
      expect(t.trend_line.trend_change.lastcp_ts).toBe(t.lastChangepoint!.timestamp);
      const pred = t.trend_line.trend_prediction!;
      expect(pred.pre_trendline.coords).toHaveLength(2);
      expect(pred.post_trendline.coords[0]![0]).toBe(t.lastChangepoint!.timestamp);
      expect(pred.post_trendline.accent === accent || pred.pre_trendline.accent === 'positive').toBe(true);
    },
  );

  it('dates a bend in the slope within a day and a half, as a down change', () => {
    const at = 24 * 40 + 7;
    const pts = hourlySeries({ days: 84 }).map((p, i) =>
      i >= at ? { ...p, value: (p.value as number) * (1 - (0.35 * (i - at)) / (84 * 24 - at)) } : p,
    );
    const t = detectTrendChanges(fitExpectedRange(pts));
    expect(t.changepoints).toHaveLength(1);
    expect(Math.abs(t.lastChangepoint!.index - at)).toBeLessThanOrEqual(36);
    expect(t.direction).toBe('down');
    expect(t.kind).toBe('bend');
  });

  it('calls a level shift a jump and dates it to the hour', () => {
    const at = 24 * 30 + 5;
    const t = detectTrendChanges(fitExpectedRange(withShift(56, at, 0.7)));
    expect(t.kind).toBe('jump');
    expect(t.lastChangepoint!.index).toBe(at);
  });

  it('reports no change on a stable seasonal series', () => {
    const t = detectTrendChanges(fitExpectedRange(hourlySeries({ days: 56 })));
    expect(t.changepoints).toEqual([]);
    expect(t.trend_line).toEqual({ trend_change: { lastcp_ts: null }, trend_prediction: null });
  });

  // The sample store's growth reversal (+2 to -12 %/month on 7 September), without its yearly season: a
  // least-squares hinge that knows the exact shape dates it within a week in 89 % of stores; with the
  // season, npm run bench:bends and the demo store's quality test hold it.
  it("dates the sample store's growth reversal in daily orders within a week in most stores, and raises nothing on steady growth", () => {
    const stores = Array.from({ length: 30 }, (_, i) => i + 1);
    const errors = stores.map((seed) => {
      const pts = bendingDailyOrders({ days: 397, bendAt: 318, before: 0.02, after: -0.12, seed });
      const { trend } = analyzeSeries(pts, { grain: 'd', aggregation: 'sum' });
      return trend.lastChangepoint && trend.direction === 'down'
        ? trend.lastChangepoint.index - 318
        : Infinity;
    });
    expect(errors.filter((e) => Math.abs(e) <= 7).length).toBeGreaterThanOrEqual(26);
    const steady = stores.filter(
      (seed) =>
        analyzeSeries(bendingDailyOrders({ days: 397, bendAt: 318, before: 0.02, after: 0.02, seed }), {
          grain: 'd',
          aggregation: 'sum',
        }).trend.lastChangepoint !== null,
    );
    expect(steady).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { InsightSchema } from '@tidemark/contract';
import {
  TREND_HORIZON,
  TREND_OUTSIDE_SHARE,
  buildSpikeInsight,
  buildTrendInsight,
  isRecovery,
  liftReadsAsPercent,
  mostlyFromRootCause,
  normalizationOf,
  trendWindow,
} from './insight';

// The pipeline adds the dollar impact from the metric's settings; the engine's draft has none.
const NO_MONEY = { dollar_impact: null, formatted_dollar_impact: null };
import { fitExpectedRange } from './range';
import { detectSpikes } from './spikes';
import { detectTrendChanges, type TrendChangeResult, type TrendSegment } from './trend';
import { hourlySeries } from './testing';

describe('insight figures and texts', () => {
  it('writes a spike title a merchant reads at a glance, with figures through the formatter', () => {
    const start = Date.UTC(2024, 1, 14); // the spike lands on Tue 12 Mar 2024, 14:00 UTC
    const r = fitExpectedRange(hourlySeries({ days: 28, start, spikeAt: 27 * 24 + 14, spikeSize: -0.3 }));
    const spike = detectSpikes(r)[0]!;
    const ins = buildSpikeInsight(
      r,
      spike,
      { kpi_id: 'rev', kpi_display_name: 'Revenue', kpi_format: 'currency', tier: 1 },
      { mostly: 'Mobile in US', currency_symbol: '€' },
    );
    expect(ins.insight_title).toMatch(
      /^Revenue fell \d+\.\d% below expected on Tue 12 Mar, mostly Mobile in US$/,
    );
    expect(ins.insight_summary).toContain('at 2 PM on Tue 12 Mar');
    expect(ins.formatted_current_value).toMatch(/^€\d/);
    expect(ins.formatted_lift_percentage).toMatch(/^-\d+\.\d%$/);
    expect(ins.accent).toBe('negative');
    expect(ins.pattern_type).toBe('Point Anomaly');
    expect(ins.formatted_normalization_string).toBe('per hour');
    expect(InsightSchema.parse({ ...ins, insight_id: 'i1', has_rootcause: true, ...NO_MONEY })).toBeTruthy();
  });

  it('shows a percentage metric in the percent points its formula gives, as its chart does', () => {
    const start = Date.UTC(2024, 1, 14);
    // A rate around 3%: the hourly fixture scaled down to percent points.
    const pts = hourlySeries({ days: 28, start, spikeAt: 27 * 24 + 14, spikeSize: 0.5 }).map((p) => ({
      ...p,
      value: (p.value as number) / 100,
    }));
    const r = fitExpectedRange(pts);
    const spike = detectSpikes(r)[0]!;
    const ins = buildSpikeInsight(r, spike, {
      kpi_id: 'cr',
      kpi_display_name: 'Cancellation Rate',
      kpi_format: 'percentage',
      tier: 1,
    });
    expect(spike.current).toBeGreaterThan(0.5);
    expect(ins.formatted_current_value).toBe(`${spike.current.toFixed(1)}%`);
  });

  it('writes a trend change with its trend line and post period', () => {
    const at = 24 * 30;
    const pts = hourlySeries({ days: 56 }).map((p, i) =>
      i >= at ? { ...p, value: (p.value as number) * 0.7 } : p,
    );
    const r = fitExpectedRange(pts);
    const ins = buildTrendInsight(r, detectTrendChanges(r), { kpi_id: 'o', kpi_display_name: 'Orders' })!;
    expect(ins.insight_title).toMatch(/^Orders trend turned down on \w{3} \d+ \w{3}$/);
    expect(ins.pattern_data.trend_unit).toBe('hour');
    expect(ins.pattern_data.post_period).toMatch(/days/);
    expect(ins.pattern_data.trend_line?.trend_change.lastcp_ts).toBeTypeOf('number');
    expect(InsightSchema.parse({ ...ins, insight_id: 'i2', has_rootcause: false, ...NO_MONEY })).toBeTruthy();
  });

  it('says a level shift stepped down to a new level, with hourly rates stated per day', () => {
    const at = 24 * 30;
    const pts = hourlySeries({ days: 56 }).map((p, i) =>
      i >= at ? { ...p, value: (p.value as number) * 0.7 } : p,
    );
    const r = fitExpectedRange(pts);
    const ins = buildTrendInsight(r, detectTrendChanges(r), { kpi_id: 'o', kpi_display_name: 'Orders' })!;
    const m =
      /^On \w{3} \d+ \w{3} Orders stepped down to a new level and has (?:held there|moved [+-]?\d+\.\d% per day) since\. Over the 7 days after the change it averaged .* per hour, (\d+\.\d)% below where the earlier trend pointed/.exec(
        ins.insight_summary,
      );
    expect(m).not.toBeNull();
    expect(Math.abs(Number(m![1]) - 30)).toBeLessThan(2);
  });

  it('names the leading segment and its drill-down only when they explain most of the change', () => {
    const detail = (dim_val: string, c: number, drill: string | null) => ({
      dim_val,
      pattern_contribution: c,
      drill_down_group: drill,
    });
    const rc = (top: number, sub: number) =>
      ({
        status: 'ok',
        rootcause_data: [
          { group: 'device', rootcause_details: [detail('Mobile', top, 'device=Mobile')] },
          { group: 'device=Mobile', rootcause_details: [detail('US', sub, null)] },
        ],
      }) as unknown as Parameters<typeof mostlyFromRootCause>[0];
    expect(mostlyFromRootCause(rc(0.8, 0.7))).toBe('Mobile in US');
    expect(mostlyFromRootCause(rc(0.8, 0.1))).toBe('Mobile');
    expect(mostlyFromRootCause(rc(0.1, 0.9))).toBeNull();
    // Half of a change split evenly by channel is not "in Email": the value must move more than its parent.
    const moved = (parent: number, child: number) =>
      ({
        status: 'ok',
        rootcause_data: [
          {
            group: 'country',
            rootcause_details: [
              {
                dim_val: 'US',
                pattern_contribution: 0.9,
                drill_down_group: 'country=US',
                kpi_value_movement_decimal: parent,
              },
            ],
          },
          {
            group: 'country=US',
            rootcause_details: [
              {
                dim_val: 'Email',
                pattern_contribution: 0.5,
                drill_down_group: null,
                kpi_value_movement_decimal: child,
              },
            ],
          },
        ],
      }) as unknown as Parameters<typeof mostlyFromRootCause>[0];
    expect(mostlyFromRootCause(moved(5, 5.2))).toBe('US');
    expect(mostlyFromRootCause(moved(5, 10))).toBe('US in Email');
  });

  it('prices a trend change over its horizon, never by carrying the old line on for months', () => {
    // Thirty days of growth, then flat for four months: the old line carried to the end would be far above.
    const pts = Array.from({ length: 150 }, (_, d) => ({
      timestamp: Date.UTC(2025, 0, 1) + d * 86_400_000,
      value: (d < 30 ? 100 + 5 * d : 250) * (1 + 0.02 * Math.sin(d * 2.1)),
    }));
    const r = fitExpectedRange(pts, { grain: 'd' });
    const trend = detectTrendChanges(r);
    const ins = buildTrendInsight(r, trend, { kpi_id: 'o', kpi_display_name: 'Orders' });
    const window = trendWindow(r, trend);
    expect(window).not.toBeNull();
    expect(window!.to - window!.from + 1).toBeLessThanOrEqual(TREND_HORIZON.d);
    if (ins) {
      // What it claims is what the window shows: the actual mean of those days, against a non-negative line.
      let sum = 0;
      for (let i = window!.from; i <= window!.to; i++) sum += r.y[i]!;
      expect(ins.current_value).toBeCloseTo(sum / (window!.to - window!.from + 1), 6);
      expect(ins.expected_value).toBeGreaterThanOrEqual(0);
      expect(Math.abs(window!.deviation)).toBeLessThanOrEqual(
        sum + window!.expected * (window!.to - window!.from + 1),
      );
    }
  });

  it('raises no trend change whose days all stay inside the band of the model without it', () => {
    // A steady series with a gentle wobble: whatever line the search draws, no day leaves the no-change band.
    const pts = Array.from({ length: 200 }, (_, d) => ({
      timestamp: Date.UTC(2025, 0, 1) + d * 86_400_000,
      value: 500 * (1 + 0.03 * Math.sin(d / 9)) * (1 + 0.01 * Math.sin(d * 2.3)),
    }));
    const r = fitExpectedRange(pts, { grain: 'd' });
    const trend = detectTrendChanges(r);
    const ins = buildTrendInsight(r, trend, { kpi_id: 'o', kpi_display_name: 'Orders' });
    const inside = (w: ReturnType<typeof trendWindow>) =>
      !w ||
      (w.outside < TREND_OUTSIDE_SHARE * w.buckets &&
        Math.abs(w.actual - w.expected) <= (w.upper - w.lower) / 2 / Math.sqrt(Math.min(w.buckets, 7)));
    if (inside(trendWindow(r, trend)) && inside(trendWindow(r, trend, 'latest'))) expect(ins).toBeNull();
  });

  it('reads the end of a short dip as a recovery, and a reversal after a long stretch as a trend change', () => {
    const seg = (startIndex: number, endIndex: number, intercept: number, slope: number): TrendSegment => ({
      startIndex,
      endIndex,
      start: startIndex,
      end: endIndex,
      slope,
      intercept,
    });
    const changes = (segments: TrendSegment[]) => ({ segments }) as unknown as TrendChangeResult;
    // Rising to 500, a five-week fall to 330, then back up towards 450 and flat: the dip ended.
    const dip = [seg(0, 49, 400, 2), seg(50, 85, 500, -4.7), seg(86, 396, 330, 0.4)];
    expect(isRecovery(changes(dip), 28)).toBe(true);
    // The same dip, but the rise carries the line past where it stood before the fall: a new trend.
    const beyond = [seg(0, 49, 400, 2), seg(50, 85, 500, -4.7), seg(86, 396, 330, 15)];
    expect(isRecovery(changes(beyond), 28)).toBe(false);
    // Recovering, flat for six months, then falling: the fall undoes nothing, the flat stretch was longer.
    const reversal = [seg(90, 140, 330, 2.2), seg(141, 317, 445, 0.1), seg(318, 396, 460, -1.8)];
    expect(isRecovery(changes(reversal), 28)).toBe(false);
  });

  it('gives a lift in units when the expected value is within its noise or the change is a multiple of it', () => {
    expect(liftReadsAsPercent(100, 80, 120, 0.3)).toBe(true);
    // Two orders of a rare status against an expected 0.2 (range 0–1.5): "+2", not "+900%".
    expect(liftReadsAsPercent(0.2, 0, 1.5, 9)).toBe(false);
    expect(liftReadsAsPercent(100, 80, 120, 40)).toBe(false);
    expect(liftReadsAsPercent(0, -1, 1, Number.NaN)).toBe(false);
    expect(normalizationOf('h', 3, true)).toBe('over 3 hours');
    expect(normalizationOf('h', 1, true)).toBe('per hour');
    expect(normalizationOf('d', 4, false)).toBe('per day');
  });
});

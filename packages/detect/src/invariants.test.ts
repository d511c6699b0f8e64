import { describe, expect, it } from 'vitest';
import { insightViolations, sharedMoneyViolations, type CheckedInsight } from './invariants';
import { abnormalChange, moneyMetricOf } from './money';

const DAY = 86_400_000;
const ts = Array.from({ length: 10 }, (_, i) => i * DAY);
const series = {
  ts,
  y: [100, 100, 100, 100, 100, 100, 100, 300, 100, 100],
  yhat: ts.map(() => 100),
  lower: ts.map(() => 80),
  upper: ts.map(() => 120),
};
const spike: CheckedInsight = {
  pattern_type: 'Point Anomaly',
  direction: 'up',
  grain: 'd',
  ts_start: 7 * DAY,
  ts_end: 7 * DAY,
  current_value: 300,
  expected_value: 100,
  yhat_lower: 80,
  yhat_upper: 120,
  formatted_lift_percentage: '+200.0%',
  formatted_normalization_string: 'per day',
  insight_title: 'Orders rose 200.0% above expected on Thu 8 Jan',
  dollar_impact: 200,
};
const money = { additive: true, dollar_impact: 1 };

describe('what every insight obeys', () => {
  it('passes an insight whose figures are its series', () => {
    expect(insightViolations(spike, money, series)).toEqual([]);
  });

  it('names each false figure: actual, expected, band, money beyond the window, a percent on noise', () => {
    const told = insightViolations(
      {
        ...spike,
        current_value: 570,
        expected_value: -2,
        yhat_lower: -10,
        formatted_lift_percentage: '+4k%',
        insight_title: 'Orders rose +4k% above expected',
        dollar_impact: 7_400_000,
      },
      money,
      series,
    );
    expect(told.join('\n')).toMatch(/actual 570/);
    expect(told.join('\n')).toMatch(/negative expected/);
    expect(told.join('\n')).toMatch(/band below zero/);
    expect(told.join('\n')).toMatch(/beyond the metric's own/);
    expect(told.join('\n')).toMatch(/unreadable percent/);
  });

  it('holds a stop at 0 below a band clipped at 0, but not a value inside the band', () => {
    const y = series.y.map((v, i) => (i === 7 ? 0 : v));
    const clipped = { ...series, y, lower: ts.map(() => 0) };
    const stop: CheckedInsight = {
      ...spike,
      direction: 'down',
      current_value: 0,
      yhat_lower: 0,
      formatted_lift_percentage: '-100.0%',
      insight_title: 'Orders fell 100.0% below expected on Thu 8 Jan',
      dollar_impact: -100,
    };
    expect(insightViolations(stop, money, clipped)).toEqual([]);
    const y5 = series.y.map((v, i) => (i === 7 ? 5 : v));
    expect(insightViolations({ ...stop, current_value: 5 }, money, { ...clipped, y: y5 }).join('\n')).toMatch(
      /inside its band/,
    );
  });

  it('refuses "per day" on a total over several days, and a trend judged beyond its horizon', () => {
    const total = {
      ...spike,
      ts_start: 6 * DAY,
      current_value: 400,
      expected_value: 200,
      yhat_lower: 160,
      yhat_upper: 240,
      dollar_impact: 200,
    };
    expect(insightViolations(total, money, series)).toEqual(["'per day' on a total over 2 buckets"]);
    const long = Array.from({ length: 60 }, (_, i) => i * DAY);
    const flat = {
      ts: long,
      y: long.map(() => 10),
      yhat: long.map(() => 10),
      lower: long.map(() => 8),
      upper: long.map(() => 12),
    };
    const trend: CheckedInsight = {
      ...spike,
      pattern_type: 'Trend Change',
      ts_start: 0,
      ts_end: 59 * DAY,
      current_value: 10,
      expected_value: 10,
      yhat_lower: 8,
      yhat_upper: 12,
      formatted_lift_percentage: '+0.0%',
      dollar_impact: 0,
    };
    expect(insightViolations(trend, money, flat).join()).toMatch(/beyond its horizon of 28/);
  });

  it('counts one loss once: a group or an outage is worth at most its largest signal', () => {
    expect(sharedMoneyViolations(-4400, [-4400, -3000, null])).toEqual([]);
    expect(sharedMoneyViolations(-20_301, [-4400, -11_900, -4000])).toHaveLength(1);
  });

  it('prices from revenue that left its band, in the direction of the movement only', () => {
    expect(
      moneyMetricOf([
        { kpi_id: 2, dollar_impact: 72.6 },
        { kpi_id: 4, dollar_impact: 1, impact_to_topline: 0.9 },
        { kpi_id: 1, dollar_impact: 1, impact_to_topline: 1 },
      ])?.kpi_id,
    ).toBe(1);
    // Revenue normal while checkouts stopped being counted: nothing was lost.
    expect(abnormalChange(series, 0, 6 * DAY, 'down')).toBe(0);
    expect(abnormalChange(series, 7 * DAY, 7 * DAY, 'up')).toBe(200);
    expect(abnormalChange(series, 7 * DAY, 7 * DAY, 'down')).toBe(0);
  });
});

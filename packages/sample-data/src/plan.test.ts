import { describe, expect, it } from 'vitest';
import type { AnswerKey, PlantedAnomaly } from './answer-key';
import { planStore } from './plan';
import { DAY_MS, HOUR_MS, localMidnight, zoneOffset } from './time-zone';

const PERSISTENT = new Set(['level_shift', 'trend_change']);

/** The span an anomaly occupies: persistent changes occupy their first day only. */
function span(anomaly: PlantedAnomaly): [number, number] {
  const start = Date.parse(anomaly.start);
  return [start, PERSISTENT.has(anomaly.kind) ? start + DAY_MS : Date.parse(anomaly.end)];
}

function overlaps([a0, a1]: [number, number], [b0, b1]: [number, number]): boolean {
  return a0 < b1 && b0 < a1;
}

/** Length of the local day holding an instant, in hours. */
function dayLength(instant: number, timezone: string): number {
  const offsetOf = zoneOffset(timezone);
  const day = Math.floor((instant + offsetOf(instant) * 60_000) / DAY_MS);
  return (localMidnight(day + 1, offsetOf) - localMidnight(day, offsetOf)) / HOUR_MS;
}

const ENDS = [
  '2025-11-30T17:00:00Z',
  '2025-12-08T05:00:00Z',
  '2025-12-27T12:00:00Z',
  '2026-01-05T05:00:00Z',
  '2026-01-20T05:00:00Z',
  '2026-03-01T09:00:00Z',
  '2026-03-29T01:00:00Z',
  '2026-07-04T16:00:00Z',
  '2026-10-01T00:00:00Z',
];
const ZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Sydney'];
const CASES = ENDS.flatMap((end) => ZONES.map((timezone) => [end, timezone] as const));

const keys = new Map<string, AnswerKey>();
/** Four-month plans, one per case, shared by the tests that inspect them. */
function keyFor(end: string, timezone = 'America/New_York'): AnswerKey {
  const id = `${end} ${timezone}`;
  let key = keys.get(id);
  if (!key) {
    key = planStore({ seed: 1, end: new Date(end), months: 4, timezone }).answerKey;
    keys.set(id, key);
  }
  return key;
}

describe('planStore', () => {
  it.each(CASES)('plants every anomaly once inside the data for end %s in %s', (end, timezone) => {
    const answerKey = keyFor(end, timezone);
    const kinds = answerKey.anomalies.map((a) => a.kind).sort();
    expect(kinds).toEqual([
      'dimension_drop',
      'dip',
      'level_shift',
      'low_volume_spike',
      'spike',
      'tracking_outage',
      'trend_change',
      'zero_days',
      'zero_days',
      'zero_days',
      'zero_days',
    ]);
    for (const anomaly of answerKey.anomalies) {
      expect(Date.parse(anomaly.start)).toBeGreaterThanOrEqual(Date.parse(answerKey.start));
      expect(Date.parse(anomaly.end)).toBeLessThanOrEqual(Date.parse(answerKey.end));
      expect(Date.parse(anomaly.end)).toBeGreaterThan(Date.parse(anomaly.start));
    }
  });

  it.each(CASES)(
    'keeps anomalies apart, off holidays, sale days and DST days for end %s in %s',
    (end, timezone) => {
      const answerKey = keyFor(end, timezone);
      const spans = answerKey.anomalies.map(span);
      spans.forEach((a, i) => spans.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)));
      const peaks = answerKey.normalPeaks.map((p): [number, number] => [
        Date.parse(p.start),
        Date.parse(p.end),
      ]);
      for (const anomaly of answerKey.anomalies) {
        for (const peak of peaks) expect(overlaps(span(anomaly), peak)).toBe(false);
        expect(dayLength(Date.parse(anomaly.start), timezone)).toBe(24);
      }
    },
  );

  it.each(CASES)('puts at least two anomalies in the last three weeks for end %s in %s', (end, timezone) => {
    const answerKey = keyFor(end, timezone);
    const recent = answerKey.anomalies.filter(
      (a) => Date.parse(answerKey.end) - Date.parse(a.start) <= 21 * DAY_MS,
    );
    expect(recent.length).toBeGreaterThanOrEqual(2);
  });

  it.each(ENDS)('leaves clean days between the marketplace zero days and its 4× day (end %s)', (end) => {
    const answerKey = keyFor(end);
    const days = answerKey.anomalies
      .filter((a) => a.kind === 'zero_days' || a.kind === 'low_volume_spike')
      .map((a) => Date.parse(a.start))
      .sort((a, b) => a - b);
    for (let i = 1; i < days.length; i++) {
      expect((days[i] ?? 0) - (days[i - 1] ?? 0)).toBeGreaterThanOrEqual(3 * DAY_MS - HOUR_MS);
    }
  });

  it('spreads the anomalies over the last three months or so, with change points a clean three weeks before holidays', () => {
    const key: AnswerKey = planStore({ seed: 1, end: new Date('2026-01-20T05:00:00Z') }).answerKey;
    const ages = key.anomalies.map((a) => (Date.parse(key.end) - Date.parse(a.start)) / DAY_MS);
    expect(Math.max(...ages)).toBeLessThanOrEqual(125);
    const trend = key.anomalies.find((a) => a.kind === 'trend_change');
    const firstPeakAfter = key.normalPeaks
      .map((p) => Date.parse(p.start))
      .filter((start) => start > Date.parse(trend?.start ?? ''))
      .sort((a, b) => a - b)[0];
    expect((firstPeakAfter ?? Infinity) - Date.parse(trend?.start ?? '')).toBeGreaterThan(21 * DAY_MS);
  });

  it('starts at local midnight the given number of months before the end, which is rounded down to the hour', () => {
    const plan = planStore({ seed: 1, end: new Date('2026-01-20T05:42:10Z'), months: 13 });
    expect(plan.answerKey.start).toBe('2024-12-20T05:00:00.000Z');
    expect(plan.answerKey.end).toBe('2026-01-20T05:00:00.000Z');
    expect(plan.hours).toHaveLength((plan.end - plan.start) / HOUR_MS);
  });

  it('returns the same answer key for the same options', () => {
    const options = { seed: 5, end: new Date('2026-05-01T00:00:00Z'), months: 5 };
    expect(planStore(options).answerKey).toEqual(planStore(options).answerKey);
  });

  it.each([
    [{ months: 3 }, /months/],
    [{ months: 4.5 }, /months/],
    [{ end: new Date('nonsense') }, /end/],
    [{ seed: Number.NaN }, /seed/],
  ])('rejects %o', (override, message) => {
    expect(() => planStore({ seed: 1, end: new Date('2026-01-20T05:00:00Z'), ...override })).toThrow(message);
  });

  it('rejects an unknown time zone', () => {
    expect(() => planStore({ seed: 1, end: new Date(), timezone: 'Nowhere/Special' })).toThrow(RangeError);
  });
});

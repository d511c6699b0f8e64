import { describe, expect, it } from 'vitest';
import { carriedExpected, completeCount, fitInputOf } from './fit-carry';
import type { SeriesInput } from './pipelines.repository';

const HOUR = 3_600_000;
const SETTINGS = 'settings-v1';

/** An hourly value series of `buckets` points, its last fit made when `fitted` of them were complete. */
function row(buckets: number, fitted: number, changes: Partial<SeriesInput> = {}): SeriesInput {
  const ts = Array.from({ length: buckets }, (_, i) => i * HOUR);
  const y = ts.map((_, i) => 10 + (i % 24));
  const atFit = {
    dim_name: 'country',
    dim_val: 'US',
    ts: ts.slice(0, fitted + 1),
    y,
    n: [],
    fit_input: null,
  };
  return {
    ...atFit,
    ts,
    y,
    n: ts.map(() => 1),
    fit_input: fitInputOf(
      { ...atFit, fit_status: null, yhat: null, forecast_ts: null, forecast_yhat: null },
      SETTINGS,
    ),
    fit_status: 'ok',
    yhat: ts.slice(0, fitted).map((_, i) => 10.5 + (i % 24)),
    forecast_ts: Array.from({ length: 48 }, (_, k) => (fitted + k) * HOUR),
    forecast_yhat: Array.from({ length: 48 }, (_, k) => 100 + k),
    ...changes,
  };
}

describe('carrying an hourly value fit forward', () => {
  it("extends the last fit's expected values with its forecast for the hours since", () => {
    const expected = carriedExpected(row(1_000, 997), SETTINGS);
    expect(expected).toHaveLength(999);
    expect(expected!.slice(995)).toEqual([10.5 + (995 % 24), 10.5 + (996 % 24), 100, 101]);
  });

  it('fits again when the buckets the fit was made from changed (a late row, a restated day)', () => {
    const r = row(1_000, 997);
    r.y = r.y.map((v, i) => (i === 500 ? (v ?? 0) + 1 : v));
    expect(carriedExpected(r, SETTINGS)).toBeNull();
  });

  it("fits again when the metric's settings changed", () => {
    expect(carriedExpected(row(1_000, 997), 'settings-v2')).toBeNull();
  });

  it('fits again after a day at most, and the overall series is always fitted', () => {
    expect(carriedExpected(row(1_000, 970), SETTINGS)).toBeNull();
    expect(carriedExpected(row(1_000, 997, { dim_name: '', dim_val: '' }), SETTINGS)).toBeNull();
  });

  it('fits again when nothing new completed, or the last fit failed or has no forecast for the new hours', () => {
    expect(carriedExpected(row(1_000, 999), SETTINGS)).toBeNull();
    expect(carriedExpected(row(1_000, 997, { fit_status: 'not enough history' }), SETTINGS)).toBeNull();
    expect(carriedExpected(row(1_000, 997, { forecast_ts: [], forecast_yhat: [] }), SETTINGS)).toBeNull();
  });
});

describe('completeCount', () => {
  // Black Friday 2026 in New York: the local day starts 05:00Z and ends 05:00Z on the 28th.
  const days = [Date.parse('2026-11-26T05:00:00Z'), Date.parse('2026-11-27T05:00:00Z')];
  const zone = 'America/New_York';

  it('counts the last day once it has ended in the workspace zone, not before', () => {
    expect(completeCount(days, 'd', zone, Date.parse('2026-11-28T04:59:00Z'))).toBe(1);
    expect(completeCount(days, 'd', zone, Date.parse('2026-11-28T05:00:00Z'))).toBe(2);
    // Midnight UTC is still the evening of the 27th in New York.
    expect(completeCount(days, 'd', zone, Date.parse('2026-11-28T00:01:00Z'))).toBe(1);
  });

  it('ends a month on its local calendar and an hour an hour later', () => {
    const months = [Date.parse('2026-10-01T04:00:00Z'), Date.parse('2026-11-01T04:00:00Z')];
    expect(completeCount(months, 'm', zone, Date.parse('2026-12-01T04:59:00Z'))).toBe(1);
    expect(completeCount(months, 'm', zone, Date.parse('2026-12-01T05:00:00Z'))).toBe(2);
    const hours = [0, HOUR, 2 * HOUR];
    expect(completeCount(hours, 'h', zone, 3 * HOUR - 1)).toBe(2);
    expect(completeCount(hours, 'h', zone, 3 * HOUR)).toBe(3);
    expect(completeCount([], 'd', zone, 0)).toBe(0);
    // An export cut at 2 PM on its last day: closed by the clock, that day is still partial.
    expect(
      completeCount(days, 'd', zone, Date.parse('2026-12-05T00:00:00Z'), Date.parse('2026-11-27T19:00:00Z')),
    ).toBe(1);
    expect(
      completeCount(days, 'd', zone, Date.parse('2026-12-05T00:00:00Z'), Date.parse('2026-11-28T05:00:00Z')),
    ).toBe(2);
  });

  it('changes the fit digest when the last bucket closes, so the series is fitted again', () => {
    const r = row(48, 46);
    const open = fitInputOf(r, SETTINGS, completeCount(r.ts, 'h', 'Etc/UTC', 48 * HOUR - 1));
    const closed = fitInputOf(r, SETTINGS, completeCount(r.ts, 'h', 'Etc/UTC', 48 * HOUR));
    expect(open).toBe(fitInputOf(r, SETTINGS));
    expect(closed).not.toBe(open);
  });
});

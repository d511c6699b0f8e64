import { describe, expect, it } from 'vitest';
import { analyzeMetric } from './analysis';
import { wallClock } from './wall-clock';

const HOUR = 3_600_000;
const NEW_YORK = 'America/New_York';

describe('wallClock', () => {
  const clock = wallClock(NEW_YORK, Date.UTC(2026, 2, 1), Date.UTC(2026, 11, 1));

  it('reads instants as the store reads its clock, across both changes', () => {
    expect(clock.toLocal(Date.UTC(2026, 2, 8, 6))).toBe(Date.UTC(2026, 2, 8, 1));
    // 02:00 does not happen on 8 March: the next hour is 03:00.
    expect(clock.toLocal(Date.UTC(2026, 2, 8, 7))).toBe(Date.UTC(2026, 2, 8, 3));
    expect(clock.toLocal(Date.UTC(2026, 10, 1, 5))).toBe(Date.UTC(2026, 10, 1, 1));
    expect(clock.toLocal(Date.UTC(2026, 10, 1, 6))).toBe(Date.UTC(2026, 10, 1, 1));
  });

  it('marks the hour that happens twice, and no other', () => {
    expect(clock.repeated(Date.UTC(2026, 10, 1, 5))).toBe(true);
    expect(clock.repeated(Date.UTC(2026, 10, 1, 6))).toBe(true);
    expect(clock.repeated(Date.UTC(2026, 10, 1, 4))).toBe(false);
    expect(clock.repeated(Date.UTC(2026, 10, 1, 7))).toBe(false);
    expect(clock.repeated(Date.UTC(2026, 2, 8, 7))).toBe(false);
    expect(
      wallClock('Etc/UTC', Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1)).repeated(Date.UTC(2025, 5, 1)),
    ).toBe(false);
  });
});

describe('an hourly metric across the autumn clock change', () => {
  // Sessions with a steep evening peak on the store's clock, stored as the store's local hours (the repeated
  // hour holds both), eight weeks around 1 November.
  function sessions() {
    const clock = wallClock(NEW_YORK, Date.UTC(2026, 9, 1), Date.UTC(2026, 11, 1));
    const buckets = new Map<number, { at: number; value: number }>();
    let seed = 11;
    for (let t = Date.UTC(2026, 9, 4, 4); t < Date.UTC(2026, 10, 29, 5); t += HOUR) {
      const local = clock.toLocal(t);
      const hour = new Date(local).getUTCHours();
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const value = Math.round(
        (60 + 900 * Math.exp(-((hour - 20) ** 2) / 8)) * (0.97 + 0.06 * (seed / 2 ** 31)),
      );
      const bucket = buckets.get(local);
      if (bucket) bucket.value += value;
      else buckets.set(local, { at: t, value });
    }
    const rows = [...buckets.values()];
    return { ts: rows.map((r) => r.at), y: rows.map((r) => r.value) };
  }
  const analyse = (timezone: string) =>
    analyzeMetric({
      grain: 'h',
      timezone,
      currency_symbol: '$',
      metric: { kpi_id: '1', kpi_display_name: 'Sessions', kpi_format: 'number', tier: 1, additive: true },
      series: [{ dim_name: '', dim_val: '', ...sessions() }],
    });

  it('raises nothing: the day keeps its shape on the store clock', () => {
    expect(analyse(NEW_YORK).findings.map((f) => f.draft.insight_title)).toEqual([]);
  });

  it('would have raised the evening hours as a surge on a UTC grid', () => {
    expect(analyse('Etc/UTC').findings.length).toBeGreaterThan(0);
  });
});

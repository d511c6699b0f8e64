import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noise } from '../testing';
import { createStreamingDetector, restoreStreamingDetector } from './detector';
import type { StreamPoint } from './types';

const HOUR = 3_600_000;
const T0 = Date.UTC(2024, 0, 1);

function feed(values: readonly (number | null)[], warmup = 48, stepMs = HOUR): StreamPoint[] {
  const d = createStreamingDetector({ warmup });
  return values.map((v, i) => d.update(T0 + i * stepMs, v));
}

function expectSane(p: StreamPoint): void {
  expect(p.anomaly_score).toBeGreaterThanOrEqual(0);
  expect(p.anomaly_score).toBeLessThanOrEqual(1);
  for (const x of [p.yhat, p.yhat_lower, p.yhat_upper]) if (x !== null) expect(Number.isFinite(x)).toBe(true);
  expect(['not enough history', 'constant series', 'ok']).toContain(p.status);
}

describe('streaming detector', () => {
  it('says there is not enough history for a single point and scores it 0', () => {
    const [p] = feed([42]);
    expect(p?.status).toBe('not enough history');
    expect(p?.anomaly_score).toBe(0);
    expect(p?.yhat).toBeNull();
  });

  it.each([0, 7.5, -3])('states a constant series of %d and never scores it', (c) => {
    const out = feed(Array.from({ length: 300 }, () => c));
    expect(out.at(-1)?.status).toBe('constant series');
    expect(out.at(-1)?.yhat).toBe(c);
    expect(Math.max(...out.map((p) => p.anomaly_score))).toBe(0);
    expect(out.some((p) => p.outside_band)).toBe(false);
  });

  it('gives a clear spike on a noisy series the highest score after warm-up', () => {
    const rnd = noise(7);
    const values = Array.from({ length: 400 }, (_, i) => (i === 300 ? 150 : 100 + 2 * rnd()));
    const out = feed(values, 100);
    const scores = out.map((p) => p.anomaly_score);
    // A lone alarm (one detector of the ensemble) is capped below 0.5; it must still stand far above the noise.
    expect(scores[300]).toBeGreaterThan(0.45);
    expect(Math.max(...scores.slice(100, 300), ...scores.slice(301))).toBeLessThan(scores[300]! / 4);
    expect(out[300]?.outside_band).toBe(true);
  });

  it('flags a lasting level shift early and only once', () => {
    const rnd = noise(11);
    const values = Array.from({ length: 600 }, (_, i) => (i < 400 ? 10 : 16) + rnd());
    const scores = feed(values, 100).map((p) => p.anomaly_score);
    const first = scores.findIndex((s, i) => i >= 100 && s >= 0.4);
    expect(first).toBeGreaterThanOrEqual(400);
    expect(first).toBeLessThan(405);
    expect(scores.slice(first + 1).filter((s) => s >= 0.4).length).toBeLessThanOrEqual(2);
  });

  it('learns a daily pattern on hourly data so the expected value follows it', () => {
    const rnd = noise(3);
    const values = Array.from(
      { length: 24 * 21 },
      (_, i) => 100 + 30 * Math.sin((2 * Math.PI * (i % 24)) / 24) + rnd(),
    );
    const out = feed(values, 24 * 7);
    const tail = out.slice(-48);
    const mae = tail.reduce((s, p) => s + Math.abs((p.value ?? 0) - (p.yhat ?? 0)), 0) / tail.length;
    expect(mae).toBeLessThan(3);
    expect(Math.max(...out.slice(24 * 7).map((p) => p.anomaly_score))).toBeLessThan(0.5);
  });

  it('widens the band from 1σ at small (high sensitivity) to 3σ at large (low sensitivity)', () => {
    const rnd = noise(5);
    const values = Array.from({ length: 200 }, () => 50 + rnd());
    const width = (sensitivity: 'large' | 'moderate' | 'small') => {
      const d = createStreamingDetector({ sensitivity, warmup: 50 });
      let last: StreamPoint | undefined;
      values.forEach((v, i) => (last = d.update(T0 + i * HOUR, v)));
      return (last?.yhat_upper ?? 0) - (last?.yhat ?? 0);
    };
    expect(width('large') / width('small')).toBeCloseTo(3, 6);
    expect(width('moderate') / width('small')).toBeCloseTo(2.5, 6);
  });

  it('skips missing values, duplicates and out-of-order rows without changing the state', () => {
    const d = createStreamingDetector({ warmup: 10 });
    for (let i = 0; i < 30; i++) d.update(T0 + i * HOUR, 5 + (i % 3));
    const before = JSON.stringify(d.snapshot());
    const skipped = [
      d.update(T0 + 30 * HOUR, null),
      d.update(T0 + 30 * HOUR, Number.NaN),
      d.update(T0 + 30 * HOUR, Number.POSITIVE_INFINITY),
      d.update(T0 + 29 * HOUR, 1e6),
      d.update(T0 + 3 * HOUR, 1e6),
      d.update(Number.NaN, 5),
    ];
    expect(skipped.map((p) => p.ignored)).toEqual([
      'missing value',
      'missing value',
      'missing value',
      'duplicate timestamp',
      'out of order',
      'invalid timestamp',
    ]);
    expect(skipped.every((p) => p.anomaly_score === 0)).toBe(true);
    expect(JSON.stringify(d.snapshot())).toBe(before);
  });

  it('continues identically after a JSON round trip of its state', () => {
    const rnd = noise(9);
    const values = Array.from(
      { length: 300 },
      (_, i) => 20 + 5 * Math.sin(i / 4) + rnd() + (i === 250 ? 30 : 0),
    );
    const a = createStreamingDetector({ warmup: 60 });
    values.slice(0, 200).forEach((v, i) => a.update(T0 + i * HOUR, v));
    const b = restoreStreamingDetector(JSON.parse(JSON.stringify(a.snapshot())));
    values.slice(200).forEach((v, j) => {
      const ts = T0 + (200 + j) * HOUR;
      expect(b.update(ts, v)).toEqual(a.update(ts, v));
    });
  });

  it('never crashes or emits NaN on arbitrary values and timestamps', () => {
    const value = fc.oneof(
      fc.double(),
      fc.constant(null),
      fc.constantFrom(
        0,
        -0,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
        -1e300,
        1e300,
        Number.MIN_VALUE,
      ),
    );
    const ts = fc.oneof(
      fc.integer({ min: -1e13, max: 1e13 }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 0),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(ts, value), { maxLength: 200 }),
        fc.integer({ min: 0, max: 50 }),
        (rows, warmup) => {
          const d = createStreamingDetector({ warmup });
          for (const [t, v] of rows) expectSane(d.update(t, v));
          expect(() => JSON.stringify(d.snapshot())).not.toThrow();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('raises no anomaly on a constant series, whatever bad rows are mixed in', () => {
    const bad = fc.constantFrom<number | null>(
      null,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    );
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.array(fc.oneof(fc.constant('good' as const), bad, fc.constant('dup' as const)), {
          minLength: 1,
          maxLength: 300,
        }),
        fc.integer({ min: 1, max: 6 * HOUR }),
        (c, kinds, step) => {
          const d = createStreamingDetector({ warmup: 20 });
          let t = T0;
          for (const k of kinds) {
            if (k === 'good') t += step;
            const p = d.update(t, k === 'good' || k === 'dup' ? c : k);
            expectSane(p);
            expect(p.anomaly_score).toBe(0);
            expect(p.outside_band).toBe(false);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('flags a never-seen pattern inside a known range once, and stays quiet on the familiar one', () => {
    const rnd = noise(13);
    // A square wave between two levels, then a stretch at a level it never visited.
    const values = Array.from(
      { length: 1200 },
      (_, i) => (i >= 1000 && i < 1040 ? 50 : i % 40 < 20 ? 10 : 90) + rnd(),
    );
    const d = createStreamingDetector({ warmup: 200, range: { min: 0, max: 100 } });
    const scores = values.map((v, i) => d.update(T0 + i * HOUR, v).anomaly_score);
    const alarm = scores.findIndex((x, i) => i >= 200 && x > 0.4);
    expect(alarm).toBeGreaterThanOrEqual(1000);
    expect(alarm).toBeLessThan(1003);
    // The adaptive-resonance half of the ensemble is still learning the wave early on: its lone scores stay small.
    expect(Math.max(...scores.slice(200, 1000))).toBeLessThan(scores[alarm]! / 1.5);
    expect(scores.slice(alarm + 1, 1040).filter((x) => x > 0.4).length).toBeLessThanOrEqual(1);
  });

  it('keeps its state within one season of bins on 5-minute data', () => {
    const d = createStreamingDetector({ warmup: 100 });
    for (let i = 0; i < 5000; i++) d.update(T0 + i * 300_000, Math.sin(i / 20));
    const state = d.snapshot();
    expect(state.season.reduce((n, s) => n + s.length, 0)).toBeLessThanOrEqual(288 + 2016);
    expect(JSON.stringify(state).length).toBeLessThan(200_000);
  });
});

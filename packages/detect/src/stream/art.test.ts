import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noise } from '../testing';
import { artUpdate, createArt } from './art';
import { createStreamingDetector, restoreStreamingDetector } from './detector';

const HOUR = 3_600_000;
const T0 = Date.UTC(2024, 0, 1);

/** A saw-tooth of period 24 with a little noise, and a square pulse of a new shape from row `at`. */
function pattern(n: number, at: number): number[] {
  const rnd = noise(21);
  return Array.from({ length: n }, (_, i) => (i >= at && i < at + 12 ? 95 : 50 + 2 * (i % 24)) + 0.5 * rnd());
}

const ENSEMBLE = { agreeBase: 0.5, ownLone: 1, artLone: 0.3 };

/**
 * JSON writes -0 as 0, the same number to every computation: compare states with the sign of zero dropped and
 * nothing else changed, so NaN, Infinity, undefined or a Map in the state would still fail the round trip.
 */
function unsignZeros(value: unknown): unknown {
  if (value === 0) return 0;
  if (Array.isArray(value)) return value.map(unsignZeros);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unsignZeros(v)]));
  }
  return value;
}

describe('resonance detector', () => {
  it('stays silent on a repeating pattern after the warm-up and alarms on a new shape', () => {
    const values = pattern(900, 700);
    const s = createArt(300, { min: 40, max: 100 });
    const scores = values.map((v) => artUpdate(s, v).score);
    expect(Math.max(...scores.slice(0, 690))).toBe(0);
    const first = scores.findIndex((x, i) => i >= 690 && x > 0);
    expect(first).toBeGreaterThanOrEqual(700);
    expect(first).toBeLessThan(712);
    expect(scores[first]).toBeGreaterThan(0.3);
  });

  it.each([0, 3.5, -7])('never alarms on a constant series of %d', (c) => {
    const s = createArt(100);
    const scores = Array.from({ length: 600 }, () => artUpdate(s, c).score);
    expect(Math.max(...scores)).toBe(0);
  });

  it('keeps at most maxCategories categories on pure noise', () => {
    const rnd = noise(4);
    const s = createArt(200, undefined, { maxCategories: 20 });
    for (let i = 0; i < 3000; i++) artUpdate(s, 100 * rnd());
    expect(s.weights.length).toBeLessThanOrEqual(20);
    expect(s.simWindow.length + s.gapWindow.length).toBeLessThanOrEqual(2 * s.trainSteps + 3);
  });

  it('gives scores in [0, 1] and a JSON-identical state for any finite input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e150, max: 1e150, noNaN: true }), { maxLength: 400 }),
        fc.integer({ min: 2, max: 200 }),
        (xs, warmup) => {
          const s = createArt(warmup);
          for (const x of xs) {
            const out = artUpdate(s, x);
            expect(out.score).toBeGreaterThanOrEqual(0);
            expect(out.score).toBeLessThanOrEqual(1);
            if (out.match !== null) expect(Number.isFinite(out.match)).toBe(true);
          }
          expect(JSON.parse(JSON.stringify(s))).toEqual(unsignZeros(s));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('continues identically after a JSON round trip of its state', () => {
    const values = pattern(900, 700);
    const a = createArt(300);
    values.slice(0, 500).forEach((v) => artUpdate(a, v));
    const b = JSON.parse(JSON.stringify(a)) as typeof a;
    const rest = values.slice(500);
    expect(rest.map((v) => artUpdate(b, v))).toEqual(rest.map((v) => artUpdate(a, v)));
  });
});

describe('streaming detector with the resonance ensemble', () => {
  it('scores a spike both detectors see above every unconfirmed alarm', () => {
    const values = pattern(900, 700);
    const d = createStreamingDetector({ warmup: 300, range: { min: 40, max: 100 }, params: ENSEMBLE });
    const scores = values.map((v, i) => d.update(T0 + i * HOUR, v).anomaly_score);
    expect(Math.max(...scores.slice(700, 715))).toBeGreaterThanOrEqual(0.5);
    expect(Math.max(...scores.slice(300, 690))).toBeLessThan(0.5);
  });

  it('is on by default, and agreeBase 0 turns it off with no second state kept', () => {
    const on = createStreamingDetector({ warmup: 20 });
    on.update(T0, 1);
    expect(on.snapshot().ens).toBeDefined();
    const off = createStreamingDetector({ warmup: 20, params: { agreeBase: 0 } });
    off.update(T0, 1);
    expect(off.snapshot().ens).toBeUndefined();
  });

  it('continues identically after a JSON round trip of the ensemble state', () => {
    const values = pattern(900, 700);
    const a = createStreamingDetector({ warmup: 300, params: ENSEMBLE });
    values.slice(0, 600).forEach((v, i) => a.update(T0 + i * HOUR, v));
    const b = restoreStreamingDetector(
      JSON.parse(JSON.stringify(a.snapshot())) as ReturnType<typeof a.snapshot>,
    );
    const rest = values.slice(600).map((v, i) => [T0 + (600 + i) * HOUR, v] as const);
    expect(rest.map(([t, v]) => b.update(t, v))).toEqual(rest.map(([t, v]) => a.update(t, v)));
  });

  it('survives bad input with scores in [0, 1]', () => {
    const value = fc.oneof(fc.double(), fc.constant(null), fc.constant(0), fc.constant(-1e300));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), value), { maxLength: 300 }), (rows) => {
        const d = createStreamingDetector({ warmup: 30, params: ENSEMBLE });
        for (const [t, v] of rows) {
          const p = d.update(T0 + t * HOUR, v);
          expect(p.anomaly_score).toBeGreaterThanOrEqual(0);
          expect(p.anomaly_score).toBeLessThanOrEqual(1);
        }
        const ens = d.snapshot().ens;
        expect(JSON.parse(JSON.stringify(ens))).toEqual(unsignZeros(ens));
      }),
      { numRuns: 80 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitExpectedRange, sensitivityZ } from './range';
import { detectSpikes } from './spikes';
import { detectTrendChanges } from './trend';
import { hourlySeries } from './testing';
import type { InputPoint } from './series';

const H = 3_600_000;
const T0 = Date.UTC(2024, 0, 1);

describe('fitExpectedRange', () => {
  it('follows daily seasonality so clean points sit inside a 95% band', () => {
    const r = fitExpectedRange(hourlySeries({ days: 28 }), { sensitivity: { level: 0.95 } });
    expect(r.status).toBe('ok');
    expect(r.periods).toEqual([24, 168]);
    let inside = 0;
    for (let i = 0; i < r.y.length; i++) if (r.y[i]! >= r.lower[i]! && r.y[i]! <= r.upper[i]!) inside++;
    expect(inside / r.y.length).toBeGreaterThan(0.9);
    expect(inside / r.y.length).toBeLessThan(0.995);
  });

  it('is not pulled by an outlier: yhat at the outlier stays near the seasonal value', () => {
    const clean = fitExpectedRange(hourlySeries({ days: 21 }));
    const spiky = fitExpectedRange(hourlySeries({ days: 21, spikeAt: 300, spikeSize: 3 }));
    expect(Math.abs(spiky.yhat[300]! - clean.yhat[300]!) / clean.yhat[300]!).toBeLessThan(0.05);
    expect(spiky.score[300]).toBeGreaterThan(10);
  });

  it('keeps a positive metric with one zero hour multiplicative and scores the zero as a drop', () => {
    const pts = hourlySeries({ days: 28 });
    pts[400] = { ...pts[400]!, value: 0 };
    const r = fitExpectedRange(pts);
    expect(r.multiplicative).toBe(true);
    expect(r.score[400]).toBeLessThan(-10);
    expect(detectSpikes(r).some((s) => s.startIndex === 400 && s.direction === 'down')).toBe(true);
  });

  it.each([1, 2, 3])(
    'judges skewed revenue noise (lognormal) on the log scale: no false spikes, a five-fold hour found (seed %d)',
    (seed) => {
      let state = seed;
      const uniform = (): number => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return (state + 0.5) / 2147483648;
      };
      const normal = (): number => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
      const expected = (i: number): number => 800 * (1 + 0.4 * Math.sin((2 * Math.PI * i) / 24));
      const pts = Array.from({ length: 24 * 56 }, (_, i) => ({
        timestamp: T0 + i * H,
        value: expected(i) * Math.exp(0.25 * normal()),
      }));
      expect(detectSpikes(fitExpectedRange(pts))).toEqual([]);
      pts[900] = { ...pts[900]!, value: expected(900) * 5 };
      expect(
        detectSpikes(fitExpectedRange(pts)).some((s) => s.startIndex === 900 && s.direction === 'up'),
      ).toBe(true);
    },
  );

  it('widens the band where the fit is least certain: the last hours, whose trend is seen from one side', () => {
    const r = fitExpectedRange(hourlySeries({ days: 28 }));
    const n = r.y.length;
    const rel = (i: number): number => r.sigma[i]! / r.yhat[i]!;
    expect(rel(n - 1)).toBeGreaterThan(rel(n - 1 - 24 * 7));
  });

  it.each([
    ['large', 3],
    ['moderate', 2.5],
    ['small', 1],
  ] as const)('maps sensitivity %s to %d standard deviations', (s, z) => {
    expect(sensitivityZ(s)).toBe(z);
  });

  it('widens the band as sensitivity goes down', () => {
    const pts = hourlySeries({ days: 14 });
    const low = fitExpectedRange(pts, { sensitivity: 'large' });
    const high = fitExpectedRange(pts, { sensitivity: 'small' });
    expect(low.upper[100]! - low.lower[100]!).toBeGreaterThan(2.5 * (high.upper[100]! - high.lower[100]!));
  });

  it('leaves holidays out of the fit and never scores them', () => {
    const pts = hourlySeries({ days: 21, spikeAt: 24 * 10 + 12, spikeSize: -0.8 });
    const r = fitExpectedRange(pts, { holidays: [T0 + 0, Date.UTC(2024, 2, 11)] });
    expect(Number.isNaN(r.score[24 * 10 + 12]!)).toBe(true);
    expect(detectSpikes(r)).toEqual([]);
  });

  it('does not let a two-day drop drag the rough baseline it is measured against (seed 6)', () => {
    // About 27 orders a day, a weekly shape, slightly overdispersed; two days of 13 from day 370. A period
    // mean over the drop would sit about 10% low and half hide it (before the robust refit: −1.7σ, −2.4σ).
    let state = 6;
    const uniform = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return (state + 0.5) / 2147483648;
    };
    const weekly = [1, 1.05, 1.1, 1.05, 1, 0.9, 0.9];
    const usual = (d: number) => 27 * weekly[d % 7]!;
    const pts = Array.from({ length: 400 }, (_, d) => {
      const m =
        usual(d) * Math.exp(0.08 * Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform()));
      const limit = Math.exp(-m);
      let k = 0;
      for (let p = uniform(); p > limit; p *= uniform()) k++;
      return { timestamp: T0 + d * 24 * H, value: d === 370 || d === 371 ? 13 : k };
    });
    const r = fitExpectedRange(pts, { grain: 'd' });
    expect(r.yhat[371]! / usual(371)).toBeGreaterThan(0.95);
    expect((r.score[370]! + r.score[371]!) / Math.SQRT2).toBeLessThan(-3.5);
  });

  it.each([
    ['no data', [] as InputPoint[]],
    ['not enough history', [1, 2, 3, 4, 5].map((v, i) => ({ timestamp: T0 + i * H, value: v }))],
    ['constant series', Array.from({ length: 100 }, (_, i) => ({ timestamp: T0 + i * H, value: 42 }))],
    ['constant series', Array.from({ length: 100 }, (_, i) => ({ timestamp: T0 + i * H, value: 0 }))],
    [
      'not enough history',
      Array.from({ length: 100 }, (_, i) => ({ timestamp: T0 + i * H, value: i === 50 ? 3 : null })),
    ],
  ])('states %s for degenerate input', (status, points) => {
    const r = fitExpectedRange(points, { grain: 'h' });
    expect(r.status).toBe(status);
    expect(detectSpikes(r)).toEqual([]);
    expect(detectTrendChanges(r).changepoints).toEqual([]);
  });

  it.each([
    ['near the largest double', [0, 0, 0, 0, 0, 1.7976931348622453e308, 3e307, 0]],
    ['of opposite signs near ±1e306', [-1.8e306, 0, 1e306, 0, 0, 5e305, -2e305, 0]],
  ])('keeps yhat and the band finite for values %s', (_, values) => {
    const r = fitExpectedRange(
      values.map((v, i) => ({ timestamp: T0 + i * 30 * 24 * H, value: v })),
      { grain: 'm' },
    );
    expect(r.status).toBe('ok');
    for (let i = 0; i < r.y.length; i++) {
      expect(Number.isFinite(r.yhat[i]!)).toBe(true);
      expect(Number.isNaN(r.lower[i]!) || Number.isNaN(r.upper[i]!)).toBe(false);
    }
  });

  it('never crashes, never invents anomalies in noise-free seasonal data, and always states a status for broken input', () => {
    const value = fc.oneof(
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.constantFrom(null, NaN, Infinity, -Infinity, 0, -5),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ hour: fc.integer({ min: 0, max: 400 }), value }), { maxLength: 300 }),
        (raw) => {
          const points = raw.map((p) => ({ timestamp: T0 + p.hour * H, value: p.value }));
          const r = fitExpectedRange(points, { grain: 'h' });
          expect(['ok', 'no data', 'not enough history', 'constant series']).toContain(r.status);
          for (let i = 0; i < r.y.length; i++)
            if (r.status === 'ok') expect(Number.isFinite(r.yhat[i]!)).toBe(true);
          detectSpikes(r);
          detectTrendChanges(r);
        },
      ),
      { numRuns: 150 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 7, max: 40 }),
        fc.double({ min: 1, max: 1e5, noNaN: true }),
        fc.array(fc.integer({ min: 0, max: 24 * 40 - 1 }), { maxLength: 30 }),
        (days, level, gaps) => {
          const pts = Array.from({ length: days * 24 }, (_, i) => ({
            timestamp: T0 + i * H,
            value: gaps.includes(i) ? null : level * (1 + 0.5 * Math.sin((2 * Math.PI * (i % 24)) / 24)),
          }));
          const r = fitExpectedRange(pts);
          expect(detectSpikes(r)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('fitExpectedRange with rowValue (a sum over event rows)', () => {
  // Revenue of an hour's orders: about 3 orders an hour at night and 40 in the evening, $40–$100 each, for
  // eight weeks; on day 50 from 18:00 four hours keep 40% of their orders (a checkout failing).
  function revenue() {
    let x = 5;
    const uniform = (): number => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) / 2 ** 32;
    };
    const points: InputPoint[] = [];
    for (let i = 0; i < 56 * 24; i++) {
      const hour = i % 24;
      const failing = i >= 50 * 24 + 18 && i < 50 * 24 + 22;
      const lambda = (3 + 37 * Math.exp(-((hour - 19) ** 2) / 18)) * (failing ? 0.4 : 1);
      let orders = 0;
      for (let p = uniform(), limit = Math.exp(-lambda); p > limit; p *= uniform()) orders++;
      let value = 0;
      for (let k = 0; k < orders; k++) value += 40 + 60 * uniform();
      points.push({ timestamp: T0 + i * H, value });
    }
    return points;
  }
  const nightDrops = (r: ReturnType<typeof fitExpectedRange>) =>
    detectSpikes(r, { aggregation: 'sum' }).filter(
      (s) => s.direction === 'down' && new Date(s.start).getUTCHours() < 10,
    );
  const failure = (r: ReturnType<typeof fitExpectedRange>) =>
    detectSpikes(r, { aggregation: 'sum' }).find(
      (s) => s.startIndex <= 50 * 24 + 21 && s.endIndex >= 50 * 24 + 18,
    );

  it('reads a quiet hour without orders as chance, not a drop', () => {
    expect(nightDrops(fitExpectedRange(revenue(), { grain: 'h' })).length).toBeGreaterThan(0);
    const counted = fitExpectedRange(revenue(), { grain: 'h', rowValue: 70 });
    expect(nightDrops(counted)).toEqual([]);
    // Nor is a handful where three were expected a surge.
    expect(
      detectSpikes(counted, { aggregation: 'sum' }).filter((s) => new Date(s.start).getUTCHours() < 10),
    ).toEqual([]);
    // The band still holds the score: outside it exactly when |score| > z.
    for (let i = 0; i < counted.y.length; i++) {
      if (!Number.isFinite(counted.score[i]!)) continue;
      if (counted.score[i]! < -counted.z) expect(counted.y[i]!).toBeLessThan(counted.lower[i]!);
      if (counted.score[i]! > counted.z) expect(counted.y[i]!).toBeGreaterThan(counted.upper[i]!);
    }
  });

  it('still raises the evening checkout failure', () => {
    expect(failure(fitExpectedRange(revenue(), { grain: 'h', rowValue: 70 }))?.direction).toBe('down');
  });
});

describe('fitExpectedRange with proportion (a share of rows)', () => {
  // A quiet segment's cancellation rate: about 11 orders a day, 1% cancelled, for 300 days; from day 250
  // three days cancel 70% (a broken fulfilment partner).
  function cancellations() {
    let x = 3;
    const uniform = (): number => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) / 2 ** 32;
    };
    const rows: number[] = [];
    const points: InputPoint[] = [];
    for (let d = 0; d < 300; d++) {
      const orders = 8 + Math.floor(7 * uniform());
      const p = d >= 250 && d < 253 ? 0.7 : 0.01;
      let cancelled = 0;
      for (let k = 0; k < orders; k++) if (uniform() < p) cancelled++;
      rows.push(orders);
      points.push({ timestamp: T0 + d * 86_400_000, value: (100 * cancelled) / orders });
    }
    return { points, rows };
  }
  const { points, rows } = cancellations();
  const proportion = { rowsAt: (t: number) => rows[Math.round((t - T0) / 86_400_000)] ?? 0, whole: 100 };
  const strays = (r: ReturnType<typeof fitExpectedRange>) =>
    detectSpikes(r, { aggregation: 'mean' }).filter((s) => s.startIndex < 245 || s.startIndex > 255);

  it('reads one or two cancellations among a dozen orders as chance', () => {
    expect(strays(fitExpectedRange(points, { grain: 'd' })).length).toBeGreaterThan(0);
    expect(strays(fitExpectedRange(points, { grain: 'd', proportion }))).toEqual([]);
  });

  it('still raises three days of most orders cancelled', () => {
    const spikes = detectSpikes(fitExpectedRange(points, { grain: 'd', proportion }), {
      aggregation: 'mean',
    });
    expect(spikes.some((s) => s.direction === 'up' && s.startIndex >= 250 && s.startIndex <= 252)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  fillTrendPrefix,
  fitSeasonal,
  levelScale,
  fillScale,
  localLinear,
  seasonalWork,
  trendPrefix,
} from './decompose';

const n = 24 * 7 * 8;
const hour = (i: number): number => i % 24;
const day = (i: number): number => Math.floor(i / 24) % 7;
// Deterministic noise in [−0.5, 0.5].
const noise = (i: number): number =>
  ((Math.sin(i * 12.9898) * 43758.5453) % 1) - 0.5 * Math.sign(Math.sin(i * 12.9898));

describe('decompose', () => {
  it('recovers a daily shape and day-of-week levels, and shrinks an interaction that is only noise', () => {
    const truth = (i: number): number => Math.sin((2 * Math.PI * hour(i)) / 24) + (day(i) >= 5 ? 0.3 : -0.12);
    const x = Float64Array.from({ length: n }, (_, i) => truth(i) + 0.2 * noise(i));
    const keep = new Uint8Array(n).fill(1);
    const seasonal = new Float64Array(n);
    const leverage = new Float64Array(n);
    fitSeasonal(
      x,
      new Float64Array(n),
      keep,
      [24, 168],
      seasonal,
      leverage,
      seasonalWork(n, new Float64Array(6 * n)),
    );
    let worst = 0;
    for (let i = 0; i < n; i++) worst = Math.max(worst, Math.abs(seasonal[i]! - truth(i)));
    expect(worst).toBeLessThan(0.1);
    for (let i = 0; i < n; i++) {
      expect(leverage[i]).toBeGreaterThan(0);
      expect(leverage[i]).toBeLessThan(0.2);
    }
  });

  it('keeps a level shift sharp: the trend never smooths across a break', () => {
    const z = Float64Array.from({ length: 400 }, (_, i) => (i >= 200 ? 10 : 0) + 0.1 * noise(i));
    const keep = new Uint8Array(400).fill(1);
    const p = trendPrefix(400, new Float64Array(5 * 401));
    const zs = new Float64Array(400);
    fillTrendPrefix(z, null, keep, zs, p);
    const out = new Float64Array(400);
    localLinear(zs, keep, p, [0, 200, 400], 24, out, null);
    expect(Math.abs(out[199]!)).toBeLessThan(0.2);
    expect(Math.abs(out[200]! - 10)).toBeLessThan(0.2);
  });

  it('gives quiet levels their own noise scale, and ignores outliers when measuring it', () => {
    const m = 2000;
    const f = Float64Array.from({ length: m }, (_, i) => (i % 2 ? 1 : 10));
    const r = Float64Array.from(
      { length: m },
      (_, i) => (i % 2 ? 0.3 : 0.05) * noise(i) * 3.46 + (i % 97 === 0 ? 50 : 0),
    );
    const model = levelScale(
      r,
      f,
      new Uint8Array(m).fill(1),
      NaN,
      false,
      new Float64Array(m),
      new Int32Array(m),
    );
    const scale = new Float64Array(m);
    fillScale(model, f, 0, scale, null);
    // Uniform noise of half-width w has sd w/√3: 0.3 and 0.05 after the ×3.46 above.
    expect(scale[1]! / scale[0]!).toBeGreaterThan(4);
    expect(scale[1]!).toBeGreaterThan(0.24);
    expect(scale[1]!).toBeLessThan(0.4);
  });
});

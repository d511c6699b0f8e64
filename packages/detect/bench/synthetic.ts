/** Deterministic synthetic hourly KPI series with planted anomalies, for bench:detect and tests. */

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

export interface PlantedSpike {
  start: number;
  end: number;
  direction: 'up' | 'down';
}

export interface SyntheticSeries {
  start: number;
  values: Float64Array;
  /** Noise-free expected value (before anomalies). */
  truth: Float64Array;
  spikes: PlantedSpike[];
  trendChange: { index: number; kind: 'slope' | 'level' } | null;
}

export const HOURS = 2160;

export function makeSeries(seed: number): SyntheticSeries {
  const rand = rng(seed);
  const n = HOURS;
  const start = Date.UTC(2024, 0, 1);
  const level = 50 * Math.pow(100, rand()); // 50 .. 5000 per hour
  const dailyAmp = 0.3 + 0.4 * rand();
  const peak = 12 + 8 * rand();
  const weekendEffect = (rand() - 0.5) * 0.5;
  const drift = (rand() - 0.5) * 0.3; // over the whole history
  const cv = 0.03 + 0.05 * rand();
  const hasChange = rand() < 0.6;
  const changeAt = hasChange ? Math.floor((30 + 45 * rand()) * 24) : -1;
  const changeKind: 'slope' | 'level' = rand() < 0.5 ? 'slope' : 'level';
  const changeSize = (0.25 + 0.2 * rand()) * (rand() < 0.5 ? -1 : 1);

  const truth = new Float64Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const hour = i % 24;
    const dow = Math.floor(i / 24) % 7;
    const daily =
      1 +
      dailyAmp * Math.cos((2 * Math.PI * (hour - peak)) / 24) +
      0.1 * dailyAmp * Math.cos((4 * Math.PI * (hour - peak)) / 24);
    const weekly = dow >= 5 ? 1 + weekendEffect : 1 - weekendEffect / 5;
    let trend = 1 + (drift * i) / n;
    if (hasChange && i >= changeAt) {
      trend *= changeKind === 'level' ? 1 + changeSize : 1 + (changeSize * (i - changeAt)) / (n - changeAt);
    }
    const mu = level * daily * weekly * trend;
    truth[i] = mu;
    values[i] = Math.max(0, mu + gaussian(rand) * Math.sqrt((cv * mu) ** 2 + mu));
  }

  // Spikes and dips of 1-4 hours, apart from each other and from the trend change.
  const spikes: PlantedSpike[] = [];
  const count = 3 + Math.floor(rand() * 3);
  for (let tries = 0; spikes.length < count && tries < 200; tries++) {
    const s = 48 + Math.floor(rand() * (n - 96));
    const len = 1 + Math.floor(rand() * 4);
    const e = Math.min(n - 1, s + len - 1);
    if (spikes.some((p) => Math.abs(p.start - s) < 72)) continue;
    if (hasChange && Math.abs(s - changeAt) < 48) continue;
    const direction = rand() < 0.5 ? 'up' : 'down';
    const size = 0.25 + 0.45 * rand();
    const sigmas = 6 + 4 * rand();
    // At least 25% of the expected value and 6 noise sigmas, so every planted anomaly is a real one.
    for (let i = s; i <= e; i++) {
      const noise = Math.sqrt((cv * truth[i]!) ** 2 + truth[i]!);
      values[i] = Math.max(
        0,
        values[i]! + (direction === 'up' ? 1 : -1) * Math.max(size * truth[i]!, sigmas * noise),
      );
    }
    spikes.push({ start: s, end: e, direction });
  }
  spikes.sort((a, b) => a.start - b.start);
  // A few gaps, as real feeds have.
  for (let k = 0; k < 10; k++) values[Math.floor(rand() * n)] = NaN;
  return {
    start,
    values,
    truth,
    spikes,
    trendChange: hasChange ? { index: changeAt, kind: changeKind } : null,
  };
}

export interface CubeCase {
  dimensions: Array<{ name: string; values: Array<{ value: string; current: number; expected: number }> }>;
  answer: { dim: string; value: string };
}

/** A cube of 3-4 dimensions where one value of one dimension carries a change, plus noise everywhere. */
export function makeCube(seed: number): CubeCase {
  const rand = rng(seed);
  const dims = [
    { name: 'device', values: ['Mobile', 'Desktop', 'Tablet'] },
    { name: 'country', values: ['US', 'UK', 'DE', 'FR', 'CA', 'AU'] },
    { name: 'channel', values: ['Organic', 'Paid', 'Email', 'Social', 'Direct'] },
    { name: 'browser', values: ['Chrome', 'Safari', 'Firefox', 'Edge'] },
  ];
  // Base weights per value; cells are the product (independent dimensions).
  const weights = dims.map((d) => d.values.map(() => 0.3 + rand()));
  const target = Math.floor(rand() * dims.length);
  const targetVal = Math.floor(rand() * dims[target]!.values.length);
  const change = (0.25 + 0.5 * rand()) * (rand() < 0.5 ? -1 : 1);
  const total = 10_000 + 90_000 * rand();
  const sizes = dims.map((d) => d.values.length);
  const cells = sizes.reduce((a, b) => a * b, 1);
  const idx = new Array<number>(dims.length).fill(0);
  const cur = dims.map((d) => d.values.map(() => 0));
  const exp = dims.map((d) => d.values.map(() => 0));
  const weightSum = weights.map((w) => w.reduce((a, b) => a + b, 0));
  for (let c = 0; c < cells; c++) {
    let rem = c;
    for (let d = dims.length - 1; d >= 0; d--) {
      idx[d] = rem % sizes[d]!;
      rem = Math.floor(rem / sizes[d]!);
    }
    let share = 1;
    for (let d = 0; d < dims.length; d++) share *= weights[d]![idx[d]!]! / weightSum[d]!;
    const e = total * share;
    let v = e * (1 + 0.03 * gaussian(rand));
    if (idx[target] === targetVal) v *= 1 + change;
    for (let d = 0; d < dims.length; d++) {
      cur[d]![idx[d]!]! += v;
      exp[d]![idx[d]!]! += e;
    }
  }
  return {
    dimensions: dims.map((d, di) => ({
      name: d.name,
      values: d.values.map((value, vi) => ({ value, current: cur[di]![vi]!, expected: exp[di]![vi]! })),
    })),
    answer: { dim: dims[target]!.name, value: dims[target]!.values[targetVal]! },
  };
}

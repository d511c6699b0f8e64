import type { InputPoint } from './series';

/** Deterministic hourly series for tests: daily season, optional planted spike, seeded noise. */
export function hourlySeries(
  options: {
    days?: number;
    level?: number;
    noise?: number;
    seed?: number;
    spikeAt?: number;
    spikeSize?: number;
    start?: number;
  } = {},
): InputPoint[] {
  const days = options.days ?? 28;
  const level = options.level ?? 1000;
  const noise = options.noise ?? 0.03;
  let seed = options.seed ?? 1;
  const rand = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const start = options.start ?? Date.UTC(2024, 2, 1);
  const out: InputPoint[] = [];
  for (let i = 0; i < days * 24; i++) {
    const mu =
      level * (1 + 0.4 * Math.sin((2 * Math.PI * (i % 24)) / 24)) * (Math.floor(i / 24) % 7 >= 5 ? 1.15 : 1);
    let v = mu * (1 + noise * (rand() + rand() + rand() - 1.5) * 2);
    if (options.spikeAt !== undefined && i === options.spikeAt) v = mu * (1 + (options.spikeSize ?? -0.5));
    out.push({ timestamp: start + i * 3_600_000, value: v });
  }
  return out;
}

/** Deterministic noise in [-1, 1) (xorshift32), so tests never flake. */
export function noise(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) / 2 ** 32) * 2 - 1;
  };
}

/**
 * Daily orders of a store like the sample store without its yearly season: `level` a day, Monday-busy
 * weekday shape, a 3.5 % day-to-day wobble and counting noise; compound growth `before` a month, bending
 * to `after` a month at day `bendAt`. Deterministic per seed.
 */
export function bendingDailyOrders(options: {
  days: number;
  bendAt: number;
  before: number;
  after: number;
  seed: number;
  level?: number;
  start?: number;
  /** A yearly shape by day index (1 = none). */
  yearly?: (day: number) => number;
}): InputPoint[] {
  const level = options.level ?? 500;
  const start = options.start ?? Date.UTC(2025, 9, 24);
  const weekday = [1.03, 1.06, 1.03, 1.0, 0.98, 0.93, 0.86];
  const uniform = noise(options.seed);
  const normal = (): number => {
    const u = (uniform() + 1) / 2 || Number.EPSILON;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(Math.PI * uniform());
  };
  const out: InputPoint[] = [];
  for (let t = 0; t < options.days; t++) {
    const months = (t - options.bendAt) / 30.4375;
    const growth = (1 + (months < 0 ? options.before : options.after)) ** months;
    const season = options.yearly?.(t) ?? 1;
    const mean = level * growth * season * weekday[t % 7]! * Math.exp(0.035 * normal());
    out.push({
      timestamp: start + t * 86_400_000,
      value: Math.max(0, Math.round(mean + Math.sqrt(mean) * normal())),
    });
  }
  return out;
}

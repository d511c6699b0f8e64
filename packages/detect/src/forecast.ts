import initMstl, { initSync as initMstlSync, MSTL } from '@bsull/augurs/mstl';
import type { ExpectedRange } from './range';
import { GRAIN_MS, type Grain } from './series';

export interface ForecastOptions {
  /** Buckets ahead. */
  horizon: number;
  /** Coverage of the band, default 0.95. */
  level?: number;
  /** 'mstl' (augurs) falls back to 'seasonal' on failure or timeout; 'seasonal' is our own trend + last season. */
  engine?: 'mstl' | 'seasonal';
  /** Bytes of augurs' mstl_bg.wasm for runtimes without fetch of file URLs (Node); browsers fetch it themselves. */
  wasm?: ArrayBuffer | ArrayBufferView;
  /** Budget for loading and fitting; past it the fallback is returned. Default 2000 ms. */
  timeoutMs?: number;
  /** Longest history handed to augurs, which bounds its fit time. Default 4 × the longest period, at least 500. */
  maxHistory?: number;
}

export interface ForecastPoint {
  timestamp: number;
  yhat: number;
  yhat_lower: number;
  yhat_upper: number;
}

export interface ForecastResult {
  status: 'ok' | 'fallback' | 'not enough history' | 'constant series' | 'no data';
  engine: 'mstl' | 'seasonal' | 'none';
  /** Why augurs was not used, when it was asked for. */
  reason?: string;
  points: ForecastPoint[];
}

let mstlReady: Promise<void> | null = null;

function loadMstl(wasm: ArrayBuffer | ArrayBufferView | undefined): Promise<void> {
  if (wasm) {
    initMstlSync({ module: wasm });
    return Promise.resolve();
  }
  mstlReady ??= initMstl().then(() => undefined);
  return mstlReady;
}

function futureTimestamps(last: number, grain: Grain, horizon: number): number[] {
  const out: number[] = [];
  for (let h = 1; h <= horizon; h++) {
    if (grain === 'm') {
      const d = new Date(last);
      d.setUTCMonth(d.getUTCMonth() + h);
      out.push(d.getTime());
    } else out.push(last + h * GRAIN_MS[grain]);
  }
  return out;
}

function zFor(level: number): number {
  // Two-sided normal quantiles for the usual levels; 95% otherwise.
  const table: Array<[number, number]> = [
    [0.8, 1.2816],
    [0.9, 1.6449],
    [0.95, 1.96],
    [0.99, 2.5758],
  ];
  return table.find(([l]) => Math.abs(l - level) < 1e-9)?.[1] ?? 1.96;
}

/** Our own forecast: the trend's recent slope carried forward plus the last cycle of the season. */
export function seasonalForecast(range: ExpectedRange, horizon: number, level = 0.95): ForecastPoint[] {
  const n = range.y.length;
  const h = Math.max(0, Math.floor(horizon));
  if (n === 0 || h === 0) return [];
  const period = range.periods.at(-1) ?? 1;
  const look = Math.min(n - 1, Math.max(range.periods[0] ?? 7, 7));
  const slope = look > 0 ? (range.trend[n - 1]! - range.trend[n - 1 - look]!) / look : 0;
  const z = zFor(level);
  const nonNegative = range.lower.every((v) => !(v < 0));
  const stamps = futureTimestamps(range.timestamps[n - 1]!, range.grain, h);
  return stamps.map((timestamp, k) => {
    const step = k + 1;
    const season = n >= period ? range.seasonal[n - period + ((step - 1) % period)]! : 0;
    let yhat = range.trend[n - 1]! + slope * step + season;
    if (nonNegative) yhat = Math.max(0, yhat);
    const sigma =
      (Number.isFinite(range.sigma[n - 1]!) ? range.sigma[n - 1]! : 0) *
      Math.sqrt(1 + step / Math.max(1, period));
    const lower = yhat - z * sigma;
    return {
      timestamp,
      yhat,
      yhat_lower: nonNegative ? Math.max(0, lower) : lower,
      yhat_upper: yhat + z * sigma,
    };
  });
}

/**
 * Future yhat and band when a tenant enables forecasts. augurs MSTL is tried first, inside a time budget
 * and a try/catch; any failure returns our seasonal forecast with the reason, never an exception.
 */
export async function forecast(range: ExpectedRange, options: ForecastOptions): Promise<ForecastResult> {
  if (range.status !== 'ok') {
    return { status: range.status, engine: 'none', points: [] };
  }
  const level = options.level ?? 0.95;
  const horizon = Math.max(0, Math.min(Math.floor(options.horizon), 10_000));
  if ((options.engine ?? 'mstl') === 'seasonal')
    return { status: 'ok', engine: 'seasonal', points: seasonalForecast(range, horizon, level) };
  const fallback = (reason: string): ForecastResult => ({
    status: 'fallback',
    engine: 'seasonal',
    reason,
    points: seasonalForecast(range, horizon, level),
  });
  const budget = options.timeoutMs ?? 2000;
  const started = Date.now();
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), budget);
    });
    const loaded = await Promise.race([loadMstl(options.wasm).then(() => 'ready' as const), timeout]);
    clearTimeout(timer);
    if (loaded === 'timeout') return fallback('augurs did not load in time');
    const periods = range.periods.filter((p) => p <= 1000);
    const maxHistory = options.maxHistory ?? Math.max(500, 4 * (periods.at(-1) ?? 0));
    const n = range.y.length;
    const from = Math.max(0, n - maxHistory);
    // augurs needs a complete series: gaps and outliers take their expected value.
    const y: number[] = [];
    for (let i = from; i < n; i++)
      y.push(
        Number.isFinite(range.score[i]!) && Math.abs(range.score[i]!) <= range.z + 2
          ? range.y[i]!
          : range.yhat[i]!,
      );
    const model = MSTL.ets(periods.length > 0 ? periods : [1]);
    try {
      model.fit(y);
      // The fit is synchronous WebAssembly: the budget is checked after it, and a late result is dropped.
      if (Date.now() - started > budget) return fallback('augurs exceeded the time budget');
      const f = model.predict(horizon, level);
      const stamps = futureTimestamps(range.timestamps[n - 1]!, range.grain, horizon);
      const nonNegative = range.lower.every((v) => !(v < 0));
      const clamp = (v: number): number => (nonNegative ? Math.max(0, v) : v);
      const points = stamps.map((timestamp, k) => ({
        timestamp,
        yhat: clamp(f.point[k]!),
        yhat_lower: clamp(f.intervals?.lower[k] ?? f.point[k]!),
        yhat_upper: clamp(f.intervals?.upper[k] ?? f.point[k]!),
      }));
      if (
        points.some(
          (p) => !Number.isFinite(p.yhat) || !Number.isFinite(p.yhat_lower) || !Number.isFinite(p.yhat_upper),
        )
      )
        return fallback('augurs returned non-finite values');
      return { status: 'ok', engine: 'mstl', points };
    } finally {
      model.free();
    }
  } catch (error) {
    return fallback(`augurs failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

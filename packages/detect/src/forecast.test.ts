import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forecast } from './forecast';
import { fitExpectedRange } from './range';
import { hourlySeries } from './testing';

const wasm = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('@bsull/augurs/mstl')), 'mstl_bg.wasm'),
);

describe('forecast', () => {
  it('forecasts ahead with augurs MSTL and a band around yhat', async () => {
    const r = fitExpectedRange(hourlySeries({ days: 21 }));
    const f = await forecast(r, { horizon: 48, wasm });
    expect(f.status).toBe('ok');
    expect(f.engine).toBe('mstl');
    expect(f.points).toHaveLength(48);
    for (const p of f.points) expect(p.yhat_lower <= p.yhat && p.yhat <= p.yhat_upper).toBe(true);
    expect(f.points[0]!.timestamp).toBe(r.timestamps.at(-1)! + 3_600_000);
  });

  it('falls back to the seasonal forecast with a reason when augurs fails', async () => {
    const fitted = fitExpectedRange(hourlySeries({ days: 21 }));
    // Corrupt history that still claims to be modelled: augurs throws or returns non-finite values.
    const r = {
      ...fitted,
      y: fitted.y.map(() => NaN),
      yhat: fitted.yhat.map(() => NaN),
      score: fitted.score.map(() => 0),
    };
    const f = await forecast(r, { horizon: 24, wasm });
    expect(f.status).toBe('fallback');
    expect(f.engine).toBe('seasonal');
    expect(f.reason).toMatch(/augurs/);
    expect(f.points).toHaveLength(24);
  });

  it('states the range status instead of forecasting bad input', async () => {
    const r = fitExpectedRange([{ timestamp: 0, value: 1 }]);
    expect(await forecast(r, { horizon: 5, wasm })).toEqual({
      status: 'not enough history',
      engine: 'none',
      points: [],
    });
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { CpuTaskError, CpuTaskTimeoutError, createCpuPool } from './cpu-pool';
import type { AnalysisInput } from '../modules/pipelines/analysis';

function dailySeries(days: number): AnalysisInput {
  const start = Date.UTC(2025, 0, 5);
  const ts = Array.from({ length: days }, (_, i) => start + i * 86_400_000);
  const y = ts.map((_, i) => 100 + 20 * Math.sin((2 * Math.PI * i) / 7) + (i === days - 20 ? 400 : 0));
  return {
    grain: 'd',
    metric: { kpi_id: '1', kpi_display_name: 'Orders', additive: true },
    timezone: 'Etc/UTC',
    currency_symbol: '$',
    series: [{ dim_name: '', dim_val: '', ts, y }],
  };
}

describe('the CPU pool', () => {
  const pool = createCpuPool({ size: 1 });
  afterAll(() => pool.close());

  it('runs the engine in a thread and answers its result', async () => {
    const out = await pool.run('pipelines.analyze-metric', dailySeries(120));
    expect(out.fits[0]!.status).toBe('ok');
    // The newest bucket is still filling: it is not analysed.
    expect(out.fits[0]!.yhat).toHaveLength(119);
    expect(out.findings.some((f) => f.draft.pattern_type === 'Point Anomaly')).toBe(true);
  });

  it('stops a task that overruns its limit, and the next task runs on a fresh thread', async () => {
    const big = dailySeries(3000);
    await expect(pool.run('pipelines.analyze-metric', big, { timeoutMs: 1 })).rejects.toBeInstanceOf(
      CpuTaskTimeoutError,
    );
    const out = await pool.run('pipelines.analyze-metric', dailySeries(60));
    expect(out.fits).toHaveLength(1);
  });

  it('reports a task that throws, without losing the thread', async () => {
    await expect(
      pool.run('pipelines.analyze-metric', { ...dailySeries(10), series: null } as unknown as AnalysisInput),
    ).rejects.toBeInstanceOf(CpuTaskError);
    expect((await pool.run('pipelines.analyze-metric', dailySeries(30))).fits).toHaveLength(1);
  });

  it('stops a running task when its signal aborts', async () => {
    const controller = new AbortController();
    const running = pool.run('pipelines.analyze-metric', dailySeries(3000), { signal: controller.signal });
    controller.abort(new Error('cancelled'));
    await expect(running).rejects.toThrow('cancelled');
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bucketEnd } from '@tidemark/format';
import { LINK_JOB } from '../outages';
import { createCpuPool } from '../../jobs/cpu-pool';
import { buildTestApp, contextOf, type Actor, type TestApp } from '../../testing/build-test-app';
import { INSIGHT_STORE, createInsightWorkspace, insightStoreCsv } from '../../testing/insight-store';
import { tenantsNeedingRuns } from '../../jobs/stages.repository';
import { PipelineFailure, runTenantPipelines } from './pipelines.service';

const { DROP_FROM } = INSIGHT_STORE;

describe('pipelines', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };

  // The product reads the clock through Date.now: it is set inside the store's last day, which still fills.
  const lastDay = INSIGHT_STORE.START + (INSIGHT_STORE.DAYS - 1) * 86_400_000;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(lastDay + 12 * 3_600_000);
    t = await buildTestApp();
    ({ shop } = await createInsightWorkspace(t));
  }, 120_000);
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const tenantId = () => shop.tenant.tenant_id;
  const kpi = async (name: string) =>
    (
      await t.db.query<{ kpi_id: number }>(
        'select kpi_id::int from metrics where tenant_id = $1 and kpi_display_name = $2',
        [tenantId(), name],
      )
    )[0]!.kpi_id;
  const insights = () =>
    t.db.query<{
      insight_id: number;
      kpi_id: number;
      grain: string;
      dim_name: string;
      dim_val: string;
      pattern_type: string;
      direction: string;
      insight_ts: Date;
      severity: string;
      group_id: number | null;
      rootcause: { rootcause_data: Array<{ rootcause_details: Array<{ dim_val: string }> }> } | null;
      draft: { insight_title: string; insight_summary: string };
    }>(
      'select insight_id::int, kpi_id::int, grain, dim_name, dim_val, pattern_type, direction, insight_ts, severity, group_id::int, rootcause, draft from insights where tenant_id = $1 order by insight_id',
      [tenantId()],
    );

  it('stores the expected range beside every series, leaving the filling last bucket out', async () => {
    const orders = await kpi('Orders');
    const [row] = await t.db.query<{ ts: Date[]; y: number[]; yhat: number[]; fit_status: string }>(
      `select ts, y, yhat, fit_status from series where tenant_id = $1 and kpi_id = $2 and grain = 'd' and dim_name = ''`,
      [tenantId(), orders],
    );
    expect(row!.fit_status).toBe('ok');
    expect(row!.yhat).toHaveLength(row!.ts.length - 1);
    const points = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/pattern_series?kpi_id=${orders}&pipeline_schedule=d`,
        headers: shop.owner.headers,
      })
    ).json() as Array<{ timestamp: string; result: { y: number; yhat: number | null; anomaly: string } }>;
    expect(points.at(-2)!.result.yhat).not.toBeNull();
    expect(points.at(-1)!.result.yhat).toBeNull();
    const spike = points.find((p) => p.timestamp.startsWith('2025-04-05'))!;
    expect(spike.result.anomaly).toBe('True');
  });

  it('raises the spike with its root cause, and the drop confined to one country', async () => {
    const orders = await kpi('Orders');
    const all = await insights();
    const spike = all.find(
      (i) =>
        i.kpi_id === orders &&
        i.grain === 'd' &&
        i.dim_name === '' &&
        i.pattern_type === 'Point Anomaly' &&
        i.insight_ts.toISOString().startsWith('2025-04-05'),
    );
    expect(
      spike,
      JSON.stringify(all.map((i) => [i.grain, i.dim_val, i.pattern_type, i.insight_ts])),
    ).toBeDefined();
    expect(spike!.direction).toBe('up');
    expect(spike!.draft.insight_title).toMatch(/Orders/);
    expect(spike!.rootcause?.rootcause_data[0]?.rootcause_details[0]?.dim_val).toBe('US');
    expect(spike!.draft.insight_summary).toMatch(/US/);
    // One level of drill-down: US split by the other dimension, read from the warehouse.
    const rc = spike!.rootcause as unknown as {
      rootcause_data: Array<{
        group: string;
        level: number;
        dim_name: string;
        rootcause_details: Array<{ dim_val: string; drill_down_group: string | null }>;
      }>;
    };
    const drill = rc.rootcause_data.find((g) => g.level === 1);
    expect(drill, JSON.stringify(rc.rootcause_data.map((g) => [g.group, g.level]))).toBeDefined();
    expect(drill!.group).toBe('country=US');
    expect(drill!.dim_name).toBe('channel');
    expect(rc.rootcause_data[0]!.rootcause_details[0]!.drill_down_group).toBe('country=US');
    // Germany's drop is told once: by the overall drop, whose root cause names Germany first.
    const drop = all.find(
      (i) =>
        i.kpi_id === orders &&
        i.grain === 'd' &&
        i.dim_name === '' &&
        i.direction === 'down' &&
        i.insight_ts >= new Date(INSIGHT_STORE.START + (DROP_FROM - 1) * 86_400_000),
    );
    expect(
      drop,
      JSON.stringify(all.map((i) => [i.grain, i.dim_val, i.pattern_type, i.direction, i.insight_ts])),
    ).toBeDefined();
    expect(drop!.rootcause?.rootcause_data[0]?.rootcause_details[0]?.dim_val).toBe('DE');
    // The other countries carry on as usual: no daily drop is raised for them.
    expect(
      all.filter(
        (i) => i.kpi_id === orders && i.dim_val === 'US' && i.direction === 'down' && i.grain === 'd',
      ),
    ).toEqual([]);
  });

  it('puts every insight in a group and records each run', async () => {
    const all = await insights();
    expect(all.every((i) => i.group_id !== null)).toBe(true);
    const runs = await t.db.query<{ status: string }>(
      'select status from pipeline_runs where tenant_id = $1',
      [tenantId()],
    );
    expect(runs.length).toBeGreaterThanOrEqual(2 * 3);
    expect(runs.every((r) => r.status === 'success')).toBe(true);
    const [stage] = await t.db.query<{ insight_generation_status: string }>(
      'select insight_generation_status from connections where tenant_id = $1',
      [tenantId()],
    );
    expect(stage!.insight_generation_status).toBe('SUCCESSFUL');
  });

  it('raises a spike on the newest complete day, not days later', async () => {
    // The last day still fills; the day before it is the newest one a daily alert can speak of.
    const newest = INSIGHT_STORE.DAYS - 2;
    const send = vi.spyOn(t.app.jobs, 'send');
    const store = await createInsightWorkspace(
      t,
      insightStoreCsv({ DAYS: INSIGHT_STORE.DAYS, SPIKE_DAY: newest, DROP_FROM: INSIGHT_STORE.DAYS }),
    );
    const raised = await t.db.query<{ insight_ts: Date }>(
      `select insight_ts from insights where tenant_id = $1 and grain = 'd' and dim_name = '' and pattern_type = 'Point Anomaly'`,
      [store.shop.tenant.tenant_id],
    );
    expect(raised.map((r) => r.insight_ts.getTime())).toContain(INSIGHT_STORE.START + newest * 86_400_000);
    // New groups are offered to the outage linker at once.
    expect(
      send.mock.calls.some(
        ([name, data]) =>
          name === LINK_JOB && (data as { tenantId?: number }).tenantId === store.shop.tenant.tenant_id,
      ),
    ).toBe(true);
    send.mockRestore();
  });

  it('makes no second insight or group when it runs again on the same data', async () => {
    const before = await insights();
    const runs = () =>
      t.db.query<{ last_run: Date }>(
        'select last_run from pipeline_runs where tenant_id = $1 order by kpi_id, grain',
        [tenantId()],
      );
    // Unchanged series are not analysed again at all.
    const lastRuns = await runs();
    await runTenantPipelines({ ...contextOf(t), tenantId: tenantId() });
    expect(await runs()).toEqual(lastRuns);
    await t.db.query('update series set fit_input = null where tenant_id = $1', [tenantId()]);
    const groups = await t.db.query('select group_id from insight_groups where tenant_id = $1', [tenantId()]);
    const ctx = contextOf(t);
    const send = vi.spyOn(ctx.jobs, 'send');
    await runTenantPipelines({ ...ctx, tenantId: tenantId() });
    // No group changed, so outages have nothing new to be linked to.
    expect(send.mock.calls.filter(([name]) => name === LINK_JOB)).toEqual([]);
    send.mockRestore();
    const after = await insights();
    expect(after.map((i) => i.insight_id)).toEqual(before.map((i) => i.insight_id));
    // Drill-downs are kept, not read again, while the same value leads.
    const drills = (rows: typeof before) =>
      rows.map((i) =>
        JSON.stringify((i.rootcause?.rootcause_data ?? []).filter((g) => 'level' in g && g.level === 1)),
      );
    expect(drills(after)).toEqual(drills(before));
    expect(
      await t.db.query('select group_id from insight_groups where tenant_id = $1', [tenantId()]),
    ).toEqual(groups);
  });

  it("values a movement with the metric's dollar_impact, on the insight and its group", async () => {
    const orders = await kpi('Orders');
    expect(await tenantsNeedingRuns(t.db)).not.toContain(tenantId());
    // The team says an order is worth $85: the edit alone brings the workspace up for its next run.
    await t.db.query(
      'update metrics set dollar_impact = 85, updated_at = now() where tenant_id = $1 and kpi_id = $2',
      [tenantId(), orders],
    );
    expect(await tenantsNeedingRuns(t.db)).toContain(tenantId());
    await runTenantPipelines({ ...contextOf(t), tenantId: tenantId() });
    expect(await tenantsNeedingRuns(t.db)).not.toContain(tenantId());
    const [spike] = await t.db.query<{
      insight_id: number;
      group_id: number;
      dollar_impact: number;
      draft: { current_value: number; expected_value: number };
    }>(
      `select insight_id::int, group_id::int, dollar_impact, draft from insights
        where tenant_id = $1 and kpi_id = $2 and grain = 'd' and dim_name = '' and pattern_type = 'Point Anomaly'
          and insight_ts::date = '2025-04-05'`,
      [tenantId(), orders],
    );
    expect(spike!.dollar_impact).toBeCloseTo(
      (spike!.draft.current_value - spike!.draft.expected_value) * 85,
      6,
    );
    expect(spike!.dollar_impact).toBeGreaterThan(0);
    const insight = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/insights/${spike!.insight_id}`,
        headers: shop.owner.headers,
      })
    ).json() as { dollar_impact: number; formatted_dollar_impact: string };
    expect(insight.dollar_impact).toBeCloseTo(spike!.dollar_impact, 6);
    expect(insight.formatted_dollar_impact).toMatch(/^\+\$[\d.,]+[kM]?$/);
    const group = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/insights/groups/${spike!.group_id}`,
        headers: shop.owner.headers,
      })
    ).json() as { dollar_impact: number | null };
    const members = await t.db.query<{ dollar_impact: number | null }>(
      'select dollar_impact from insights where tenant_id = $1 and group_id = $2',
      [tenantId(), spike!.group_id],
    );
    const largest = Math.max(...members.map((m) => Math.abs(m.dollar_impact ?? 0)));
    expect(Math.abs(group.dollar_impact!)).toBeCloseTo(largest, 6);
    // Metrics without a dollar value say nothing rather than a made-up figure.
    const [other] = await t.db.query<{ dollar_impact: number | null }>(
      'select dollar_impact from insights where tenant_id = $1 and kpi_id <> $2 limit 1',
      [tenantId(), orders],
    );
    if (other) expect(other.dollar_impact).toBeNull();
  });

  it('serves the forecast past the newest bucket only when the workspace enables forecasts', async () => {
    const orders = await kpi('Orders');
    type Point = {
      timestamp: string;
      result: { y: number | null; yhat: number | null; yhat_lower: number | null };
    };
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/pattern_series?kpi_id=${orders}&pipeline_schedule=d&is_forecast_enabled=true`,
          headers: shop.owner.headers,
        })
      ).json() as Point[];
    const off = await read();
    expect(off.at(-1)!.result.y).not.toBeNull();
    await t.db.query('update tenants set is_forecast_enabled = true where tenant_id = $1', [tenantId()]);
    try {
      const on = await read();
      const future = on.slice(off.length);
      expect(future).toHaveLength(13);
      expect(future.every((p) => p.result.y === null && p.result.yhat! > 0)).toBe(true);
      expect(future.every((p) => p.result.yhat_lower! <= p.result.yhat!)).toBe(true);
      // The filling bucket keeps its partial value and gains the forecast's range.
      expect(on[off.length - 1]!.result.y).toBe(off.at(-1)!.result.y);
      expect(on[off.length - 1]!.result.yhat).not.toBeNull();
      const days = future.map((p) => Date.parse(p.timestamp));
      expect(days.every((d, i) => i === 0 || d - days[i - 1]! === 86_400_000)).toBe(true);
    } finally {
      await t.db.query('update tenants set is_forecast_enabled = false where tenant_id = $1', [tenantId()]);
    }
  });

  it('records an analysis that overruns its limit as failed, writes nothing for it, and fails the job', async () => {
    const cpu = createCpuPool({ size: 1, defaultTimeoutMs: 1 });
    await t.db.query('delete from insights where tenant_id = $1', [tenantId()]);
    // As if the data had changed: every series is analysed again.
    await t.db.query('update series set fit_input = null where tenant_id = $1', [tenantId()]);
    try {
      await expect(runTenantPipelines({ ...contextOf(t), cpu, tenantId: tenantId() })).rejects.toBeInstanceOf(
        PipelineFailure,
      );
    } finally {
      await cpu.close();
    }
    const runs = await t.db.query<{ status: string; reason: string }>(
      'select status, reason from pipeline_runs where tenant_id = $1',
      [tenantId()],
    );
    expect(runs.every((r) => r.status === 'failure' && /longer than/.test(r.reason))).toBe(true);
    expect(await insights()).toEqual([]);
    // The retry, with the time it needs, brings everything back.
    await runTenantPipelines({ ...contextOf(t), tenantId: tenantId() });
    expect((await insights()).length).toBeGreaterThan(0);
  });

  it('scores the last day on the run just after it closes, and the sweep asks for that run', async () => {
    const orders = await kpi('Orders');
    const { timezone } = (
      await t.db.query<{ timezone: string }>('select timezone from tenants where tenant_id = $1', [
        tenantId(),
      ])
    )[0]!;
    const dayRow = async () =>
      (
        await t.db.query<{ ts: Date[]; yhat: number[] }>(
          `select ts, yhat from series where tenant_id = $1 and kpi_id = $2 and grain = 'd' and dim_name = ''`,
          [tenantId(), orders],
        )
      )[0]!;
    const { ts } = await dayRow();
    const end = bucketEnd(ts.at(-1)!, 'd', timezone);
    // A run while the day fills clears the earlier tests' failed run; as in production, that fit and the data
    // it read are stamped before the day's end (the database stamps its own time, not the fake clock's).
    await runTenantPipelines({ ...contextOf(t), tenantId: tenantId() });
    await t.db.query(
      `update series set updated_at = $2::timestamptz - interval '1 hour', fitted_at = $2 where tenant_id = $1`,
      [tenantId(), new Date(end - 3_600_000)],
    );
    expect(await tenantsNeedingRuns(t.db, end - 60_000)).not.toContain(tenantId());
    // A minute past local midnight: the sweep picks the workspace and the run scores the day.
    vi.setSystemTime(end + 60_000);
    expect(await tenantsNeedingRuns(t.db, end + 60_000)).toContain(tenantId());
    await runTenantPipelines({ ...contextOf(t), tenantId: tenantId() });
    const after = await dayRow();
    expect(after.yhat).toHaveLength(after.ts.length);
    expect(Number.isFinite(after.yhat.at(-1))).toBe(true);
    expect(await tenantsNeedingRuns(t.db, end + 60_000)).not.toContain(tenantId());
    vi.setSystemTime(lastDay + 12 * 3_600_000);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HomeDigestSchema, type HomeDigest } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { INSIGHT_STORE, createInsightWorkspace } from '../../testing/insight-store';
import { combineMonths, rankMovers, moverOf } from './home.service';

describe('the home digest', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };

  beforeAll(async () => {
    // The clock (Date.now) inside the store's last day: that day still fills, as it would live.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(INSIGHT_STORE.START + (INSIGHT_STORE.DAYS - 1) * 86_400_000 + 12 * 3_600_000);
    t = await buildTestApp();
    ({ shop } = await createInsightWorkspace(t));
  }, 180_000);
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const digest = async (headers: Record<string, string>, query = ''): Promise<HomeDigest> => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/home/digest${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return HomeDigestSchema.parse(res.json());
  };
  const kpiOf = async (name: string) =>
    (
      await t.db.query<{ kpi_id: string }>(
        'select kpi_id::text from metrics where tenant_id = $1 and kpi_display_name = $2',
        [shop.tenant.tenant_id, name],
      )
    )[0]!.kpi_id;
  /** A stored bucket's value, read straight from the series row. */
  const stored = async (kpiId: string, grain: string, ts: string, dim = ['', '']) =>
    (
      await t.db.query<{ y: number }>(
        `select p.y from series s cross join lateral unnest(s.ts, s.y) as p (ts, y)
          where s.tenant_id = $1 and s.kpi_id = $2 and s.grain = $3 and s.dim_name = $4 and s.dim_val = $5
            and p.ts = $6`,
        [shop.tenant.tenant_id, kpiId, grain, dim[0], dim[1], ts],
      )
    )[0]?.y;

  it('moves the last complete day on once that day has ended in the workspace zone', async () => {
    const lastDay = INSIGHT_STORE.START + (INSIGHT_STORE.DAYS - 1) * 86_400_000;
    try {
      // The store's zone is UTC: a minute past its midnight, 2025-05-04 has closed.
      vi.setSystemTime(lastDay + 86_400_000 + 60_000);
      const [day] = (await digest(shop.owner.headers)).periods;
      expect(day).toMatchObject({
        period: 'day',
        ts_start: '2025-05-04T00:00:00.000Z',
        ts_end: '2025-05-05T00:00:00.000Z',
      });
    } finally {
      vi.setSystemTime(lastDay + 12 * 3_600_000);
    }
  });

  it('reports the last complete day, month and quarter of the data with their values', async () => {
    const d = await digest(shop.owner.headers);
    expect(d.has_metrics).toBe(true);
    const [day, month, quarter] = d.periods;
    // The store runs from 2025-01-05 for 120 days: 2025-05-04 and May are still filling.
    expect(day).toMatchObject({
      period: 'day',
      ts_start: '2025-05-03T00:00:00.000Z',
      ts_end: '2025-05-04T00:00:00.000Z',
    });
    expect(month).toMatchObject({ period: 'month', ts_start: '2025-04-01T00:00:00.000Z' });
    expect(quarter).toMatchObject({
      period: 'quarter',
      ts_start: '2025-01-01T00:00:00.000Z',
      ts_end: '2025-04-01T00:00:00.000Z',
    });
    const orders = await kpiOf('Orders');
    const dayOrders = day!.movers.find((m) => m.kpi_id === orders)!;
    expect(dayOrders.current_value).toBe(await stored(orders, 'd', '2025-05-03T00:00:00Z'));
    expect(dayOrders.previous_value).toBe(await stored(orders, 'd', '2025-05-02T00:00:00Z'));
    expect(dayOrders.expected_value).not.toBeNull();
    expect(['above', 'below', 'within']).toContain(dayOrders.range_position);
    // A quarter of a count is the count of its days.
    const [q1] = await t.db.query<{ total: number }>(
      `select sum(p.y) as total from series s cross join lateral unnest(s.ts, s.y) as p (ts, y)
        where s.tenant_id = $1 and s.kpi_id = $2 and s.grain = 'd' and s.dim_name = '' and p.ts < '2025-04-01'`,
      [shop.tenant.tenant_id, orders],
    );
    const quarterOrders = quarter!.movers.find((m) => m.kpi_id === orders)!;
    expect(quarterOrders.current_value).toBeCloseTo(q1!.total, 6);
    expect(quarterOrders.previous_value).toBeNull();
    // Its expected value adds up the months' fits, or is missing when a month has none.
    const fits = await t.db.query<{ yhat: number | null }>(
      `select p.yhat from series s cross join lateral unnest(s.ts, s.yhat) as p (ts, yhat)
        where s.tenant_id = $1 and s.kpi_id = $2 and s.grain = 'm' and s.dim_name = '' and p.ts < '2025-04-01'`,
      [shop.tenant.tenant_id, orders],
    );
    const expected = fits.some((f) => f.yhat === null) ? null : fits.reduce((a, f) => a + f.yhat!, 0);
    expect(fits).toHaveLength(3);
    expect(quarterOrders.expected_value).toEqual(expected);
  });

  it('marks a metric counted in money as currency, so it shows in the workspace’s currency', async () => {
    const orders = await kpiOf('Orders');
    const tenant = shop.tenant.tenant_id;
    const [before] = await t.db.query<{ v: number | null }>(
      'select dollar_impact as v from metrics where tenant_id = $1 and kpi_id = $2',
      [tenant, orders],
    );
    await t.db.query('update metrics set dollar_impact = 1 where tenant_id = $1 and kpi_id = $2', [
      tenant,
      orders,
    ]);
    try {
      const d = await digest(shop.owner.headers);
      const movers = d.periods.flatMap((p) => p.movers).filter((m) => m.kpi_id === orders);
      expect(movers.length).toBeGreaterThan(0);
      expect(movers.every((m) => m.kpi_format === 'currency')).toBe(true);
      const aov = await kpiOf('Average Order Value');
      expect(
        d.periods.flatMap((p) => p.movers).filter((m) => m.kpi_id === aov && m.kpi_format !== 'number'),
      ).toEqual([]);
    } finally {
      await t.db.query('update metrics set dollar_impact = $3 where tenant_id = $1 and kpi_id = $2', [
        tenant,
        orders,
        before!.v,
      ]);
    }
  });

  it('narrows to the global filter’s dimension value', async () => {
    const orders = await kpiOf('Orders');
    const d = await digest(shop.owner.headers, '?dim_name=country&dim_val=GB');
    const dayOrders = d.periods[0]!.movers.find((m) => m.kpi_id === orders)!;
    expect(dayOrders.current_value).toBe(
      await stored(orders, 'd', '2025-05-03T00:00:00Z', ['country', 'GB']),
    );
    expect(dayOrders.current_value).toBeLessThan((await stored(orders, 'd', '2025-05-03T00:00:00Z'))!);
  });

  it('puts the user’s first My Metric as the North Star, else the top-tier metric', async () => {
    const aov = await kpiOf('Average Order Value');
    const before = await digest(shop.owner.headers);
    expect(before.north_star).toMatchObject({ chosen_by: 'top_tier' });
    await t.db.query(
      `insert into user_preferences (tenant_id, user_id, preference_name, preference_value)
       values ($1, $2, 'MY_METRICS_PREFERENCE', $3)`,
      [shop.tenant.tenant_id, shop.owner.userId, JSON.stringify({ kpis: [Number(aov)] })],
    );
    const after = await digest(shop.owner.headers);
    expect(after.north_star).toMatchObject({ kpi_id: aov, chosen_by: 'my_metrics' });
    expect(after.north_star!.points).toHaveLength(30);
    expect(after.north_star!.points.at(-1)!.timestamp).toBe('2025-05-03T00:00:00.000Z');
    expect(after.north_star!.day!.current_value).toBe(await stored(aov, 'd', '2025-05-03T00:00:00Z'));
  });

  it('lists open insight groups largest money first and drops resolved ones', async () => {
    const d = await digest(shop.owner.headers);
    const groups = d.items.filter((i) => i.kind === 'insight_group');
    expect(groups.length).toBeGreaterThan(0);
    const money = d.items.map((i) => Math.abs(i.dollar_impact ?? 0));
    expect(money).toEqual([...money].sort((a, b) => b - a));
    const first = groups[0]!;
    const moved = await t.app.inject({
      method: 'POST',
      url: '/v1/groups/team_states',
      headers: shop.owner.headers,
      payload: { old_state: 'Open', current_state: 'Resolved', groups: [first.id] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await digest(shop.owner.headers);
    expect(after.items.map((i) => i.id)).not.toContain(first.id);
  });

  it('answers an empty digest for a new workspace', async () => {
    const fresh = await createWorkspace(t);
    const d = await digest(fresh.owner.headers);
    expect(d).toEqual({
      tenant_id: fresh.tenant.tenant_id,
      has_metrics: false,
      north_star: null,
      periods: [
        { period: 'day', ts_start: null, ts_end: null, movers: [] },
        { period: 'month', ts_start: null, ts_end: null, movers: [] },
        { period: 'quarter', ts_start: null, ts_end: null, movers: [] },
      ],
      items: [],
      events: {
        ts_start: null,
        ts_end: null,
        severity: { High: 0, Medium: 0, Low: 0 },
        types: [],
        providers: [],
      },
    });
  });

  it('combines months into a quarter by the metric’s aggregation', () => {
    const m = (y: number, n: number) => ({
      ts: new Date(0),
      end: new Date(0),
      y,
      n,
      yhat: null,
      lower: null,
      upper: null,
    });
    const months = [m(10, 1), m(20, 3), m(30, 0)];
    expect(combineMonths('sum', months, (b) => b.y)).toBe(60);
    expect(combineMonths('max', months, (b) => b.y)).toBe(30);
    expect(combineMonths('avg', months, (b) => b.y)).toBe((10 + 60) / 4);
    expect(combineMonths('sum', months, (b) => b.yhat)).toBeNull();
  });

  it('ranks values outside their expected range first, the farthest first', () => {
    const metric = {
      kpi_id: '1',
      kpi_display_name: 'Revenue',
      kpi_format: 'number' as const,
      accent: 'positive' as const,
      aggregation_operation: 'sum',
    };
    const at = (id: string, y: number, lower: number, upper: number) => ({
      ...moverOf(
        { ...metric, kpi_id: id },
        { ts: new Date(0), end: new Date(0), y, n: 1, yhat: (lower + upper) / 2, lower, upper },
        { ts: new Date(0), end: new Date(0), y: 100, n: 1, yhat: null, lower: null, upper: null },
      ),
    });
    const ranked = rankMovers([at('a', 101, 90, 110), at('b', 80, 90, 110), at('c', 140, 90, 110)]);
    expect(ranked.map((r) => r.kpi_id)).toEqual(['c', 'b', 'a']);
    expect(ranked[0]).toMatchObject({ range_position: 'above', is_good: true, change: 0.4 });
    expect(ranked[1]).toMatchObject({ range_position: 'below', is_good: false });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  METRIC_EDIT_MESSAGES,
  MetricDetailSchema,
  MetricFiltersResponseSchema,
  MetricImpactSchema,
  MetricOptionsResponseSchema,
  MetricsResponseSchema,
} from '@tidemark/contract';
import { buildTestApp, type Actor, type TestApp } from '../../testing/build-test-app';
import { createInsightWorkspace } from '../../testing/insight-store';

describe('metric detail, edit, options, filters and impact', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let orders: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ shop } = await createInsightWorkspace(t));
    const list = MetricsResponseSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/v1/metrics_hub/metrics', headers: shop.owner.headers })
      ).json(),
    );
    orders = list.rows.find((r) => r.kpi_display_name === 'Orders')!.kpi_id;
  }, 120_000);
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: shop.owner.headers, ...(payload ? { payload } : {}) });

  it('shows each metric’s pipeline runs and newest insight in the list', async () => {
    const list = MetricsResponseSchema.parse((await call('GET', '/v1/metrics_hub/metrics')).json());
    const row = list.rows.find((r) => r.kpi_id === orders)!;
    expect(row.status.pipeline_runs.map((r) => [r.frequency, r.status])).toEqual([
      ['h', 'success'],
      ['d', 'success'],
      ['w', 'success'],
      ['m', 'success'],
    ]);
    expect(row.status.last_insight_id).not.toBeNull();
  });

  it('answers a metric and changes only what is sent, with the spec message', async () => {
    const detail = MetricDetailSchema.parse((await call('GET', `/v1/metrics_hub/metrics/${orders}`)).json());
    expect(detail).toMatchObject({
      kpi_display_name: 'Orders',
      aggregation_operation: 'count',
      funnel: null,
    });
    const saved = await call('PUT', `/v1/metrics_hub/metrics/${orders}`, {
      tier: 1,
      impact_to_topline: 0.4,
      funnel: { id: null, name: 'Checkout' },
      category: { name: 'Sales' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(METRIC_EDIT_MESSAGES.updated);
    const after = MetricDetailSchema.parse(saved.json().metric);
    expect(after).toMatchObject({
      kpi_display_name: 'Orders',
      tier: 1,
      impact_to_topline: 0.4,
      funnel: { name: 'Checkout' },
      category: { name: 'Sales' },
      accent: detail.accent,
    });
    const options = MetricOptionsResponseSchema.parse(
      (await call('GET', '/v1/metrics_hub/metrics/options')).json(),
    );
    expect(options.funnels).toEqual([after.funnel]);
    // Choosing an existing option by id, and clearing one.
    const again = await call('PUT', `/v1/metrics_hub/metrics/${orders}`, {
      funnel: after.funnel,
      category: null,
    });
    expect(MetricDetailSchema.parse(again.json().metric)).toMatchObject({
      funnel: after.funnel,
      category: null,
    });
    const filters = MetricFiltersResponseSchema.parse(
      (await call('GET', '/v1/metrics_hub/metrics/filters?name=funnel_name')).json(),
    );
    expect(filters.values).toEqual(['Checkout']);
    // The list names the funnel, filters by it and sorts by it.
    const listed = (await call('GET', '/v1/metrics_hub/metrics?funnel_name=Checkout')).json() as {
      rows: Array<{ kpi_id: string; funnel_name: string | null }>;
      count: number;
    };
    expect(listed.count).toBe(1);
    expect(listed.rows[0]).toMatchObject({ kpi_id: String(orders), funnel_name: 'Checkout' });
    expect((await call('GET', '/v1/metrics_hub/metrics?funnel_name=Nothing')).json().count).toBe(0);
    const sorted = (await call('GET', '/v1/metrics_hub/metrics?sort_by=funnel_name&order=asc')).json() as {
      rows: Array<{ funnel_name: string | null }>;
    };
    expect(sorted.rows[0]!.funnel_name).toBe('Checkout');
  });

  it('lists, filters and sorts metrics by the funnel and category they are filed under', async () => {
    await call('PUT', `/v1/metrics_hub/metrics/${orders}`, {
      funnel: { name: 'Checkout' },
      category: { name: 'Sales' },
    });
    const bySales = MetricsResponseSchema.parse(
      (await call('GET', '/v1/metrics_hub/metrics?category_name=Sales')).json(),
    );
    expect(bySales.count).toBe(1);
    expect(bySales.rows[0]).toMatchObject({
      kpi_id: orders,
      category_name: 'Sales',
      funnel_name: 'Checkout',
    });
    const byFunnel = MetricsResponseSchema.parse(
      (await call('GET', '/v1/metrics_hub/metrics?funnel_name=Nowhere')).json(),
    );
    expect(byFunnel.count).toBe(0);
    // Filed metrics first both ways: the unfiled ones sort last.
    for (const order of ['asc', 'desc']) {
      const sorted = MetricsResponseSchema.parse(
        (await call('GET', `/v1/metrics_hub/metrics?sort_by=category_name&order=${order}`)).json(),
      );
      expect(sorted.rows[0]!.kpi_id).toBe(orders);
    }
  });

  it('refuses read-only attributes, out-of-range values and unknown metrics', async () => {
    expect((await call('PUT', `/v1/metrics_hub/metrics/${orders}`, { is_active: false })).statusCode).toBe(
      400,
    );
    expect(
      (await call('PUT', `/v1/metrics_hub/metrics/${orders}`, { impact_to_topline: 40 })).statusCode,
    ).toBe(400);
    expect((await call('PUT', `/v1/metrics_hub/metrics/${orders}`, { tier: 4 })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/v1/metrics_hub/metrics/${orders}`, { funnel: { id: '999999', name: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect((await call('GET', '/v1/metrics_hub/metrics/999999999')).statusCode).toBe(404);
  });

  it('measures a window against the one before it', async () => {
    const url = (type: string) =>
      `/v1/metrics_hub/metrics/${orders}/impact?timestamp_start=2025-04-05T00:00:00Z&timestamp_end=2025-04-06T00:00:00Z&pipeline_schedule=d&impact_type=${type}`;
    const relative = MetricImpactSchema.parse((await call('GET', url('relative'))).json());
    // The spike day against the day before: far up, and up is good for orders.
    expect(relative.kpi_value_movement).toBeGreaterThan(1);
    expect(relative.accent).toBe('positive');
    const absolute = MetricImpactSchema.parse((await call('GET', url('absolute'))).json());
    expect(absolute.kpi_value_movement).toBeGreaterThan(100);
  });

  it("compares seven complete days with the seven before, without the series' filling day", async () => {
    const [series] = await t.db.query<{ y: number[] }>(
      `select y from series where tenant_id = $1 and kpi_id = $2 and grain = 'd' and dim_name = ''`,
      [shop.tenant.tenant_id, Number(orders)],
    );
    const y = series!.y;
    const sum = (from: number, to: number) => y.slice(from, to).reduce((a, v) => a + v, 0);
    // The newest bucket is still filling: the weeks are the 7 days before it and the 7 before those.
    const current = sum(y.length - 8, y.length - 1);
    const previous = sum(y.length - 15, y.length - 8);
    const impact = MetricImpactSchema.parse(
      (
        await call('GET', `/v1/metrics_hub/metrics/${orders}/impact?pipeline_schedule=d&impact_type=absolute`)
      ).json(),
    );
    expect(impact.formatted_current_value).toBe(String(current));
    expect(impact.formatted_previous_value).toBe(String(previous));
    expect(impact.kpi_value_movement).toBe(current - previous);
  });

  it("shows a money metric's figures in the workspace's currency", async () => {
    const [before] = await t.db.query<{ v: number | null }>(
      'select dollar_impact as v from metrics where tenant_id = $1 and kpi_id = $2',
      [shop.tenant.tenant_id, Number(orders)],
    );
    await t.db.query("update tenants set currency = 'EUR', currency_symbol = '€' where tenant_id = $1", [
      shop.tenant.tenant_id,
    ]);
    await t.db.query('update metrics set dollar_impact = 1 where tenant_id = $1 and kpi_id = $2', [
      shop.tenant.tenant_id,
      Number(orders),
    ]);
    try {
      const impact = MetricImpactSchema.parse(
        (
          await call(
            'GET',
            `/v1/metrics_hub/metrics/${orders}/impact?pipeline_schedule=d&impact_type=absolute`,
          )
        ).json(),
      );
      expect(impact.formatted_current_value).toMatch(/^€\d/);
      expect(impact.formatted_previous_value).toMatch(/^€\d/);
      expect(impact.formatted_kpi_value_movement).toMatch(/^[+-]?€/);
    } finally {
      await t.db.query('update metrics set dollar_impact = $3 where tenant_id = $1 and kpi_id = $2', [
        shop.tenant.tenant_id,
        Number(orders),
        before!.v,
      ]);
    }
  });

  it('points "Latest insight" at the newest anomaly, not the last one written', async () => {
    const rows = await t.db.query<{ insight_id: number }>(
      `select insight_id::int from insights where tenant_id = $1 and kpi_id = $2 order by insight_ts, insight_id`,
      [shop.tenant.tenant_id, Number(orders)],
    );
    expect(rows.length).toBeGreaterThan(1);
    const oldest = rows[0]!.insight_id;
    const newest = rows[rows.length - 1]!.insight_id;
    // A recompute rewrites an old insight: it becomes the last written, yet stays the oldest anomaly.
    await t.db.query(
      `update insights set created_at = now() + interval '1 hour' where tenant_id = $1 and insight_id = $2`,
      [shop.tenant.tenant_id, oldest],
    );
    const list = MetricsResponseSchema.parse((await call('GET', '/v1/metrics_hub/metrics')).json());
    const status = list.rows.find((r) => r.kpi_id === orders)!.status;
    expect(status.last_insight_id).toBe(String(newest));
    const [newestRow] = await t.db.query<{ insight_ts: Date }>(
      'select insight_ts from insights where tenant_id = $1 and insight_id = $2',
      [shop.tenant.tenant_id, newest],
    );
    expect(status.last_insight_ts).toBe(newestRow!.insight_ts.toISOString());
  });
});

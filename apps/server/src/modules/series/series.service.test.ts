import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PIPELINE_JOB } from '../../jobs/stages';
import {
  buildTestApp,
  contextOf,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';
import { uploadAndConfigure, uploadCsv } from '../../testing/uploads';
import { updateTenantSeries } from './series.service';

interface SeriesRow {
  kpi_id: number;
  grain: string;
  dim_name: string;
  dim_val: string;
  ts: Date[];
  y: Array<number | null>;
  n: number[];
}

/** Orders in New York across the autumn DST change, with an empty day and a dimension of 23 values. */
function storeCsv(): string {
  const lines = ['order_id,created_at,shop,channel,revenue,customer'];
  let id = 1;
  const start = Date.UTC(2025, 9, 26, 4); // Sun 26 Oct 2025, midnight in New York (EDT)
  for (let hour = 0; hour < 24 * 14; hour++) {
    const day = Math.floor(hour / 24);
    if (day === 5) continue; // a day without a single order
    const count = 1 + (hour % 3);
    for (let k = 0; k < count; k++) {
      const ts = new Date(start + hour * 3_600_000 + k * 60_000);
      lines.push(
        `${id},${ts.toISOString()},shop-${(id % 23) + 1},${k % 2 ? 'Email' : 'Direct'},${10 + (id % 7)},c${id % 40}`,
      );
      id++;
    }
  }
  return lines.join('\n') + '\n';
}

describe('stored series', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let table: string;
  let datasource: string;

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
    await t.db.query(`update tenants set timezone = 'America/New_York' where tenant_id = $1`, [
      shop.tenant.tenant_id,
    ]);
    const upload = (
      await uploadCsv(t, shop.owner.headers, { name: 'orders.csv', content: storeCsv() })
    ).json();
    datasource = upload.datasource_id;
    table = upload.import.destination_table_name;
    const item = (field: string, display: string, aggregation?: object) => ({
      source_table_name: 'orders.csv',
      destination_table_name: table,
      field_name: field,
      display_name: display,
      ...(aggregation ? { aggregation } : {}),
    });
    const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: shop.owner.headers, payload });
    expect(
      (
        await send('POST', '/v1/metrics_hub/onboard', {
          datasource_id: datasource,
          metrics: [
            item('revenue', 'Revenue', { type: 'operation', value: 'sum' }),
            item('revenue', 'Average Order Value', {
              type: 'formula',
              value: 'sum(revenue) / count(order_id)',
            }),
            item('revenue', 'Spread', { type: 'operation', value: 'stddev_samp' }),
          ],
          dimensions: [item('shop', 'Shop'), item('channel', 'Channel')],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send('PATCH', '/v1/preferences/pipelines', {
          preference_value: { date_column: 'created_at' },
          datasource_id: datasource,
        })
      ).statusCode,
    ).toBe(200);
    await t.app.jobs.waitForIdle();
  });
  afterAll(() => t.close());

  const kpi = async (name: string) =>
    (
      await t.db.query<{ kpi_id: number }>('select kpi_id from metrics where kpi_display_name = $1', [name])
    )[0]!.kpi_id;
  const series = async (kpiId: number, grain: string, dimName = '', dimVal = '') =>
    (
      await t.db.query<SeriesRow>(
        'select * from series where kpi_id = $1 and grain = $2 and dim_name = $3 and dim_val = $4',
        [kpiId, grain, dimName, dimVal],
      )
    )[0]!;

  it('serves an hourly chart of the 60 days up to its last point unless a start is given', async () => {
    const kpiId = await kpi('Revenue');
    const HOUR = 3_600_000;
    const last = Date.UTC(2026, 0, 31, 12);
    const ts = Array.from({ length: 100 * 24 }, (_, i) => new Date(last - (100 * 24 - 1 - i) * HOUR));
    await t.db.query(
      `insert into series (tenant_id, kpi_id, grain, dim_name, dim_val, ts, y, n)
       values ($1, $2, 'h', 'window_probe', 'v', $3, $4, $5)`,
      [shop.tenant.tenant_id, kpiId, ts, ts.map((_, i) => i), ts.map(() => 1)],
    );
    try {
      const chart = async (extra = '') => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/v1/pattern_series?kpi_id=${kpiId}&pipeline_schedule=h&dim_name=window_probe&dim_val=v${extra}`,
          headers: shop.owner.headers,
        });
        expect(res.statusCode).toBe(200);
        return res.json() as Array<{ timestamp: string; result: { y: number } }>;
      };
      const window = await chart();
      expect(window).toHaveLength(60 * 24 + 1);
      expect(window[0]!.timestamp).toBe(new Date(last - 60 * 24 * HOUR).toISOString());
      expect(window.at(-1)).toMatchObject({
        timestamp: new Date(last).toISOString(),
        result: { y: 100 * 24 - 1 },
      });
      const from = new Date(last - 90 * 24 * HOUR).toISOString();
      expect(await chart(`&timestamp_start=${from}`)).toHaveLength(90 * 24 + 1);
    } finally {
      await t.db.query(`delete from series where dim_name = 'window_probe'`);
    }
  });

  it('has every local day, 0 revenue on the empty day and no average there', async () => {
    const revenue = await series(await kpi('Revenue'), 'd');
    expect(revenue.ts).toHaveLength(14);
    expect(revenue.ts[0]!.toISOString()).toBe('2025-10-26T04:00:00.000Z');
    // After the change on 2 Nov, New York midnight is 05:00 UTC.
    expect(revenue.ts[7]!.toISOString()).toBe('2025-11-02T04:00:00.000Z');
    expect(revenue.ts[8]!.toISOString()).toBe('2025-11-03T05:00:00.000Z');
    expect(revenue.y[5]).toBe(0);
    expect(revenue.n[5]).toBe(0);
    const aov = await series(await kpi('Average Order Value'), 'd');
    expect(aov.y[5]).toBeNull();
    expect(aov.y[0]).toBeCloseTo(
      (
        await t.db.query<{ v: number }>(
          `select avg(revenue)::float8 as v from ${table} where created_at >= '2025-10-26T04:00Z' and created_at < '2025-10-27T04:00Z'`,
        )
      )[0]!.v,
      9,
    );
  });

  it('keeps one hourly bucket per local hour across the autumn change, in order', async () => {
    const hourly = await series(await kpi('Revenue'), 'h');
    const times = hourly.ts.map((d) => d.getTime());
    expect(new Set(times).size).toBe(times.length);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // The repeated 1 a.m. hour of 2 Nov is one local bucket: 14 days × 24 hours, less one.
    expect(hourly.ts).toHaveLength(14 * 24 - 1);
  });

  it('computes the variance from partial sums the same as PostgreSQL does from the rows', async () => {
    const spread = await series(await kpi('Spread'), 'w');
    const [expected] = await t.db.query<{ v: number }>(
      `select stddev_samp(revenue)::float8 as v from ${table} where created_at >= '2025-10-26T04:00Z' and created_at < '2025-11-02T04:00Z'`,
    );
    expect(spread.ts[0]!.toISOString()).toBe('2025-10-26T04:00:00.000Z');
    expect(spread.y[0]).toBeCloseTo(expected!.v, 9);
  });

  it("keeps the 20 values with the most rows and sums the rest as 'Other'", async () => {
    const dimension = (
      await t.db.query<{ dimension_id: number }>(`select dimension_id from dimensions where name = 'shop'`)
    )[0]!;
    const values = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/metrics_hub/dimensions/${dimension.dimension_id}/values`,
        headers: shop.owner.headers,
      })
    ).json().data as string[];
    expect(values).toHaveLength(21);
    expect(values.at(-1)).toBe('Other');
    const revenue = await kpi('Revenue');
    const [overall] = await t.db.query<{ total: number }>(
      `select sum(y[i])::float8 as total from series, generate_subscripts(y, 1) i where kpi_id = $1 and grain = 'm' and dim_name = ''`,
      [revenue],
    );
    const [byShop] = await t.db.query<{ total: number }>(
      `select sum(y[i])::float8 as total from series, generate_subscripts(y, 1) i where kpi_id = $1 and grain = 'm' and dim_name = 'shop'`,
      [revenue],
    );
    expect(byShop!.total).toBeCloseTo(overall!.total, 6);
  });

  it('brings the series up to date from the changed days alone, exactly as a full computation would', async () => {
    // A late day arrives (as a sync would bring it), and the series update from the week or month holding it.
    await t.db.query(
      `insert into ${table} (order_id, created_at, shop, channel, revenue, customer)
       select 100000 + g, timestamptz '2025-11-09T15:00Z' + g * interval '7 minutes', 'shop-' || (1 + g % 5), 'Email', 50, 'late'
       from generate_series(1, 200) g`,
    );
    await t.db.query(
      `update warehouse_tables set dirty_from = '2025-11-09T05:00Z', loaded_at = now() where destination_table_name = $1`,
      [table],
    );
    const ctx = { ...contextOf(t), tenantId: shop.tenant.tenant_id };
    await updateTenantSeries(ctx);
    const incremental = await t.db.query<SeriesRow>(
      'select * from series order by kpi_id, grain, dim_name, dim_val',
    );

    await t.db.query(
      'update warehouse_tables set needs_full_recompute = true where destination_table_name = $1',
      [table],
    );
    await updateTenantSeries(ctx);
    const full = await t.db.query<SeriesRow>(
      'select * from series order by kpi_id, grain, dim_name, dim_val',
    );
    const shape = (rows: SeriesRow[]) =>
      rows.map((r) => ({
        key: `${r.kpi_id}/${r.grain}/${r.dim_name}/${r.dim_val}`,
        ts: r.ts.map((d) => d.toISOString()),
        y: r.y.map((v) => (v === null ? null : Math.round(v * 1e6))),
        n: r.n,
      }));
    expect(shape(incremental)).toEqual(shape(full));
    const daily = await series(await kpi('Revenue'), 'd');
    expect(daily.ts).toHaveLength(16);
  });

  it('asks for the pipelines once when series runs queue behind each other, from the last one', async () => {
    // Pipeline runs asked for by the tests above fit the series in the background; this test needs them done.
    await t.app.jobs.waitForIdle({ timeoutMs: 120_000 });
    const ctx = { ...contextOf(t), tenantId: shop.tenant.tenant_id };
    const dirty = () =>
      t.db.query(
        `update warehouse_tables set dirty_from = '2025-11-09T05:00Z' where destination_table_name = $1`,
        [table],
      );
    const send = vi.spyOn(ctx.jobs, 'send').mockResolvedValue(null);
    const queued = vi.spyOn(ctx.jobs, 'isQueued');
    const pipelineRequests = () => send.mock.calls.filter(([name]) => name === PIPELINE_JOB).length;
    try {
      // Another table's sync queued a series run behind this one: that run asks, this one does not.
      queued.mockResolvedValueOnce(true);
      await dirty();
      await updateTenantSeries(ctx);
      expect(pipelineRequests()).toBe(0);
      // The last run in line touches nothing new, yet the pipelines are still owed the first run's series.
      queued.mockResolvedValueOnce(false);
      await updateTenantSeries(ctx);
      expect(pipelineRequests()).toBe(1);
    } finally {
      send.mockRestore();
      queued.mockRestore();
    }
  });
});

describe('series of a date column without a time', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };

  /** A bank export: one booking a row, dated DD.MM.YYYY, with no time of day. */
  function bankCsv(): string {
    const lines = ['Buchungstag,Kategorie,Betrag'];
    for (let day = 0; day < 40; day++) {
      const d = new Date(Date.UTC(2025, 2, 1 + day));
      const date = `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
      for (let k = 0; k <= day % 3; k++)
        lines.push(`${date},${k % 2 ? 'Miete' : 'Verkauf'},${(100 + k).toFixed(2)}`);
    }
    return lines.join('\n') + '\n';
  }

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
  });
  afterAll(() => t.close());

  it('computes daily, weekly and monthly series (the hourly one does not exist)', async () => {
    await uploadAndConfigure(t, shop.owner.headers, {
      file: { name: 'konto.csv', content: bankCsv() },
      metrics: [['betrag', 'Betrag', { type: 'operation', value: 'sum' }]],
      dimensions: [['kategorie', 'Kategorie']],
      dateColumn: 'buchungstag',
    });
    await t.app.jobs.waitForIdle();

    const rows = await t.db.query<SeriesRow>(
      `select s.* from series s join metrics m using (kpi_id)
       where m.tenant_id = $1 and m.kpi_display_name = 'Betrag' and s.dim_name = ''`,
      [shop.tenant.tenant_id],
    );
    expect(rows.map((r) => r.grain).sort()).toEqual(['d', 'm', 'w']);
    const daily = rows.find((r) => r.grain === 'd')!;
    expect(daily.ts).toHaveLength(40);
    // 1 March 2025 had one booking of 100, 2 March two (100 + 101), 3 March three (100 + 101 + 102).
    expect(daily.y.slice(0, 3)).toEqual([100, 201, 303]);
  });
});

import { EXPLORER_TOKEN_HEADER, SESSION_COOKIE, type ExplorerQueryResponse } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../crypto/signed-token';
import { hashToken } from '../auth';
import { sessionTag } from './explorer.service';
import {
  actorFor,
  buildTestApp,
  createOperator,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';
import { ordersCsv, uploadCsv } from '../../testing/uploads';

/** Two months of orders (1 Jan – 1 Mar 2025) over three channels and three countries. */
const JANUARY = { preset: 'custom', start: '2025-01-01', end: '2025-01-31' } as const;

const BASE_QUERY = {
  grain: 'd',
  range: JANUARY,
  split_by: [] as string[],
  filters: [] as Array<{ dim_name: string; values: string[] }>,
  compare: 'none',
  band: true,
};

describe('the data explorer', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let kpi: Record<string, string>;
  let table: string;
  let token: string;

  const tokenOf = (url: string) => new URL(url).hash.replace('#token=', '');
  const generate = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/v1/data-explorers/generate-url${query}`, headers });
  const withToken = (value: string) => ({ [EXPLORER_TOKEN_HEADER]: value });
  const ask = (value: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/explorer/query',
      headers: withToken(value),
      payload: { ...BASE_QUERY, ...body },
    });
  const answer = async (value: string, body: Record<string, unknown>) => {
    const res = await ask(value, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ExplorerQueryResponse>();
  };
  const line = (a: ExplorerQueryResponse, ...values: string[]) =>
    a.series.find((s) => s.split.map((p) => p.dim_val).join('|') === values.join('|'))!;

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
    await t.db.query(`update tenants set timezone = 'America/New_York' where tenant_id = $1`, [
      shop.tenant.tenant_id,
    ]);
    const upload = (
      await uploadCsv(t, shop.owner.headers, { name: 'orders.csv', content: ordersCsv() })
    ).json();
    table = upload.import.destination_table_name;
    const item = (field: string, display: string) => ({
      source_table_name: 'orders.csv',
      destination_table_name: table,
      field_name: field,
      display_name: display,
    });
    const onboard = await t.app.inject({
      method: 'POST',
      url: '/v1/metrics_hub/onboard',
      headers: shop.owner.headers,
      payload: {
        datasource_id: upload.datasource_id,
        metrics: [
          { ...item('revenue', 'Revenue'), aggregation: { type: 'operation', value: 'sum' } },
          { ...item('order_id', 'Orders'), aggregation: { type: 'operation', value: 'count' } },
          {
            ...item('revenue', 'Average Order Value'),
            aggregation: { type: 'formula', value: 'sum(revenue) / count(order_id)' },
          },
        ],
        dimensions: [item('channel', 'Channel'), item('country', 'Country')],
      },
    });
    expect(onboard.statusCode, onboard.body).toBe(200);
    const date = await t.app.inject({
      method: 'PATCH',
      url: '/v1/preferences/pipelines',
      headers: shop.owner.headers,
      payload: { preference_value: { date_column: 'created_at' }, datasource_id: upload.datasource_id },
    });
    expect(date.statusCode, date.body).toBe(200);
    await t.app.jobs.waitForIdle();
    const rows = await t.db.query<{ kpi_id: string; kpi_display_name: string }>(
      'select kpi_id::text, kpi_display_name from metrics where tenant_id = $1',
      [shop.tenant.tenant_id],
    );
    kpi = Object.fromEntries(rows.map((r) => [r.kpi_display_name, r.kpi_id]));
    const url = await generate(shop.owner.headers);
    expect(url.statusCode, url.body).toBe(200);
    token = tokenOf(url.json().data_explorer_url);
  }, 120_000);
  afterAll(() => t.close());

  it("answers 404 'No Data Cubes configured' for a workspace without metrics", async () => {
    const empty = await createWorkspace(t);
    const res = await generate(empty.owner.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'No Data Cubes configured' });
  });

  it('signs a URL of the explorer page whose token reads the workspace catalogue', async () => {
    const res = await generate(shop.owner.headers);
    const url = new URL(res.json().data_explorer_url);
    expect(url.origin + url.pathname).toBe('http://localhost:8080/embed/explorer');
    expect(url.search).toBe('');
    const catalog = await t.app.inject({
      method: 'GET',
      url: '/v1/explorer/catalog',
      headers: withToken(token),
    });
    expect(catalog.statusCode).toBe(200);
    const body = catalog.json();
    expect(body.metrics.map((m: { kpi_display_name: string }) => m.kpi_display_name)).toEqual([
      'Average Order Value',
      'Orders',
      'Revenue',
    ]);
    expect(body.dimensions.map((d: { name: string }) => d.name)).toEqual(['channel', 'country']);
    expect(body.dimensions[0].values).toEqual(expect.arrayContaining(['Email', 'Direct', 'Paid Search']));
    expect(body.scope).toBeNull();
    expect(body.workspace).toMatchObject({ timezone: 'America/New_York', is_demo: false });
  });

  it('refuses a missing, tampered, expired or other-purpose token with 403', async () => {
    const secret = t.app.sessionSecret;
    const payload = { t: shop.tenant.tenant_id, u: shop.owner.userId, d: false, s: null };
    const expired = signToken(secret, 'explorer-url', payload, 60, Date.now() - 3_600_000).token;
    const [body, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const otherTenant = Buffer.from(JSON.stringify({ ...claims, t: claims.t + 1 })).toString('base64url');
    const cases: Array<[string, string | undefined, RegExp]> = [
      ['missing', undefined, /needs a link/],
      ['garbage', 'not-a-token', /not valid/],
      ['payload swapped', `${otherTenant}.${signature}`, /not valid/],
      [
        'signature flipped',
        `${body}.${signature.slice(0, -2)}${signature.endsWith('A') ? 'B' : 'A'}A`,
        /not valid/,
      ],
      ['expired', expired, /expired/],
      ['other purpose', signToken(secret, 'csrf', payload, 60).token, /not valid/],
      ['other secret', signToken('another-secret', 'explorer-url', payload, 60).token, /not valid/],
    ];
    for (const [label, value, message] of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/explorer/catalog',
        headers: value === undefined ? {} : withToken(value),
      });
      expect(res.statusCode, label).toBe(403);
      expect(res.json().message, label).toMatch(message);
    }
  });

  it('stops a token working once its maker has left the workspace', async () => {
    const member = await createWorkspace(t);
    await t.db.query(`insert into memberships (tenant_id, user_id, role) values ($1, $2, 'member')`, [
      shop.tenant.tenant_id,
      member.owner.userId,
    ]);
    const url = await generate(member.owner.headers, `?tenant_id=${shop.tenant.tenant_id}`);
    const theirs = tokenOf(url.json().data_explorer_url);
    expect((await ask(theirs, { metrics: [kpi.Revenue] })).statusCode).toBe(200);
    await t.db.query('delete from memberships where tenant_id = $1 and user_id = $2', [
      shop.tenant.tenant_id,
      member.owner.userId,
    ]);
    expect((await ask(theirs, { metrics: [kpi.Revenue] })).statusCode).toBe(403);
  });

  it('answers a metric overall from the stored series, bucket for bucket as pattern_series', async () => {
    const a = await answer(token, { metrics: [kpi.Revenue, kpi['Average Order Value']] });
    expect(a.source).toBe('series');
    expect(a.grain).toBe('d');
    expect(a.series.map((s) => s.label)).toEqual(['Revenue', 'Average Order Value']);
    const revenue = a.series[0]!;
    expect(revenue.points).toHaveLength(31);
    expect(revenue.points[0]!.timestamp).toBe('2025-01-01T05:00:00.000Z');
    const stored = await t.app.inject({
      method: 'GET',
      url: `/v1/pattern_series?kpi_id=${kpi.Revenue}&pipeline_schedule=d&timestamp_start=2025-01-01T05:00:00Z&timestamp_end=2025-01-31T05:00:00Z`,
      headers: shop.owner.headers,
    });
    const byTs = new Map(
      stored.json().map((p: { timestamp: string; result: { y: number } }) => [p.timestamp, p.result]),
    );
    for (const p of revenue.points) expect(p.result).toEqual(byTs.get(p.timestamp));
  });

  it('splits by one dimension from the series, with the band as stored', async () => {
    const a = await answer(token, { metrics: [kpi.Revenue], split_by: ['channel'] });
    expect(a.source).toBe('series');
    expect(a.series.map((s) => s.label).sort()).toEqual(['Direct', 'Email', 'Paid Search']);
    const [stored] = await t.db.query<{ ts: Date[]; y: number[]; yhat_lower: number[] | null }>(
      `select ts, y, yhat_lower from series where tenant_id = $1 and kpi_id = $2 and grain = 'd' and dim_name = 'channel' and dim_val = 'Email'`,
      [shop.tenant.tenant_id, kpi.Revenue],
    );
    const email = line(a, 'Email');
    for (const p of email.points) {
      const i = stored!.ts.findIndex((ts) => ts.toISOString() === p.timestamp);
      expect(i, p.timestamp).toBeGreaterThanOrEqual(0);
      expect(p.result.y).toBe(stored!.y[i]);
      expect(p.result.yhat_lower).toBe(stored!.yhat_lower?.[i] ?? null);
    }
  });

  it('splits by two dimensions from the warehouse, adding up to the one-dimension split', async () => {
    const one = await answer(token, { metrics: [kpi.Revenue, kpi.Orders], split_by: ['channel'] });
    const two = await answer(token, { metrics: [kpi.Revenue, kpi.Orders], split_by: ['channel', 'country'] });
    expect(two.source).toBe('warehouse');
    expect(two.band_available).toBe(false);
    expect(two.notices).toContain(
      'The expected band is drawn for a metric overall or split by one dimension, without other filters.',
    );
    expect(two.series.filter((s) => s.kpi_display_name === 'Revenue')).toHaveLength(9);
    for (const metric of ['Revenue', 'Orders']) {
      const email = one.series.find((s) => s.kpi_display_name === metric && s.split[0]!.dim_val === 'Email')!;
      const parts = two.series.filter(
        (s) => s.kpi_display_name === metric && s.split[0]!.dim_val === 'Email',
      );
      email.points.forEach((p, i) => {
        const sum = parts.reduce((acc, s) => acc + (s.points[i]!.result.y ?? 0), 0);
        expect(sum).toBeCloseTo(p.result.y ?? 0, 6);
      });
    }
  });

  it('computes a ratio per bucket from its formula in the warehouse, never by averaging', async () => {
    const a = await answer(token, {
      metrics: [kpi['Average Order Value']],
      filters: [{ dim_name: 'country', values: ['US', 'DE'] }],
    });
    expect(a.source).toBe('warehouse');
    const [want] = await t.db.query<{ v: number }>(
      `select (sum(revenue) / count(order_id))::float8 as v from ${table}
        where country in ('US', 'DE') and created_at >= '2025-01-05T05:00Z' and created_at < '2025-01-06T05:00Z'`,
    );
    expect(a.series[0]!.points[4]!.result.y).toBeCloseTo(want!.v, 9);
  });

  it('reads hostile filter values as data and refuses hostile dimension names', async () => {
    for (const value of ["' OR '1'='1' --", '1; drop table tenants; --', '$1', '\\x00', 'Other']) {
      const a = await answer(token, {
        metrics: [kpi.Revenue],
        split_by: ['country'],
        filters: [{ dim_name: 'channel', values: [value] }],
      });
      expect(
        a.series.every((s) => s.points.every((p) => !p.result.y)),
        value,
      ).toBe(true);
    }
    for (const name of ['channel; drop table tenants', '"channel"', 'revenue', '__proto__']) {
      const res = await ask(token, { metrics: [kpi.Revenue], split_by: [name] });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(`'${name}' is not a dimension of this workspace.`);
    }
    const unknown = await ask(token, { metrics: ['999999'] });
    expect(unknown.statusCode).toBe(400);
    expect(
      await t.db.query('select 1 from tenants where tenant_id = $1', [shop.tenant.tenant_id]),
    ).toHaveLength(1);
  });

  it('says what to pick when no metric is chosen', async () => {
    const res = await ask(token, { metrics: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Pick at least one metric to explore.');
  });

  it('down-samples years of hourly data to days and says so', async () => {
    const a = await answer(token, {
      metrics: [kpi.Revenue],
      grain: 'h',
      range: { preset: 'custom', start: '2023-03-02', end: '2025-02-28' },
      split_by: ['channel', 'country'],
    });
    expect(a.requested_grain).toBe('h');
    expect(a.grain).toBe('d');
    expect(a.notices[0]).toMatch(
      /^17,520 hourly points are too many to draw at once: shown by day instead\.$/,
    );
    expect(a.series[0]!.points).toHaveLength(730);
  });

  it('compares each bucket with the same bucket of the previous period', async () => {
    const a = await answer(token, {
      metrics: [kpi.Orders],
      range: { preset: 'custom', start: '2025-02-01', end: '2025-02-07' },
      compare: 'previous_period',
    });
    expect(a.comparison_start).toBe('2025-01-25T05:00:00.000Z');
    const before = await answer(token, {
      metrics: [kpi.Orders],
      range: { preset: 'custom', start: '2025-01-25', end: '2025-01-31' },
    });
    const orders = a.series[0]!;
    expect(orders.comparison!.map((c) => c.y)).toEqual(before.series[0]!.points.map((p) => p.result.y));
    expect(orders.comparison![0]!.compared_timestamp).toBe('2025-01-25T05:00:00.000Z');
  });

  it('pins a scoped URL to its dimension value', async () => {
    const res = await generate(shop.owner.headers, '?dim_name=channel&dim_val=Email');
    const scoped = tokenOf(res.json().data_explorer_url);
    const catalog = await t.app.inject({
      method: 'GET',
      url: '/v1/explorer/catalog',
      headers: withToken(scoped),
    });
    expect(catalog.json().scope).toEqual({
      dim_name: 'channel',
      dim_display_name: 'Channel',
      dim_val: 'Email',
    });
    expect(catalog.json().dimensions[0].values).toEqual(['Email']);
    const other = await ask(scoped, {
      metrics: [kpi.Revenue],
      filters: [{ dim_name: 'channel', values: ['Direct'] }],
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('This explorer link only reads Channel: Email.');
    const split = await answer(scoped, { metrics: [kpi.Revenue], split_by: ['channel'] });
    expect(split.series.map((s) => s.label)).toEqual(['Email']);
    const overall = await answer(scoped, { metrics: [kpi.Revenue] });
    const full = await answer(token, { metrics: [kpi.Revenue], split_by: ['channel'] });
    expect(overall.series[0]!.points.map((p) => p.result.y)).toEqual(
      line(full, 'Email').points.map((p) => p.result.y),
    );
    const byCountry = await answer(scoped, { metrics: [kpi.Revenue], split_by: ['country'] });
    expect(byCountry.source).toBe('warehouse');
    const sum = byCountry.series.reduce((acc, s) => acc + (s.points[2]!.result.y ?? 0), 0);
    expect(sum).toBeCloseTo(overall.series[0]!.points[2]!.result.y!, 6);
    const unknown = await generate(shop.owner.headers, '?dim_name=nope&dim_val=x');
    expect(unknown.statusCode).toBe(400);
  });

  it("saves, lists and opens explorations; another workspace's token finds none of them", async () => {
    const state = { ...BASE_QUERY, metrics: [kpi.Revenue], split_by: ['channel'], chart: 'line' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/explorer/views',
      headers: withToken(token),
      payload: { name: 'Revenue by channel', state },
    });
    expect(created.statusCode, created.body).toBe(200);
    const view = created.json().view;
    expect(view).toMatchObject({ name: 'Revenue by channel', state });
    const list = await t.app.inject({ method: 'GET', url: '/v1/explorer/views', headers: withToken(token) });
    expect(list.json().views.map((v: { id: string }) => v.id)).toContain(view.id);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/v1/explorer/views/${view.id}`,
      headers: withToken(token),
    });
    expect(opened.json().view.state).toEqual(state);

    const other = await createWorkspace(t);
    const foreign = signToken(
      t.app.sessionSecret,
      'explorer-url',
      {
        t: other.tenant.tenant_id,
        u: other.owner.userId,
        d: false,
        s: null,
        h: sessionTag(
          hashToken(new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(other.owner.headers.cookie!)![1]!),
        ),
      },
      60,
    ).token;
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/v1/explorer/views/${view.id}`,
      headers: withToken(foreign),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('This saved exploration does not exist in this workspace.');
    const theirList = await t.app.inject({
      method: 'GET',
      url: '/v1/explorer/views',
      headers: withToken(foreign),
    });
    expect(theirList.json().views).toEqual([]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/explorer/views/${view.id}`,
      headers: withToken(foreign),
    });
    expect(del.statusCode).toBe(404);
    const nameless = await t.app.inject({
      method: 'POST',
      url: '/v1/explorer/views',
      headers: withToken(token),
      payload: { name: '  ', state },
    });
    expect(nameless.statusCode).toBe(400);
  });

  it("opens the demo workspace's explorer for the all-customers tenant, with demo views private", async () => {
    const [all] = await t.db.query<{ tenant_id: number }>(
      'select tenant_id from tenants where is_all_customers',
    );
    const [demo] = await t.db.query<{ tenant_id: number }>('select tenant_id from tenants where is_demo');
    // The demo workspace needs a metric to have a data cube: one defined straight in the tables.
    const [conn] = await t.db.query<{ connection_id: number }>(
      `insert into connections (tenant_id, datasource_id, connector_name, connection_name)
       values ($1, 'demo0001', 'csv', 'Demo orders') returning connection_id`,
      [demo!.tenant_id],
    );
    const [wh] = await t.db.query<{ table_id: number }>(
      `insert into warehouse_tables (tenant_id, connection_id, source_table_name, destination_table_name, date_column)
       values ($1, $2, 'orders.csv', 'wh_demo_orders', 'created_at') returning table_id`,
      [demo!.tenant_id, conn!.connection_id],
    );
    await t.db.query(
      `insert into metrics (tenant_id, connection_id, table_id, kpi_name, kpi_display_name, field_name, aggregation_operation)
       values ($1, $2, $3, 'revenue', 'Revenue', 'revenue', 'sum')`,
      [demo!.tenant_id, conn!.connection_id, wh!.table_id],
    );
    const operator = await createOperator(t);
    const res = await generate(operator.headers, `?tenant_id=${all!.tenant_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const demoToken = tokenOf(res.json().data_explorer_url);
    const catalog = await t.app.inject({
      method: 'GET',
      url: '/v1/explorer/catalog',
      headers: withToken(demoToken),
    });
    expect(catalog.json().workspace).toMatchObject({ display_name: 'Demo Store', is_demo: true });

    const state = { ...BASE_QUERY, metrics: ['1'], chart: 'line' };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/v1/explorer/views',
      headers: withToken(demoToken),
      payload: { name: 'Mine', state },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const owner = await t.db.query<{ user_id: number }>(
      `select user_id from users where email = 'owner@demo-store.example'`,
    );
    const viaDemoMode = await generate((await actorFor(t, owner[0]!.user_id)).headers, '?is_demo=true');
    const ownerToken = tokenOf(viaDemoMode.json().data_explorer_url);
    const seen = await t.app.inject({
      method: 'GET',
      url: '/v1/explorer/views',
      headers: withToken(ownerToken),
    });
    expect(seen.json().views).toEqual([]);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/v1/explorer/views',
      headers: withToken(demoToken),
    });
    expect(mine.json().views.map((v: { name: string }) => v.name)).toEqual(['Mine']);
  });
});

import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLORER_TOKEN_HEADER, routes } from '@tidemark/contract';
import {
  actorFor,
  buildTestApp,
  createOperator,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../testing/build-test-app';
import { ordersCsv, uploadCsv } from '../testing/uploads';

/** An affiliate channel that only ever sold in the US: a value a Germany-scoped key must never see. */
const US_ONLY = Array.from(
  { length: 30 },
  (_, i) =>
    `${9000 + i},2025-01-${String(10 + (i % 15)).padStart(2, '0')}T12:00:00.000Z,Affiliate,US,55.00,paid,0.00`,
);

const VIEW_STATE = {
  metrics: [] as string[],
  grain: 'd',
  range: { preset: 'custom', start: '2025-01-01', end: '2025-01-31' },
  split_by: [] as string[],
  filters: [] as Array<{ dim_name: string; values: string[] }>,
  compare: 'none',
  band: false,
  chart: 'line',
};

/**
 * What an API key, an explorer link and the local outbox can do: each case is an attack from issue 25 that
 * worked on the code as it landed (round 2, Medium and Low).
 */
describe('security probes: keys, explorer links and the outbox', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let revenue: string;
  let dimensionIds: Record<string, number>;
  let extractionId: string;
  let readKey: string;
  let germanyKey: string;

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const tokenOf = (url: string) => new URL(url).hash.replace('#token=', '');
  const mint = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/data-explorers/generate-url', headers });
    expect(res.statusCode, res.body).toBe(200);
    return tokenOf(res.json().data_explorer_url);
  };
  const explorer = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { [EXPLORER_TOKEN_HEADER]: token },
      ...(payload ? { payload } : {}),
    });
  const makeKey = async (name: string, scope = 'all') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/apps/tokens',
      headers: shop.owner.headers,
      payload: { name, scope },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; token: string };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
    const upload = (
      await uploadCsv(t, shop.owner.headers, {
        name: 'orders.csv',
        content: ordersCsv({ extraLines: US_ONLY }),
      })
    ).json();
    const table = upload.import.destination_table_name as string;
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
        metrics: [{ ...item('revenue', 'Revenue'), aggregation: { type: 'operation', value: 'sum' } }],
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
    const [metric] = await t.db.query<{ kpi_id: string }>(
      'select kpi_id::text from metrics where tenant_id = $1',
      [shop.tenant.tenant_id],
    );
    revenue = metric!.kpi_id;
    const dims = (
      await t.app.inject({ method: 'GET', url: '/v1/metrics_hub/dimensions', headers: shop.owner.headers })
    ).json().data as Array<{ id: number; name: string }>;
    dimensionIds = Object.fromEntries(dims.map((d) => [d.name, d.id]));
    const extractions = await t.app.inject({
      method: 'GET',
      url: `/v1/extractions?connector_id=${upload.datasource_id}`,
      headers: shop.owner.headers,
    });
    extractionId = extractions.json().data[0].extraction_job_id;
    readKey = (await makeKey('Reporting')).token;
    germanyKey = (await makeKey('Germany', 'country:DE')).token;
  }, 180_000);
  afterAll(() => t.close());

  describe('an explorer link made with an API key', () => {
    it('reads, but cannot save a view', async () => {
      const token = await mint(bearer(readKey));
      expect((await explorer(token, 'GET', '/v1/explorer/catalog')).statusCode).toBe(200);
      const saved = await explorer(token, 'POST', '/v1/explorer/views', {
        name: 'Written with a key',
        state: { ...VIEW_STATE, metrics: [revenue] },
      });
      expect(saved.statusCode).toBe(403);
      expect(saved.json().message).toMatch(/API key/);
      const [row] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from explorer_views where name = 'Written with a key'`,
      );
      expect(row!.n).toBe(0);
    });

    it('cannot delete a view a person saved', async () => {
      const person = await mint(shop.owner.headers);
      const made = await explorer(person, 'POST', '/v1/explorer/views', {
        name: 'Kept',
        state: { ...VIEW_STATE, metrics: [revenue] },
      });
      expect(made.statusCode, made.body).toBe(200);
      const id = made.json().view.id as string;
      const token = await mint(bearer(readKey));
      const deleted = await explorer(token, 'DELETE', `/v1/explorer/views/${id}`);
      expect(deleted.statusCode).toBe(403);
      expect((await explorer(person, 'GET', `/v1/explorer/views/${id}`)).statusCode).toBe(200);
    });

    it('made by an operator viewing a customer, reads but cannot save a view', async () => {
      const operator = await createOperator(t);
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/data-explorers/generate-url?tenant_id=${shop.tenant.tenant_id}`,
        headers: operator.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const token = tokenOf(res.json().data_explorer_url);
      expect((await explorer(token, 'GET', '/v1/explorer/catalog')).statusCode).toBe(200);
      const saved = await explorer(token, 'POST', '/v1/explorer/views', {
        name: 'Written by an operator',
        state: { ...VIEW_STATE, metrics: [revenue] },
      });
      expect(saved.statusCode).toBe(403);
      expect(saved.json().message).toMatch(/Operators view/);
    });

    it("carries a scoped key's scope, whatever the URL asked for", async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/data-explorers/generate-url?dim_name=country&dim_val=US',
        headers: bearer(germanyKey),
      });
      expect(res.statusCode, res.body).toBe(200);
      const catalog = await explorer(tokenOf(res.json().data_explorer_url), 'GET', '/v1/explorer/catalog');
      expect(catalog.statusCode).toBe(200);
      expect(catalog.json().scope).toMatchObject({ dim_name: 'country', dim_val: 'DE' });
    });

    it("lists no value of another dimension that occurs only outside a scoped key's value", async () => {
      const token = await mint(bearer(germanyKey));
      const catalog = await explorer(token, 'GET', '/v1/explorer/catalog');
      expect(catalog.statusCode).toBe(200);
      const dims = catalog.json().dimensions as Array<{ name: string; values: string[] }>;
      expect(dims.find((d) => d.name === 'country')!.values).toEqual(['DE']);
      expect(dims.find((d) => d.name === 'channel')!.values).toEqual(
        expect.arrayContaining(['Email', 'Direct', 'Paid Search']),
      );
      expect(catalog.body).not.toContain('Affiliate');
    });

    it('stops working once the key is revoked', async () => {
      const key = await makeKey('Short lived');
      const token = await mint(bearer(key.token));
      expect((await explorer(token, 'GET', '/v1/explorer/catalog')).statusCode).toBe(200);
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/v1/apps/tokens/${key.id}`,
        headers: shop.owner.headers,
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect((await explorer(token, 'GET', '/v1/explorer/catalog')).statusCode).toBe(403);
    });
  });

  describe('an explorer link made in a browser session', () => {
    it('stops working when that session signs out', async () => {
      const person = await actorFor(t, shop.owner.userId);
      const token = await mint(person.headers);
      expect((await explorer(token, 'GET', '/v1/explorer/catalog')).statusCode).toBe(200);
      const out = await t.app.inject({
        method: routes.logout.method,
        url: routes.logout.path,
        headers: person.headers,
      });
      expect(out.statusCode, out.body).toBe(200);
      const after = await explorer(token, 'GET', '/v1/explorer/catalog');
      expect(after.statusCode).toBe(403);
      expect(after.json().message).toMatch(/signed out|sign in/i);
      // Another session of the same person keeps its own links.
      expect((await explorer(await mint(shop.owner.headers), 'GET', '/v1/explorer/catalog')).statusCode).toBe(
        200,
      );
    });
  });

  describe("a scoped key's raw values", () => {
    it("lists its own dimension's value alone", async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/metrics_hub/dimensions/${dimensionIds.country}/values`,
        headers: bearer(germanyKey),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(['DE']);
    });

    it("refuses another dimension's values, which are drawn from every segment", async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/metrics_hub/dimensions/${dimensionIds.channel}/values`,
        headers: bearer(germanyKey),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Country: DE|country: DE/);
      expect(res.body).not.toContain('Affiliate');
      // An unscoped key still reads them.
      const all = await t.app.inject({
        method: 'GET',
        url: `/v1/metrics_hub/dimensions/${dimensionIds.channel}/values`,
        headers: bearer(readKey),
      });
      expect(all.json().data).toContain('Affiliate');
    });

    it('lists only the saved global filters of its own value', async () => {
      for (const [value, name] of [
        ['DE', 'Germany'],
        ['US', 'United States'],
      ]) {
        const made = await t.app.inject({
          method: 'POST',
          url: '/v1/feed/filters',
          headers: shop.owner.headers,
          payload: {
            dimension_id: dimensionIds.country,
            dimension_name: 'country',
            dimension_value: value,
            display_name: name,
          },
        });
        expect(made.statusCode, made.body).toBe(200);
      }
      const res = await t.app.inject({ method: 'GET', url: '/v1/feed/filters', headers: bearer(germanyKey) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((f: { display_name: string }) => f.display_name)).toEqual(['Germany']);
    });

    it("cannot read an extraction's sample values or rejected rows", async () => {
      for (const url of [`/v1/extractions/${extractionId}/results`, `/v1/extractions/${extractionId}`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(germanyKey) });
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toContain('US');
        expect(res.json().message).toMatch(/limited to/);
      }
      const all = await t.app.inject({
        method: 'GET',
        url: `/v1/extractions/${extractionId}/results`,
        headers: bearer(readKey),
      });
      expect(all.statusCode).toBe(200);
    });
  });

  describe('the local outbox', () => {
    const outbox = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/v1/dev/outbox', remoteAddress: '127.0.0.1', headers });

    it.each([
      ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
      ['X-Forwarded-For naming loopback', { 'x-forwarded-for': '127.0.0.1' }],
      ['Forwarded', { forwarded: 'for=203.0.113.9;proto=https' }],
      ['X-Real-IP', { 'x-real-ip': '203.0.113.9' }],
      ['X-Forwarded-Host', { 'x-forwarded-host': 'tidemark.example' }],
      ['X-Forwarded-Proto', { 'x-forwarded-proto': 'https' }],
      ['Host evil.example', { host: 'evil.example' }],
      ['Host evil.example on the port', { host: 'evil.example:8080' }],
      ['Host localhost.evil.example', { host: 'localhost.evil.example' }],
    ])('looks absent to a loopback request carrying %s', async (_name, headers) => {
      const res = await outbox(headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('token=');
    });

    it('answers a loopback request for localhost, 127.0.0.1 or [::1]', async () => {
      for (const host of ['localhost', '127.0.0.1', '[::1]']) {
        const res = await outbox({ host: `${host}:8080` });
        expect(res.statusCode, host).toBe(200);
      }
    });

    it('looks absent on a real socket when Host names another port or site', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const get = (host: string) =>
        new Promise<number>((resolve, reject) => {
          httpRequest({ host: '127.0.0.1', port, path: '/v1/dev/outbox', headers: { host } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
            .on('error', reject)
            .end();
        });
      expect(await get(`127.0.0.1:${port}`)).toBe(200);
      expect(await get(`localhost:${port}`)).toBe(200);
      expect(await get(`localhost:${port + 1}`)).toBe(404);
      expect(await get(`rebind.evil.example:${port}`)).toBe(404);
    });

    it('does not exist when DATABASE_URL is set, unless DEV_OUTBOX=true', async () => {
      const deployed = await buildTestApp({ config: { databaseUrl: 'postgres://db.internal/tidemark' } });
      try {
        const res = await deployed.app.inject({ method: 'GET', url: '/v1/dev/outbox' });
        expect(res.statusCode).toBe(404);
      } finally {
        await deployed.close();
      }
      const opted = await buildTestApp({
        config: { databaseUrl: 'postgres://db.internal/tidemark', devOutbox: true },
      });
      try {
        const res = await opted.app.inject({ method: 'GET', url: '/v1/dev/outbox' });
        expect(res.statusCode).toBe(200);
      } finally {
        await opted.close();
      }
    });

    it('still does not exist in production, even with DEV_OUTBOX=true', async () => {
      const prod = await buildTestApp({ config: { env: 'production', devOutbox: true } });
      try {
        expect((await prod.app.inject({ method: 'GET', url: '/v1/dev/outbox' })).statusCode).toBe(404);
      } finally {
        await prod.close();
      }
    });
  });
});

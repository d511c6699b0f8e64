import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_NOTICES } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { startFakeShopify, type FakeShopify } from '../../testing/fake-shopify';
import { SHOPIFY_CONNECTOR_UUID } from '../../testing/uploads';
import { callbackMessage } from './connectors/shopify/oauth';

/** The Shopify install through the API against a local server that answers like Shopify's OAuth and Admin API. */
describe('the Shopify data source', () => {
  let fake: FakeShopify;
  let t: TestApp;
  let bare: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let other: { tenant: { tenant_id: number }; owner: Actor };

  beforeAll(async () => {
    fake = await startFakeShopify({
      store: { orders: 40, customers: 15, products: 6 },
      pollsUntilComplete: 1,
    });
    t = await buildTestApp({
      config: { shopify: { apiKey: fake.apiKey, apiSecret: fake.apiSecret, endpoint: fake.url } },
    });
    bare = await buildTestApp();
    shop = await createWorkspace(t);
    other = await createWorkspace(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await bare.close();
    await fake.stop();
  });

  /** The callback Shopify would send: its query signed with the app's secret. */
  const signed = (query: Record<string, string>, secret = fake.apiSecret) => {
    const entries = Object.entries(query).map(([k, v]): [string, string[]] => [k, [v]]);
    const hmac = createHmac('sha256', secret).update(callbackMessage(entries)).digest('hex');
    return new URLSearchParams({ ...query, hmac }).toString();
  };

  it('says plainly when the app is not configured', async () => {
    const who = await createWorkspace(bare);
    const connectors = (
      await bare.app.inject({ method: 'GET', url: '/v1/connectors', headers: who.owner.headers })
    ).json();
    expect(
      connectors.data.find((c: { connector_name: string }) => c.connector_name === 'shopify').is_configured,
    ).toBe(false);
    const res = await bare.app.inject({
      method: 'POST',
      url: '/v1/connections',
      headers: who.owner.headers,
      payload: { connector_uuid: SHOPIFY_CONNECTOR_UUID, shop: 'any-store.myshopify.com' },
    });
    expect(res.statusCode).toBe(501);
    // A customer is told what to do; the setting's name is for operators (contract setup.ts).
    expect(res.json().message).toBe(SETUP_NOTICES.other.customer);
  });

  it('installs through the authorisation page, stores the token sealed, and syncs every table', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/connections',
      headers: shop.owner.headers,
      payload: { connector_uuid: SHOPIFY_CONNECTOR_UUID, shop: fake.shopDomain },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { datasource_id: id, redirect } = created.json();
    expect(redirect.self).toBe(false);
    const install = new URL(redirect.uri);
    expect(install.searchParams.get('client_id')).toBe(fake.apiKey);
    expect(install.searchParams.get('redirect_uri')).toBe(
      'http://localhost:8080/v1/connections/shopify/callback',
    );
    const state = install.searchParams.get('state')!;
    expect(state.length).toBeGreaterThan(20);

    const callback = (query: string, who: Actor = shop.owner) =>
      t.app.inject({ method: 'GET', url: `/v1/connections/shopify/callback?${query}`, headers: who.headers });
    const base = {
      code: fake.issueAuthorizationCode(),
      shop: fake.shopDomain,
      state,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };

    // A forged signature, another store, a foreign user, an unknown state: nothing is stored.
    expect((await callback(signed(base, 'not-the-secret'))).headers.location).toBe(
      `/onboarding/shopify?id=${id}&error=invalid_hmac`,
    );
    expect((await callback(signed({ ...base, shop: 'another-store.myshopify.com' }))).headers.location).toBe(
      `/onboarding/shopify?id=${id}&error=shop_mismatch`,
    );
    expect((await callback(signed(base), other.owner)).headers.location).toBe('/datasources');
    expect((await callback(signed({ ...base, state: 'unknown-state' }))).headers.location).toBe(
      '/datasources',
    );
    const [before] = await t.db.query<{ secret: string | null }>(
      'select secret from connections where tenant_id = $1',
      [shop.tenant.tenant_id],
    );
    expect(before!.secret).toBeNull();

    const done = await callback(signed(base));
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`/onboarding/connection/sync?id=${id}&ongoing_extraction=true`);
    const [stored] = await t.db.query<{ secret: string }>(
      'select secret from connections where tenant_id = $1',
      [shop.tenant.tenant_id],
    );
    expect(stored!.secret).not.toContain(fake.accessToken);
    // The callback cannot be replayed: its state is spent.
    expect((await callback(signed(base))).headers.location).toBe('/datasources');

    await t.app.jobs.waitForIdle();
    const tables = await t.db.query<{
      source_table_name: string;
      destination_table_name: string;
      row_count: number;
    }>(
      'select source_table_name, destination_table_name, row_count::int from warehouse_tables where tenant_id = $1 order by 1',
      [shop.tenant.tenant_id],
    );
    const count = (name: string) => tables.find((x) => x.source_table_name === name)?.row_count;
    expect(count('orders')).toBe(fake.store.orders.length);
    expect(count('customers')).toBe(fake.store.customers.length);
    expect(count('products')).toBe(fake.store.products.length);
    expect(tables.length).toBe(4);
    const extraction = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/extractions?connector_id=${id}`,
        headers: shop.owner.headers,
      })
    ).json();
    expect(extraction.data[0].status).toMatch(/READY|SUCCESSFUL/);
  });
});

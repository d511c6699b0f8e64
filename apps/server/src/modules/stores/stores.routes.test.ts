import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  PROVIDER_CATEGORIES,
  STORE_MESSAGES,
  TIMEZONES,
  type StorePreferences,
} from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';

type Shop = { tenant: { tenant_id: number; tenant_uuid: string }; owner: Actor };

describe('store preferences (orgs/{org}/preferences) and the provider catalogue', () => {
  let t: TestApp;
  let shop: Shop;
  let other: Shop;

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
    other = await createWorkspace(t);
  }, 120_000);
  afterAll(() => t.close());

  const url = (org: string) => `/v1/orgs/${org}/preferences`;
  const get = (org: string, headers = shop.owner.headers) =>
    t.app.inject({ method: 'GET', url: url(org), headers });
  const put = (org: string, payload: object, headers = shop.owner.headers) =>
    t.app.inject({ method: 'PUT', url: url(org), headers, payload });
  const body = (prefs: StorePreferences, change: Record<string, unknown>) => ({
    display_name: prefs.display_name,
    preferences: {
      currency: prefs.preferences.currency,
      timezone: prefs.preferences.timezone,
      is_forecast_enabled: prefs.preferences.is_forecast_enabled,
      events: { providers: [] as Array<{ id: string; is_active: boolean }> },
      ...change,
    },
  });

  it('serves a catalogue of at least 40 providers with status pages, feed formats, categories and logos', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/providers', headers: shop.owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { providers } = res.json() as {
      providers: Array<{
        provider_uuid: string;
        provider_display_name: string;
        provider_home_page_url: string;
        provider_status_page_url: string;
        feed_format: string;
        categories: string[];
        provider_logo_url: string;
      }>;
    };
    expect(providers.length).toBeGreaterThanOrEqual(40);
    for (const p of providers) {
      expect(p.provider_home_page_url).toMatch(/^https:\/\//);
      expect(p.provider_status_page_url).toMatch(/^https:\/\//);
      expect(p.provider_logo_url).toMatch(/^\/providers\/[a-z0-9-]+\.svg$/);
      expect(p.categories.length).toBeGreaterThan(0);
      for (const c of p.categories) expect(Object.keys(PROVIDER_CATEGORIES)).toContain(c);
    }
    const covered = new Set(providers.flatMap((p) => p.categories));
    for (const needed of [
      'store_platform',
      'payments',
      'email',
      'sms',
      'cdn',
      'hosting',
      'cloud',
      'reviews',
      'support',
      'subscriptions',
      'ads',
      'analytics',
    ]) {
      expect(covered).toContain(needed);
    }
    expect(new Set(providers.map((p) => p.feed_format)).size).toBeGreaterThanOrEqual(3);
    // The uuid comes from the name, so every server (and a restart) gives a provider the same id.
    const again = await t.db.query<{ n: number }>(
      'select count(distinct provider_uuid)::int as n from providers',
    );
    expect(again[0]!.n).toBe(providers.length);
  });

  it("reads a store's defaults: the workspace's currency and time zone, every provider off", async () => {
    const res = await get(shop.tenant.tenant_uuid);
    expect(res.statusCode, res.body).toBe(200);
    const prefs = res.json() as StorePreferences;
    expect(prefs.org_uuid).toBe(shop.tenant.tenant_uuid);
    expect(prefs.preferences).toMatchObject({
      currency: 'USD',
      currency_symbol: '$',
      timezone: 'Etc/UTC',
      is_forecast_enabled: false,
    });
    expect(prefs.preferences.events.providers.length).toBeGreaterThanOrEqual(40);
    expect(prefs.preferences.events.providers.every((p) => !p.is_active)).toBe(true);
  });

  it('saves currency, time zone, forecast and providers, and tenants/info follows', async () => {
    const before = (await get(shop.tenant.tenant_uuid)).json() as StorePreferences;
    const stripe = before.preferences.events.providers.find((p) => p.display_name === 'Stripe')!;
    const res = await put(
      shop.tenant.tenant_uuid,
      body(before, {
        currency: 'EUR',
        timezone: 'Europe/Paris',
        is_forecast_enabled: true,
        events: { providers: [{ id: stripe.id, is_active: true }] },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as StorePreferences;
    expect(saved.preferences).toMatchObject({
      currency: 'EUR',
      currency_symbol: '€',
      timezone: 'Europe/Paris',
      is_forecast_enabled: true,
    });
    expect(saved.preferences.events.providers.filter((p) => p.is_active).map((p) => p.display_name)).toEqual([
      'Stripe',
    ]);

    const info = (
      await t.app.inject({ method: 'GET', url: '/v1/tenants/info', headers: shop.owner.headers })
    ).json();
    expect(info).toMatchObject({
      currency: 'EUR',
      currency_symbol: '€',
      timezone: 'Europe/Paris',
      is_forecast_enabled: true,
    });

    // Providers left out of a later PUT keep their state; turning one off is kept too.
    const kept = await put(shop.tenant.tenant_uuid, body(saved, { currency: 'GBP' }));
    expect(
      (kept.json() as StorePreferences).preferences.events.providers.find((p) => p.id === stripe.id)!
        .is_active,
    ).toBe(true);
    const off = await put(
      shop.tenant.tenant_uuid,
      body(saved, { events: { providers: [{ id: stripe.id, is_active: false }] } }),
    );
    expect((off.json() as StorePreferences).preferences.events.providers.some((p) => p.is_active)).toBe(
      false,
    );

    // Another workspace is untouched.
    const theirs = (await get(other.tenant.tenant_uuid, other.owner.headers)).json() as StorePreferences;
    expect(theirs.preferences.currency).toBe('USD');
  });

  it('refuses values outside the lists with the form message, changing nothing', async () => {
    const before = (await get(shop.tenant.tenant_uuid)).json() as StorePreferences;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ currency: 'XYZ' }, STORE_MESSAGES.unknownCurrency],
      [{ timezone: 'Mars/Olympus' }, STORE_MESSAGES.unknownTimezone],
      [
        { events: { providers: [{ id: '00000000-0000-0000-0000-000000000000', is_active: true }] } },
        STORE_MESSAGES.unknownProvider,
      ],
      [{ events: { providers: [{ id: 'not-a-uuid', is_active: true }] } }, STORE_MESSAGES.unknownProvider],
    ];
    for (const [change, message] of cases) {
      const res = await put(shop.tenant.tenant_uuid, body(before, { currency: 'JPY', ...change }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const missing = await put(shop.tenant.tenant_uuid, { preferences: { currency: 'EUR' } });
    expect(missing.statusCode).toBe(400);
    const after = (await get(shop.tenant.tenant_uuid)).json() as StorePreferences;
    expect(after.preferences.currency).toBe(before.preferences.currency);
  });

  it("keeps stores apart: another workspace's store is 403, text that is no id 404, the demo read-only", async () => {
    expect((await get(other.tenant.tenant_uuid)).statusCode).toBe(403);
    const before = (await get(other.tenant.tenant_uuid, other.owner.headers)).json() as StorePreferences;
    expect((await put(other.tenant.tenant_uuid, body(before, { currency: 'EUR' }))).statusCode).toBe(403);
    expect((await get('not-a-store')).statusCode).toBe(404);
    const [demo] = await t.db.query<{ tenant_uuid: string }>('select tenant_uuid from tenants where is_demo');
    const demoRead = await t.app.inject({
      method: 'GET',
      url: `${url(demo!.tenant_uuid)}?is_demo=true`,
      headers: shop.owner.headers,
    });
    expect(demoRead.statusCode, demoRead.body).toBe(200);
    const demoWrite = await t.app.inject({
      method: 'PUT',
      url: `${url(demo!.tenant_uuid)}?is_demo=true`,
      headers: shop.owner.headers,
      payload: body(demoRead.json() as StorePreferences, { currency: 'EUR' }),
    });
    expect(demoWrite.statusCode).toBe(403);
  });

  it('offers the spec-sized lists: about 65 currencies with symbols and about 130 zones with GMT labels', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(CURRENCIES.length);
    expect(TIMEZONES.length).toBeGreaterThanOrEqual(125);
    for (const [zone, label] of TIMEZONES) {
      expect(label).toMatch(/^\(GMT[+-]\d\d:\d\d\) /);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
    }
  });
});

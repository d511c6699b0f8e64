import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTOR_DOMAIN_MESSAGES, COLLECT_MESSAGES } from '@tidemark/contract';
import { baseContext } from '../../plugins/context';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { isAllowedHost, normaliseDomain, pageHostOf, storeDomainOf } from './collector-domains';
import { groupTenantErrors } from './event-groups.service';
import { rollUpEvents } from './events.service';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HOUR = 3_600_000;

/** One visitor's beacon: a page view long ago (the site was up) and the same error now. */
const beacon = (session: string, site = 'https://shop.example') =>
  JSON.stringify({
    v: 1,
    k: 'ignored',
    s: session,
    e: [
      { y: 'pv', t: Date.now() - 20 * HOUR, p: `${site}/cart` },
      { y: 'pv', t: Date.now() - 60_000, p: `${site}/checkout` },
      {
        y: 'js',
        t: Date.now() - 30_000,
        p: `${site}/checkout`,
        k: 'error',
        m: 'Checkout is down, call +1 555 0100',
        n: 'Error',
        sr: 1,
      },
    ],
  });

type Shop = { tenant: { tenant_id: number }; owner: Actor };

describe('allowed domains of the collector', () => {
  let t: TestApp;
  let shop: Shop;
  let key: string;

  const siteKeyOf = async (s: Shop) =>
    (await t.app.inject({ url: '/v1/events/site_key', headers: s.owner.headers })).json().site_key as string;
  const post = (body: string, headers: Record<string, string>, siteKey = key) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/collect?key=${siteKey}`,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, ...headers },
      payload: body,
      remoteAddress: '203.0.113.7',
    });
  const stored = async (tenantId = shop.tenant.tenant_id) =>
    (
      await t.db.query<{ n: number }>('select count(*)::int as n from site_events where tenant_id = $1', [
        tenantId,
      ])
    )[0]!.n;
  const settings = async (s: Shop = shop) =>
    (await t.app.inject({ url: '/v1/events/allowed_domains', headers: s.owner.headers })).json();

  beforeAll(async () => {
    t = await buildTestApp({ config: { collectLimitPerIp: 100_000 } });
    shop = await createWorkspace(t);
    await t.db.query(`update tenants set store_url = 'https://www.shop.example' where tenant_id = $1`, [
      shop.tenant.tenant_id,
    ]);
    key = await siteKeyOf(shop);
  });
  afterAll(() => t.close());

  it('drops and counts 1,200 posts from an unlisted site: no event is stored and no group opens', async () => {
    const before = await stored();
    for (let i = 0; i < 1200; i += 50) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          post(beacon(`attack-${i + j}`), { origin: 'https://attacker.example' }),
        ),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(COLLECT_MESSAGES.otherSite);
      }
    }
    expect(await stored()).toBe(before);
    await rollUpEvents(baseContext(t.app));
    await groupTenantErrors(baseContext(t.app), shop.tenant.tenant_id);
    const groups = await t.db.query('select 1 from event_groups where tenant_id = $1', [
      shop.tenant.tenant_id,
    ]);
    expect(groups).toHaveLength(0);
    expect((await settings()).dropped_recently).toBe(1200);
  }, 120_000);

  it("keeps beacons from the store URL's domain and its subdomains, by Origin or else Referer", async () => {
    const before = await stored();
    const pages: Array<Record<string, string>> = [
      { origin: 'https://www.shop.example' },
      { origin: 'https://shop.example' },
      { origin: 'https://checkout.shop.example:8443' },
      { referer: 'https://shop.example/products/42?ref=mail' },
    ];
    for (const headers of pages) {
      const res = await post(beacon('buyer'), headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(202);
    }
    expect(await stored()).toBe(before + 12);
  });

  it('drops look-alike sites, pages that name no site, and a null Origin without a Referer', async () => {
    for (const headers of [
      { origin: 'https://shop.example.attacker.test' },
      { origin: 'https://evilshop.example' },
      { origin: 'null' },
      { referer: 'not a url' },
      {},
    ]) {
      const res = await post(beacon('stranger'), headers as Record<string, string>);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it('lets a member add and remove domains, which apply to the next beacon', async () => {
    const member = await createWorkspace(t);
    await t.db.query(`insert into memberships (tenant_id, user_id, role) values ($1, $2, 'member')`, [
      shop.tenant.tenant_id,
      member.owner.userId,
    ]);
    const q = `?tenant_id=${shop.tenant.tenant_id}`;
    const add = (domain: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/events/allowed_domains${q}`,
        headers: member.owner.headers,
        payload: { domain },
      });
    expect((await post(beacon('blog'), { origin: 'https://blog.partner.example' })).statusCode).toBe(403);
    const added = await add('https://Partner.example/landing');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      store_domain: 'shop.example',
      domains: [{ domain: 'partner.example' }],
      accepts_all: false,
    });
    expect((await post(beacon('blog'), { origin: 'https://blog.partner.example' })).statusCode).toBe(202);

    for (const bad of ['not a domain', 'http://', '*.', 'a@b.example', 'example']) {
      const res = await add(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(COLLECTOR_DOMAIN_MESSAGES.invalid);
    }
    const store = await t.app.inject({
      method: 'DELETE',
      url: `/v1/events/allowed_domains/shop.example${q}`,
      headers: member.owner.headers,
    });
    expect(store.statusCode).toBe(400);
    expect(store.json().message).toBe(COLLECTOR_DOMAIN_MESSAGES.fromStore);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/events/allowed_domains/partner.example${q}`,
      headers: member.owner.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().domains).toEqual([]);
    expect((await post(beacon('blog'), { origin: 'https://blog.partner.example' })).statusCode).toBe(403);
    // Another workspace neither sees nor removes this list.
    const other = await createWorkspace(t);
    expect((await settings(other)).domains).toEqual([]);
  });

  it('accepts every site for a workspace with no store URL and no list, and says so', async () => {
    const open = await createWorkspace(t);
    await t.db.query('update tenants set store_url = null where tenant_id = $1', [open.tenant.tenant_id]);
    expect(await settings(open)).toMatchObject({ store_domain: null, domains: [], accepts_all: true });
    const res = await post(beacon('any'), {}, await siteKeyOf(open));
    expect(res.statusCode).toBe(202);
  });

  it.each([
    ['shop.example', 'shop.example'],
    ['  HTTPS://Shop.Example:8443/path?q=1 ', 'shop.example'],
    ['*.shop.example', 'shop.example'],
    ['localhost', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['example', null],
    ['-bad-.example', null],
    ['shop..example', null],
    ['user@shop.example', null],
    ['', null],
  ])('reads the domain %j as %j', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected);
  });

  it('matches a host to a domain or its subdomains only, and a store URL without www', () => {
    expect(storeDomainOf('https://www.shop.example/')).toBe('shop.example');
    expect(pageHostOf(undefined, 'https://a.shop.example/x')).toBe('a.shop.example');
    expect(pageHostOf('null', undefined)).toBeNull();
    expect(isAllowedHost('a.shop.example', ['shop.example'])).toBe(true);
    expect(isAllowedHost('ashop.example', ['shop.example'])).toBe(false);
    expect(isAllowedHost(null, [])).toBe(true);
  });
});

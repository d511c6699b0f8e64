import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { AUTH_MESSAGES, INPUT_MESSAGES, WORKSPACE_MESSAGES, routes } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../testing/build-test-app';
import { multipartBody, ordersCsv, uploadCsv, CSV_CONNECTOR_UUID } from '../testing/uploads';

/** 'Acme 7' as fullwidth look-alikes (U+FF01–U+FF5E, and the ideographic space). */
const fullwidth = (s: string) =>
  [...s].map((c) => (c === ' ' ? '\u3000' : String.fromCodePoint(c.codePointAt(0)! + 0xfee0))).join('');

let n = 0;
const uid = () => `${Date.now().toString(36).slice(-4)}${n++}`;

/**
 * The Low items of issue 25 (round 2), each an attack that worked on the code as it landed: NUL bytes, the
 * sign-in lockout, look-alike workspace names, oversized bodies and a logout a page could trigger. The CSV
 * export's formula neutralising is built in the browser; its probe is apps/web/src/lib/csv.test.ts.
 */
describe('security probes: the Low items', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number; tenant_uuid: string }; owner: Actor };

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
  });
  afterAll(() => t.close());

  describe('a NUL character', () => {
    it('in a query parameter answers 400 with a message, not 500', async () => {
      for (const [path, field] of [
        ['/v1/metrics_hub/metrics', 'kpi_display_name'],
        ['/v1/events/groups', 'status'],
        ['/v1/insights/summary', 'dim_val'],
      ]) {
        const url = `${path}?tenant_id=${shop.tenant.tenant_id}&${field}=a%00b`;
        const res = await t.app.inject({ method: 'GET', url, headers: shop.owner.headers });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({
          success: false,
          message: `Invalid query field ${field}: ${INPUT_MESSAGES.nulCharacter}`,
        });
      }
    });

    it('in a path parameter answers 400 with a message', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/tenants/a%00b?tenant_id=${shop.tenant.tenant_id}`,
        headers: shop.owner.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`Invalid params field tenant_uuid: ${INPUT_MESSAGES.nulCharacter}`);
    });

    it('in a JSON string answers 400 with a message', async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/v1/tenants/${shop.tenant.tenant_uuid}?tenant_id=${shop.tenant.tenant_id}`,
        headers: shop.owner.headers,
        payload: { display_name: 'Nul\u0000Shop', store_url: 'https://nul.test' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`Invalid body field display_name: ${INPUT_MESSAGES.nulCharacter}`);
    });

    it('in a multipart field or an uploaded file name answers 400 with a message', async () => {
      const csv = { name: 'orders.csv', content: ordersCsv({ days: 3 }) };
      const inField = await uploadCsv(t, shop.owner.headers, csv, { connection_name: 'Nul\u0000Orders' });
      expect(inField.statusCode, inField.body).toBe(400);
      expect(inField.json().message).toBe(
        `Invalid body field connection_name: ${INPUT_MESSAGES.nulCharacter}`,
      );
      const inName = await uploadCsv(t, shop.owner.headers, { ...csv, name: 'ord\u0000ers.csv' });
      expect(inName.statusCode, inName.body).toBe(400);
      expect(inName.json().message).toBe(`Invalid file name: ${INPUT_MESSAGES.nulCharacter}`);
    });
  });

  describe('the sign-in limit', () => {
    const ask = (app: TestApp, destination: string, remoteAddress: string) =>
      app.app.inject({
        method: 'POST',
        url: routes.magicLogin.path,
        remoteAddress,
        payload: { destination },
      });

    it("does not let a stranger's requests from their address lock someone out of theirs", async () => {
      const alice = `alice@lockout-${uid()}.test`;
      for (let i = 0; i < t.config.magicLinkLimitPerAddress; i++) {
        expect((await ask(t, alice, '203.0.113.66')).statusCode).toBe(200);
      }
      // The stranger is held back…
      const stranger = await ask(t, alice, '203.0.113.66');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
      // …and Alice, from her own network, still gets her link.
      const own = await ask(t, alice, '198.51.100.20');
      expect(own.statusCode, own.body).toBe(200);
    });

    it('still stops a flood of one address from many clients', async () => {
      const capped = await buildTestApp({
        config: { magicLinkLimitPerAddress: 2, magicLinkCapPerAddress: 4 },
      });
      onTestFinished(() => capped.close());
      const bob = `bob@flood-${uid()}.test`;
      const answers: number[] = [];
      for (let i = 1; i <= 6; i++) answers.push((await ask(capped, bob, `192.0.2.${i}`)).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 429, 429]);
    });
  });

  describe('a workspace name', () => {
    const rename = (actor: Actor, tenant: { tenant_id: number; tenant_uuid: string }, name: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/tenants/${tenant.tenant_uuid}?tenant_id=${tenant.tenant_id}`,
        headers: actor.headers,
        payload: { display_name: name, store_url: 'https://names.test' },
      });

    it('collides with its look-alikes: fullwidth, zero-width, invisible and right-to-left override spellings', async () => {
      const name = `Acme ${uid()}`;
      expect((await rename(shop.owner, shop.tenant, name)).statusCode).toBe(200);
      const other = await createWorkspace(t);
      for (const lookAlike of [
        fullwidth(name),
        name.replace('c', 'c\u200B'),
        `\u202E${[...name].reverse().join('')}`,
        `${name.slice(0, 5)}\u202E${[...name.slice(5)].reverse().join('')}\u202C`,
        `\u2066${name.replace('m', '\u00ADm\u2060')}\u2069\uFEFF`,
        ` ${name.replace(' ', '  \u200D ')} `,
      ]) {
        const res = await rename(other.owner, other.tenant, lookAlike);
        expect(res.statusCode, JSON.stringify(lookAlike)).toBe(409);
        expect(res.json().message).toBe(WORKSPACE_MESSAGES.nameTaken);
      }
    });

    it('is stored without escape and control characters', async () => {
      const other = await createWorkspace(t);
      const tag = uid();
      const res = await rename(other.owner, other.tenant, `Esc\u001b[31m Shop\u0085 ${tag}\u0007`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.display_name).toBe(`Esc[31m Shop ${tag}`);
    });

    it('that is empty once invisible characters are removed is refused with the form message', async () => {
      const res = await rename(shop.owner, shop.tenant, '\u200B\u202E \u2066\u2069\u001b');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(WORKSPACE_MESSAGES.nameRequired);
    });
  });

  describe('a body over the limit', () => {
    it('answers 413 with a message when it is JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: routes.magicLogin.path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ destination: 'x'.repeat(2_000_000) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ success: false, message: INPUT_MESSAGES.bodyTooLarge });
    });

    it('answers 413 with a message when a multipart field or the number of parts is too large', async () => {
      const long = await multipartBody(
        { connector_uuid: CSV_CONNECTOR_UUID, connection_name: 'x'.repeat(20_000) },
        { name: 'orders.csv', content: ordersCsv({ days: 2 }) },
      );
      const tooLong = await t.app.inject({
        method: 'POST',
        url: `/v1/connections?tenant_id=${shop.tenant.tenant_id}`,
        headers: { ...shop.owner.headers, ...long.headers },
        payload: long.payload,
      });
      expect(tooLong.statusCode, tooLong.body).toBe(413);
      expect(tooLong.json().message).toBe(INPUT_MESSAGES.fieldTooLarge);

      const many = await multipartBody(
        Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x'])),
        { name: 'orders.csv', content: 'a' },
      );
      const tooMany = await t.app.inject({
        method: 'POST',
        url: `/v1/connections?tenant_id=${shop.tenant.tenant_id}`,
        headers: { ...shop.owner.headers, ...many.headers },
        payload: many.payload,
      });
      expect(tooMany.statusCode, tooMany.body).toBe(413);
      expect(tooMany.json().message).toBe(INPUT_MESSAGES.tooManyParts);
    });
  });

  describe('logout', () => {
    const verify = (actor: Actor) =>
      t.app.inject({ method: 'GET', url: routes.verify.path, headers: { cookie: actor.headers.cookie! } });

    it('is not done by a GET, which an <img src=/v1/logout> in a page would send', async () => {
      const { owner } = await createWorkspace(t);
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/logout',
        headers: { cookie: owner.headers.cookie! },
      });
      expect([404, 405]).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
      expect((await verify(owner)).statusCode).toBe(200);
    });

    it('needs the CSRF token: a cross-site POST signs nobody out, the app’s own POST does', async () => {
      const { owner } = await createWorkspace(t);
      const forged = await t.app.inject({
        method: 'POST',
        url: '/v1/logout',
        headers: { cookie: owner.headers.cookie! },
      });
      expect(forged.statusCode).toBe(403);
      expect((await verify(owner)).statusCode).toBe(200);
      const own = await t.app.inject({ method: 'POST', url: '/v1/logout', headers: owner.headers });
      expect(own.statusCode, own.body).toBe(200);
      expect((await verify(owner)).statusCode).toBe(401);
    });
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { AUTH_MESSAGES, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@tidemark/contract';
import {
  buildTestApp,
  createOperator,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../testing/build-test-app';

interface Outbox {
  messages: Array<{ to: string; links: string[] }>;
}

/** A stand-in for the web build: the server's handling of pages, assets and maps does not depend on its content. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidemark-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'app-1a2b.js.map'), '{"sources":["src/secret.ts"]}');
  return dir;
}

const requestLink = (t: TestApp, destination: string, query = '', remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/auth/magic-login${query}`,
    payload: { destination },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/**
 * Each case is an attack that worked against the foundation as it landed; they stay here so the holes stay
 * closed. The hostile-input walk (hostile-input.test.ts) covers every route's fields.
 */
describe('security probes', () => {
  const logLines: string[] = [];
  let t: TestApp;
  let webDir: string;
  let operator: Actor;
  let shop: Awaited<ReturnType<typeof createWorkspace>>;

  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await buildTestApp({
      config: { webDistDir: webDir, logFormat: 'json', magicLinkLimitPerIp: 1000 },
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk: Buffer, _enc, done) {
            logLines.push(chunk.toString());
            done();
          },
        }),
      },
    });
    operator = await createOperator(t);
    shop = await createWorkspace(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  describe('the local outbox', () => {
    it('answers a loopback connection with the sign-in links', async () => {
      await requestLink(t, 'reader@outbox-co.test');
      const res = await t.app.inject({ method: 'GET', url: '/v1/dev/outbox', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
      expect(res.json<Outbox>().messages.some((m) => m.to === 'reader@outbox-co.test')).toBe(true);
    });

    it.each(['192.0.2.10', '10.0.0.5', '::ffff:198.51.100.4', '2001:db8::1'])(
      'looks absent to a connection from %s, whatever it forwards',
      async (remoteAddress) => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/v1/dev/outbox',
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', host: 'localhost' },
        });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('token=');
      },
    );

    it('does not exist in production, even on loopback', async () => {
      const prod = await buildTestApp({ config: { env: 'production' } });
      try {
        await requestLink(prod, 'prod@outbox-co.test');
        const res = await prod.app.inject({ method: 'GET', url: '/v1/dev/outbox' });
        expect(res.statusCode).toBe(404);
      } finally {
        await prod.close();
      }
    });

    it('keeps sign-in links out of JSON logs', async () => {
      await requestLink(t, 'logged@outbox-co.test');
      const lines = logLines.filter((l) => l.includes('logged@outbox-co.test'));
      expect(lines.length).toBeGreaterThan(0);
      expect(logLines.join('')).not.toMatch(/token=/);
    });
  });

  describe('redirect targets', () => {
    it.each([
      ['a tab', '/\t/evil.example/path'],
      ['a newline', '/\n/evil.example'],
      ['CR and LF', '/feed\r\nSet-Cookie: x=1'],
      ['a backslash', '/\\evil.example'],
      ['a backslash later on', '/feed\\..\\..\\evil'],
      ['two slashes', '//evil.example'],
      ['an absolute URL', 'https://evil.example/'],
      ['a scheme', 'javascript:alert(1)'],
      ['a NUL', '/feed\u0000'],
      ['an ideographic space', '/\u3000/evil.example'],
      ['no leading slash', 'feed'],
    ])('refuses %s with 400 when the link is requested', async (_name, target) => {
      const res = await requestLink(
        t,
        'target@redirect-co.test',
        `?redirectTo=${encodeURIComponent(target)}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.stringContaining('redirectTo') });
    });

    it('judges a stored target again when the link is used', async () => {
      await requestLink(t, 'stored@redirect-co.test', '?redirectTo=%2Ffeed');
      await t.db.query(`update login_tokens set redirect_to = $1 where email = 'stored@redirect-co.test'`, [
        '/\t/evil.example/path',
      ]);
      const outbox = await t.app.inject({ method: 'GET', url: '/v1/dev/outbox' });
      const link = outbox.json<Outbox>().messages.find((m) => m.to === 'stored@redirect-co.test')!.links[0]!;
      const res = await t.app.inject({ method: 'GET', url: link.replace(t.config.publicUrl, '') });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
    });
  });

  describe('the per-client sign-in limit', () => {
    it('is not reset by a new X-Forwarded-For on each request', async () => {
      const limited = await buildTestApp({ config: { magicLinkLimitPerIp: 2 } });
      onTestFinished(() => limited.close());
      const ask = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/v1/auth/magic-login',
          remoteAddress: '203.0.113.50',
          headers: { 'x-forwarded-for': `198.51.100.${n}` },
          payload: { destination: `rotate${n}@spray-co.test` },
        });
      expect((await ask(1)).statusCode).toBe(200);
      expect((await ask(2)).statusCode).toBe(200);
      expect((await ask(3)).statusCode).toBe(429);
    });

    it('follows X-Forwarded-For only from a proxy named in TRUST_PROXY', async () => {
      const proxied = await buildTestApp({ config: { trustProxy: ['203.0.113.1'], magicLinkLimitPerIp: 1 } });
      try {
        const ask = (n: number) =>
          proxied.app.inject({
            method: 'POST',
            url: '/v1/auth/magic-login',
            remoteAddress: '203.0.113.1',
            headers: { 'x-forwarded-for': `198.51.100.${n}` },
            payload: { destination: `client${n}@proxy-co.test` },
          });
        expect((await ask(1)).statusCode).toBe(200);
        expect((await ask(2)).statusCode).toBe(200);
      } finally {
        await proxied.close();
      }
    });
  });

  describe('CSRF', () => {
    it('refuses a change made with a cookie/header pair the attacker chose', async () => {
      const session = shop.owner.headers.cookie!.split(';')[0]!;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v1/flags/events?tenant_id=${shop.tenant.tenant_id}`,
        headers: { cookie: `${session}; ${CSRF_COOKIE}=forged`, [CSRF_HEADER]: 'forged' },
        payload: { enabled: false },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/CSRF/);
    });

    it("refuses another session's token", async () => {
      const mine = operator.headers.cookie!.split(';')[0]!;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v1/flags/events?tenant_id=${shop.tenant.tenant_id}`,
        headers: { cookie: mine, [CSRF_HEADER]: shop.owner.headers[CSRF_HEADER]! },
        payload: { enabled: false },
      });
      expect(res.statusCode).toBe(403);
    });

    it("accepts the session's own token", async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v1/flags/events?tenant_id=${shop.tenant.tenant_id}`,
        headers: operator.headers,
        payload: { enabled: true },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it('refuses is_demo on an operator write and leaves every workspace as it was', async () => {
    const flagsOf = async (tenantId: number) =>
      (
        await t.db.query<{ flag: string }>('select flag from feature_flags where tenant_id = $1', [tenantId])
      ).map((r) => r.flag);
    const [all] = await t.db.query<{ tenant_id: number }>(
      'select tenant_id from tenants where is_all_customers',
    );
    const [demo] = await t.db.query<{ tenant_id: number }>('select tenant_id from tenants where is_demo');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/flags/insights?is_demo=true',
      headers: operator.headers,
      payload: { enabled: false },
    });
    expect(res.statusCode).toBe(403);
    expect(await flagsOf(all!.tenant_id)).toEqual([]);
    expect(await flagsOf(demo!.tenant_id)).toEqual([]);
  });

  describe('sign-up addresses', () => {
    it.each([
      ['the demo workspace domain', 'someone@demo-store.example'],
      ['an example domain', 'someone@example.com'],
      ['a subdomain of one', 'someone@shop.example.org'],
      ['the .invalid name', 'someone@shop.invalid'],
      ['the .localhost name', 'someone@shop.localhost'],
    ])('refuses %s with the work-email message', async (_name, email) => {
      const res = await requestLink(t, email);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidDomain });
    });

    it.each(['<script>@x.com', 'a<b>@x.com', '"quoted"@x.com', 'x@-x.com', 'x@x'])(
      'refuses %j as an address',
      async (email) => {
        const res = await requestLink(t, email);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidEmail });
      },
    );

    it('never gives two workspaces the same name', async () => {
      for (const domain of ['twin-goods.test', 'twin-goods.co.test', 'twin-goods.shop.test']) {
        const res = await requestLink(t, `founder@${domain}`);
        const outbox = await t.app.inject({ method: 'GET', url: '/v1/dev/outbox' });
        const link = outbox.json<Outbox>().messages.find((m) => m.to === `founder@${domain}`)!.links[0]!;
        expect(res.statusCode).toBe(200);
        await t.app.inject({ method: 'GET', url: link.replace(t.config.publicUrl, '') });
      }
      const rows = await t.db.query<{ display_name: string }>(
        `select display_name from tenants where email_domain like 'twin-goods.%' order by tenant_id`,
      );
      expect(rows.map((r) => r.display_name)).toEqual([
        'Twin Goods',
        'Twin Goods (twin-goods.co.test)',
        'Twin Goods (twin-goods.shop.test)',
      ]);
    });
  });

  describe('headers', () => {
    it('sends a Content-Security-Policy without inline scripts, and the usual protections', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/feed' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends HSTS when the public address is https', async () => {
      const https = await buildTestApp({
        config: { publicUrl: 'https://app.tidemark.test', secureCookies: true },
      });
      try {
        const res = await https.app.inject({ method: 'GET', url: '/v1/health' });
        expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      } finally {
        await https.close();
      }
    });

    it('forbids storing authenticated JSON', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: shop.owner.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('the web build', () => {
    it('serves assets but never their source maps', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' })).statusCode).toBe(200);
      const map = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
    });

    it.each(['/feed', '/events/groups/12', '/insights/3/rootcause', '/onboarding/csv', '/'])(
      'answers the app route %s with 200',
      async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
      },
    );

    it.each(['/wp-login', '/feed/extra/segments', '/metrics/1/2', '/.env'])(
      'answers the unknown path %s with 404 and the app, which shows its not-found page',
      async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('<div id="root">');
      },
    );
  });

  it('keeps session cookies httpOnly and the CSRF token tied to the session', async () => {
    await requestLink(t, 'cookie@flags-co.test');
    const outbox = await t.app.inject({ method: 'GET', url: '/v1/dev/outbox' });
    const link = outbox.json<Outbox>().messages.find((m) => m.to === 'cookie@flags-co.test')!.links[0]!;
    const res = await t.app.inject({ method: 'GET', url: link.replace(t.config.publicUrl, '') });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.httpOnly).toBe(true);
    const csrf = res.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const change = await t.app.inject({
      method: 'POST',
      url: '/v1/logout',
      headers: { cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf },
    });
    expect(change.statusCode).toBe(200);
  });
});

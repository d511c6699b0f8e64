import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@tidemark/contract';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

interface Outbox {
  messages: Array<{ to: string; subject: string; text: string; links: string[]; created_at: string }>;
}

describe('auth routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { magicLinkLimitPerAddress: 3 } });
  });
  afterAll(() => t.close());

  const requestLink = (destination: string, query = '', extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/auth/magic-login${query}`,
      payload: { destination, plan: 'shopify', is_demo: false, ...extra },
    });

  async function latestLinkFor(email: string): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: '/v1/dev/outbox' });
    const outbox = res.json<Outbox>();
    const message = outbox.messages.find((m) => m.to === email);
    expect(message, `a message to ${email}`).toBeDefined();
    return message!.links[0]!;
  }

  function cookiesOf(res: { cookies: Array<{ name: string; value: string }> }): string {
    return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  }

  it('signs a new work address up through the e-mailed link and lands on the remembered target', async () => {
    const res = await requestLink('Founder@Acme-Goods.test', '?redirectTo=%2Fevents%3Ftab%3Dall');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.magicLinkSent });

    const link = await latestLinkFor('founder@acme-goods.test');
    expect(link).toMatch(/^http:\/\/localhost:8080\/v1\/auth\/magic-login\/callback\?token=/);
    const callback = await t.app.inject({ method: 'GET', url: link.replace('http://localhost:8080', '') });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/events?tab=all');
    const session = callback.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session?.httpOnly).toBe(true);
    expect(callback.cookies.find((c) => c.name === CSRF_COOKIE)?.httpOnly).toBeFalsy();

    const verify = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/verify',
      headers: { cookie: cookiesOf(callback) },
    });
    expect(verify.statusCode).toBe(200);
    const body = verify.json();
    expect(body.user).toMatchObject({
      email: 'founder@acme-goods.test',
      show_onboarding: true,
      user_status: 'new',
      tenant_status: 'new',
      is_operator: false,
    });
    expect(body.tenants).toEqual([
      expect.objectContaining({ display_name: 'Acme Goods', tenant_id: body.user.tenant_id }),
    ]);
  });

  it('refuses a second use of the same link and sends the user to /login with a message', async () => {
    await requestLink('twice@reuse-co.test');
    const link = (await latestLinkFor('twice@reuse-co.test')).replace('http://localhost:8080', '');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(302);
    const again = await t.app.inject({ method: 'GET', url: link });
    expect(again.headers.location).toBe('/login?error=link_expired');
    expect(again.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses an expired link', async () => {
    await requestLink('late@slow-co.test');
    const link = (await latestLinkFor('late@slow-co.test')).replace('http://localhost:8080', '');
    await t.db.query(
      `update login_tokens set expires_at = now() - interval '1 minute' where email = 'late@slow-co.test'`,
    );
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.headers.location).toBe('/login?error=link_expired');
  });

  it('stores tokens only as hashes', async () => {
    await requestLink('hash@secret-co.test');
    const link = await latestLinkFor('hash@secret-co.test');
    const token = new URL(link).searchParams.get('token')!;
    const rows = await t.db.query<{ token_hash: string }>(
      `select token_hash from login_tokens where email = 'hash@secret-co.test'`,
    );
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('puts a colleague into the existing workspace of their domain', async () => {
    await requestLink('second@acme-goods.test');
    const link = (await latestLinkFor('second@acme-goods.test')).replace('http://localhost:8080', '');
    const callback = await t.app.inject({ method: 'GET', url: link });
    const verify = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/verify',
      headers: { cookie: cookiesOf(callback) },
    });
    expect(verify.json().user).toMatchObject({ user_status: 'new', show_onboarding: true });
    expect(verify.json().tenants[0].display_name).toBe('Acme Goods');
  });

  it.each([
    ['gmail.com', 'someone@gmail.com'],
    ['outlook.com', 'someone@Outlook.com'],
    ['proton.me', 'someone@proton.me'],
  ])('refuses a sign-up from free mail (%s) with the work-email message', async (_domain, email) => {
    const res = await requestLink(email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidDomain });
  });

  it.each(['not-an-email', 'a@b', 'spaces in@x.com', ''])(
    'answers 400 with the form message for %j',
    async (destination) => {
      const res = await requestLink(destination);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidEmail });
    },
  );

  it('rejects a redirect target on another site', async () => {
    const res = await requestLink('x@redirect-co.test', '?redirectTo=%2F%2Fevil.example');
    expect(res.statusCode).toBe(400);
  });

  it('limits links per address', async () => {
    for (let i = 0; i < 3; i++) expect((await requestLink('busy@limit-co.test')).statusCode).toBe(200);
    const res = await requestLink('busy@limit-co.test');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
  });

  it('answers 401 on verify without a session, and after logout', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/verify' })).statusCode).toBe(401);
    await requestLink('bye@logout-co.test');
    const link = (await latestLinkFor('bye@logout-co.test')).replace('http://localhost:8080', '');
    const cookie = cookiesOf(await t.app.inject({ method: 'GET', url: link }));
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: { cookie } })).statusCode,
    ).toBe(200);
    // The app sends the CSRF cookie's value back in the header, as the web client does.
    const csrf = new RegExp(`${CSRF_COOKIE}=([^;]+)`).exec(cookie)![1]!;
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/logout',
      headers: { cookie, [CSRF_HEADER]: csrf },
    });
    expect(out.json()).toEqual({ success: true });
    const after = await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().success).toBe(false);
  });

  it('restores a lost CSRF cookie on verify, and keeps an existing one', async () => {
    await requestLink('csrf@restore-co.test');
    const link = (await latestLinkFor('csrf@restore-co.test')).replace('http://localhost:8080', '');
    const callback = await t.app.inject({ method: 'GET', url: link });
    const session = callback.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const withoutCsrf = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/verify',
      headers: { cookie: `${SESSION_COOKIE}=${session.value}` },
    });
    expect(withoutCsrf.cookies.find((c) => c.name === CSRF_COOKIE)?.value).toMatch(/^[\w-]{43}$/);
    const withCsrf = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/verify',
      headers: { cookie: cookiesOf(callback) },
    });
    expect(withCsrf.cookies.find((c) => c.name === CSRF_COOKIE)).toBeUndefined();
  });

  it('keeps demo mode on for a demo sign-up', async () => {
    await requestLink('trial@demo-co.test', '?redirectTo=%2Fevents', { is_demo: true });
    const link = (await latestLinkFor('trial@demo-co.test')).replace('http://localhost:8080', '');
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.headers.location).toBe('/events?mode=demo');
  });

  it.each(['google', 'microsoft'])(
    'sends %s sign-in back to /login when the provider is not configured',
    async (p) => {
      const res = await t.app.inject({ method: 'GET', url: `/v1/auth/${p}?redirectTo=%2F` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/login?error=${p}_not_configured`);
    },
  );
});

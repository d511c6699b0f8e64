import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';

interface Capture {
  api_key: string;
  event: string;
  distinct_id: string;
  properties: Record<string, unknown>;
  timestamp: string;
}

/** A stand-in for PostHog's capture endpoint: records what it is sent. */
async function startCaptureServer(): Promise<{ server: Server; url: string; received: Capture[] }> {
  const received: Capture[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/capture/') received.push(JSON.parse(body) as Capture);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('product analytics of workspace onboarding', () => {
  let t: TestApp;
  let capture: Awaited<ReturnType<typeof startCaptureServer>>;
  let shop: { tenant: { tenant_id: number; tenant_uuid: string }; owner: Actor };
  let ownerUuid: string;

  beforeAll(async () => {
    capture = await startCaptureServer();
    t = await buildTestApp({ config: { posthog: { key: 'phc_test', host: capture.url } } });
    shop = await createWorkspace(t);
    const [row] = await t.db.query<{ user_uuid: string }>('select user_uuid from users where user_id = $1', [
      shop.owner.userId,
    ]);
    ownerUuid = row!.user_uuid;
  });
  afterAll(async () => {
    await t.close();
    capture.server.close();
  });

  // Every session start also identifies its user; the event tests look at the rest.
  const tracked = () => capture.received.filter((c) => c.event !== '$identify');
  const events = () =>
    t.db.query<{ event: string; user_id: number; forwarded_at: Date | null }>(
      'select event, user_id, forwarded_at from analytics_events where tenant_id = $1 order by event_id',
      [shop.tenant.tenant_id],
    );

  it('stores workspace_created once, when the workspace is first named, and forwards it', async () => {
    const patch = (display_name: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/tenants/${shop.tenant.tenant_uuid}`,
        headers: shop.owner.headers,
        payload: { display_name, store_url: 'https://a-shop.test' },
      });
    expect((await patch('Analytics Shop')).statusCode).toBe(200);
    expect((await patch('Analytics Shop Renamed')).statusCode).toBe(200);
    await waitFor(() => tracked().length >= 1);
    expect(tracked()).toEqual([
      {
        api_key: 'phc_test',
        event: 'workspace_created',
        distinct_id: ownerUuid,
        properties: { workspace_name: 'Analytics Shop', tenant_id: shop.tenant.tenant_id },
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const rows = await events();
    expect(rows.map((r) => r.event)).toEqual(['workspace_created']);
  });

  it('stores workspace_joined on the first join only', async () => {
    const join = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/tenants/${shop.tenant.tenant_uuid}/join`,
        headers: shop.owner.headers,
        payload: { user_email: shop.owner.email },
      });
    expect((await join()).statusCode).toBe(200);
    expect((await join()).statusCode).toBe(200);
    await waitFor(() => tracked().length >= 2);
    const rows = await events();
    expect(rows.map((r) => r.event)).toEqual(['workspace_created', 'workspace_joined']);
    expect(tracked().map((c) => c.event)).toEqual(['workspace_created', 'workspace_joined']);
    // Marked forwarded once the endpoint accepted it.
    let forwarded = false;
    for (let i = 0; i < 50 && !forwarded; i++) {
      forwarded = (await events()).every((r) => r.forwarded_at instanceof Date);
      if (!forwarded) await new Promise((r) => setTimeout(r, 50));
    }
    expect(forwarded).toBe(true);
  });

  it('records what the web app tracks, for the caller, and ignores events only the server may state', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/v1/analytics/events', headers: shop.owner.headers, payload });
    const shared = await post({ event: 'share_link_clicked', properties: { group_id: 'g1', position: 2 } });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual({ recorded: true });
    expect((await post({ event: 'workspace_created' })).json()).toEqual({ recorded: false });
    const rows = await t.db.query<{ event: string; user_id: number; properties: Record<string, unknown> }>(
      `select event, user_id, properties from analytics_events where tenant_id = $1 and event = 'share_link_clicked'`,
      [shop.tenant.tenant_id],
    );
    expect(rows).toEqual([
      {
        event: 'share_link_clicked',
        user_id: shop.owner.userId,
        properties: { group_id: 'g1', position: 2, is_demo: false, tenant_id: shop.tenant.tenant_id },
      },
    ]);
    expect((await events()).filter((r) => r.event === 'workspace_created')).toHaveLength(1);
  });

  it('identifies the user to the analytics service when they sign in by e-mail link', async () => {
    const before = capture.received.length;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/magic-login',
      payload: { destination: shop.owner.email },
    });
    expect(asked.statusCode).toBeLessThan(300);
    const outbox = (await t.app.inject({ method: 'GET', url: '/v1/dev/outbox' })).json<{
      messages: Array<{ to: string; links: string[] }>;
    }>();
    const link = outbox.messages.find((m) => m.to === shop.owner.email)?.links[0];
    expect(link).toBeDefined();
    const callback = await t.app.inject({ method: 'GET', url: link!.replace(/^https?:\/\/[^/]+/, '') });
    expect(callback.statusCode).toBe(302);
    await waitFor(() => capture.received.slice(before).some((c) => c.event === '$identify'));
    expect(capture.received.slice(before).filter((c) => c.event === '$identify')).toEqual([
      {
        api_key: 'phc_test',
        event: '$identify',
        distinct_id: ownerUuid,
        properties: { $set: { email: shop.owner.email } },
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  it('refuses unknown events, nested or oversized properties with a 400', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/v1/analytics/events', headers: shop.owner.headers, payload });
    expect((await post({ event: 'anything_else' })).statusCode).toBe(400);
    expect((await post({ event: 'emoji_clicked', properties: { deep: { a: 1 } } })).statusCode).toBe(400);
    expect((await post({ event: 'emoji_clicked', properties: { note: 'x'.repeat(501) } })).statusCode).toBe(
      400,
    );
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i]));
    expect((await post({ event: 'emoji_clicked', properties: many })).statusCode).toBe(400);
  });
});

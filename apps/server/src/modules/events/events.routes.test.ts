import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECT_BODY_LIMIT_BYTES, COLLECT_FIELD_LIMITS, COLLECT_MESSAGES } from '@tidemark/contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { openPostgres } from '../../db/client';
import { baseContext } from '../../plugins/context';
import {
  buildTestApp,
  contextOf,
  createTestSchema,
  createWorkspace,
  testDatabaseUrl,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';
import { saveSampling } from './events.repository';
import { maintainPartitions, rollUpEvents } from './events.service';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const collectorBuilt = fileURLToPath(
  new URL('../../../../../packages/collector/dist/collector.js', import.meta.url),
);

function batch(events: unknown[], session = 'sess-1') {
  return JSON.stringify({ v: 1, k: 'ignored', s: session, e: events });
}

const pageView = (p = 'https://shop.example/cart') => ({ y: 'pv', t: Date.now(), p });
const jsError = (m = 'x is undefined', extra: object = {}) => ({
  y: 'js',
  t: Date.now(),
  p: 'https://shop.example/checkout',
  k: 'error',
  m,
  n: 'TypeError',
  sr: 0.5,
  ...extra,
});

describe('events ingest', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let key: string;

  const post = (body: string, options: { key?: string; ua?: string; type?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/collect?key=${encodeURIComponent(options.key ?? key)}`,
      headers: {
        'content-type': options.type ?? 'text/plain;charset=UTF-8',
        'user-agent': options.ua ?? CHROME,
      },
      payload: body,
      remoteAddress: options.ip ?? '203.0.113.1',
    });

  const count = async (tenantId = shop.tenant.tenant_id) =>
    (
      await t.db.query<{ n: number }>('select count(*)::int as n from site_events where tenant_id = $1', [
        tenantId,
      ])
    )[0]!.n;

  beforeAll(async () => {
    if (!existsSync(collectorBuilt)) {
      const { buildCollector } = await import('../../../../../packages/collector/build.mjs');
      await buildCollector();
    }
    t = await buildTestApp({ config: { runJobs: false } });
    shop = await createWorkspace(t);
    const res = await t.app.inject({
      url: `/v1/events/site_key?tenant_id=${shop.tenant.tenant_id}`,
      headers: shop.owner.headers,
    });
    key = res.json<{ site_key: string }>().site_key;
  });
  afterAll(() => t.close());

  it("shows the workspace's public site key and an install snippet", async () => {
    const res = await t.app.inject({
      url: `/v1/events/site_key?tenant_id=${shop.tenant.tenant_id}`,
      headers: shop.owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ site_key: string; snippet: string; collector_url: string }>();
    expect(body.site_key).toMatch(/^[0-9a-f]{32}$/);
    expect(body.collector_url).toBe('http://localhost:8080/collector.js');
    expect(body.snippet).toContain(`data-key="${body.site_key}"`);
  });

  it('documents the collector calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/collect', '/v1/collect/config', '/v1/events/site_key']),
    );
  });

  it('serves the built collector to pages of any origin', async () => {
    const res = await t.app.inject({ url: '/collector.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain('/v1/collect');
  });

  it('answers 202 to a text/plain beacon from any origin once the events are stored', async () => {
    const before = await count();
    const res = await post(batch([pageView(), jsError()]));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, accepted: 2, dropped: 0 });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(await count()).toBe(before + 2);
    const [row] = await t.db.query<Record<string, unknown>>(
      `select kind, sub_type, page, fingerprint, message, browser, os, device, sample_rate, detail
       from site_events where tenant_id = $1 and kind = 'error' order by event_id desc limit 1`,
      [shop.tenant.tenant_id],
    );
    expect(row).toMatchObject({
      kind: 'error',
      sub_type: 'js',
      page: 'https://shop.example/checkout',
      fingerprint: 'js:typeerror: x is undefined',
      message: 'x is undefined',
      browser: 'Chrome',
      os: 'Windows',
      device: 'desktop',
      sample_rate: 0.5,
      detail: { kind: 'error', name: 'TypeError' },
    });
  });

  it('stores every event of many beacons arriving at once, each answered after its own events are stored', async () => {
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(batch([pageView(`https://shop.example/many/${i}`), jsError()], `m${i}`)),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(60).fill(202));
    expect(await count()).toBe(before + 120);
    const sessions = await t.db.query<{ n: number }>(
      `select count(distinct session_id)::int as n from site_events where tenant_id = $1 and page like '%/many/%'`,
      [shop.tenant.tenant_id],
    );
    expect(sessions[0]!.n).toBe(60);
  });

  it('answers a CORS preflight for clients that send JSON', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: `/v1/collect?key=${key}`,
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect((await post(batch([pageView()]), { type: 'application/json' })).statusCode).toBe(202);
    for (const type of ['multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) {
      expect((await post(batch([pageView()]), { type })).statusCode, type).toBe(202);
    }
    // A beacon of a Blob without a type has no content type at all.
    const untyped = await t.app.inject({
      method: 'POST',
      url: `/v1/collect?key=${key}`,
      headers: { 'user-agent': CHROME },
      payload: batch([pageView()]),
    });
    expect(untyped.statusCode, untyped.body).toBe(202);
  });

  it('parses browser, OS and device on the server', async () => {
    await post(batch([pageView('https://shop.example/phone')]), { ua: IPHONE });
    const [row] = await t.db.query<Record<string, unknown>>(
      `select browser, os, device from site_events where tenant_id = $1 and page = 'https://shop.example/phone'`,
      [shop.tenant.tenant_id],
    );
    expect(row).toEqual({ browser: 'Mobile Safari', os: 'iOS', device: 'mobile' });
  });

  it('acknowledges and drops bots and user agents that are missing', async () => {
    const before = await count();
    for (const ua of [GOOGLEBOT, 'HeadlessChrome/120', '']) {
      const res = await post(batch([pageView(), jsError()]), { ua });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ accepted: 0, dropped: 2 });
    }
    expect(await count()).toBe(before);
  });

  it('answers 404 to an unknown site key and stores nothing', async () => {
    for (const unknown of ['0123456789abcdef0123456789abcdef', "' or 1=1 --", '']) {
      const res = await post(batch([pageView()]), { key: unknown });
      expect(res.statusCode, unknown).toBe(404);
      expect(res.json()).toEqual({ success: false, message: COLLECT_MESSAGES.unknownKey });
    }
    const config = await t.app.inject({ url: '/v1/collect/config?key=nope' });
    expect(config.statusCode).toBe(404);
  });

  it('refuses malformed and hostile payloads with 400 or 413, never a 500', async () => {
    const before = await count();
    const cases: Array<[string, string, number]> = [
      ['empty', '', 400],
      ['not JSON', 'hello', 400],
      ['truncated JSON', '{"v":1,"s":"a","e":[', 400],
      ['array', '[1,2]', 400],
      ['no events', batch([]), 400],
      ['other version', JSON.stringify({ v: 2, s: 'a', e: [pageView()] }), 400],
      ['bad session', JSON.stringify({ v: 1, s: '<script>', e: [pageView()] }), 400],
      ['too many events', batch(Array.from({ length: 201 }, () => pageView())), 400],
      ['deep nesting', '['.repeat(5000) + ']'.repeat(5000), 400],
      ['prototype keys', '{"__proto__":{"v":1},"constructor":{"prototype":{"x":1}}}', 400],
      ['oversized', batch([jsError('x'.repeat(COLLECT_BODY_LIMIT_BYTES))]), 413],
    ];
    for (const [label, body, status] of cases) {
      const res = await post(body);
      expect(res.statusCode, label).toBe(status);
      expect(res.json(), label).toMatchObject({ success: false });
    }
    expect(await count()).toBe(before);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('stores hostile strings as bounded plain text: control characters, invalid UTF-8, markup, huge stacks', async () => {
    const hostile = jsError('<script>alert(1)</script>\u0000\u001b[31m', {
      st: 's'.repeat(100_000).slice(0, 30_000),
      p: 'https://shop.example/checkout?card=4242#x',
      y: 'js',
    });
    const body = Buffer.concat([
      Buffer.from(batch([hostile, { y: 'unknown', t: 1, p: 'x' }, 'nope', { y: 'pv' }]).slice(0, -2)),
      Buffer.from(',{"y":"js","p":"https://shop.example/","m":"bad \xff\xfe bytes"}]}', 'latin1'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/collect?key=${key}`,
      headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
      payload: body,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, accepted: 2, dropped: 3 });
    const rows = await t.db.query<{ message: string; page: string; detail: { stack?: string } }>(
      `select message, page, detail from site_events where tenant_id = $1 and kind = 'error'
       order by event_id desc limit 2`,
      [shop.tenant.tenant_id],
    );
    expect(rows[1]!.message).toBe('<script>alert(1)</script>[31m');
    expect(rows[1]!.page).toBe('https://shop.example/checkout');
    expect(rows[1]!.detail.stack).toHaveLength(COLLECT_FIELD_LIMITS.stack);
    expect(rows[0]!.message).toBe('bad \ufffd\ufffd bytes');
  });

  it('serves the sampling rates from the workspace preference, 10% by default', async () => {
    const first = await t.app.inject({ url: `/v1/collect/config?key=${key}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.json()).toEqual({ v: 1, s: { js: 0.1, net: 0.1, ast: 0.1, bcn: 0.1 } });
    const other = await createWorkspace(t);
    await saveSampling(t.db, other.tenant.tenant_id, {
      sampling_rate: 0.25,
      event_sampling_configuration: [
        { event_type: 'js_error', sampling_rate: 0.5, enable_sampling: true },
        { event_type: 'network_error', sampling_rate: 0.9, enable_sampling: false },
        { event_type: 'fetch_error', sampling_rate: 0.75, enable_sampling: true },
      ],
    });
    const otherKey = (
      await t.app.inject({
        url: `/v1/events/site_key?tenant_id=${other.tenant.tenant_id}`,
        headers: other.owner.headers,
      })
    ).json<{ site_key: string }>().site_key;
    const res = await t.app.inject({ url: `/v1/collect/config?key=${otherKey}` });
    expect(res.json()).toEqual({ v: 1, s: { js: 0.5, net: 0.75, ast: 0.25, bcn: 0.25 } });
  });

  it('rolls events up per hour, page, fingerprint, browser, OS and device, counting sampled errors back up', async () => {
    const other = await createWorkspace(t);
    const otherKey = (
      await t.app.inject({
        url: `/v1/events/site_key?tenant_id=${other.tenant.tenant_id}`,
        headers: other.owner.headers,
      })
    ).json<{ site_key: string }>().site_key;
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await post(batch([pageView(), jsError('id 123 failed'), jsError('id 456 failed')], 's1'), {
      key: otherKey,
    });
    await post(batch([pageView(), jsError('id 789 failed')], 's2'), { key: otherKey, ua: IPHONE });
    await post(
      batch([
        { y: 'cv', t: hour + 1000, p: 'https://shop.example/thanks', n: 'purchase', val: 42.5, cur: 'usd' },
      ]),
      { key: otherKey },
    );
    await rollUpEvents(contextOf(t));
    const rows = await t.db.query<Record<string, unknown>>(
      `select kind, sub_type, fingerprint, browser, device, events, estimated, sessions, value
       from event_rollups where tenant_id = $1 order by kind, browser`,
      [other.tenant.tenant_id],
    );
    expect(rows).toEqual([
      {
        kind: 'conversion',
        sub_type: '',
        fingerprint: '',
        browser: 'Chrome',
        device: 'desktop',
        events: 1,
        estimated: 1,
        sessions: 1,
        value: 42.5,
      },
      expect.objectContaining({
        kind: 'error',
        fingerprint: 'js:typeerror: id <n> failed',
        browser: 'Chrome',
        events: 2,
        estimated: 4,
      }),
      expect.objectContaining({
        kind: 'error',
        fingerprint: 'js:typeerror: id <n> failed',
        browser: 'Mobile Safari',
        events: 1,
        estimated: 2,
        device: 'mobile',
      }),
      expect.objectContaining({ kind: 'pageview', browser: 'Chrome', events: 1, estimated: 1, sessions: 1 }),
      expect.objectContaining({ kind: 'pageview', browser: 'Mobile Safari', events: 1 }),
    ]);
  });

  it('limits a flood from one address without slowing other addresses or other sites', async () => {
    const limited = await buildTestApp({
      config: { runJobs: false, collectLimitPerIp: 5, collectLimitPerKey: 8 },
    });
    try {
      const a = await createWorkspace(limited);
      const b = await createWorkspace(limited);
      const keyOf = async (w: typeof a) =>
        (
          await limited.app.inject({
            url: `/v1/events/site_key?tenant_id=${w.tenant.tenant_id}`,
            headers: w.owner.headers,
          })
        ).json<{ site_key: string }>().site_key;
      const [keyA, keyB] = [await keyOf(a), await keyOf(b)];
      const send = (k: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: `/v1/collect?key=${k}`,
          headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
          payload: batch([pageView()]),
          remoteAddress: ip,
        });
      const flood = [];
      for (let i = 0; i < 7; i++) flood.push((await send(keyA, '198.51.100.7')).statusCode);
      expect(flood).toEqual([202, 202, 202, 202, 202, 429, 429]);
      expect((await send(keyA, '198.51.100.8')).statusCode).toBe(202);
      expect((await send(keyA, '198.51.100.9')).statusCode).toBe(202);
      expect((await send(keyA, '198.51.100.9')).statusCode).toBe(202);
      // Site A's minute is used up (8 accepted); site B, from the same new address, is untouched.
      expect((await send(keyA, '198.51.100.10')).statusCode).toBe(429);
      expect((await send(keyB, '198.51.100.10')).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it('keeps today in its partition until the retention has passed, then the maintenance job drops it', async () => {
    const ctx = contextOf(t);
    const day = 86_400_000;
    const partitions = async () =>
      (
        await t.db.query<{ name: string }>(
          `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
           join pg_class p on p.oid = i.inhparent where p.relname = 'site_events'
             and p.relnamespace = (select oid from pg_namespace where nspname = current_schema())`,
        )
      ).map((r) => r.name);
    const today = `site_events_p${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(await partitions()).toContain(today);
    expect(await maintainPartitions(ctx, new Date(Date.now() + 29 * day))).toEqual([]);
    expect(await partitions()).toContain(today);
    const dropped = await maintainPartitions(ctx, new Date(Date.now() + 31 * day));
    expect(dropped).toContain(today);
    expect(await partitions()).not.toContain(today);
    expect(await count()).toBe(0);
    // A beacon arriving with no partition for its day still lands: the partition is made on the spot.
    expect((await post(batch([pageView()]))).statusCode).toBe(202);
    expect(await count()).toBe(1);
  });
});

describe('no event lost between the 202 and the rollup', () => {
  it('rolls up every accepted event after a restart, a crash inside the rollup and a second run', async () => {
    const { schema, drop } = await createTestSchema();
    const start = async () => {
      const db = await openPostgres(testDatabaseUrl(), 'postgres', { schema, poolSize: 4 });
      const app = await buildApp({
        config: loadConfig(
          { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:8080' },
          { runJobs: false },
        ),
        db,
        logger: false,
      });
      await app.ready();
      return { app, db };
    };
    try {
      // First life: events are accepted, then the process goes away before any rollup ran.
      const first = await start();
      const [tenant] = await first.db.query<{ tenant_id: number; site_key: string }>(
        `insert into tenants (display_name) values ('Crash shop') returning tenant_id, site_key`,
      );
      let sent = 0;
      for (let i = 0; i < 20; i++) {
        const events = [pageView(`https://shop.example/p${i}`), jsError(`boom ${i}`, { sr: 1 })];
        const res = await first.app.inject({
          method: 'POST',
          url: `/v1/collect?key=${tenant!.site_key}`,
          headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
          payload: batch(events, `s${i}`),
        });
        expect(res.statusCode).toBe(202);
        sent += events.length;
      }
      await first.app.close();
      await first.db.close();

      // Second life: the first rollup dies half-way; nothing it did is kept.
      const second = await start();
      const ctx = baseContext(second.app);
      let rebuilt = 0;
      await expect(
        rollUpEvents(ctx, async () => {
          if (++rebuilt === 1) throw new Error('killed');
        }),
      ).rejects.toThrow('killed');
      const total = async () =>
        (
          await second.db.query<{ n: number }>(
            'select coalesce(sum(events), 0)::int as n from event_rollups where tenant_id = $1',
            [tenant!.tenant_id],
          )
        )[0]!.n;
      expect(await total()).toBe(0);
      await rollUpEvents(ctx);
      expect(await total()).toBe(sent);
      // A rerun with nothing queued, and a rebuild of hours already done, change nothing.
      await rollUpEvents(ctx);
      await second.db.query(
        `insert into event_rollup_queue (tenant_id, hour) select distinct tenant_id, hour from event_rollups`,
      );
      await rollUpEvents(ctx);
      expect(await total()).toBe(sent);
      await second.app.close();
      await second.db.close();
    } finally {
      await drop();
    }
  });
});

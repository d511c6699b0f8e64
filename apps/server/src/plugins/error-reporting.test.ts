import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createWorkspace, type TestApp } from '../testing/build-test-app';

interface Received {
  path: string;
  items: Array<Record<string, unknown>>;
}

/** Answers like Sentry's ingest: records each envelope (newline-separated JSON: header, then items). */
async function startIngest(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const lines = body.toString('utf8').split('\n').filter(Boolean);
      received.push({
        path: req.url ?? '',
        items: lines.map((l) => JSON.parse(l) as Record<string, unknown>),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

describe('error reporting', () => {
  let ingest: Awaited<ReturnType<typeof startIngest>>;
  let t: TestApp;

  beforeAll(async () => {
    ingest = await startIngest();
    t = await buildTestApp({
      config: { sentryDsn: `http://publickey@127.0.0.1:${ingest.port}/42`, release: 'tidemark@test' },
    });
  });
  afterAll(async () => {
    await t.close();
    ingest.server.close();
  });

  it('reports an unexpected failure once, with its route and user, and answers the catalogue message', async () => {
    const shop = await createWorkspace(t);
    // A real failure: the table the route reads is gone.
    await t.db.query('alter table feature_flags rename to feature_flags_away');
    let res;
    try {
      res = await t.app.inject({ method: 'GET', url: '/v1/flags', headers: shop.owner.headers });
    } finally {
      await t.db.query('alter table feature_flags_away rename to feature_flags');
    }
    expect(res.statusCode).toBe(500);
    expect(JSON.stringify(res.json())).not.toMatch(/feature_flags/);
    for (let i = 0; i < 100 && ingest.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(ingest.received).toHaveLength(1);
    const [envelope] = ingest.received;
    expect(envelope!.path).toMatch(/^\/api\/42\/envelope\/\?sentry_version=7&sentry_key=publickey/);
    const event = envelope!.items[2] as {
      exception: { values: Array<{ value: string }> };
      tags: Record<string, string>;
      release: string;
      user: { id: string };
    };
    expect(event.exception.values[0]!.value).toMatch(/feature_flags/);
    expect(event.tags).toMatchObject({ method: 'GET', route: '/v1/flags' });
    expect(event.release).toBe('tidemark@test');
    expect(event.user.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not report what the user got wrong', async () => {
    const before = ingest.received.length;
    expect((await t.app.inject({ method: 'GET', url: '/v1/flags' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/nothing-here' })).statusCode).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect(ingest.received.length).toBe(before);
  });
});

/**
 * npm run bench:events — the collector's size and the ingest's throughput through the product's real path:
 *   collector:  apps/server/dist/collector.js (what /collector.js serves) gzipped, against the 5 KB budget;
 *   ingest:     autocannon on loopback POSTs BENCH_EVENTS_REQUESTS (default 8,000) collector batches
 *               (text/plain, BENCH_EVENTS_BATCH events each, default 20) to /v1/collect over
 *               BENCH_EVENTS_CONNECTIONS (default 50); a fixed count, not a duration, so every request sent
 *               is answered and counted. events/s counts only events answered 202; latency is per request;
 *   stored:     events in site_events and in the hourly rollups (after the rollup job) against events sent.
 * Needs `npm run build` first. Last line: `events collector_gzip_bytes=<n> ingest_per_s=<n> lost=<n>`.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { signIn } from './api-client';
import { runWithCleanup } from './cleanup';
import { machineLine } from './machine';
import { openProductDb } from './product-db';
import { startProductServer } from './product-server';
import { repoRoot } from './settings';

const BUDGET = 5 * 1024;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** A beacon as the collector sends it: a page view, then errors of every kind. */
function beacon(size: number, session: string): string {
  const now = Date.now();
  const page = 'https://shop.example/checkout';
  const kinds = [
    {
      y: 'js',
      k: 'error',
      m: "Cannot read properties of undefined (reading 'total')",
      n: 'TypeError',
      sr: 0.1,
    },
    { y: 'net', mt: 'POST', u: 'https://api.shop.example/payments', sc: 502, d: 812, sr: 0.1 },
    { y: 'ast', g: 'image', u: 'https://cdn.shop.example/hero.jpg', sr: 0.1 },
    { y: 'net', mt: 'GET', u: 'https://api.shop.example/cart', sc: 0, d: 30_000, sr: 0.1 },
  ];
  const events: object[] = [{ y: 'pv', t: now, p: page, rf: 'https://shop.example/cart' }];
  for (let i = 1; i < size; i++) events.push({ ...kinds[i % kinds.length], t: now + i, p: page });
  return JSON.stringify({ v: 1, k: 'bench', s: session, e: events });
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

await runWithCleanup(async (cleanup) => {
  console.log(machineLine());
  const requests = int(process.env.BENCH_EVENTS_REQUESTS, 8000);
  const connections = int(process.env.BENCH_EVENTS_CONNECTIONS, 50);
  const batchSize = int(process.env.BENCH_EVENTS_BATCH, 20);

  const script = readFileSync(path.join(repoRoot, 'apps/server/dist/collector.js'));
  const gzipBytes = gzipSync(script, { level: 9 }).length;
  console.log(
    `collector: ${script.length} bytes minified, ${gzipBytes} bytes gzipped (budget ${BUDGET}: ${gzipBytes <= BUDGET ? 'within' : 'OVER'})`,
  );

  // The limits guard real sites; one load generator on loopback is one address sending for many.
  const server = await startProductServer(cleanup, {
    COLLECT_LIMIT_PER_IP: '100000000',
    COLLECT_LIMIT_PER_KEY: '100000000',
  });
  const db = openProductDb(server.dataDir);
  cleanup.add('close the product database pool', () => db.end());
  const api = await signIn(server.url, server.mail, 'owner@events-bench.shop');
  const me = await api.get<{ site_key: string }>('/v1/events/site_key');
  const [{ tenant_id: tenantId } = { tenant_id: 0 }] = (
    await db.query<{ tenant_id: number }>('select tenant_id from tenants where site_key = $1', [me.site_key])
  ).rows;

  const latencies: number[] = [];
  let accepted = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.url}/v1/collect?key=${me.site_key}`,
        method: 'POST',
        connections,
        amount: requests,
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME },
        body: beacon(batchSize, 'bench-session-1'),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      latencies.push(time);
      if (status === 202) accepted++;
    });
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const seconds = result.duration;
  const sent = accepted * batchSize;
  const perSecond = sent / seconds;
  console.log(
    `ingest: ${latencies.length} requests of ${batchSize} events in ${fmt(seconds)} s over ${connections} connections; ` +
      `${accepted} answered 202, ${result.non2xx} other, ${result.errors + result.timeouts} errors or timeouts`,
  );
  console.log(
    `ingest: ${fmt(perSecond, 0)} events/s (${fmt(accepted / seconds, 0)} requests/s), ` +
      `latency per request p50 ${fmt(at(0.5))} ms, p99 ${fmt(at(0.99))} ms`,
  );

  const count = async (sql: string) => (await db.query<{ n: number }>(sql, [tenantId])).rows[0]?.n ?? 0;
  const stored = await count('select count(*)::int as n from site_events where tenant_id = $1');
  // The rollup runs every minute; wait for it to take everything queued.
  const waitStart = Date.now();
  let rolled = 0;
  while (Date.now() - waitStart < 150_000) {
    rolled = await count('select coalesce(sum(events), 0)::int as n from event_rollups where tenant_id = $1');
    const queued = await count('select count(*)::int as n from event_rollup_queue where tenant_id = $1');
    if (queued === 0 && rolled >= stored) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const lost = sent - Math.min(stored, rolled);
  console.log(
    `stored: sent ${sent} (202), stored ${stored}, rolled up ${rolled} within ${fmt((Date.now() - waitStart) / 1000, 0)} s; lost ${lost}`,
  );
  console.log(`events collector_gzip_bytes=${gzipBytes} ingest_per_s=${Math.round(perSecond)} lost=${lost}`);
});

/**
 * npm run bench:events — the collector's size and the ingest's throughput through the product's real path:
 *   collector:  apps/server/dist/collector.js (what /collector.js serves) gzipped, against the 5 KB budget;
 *   ingest:     autocannon on loopback POSTs BENCH_EVENTS_REQUESTS (default 8,000) collector batches
 *               (text/plain, BENCH_EVENTS_BATCH events each, default 20) to /v1/collect over
 *               BENCH_EVENTS_CONNECTIONS (default 50); a fixed count, not a duration, so every request sent
 *               is answered and counted. events/s counts only events answered 202; latency is per request;
 *   stored:     events in site_events and in the hourly rollups (after the rollup job) against events sent;
 *   grouping:   BENCH_EVENTS_RAW (default 10,000,000) raw events written straight into site_events for a
 *               workspace of their own (23 hours, 200 fingerprints, a burst), then the product's rollup job
 *               and grouping job timed from pg-boss's records;
 *   precision:  the demo generator's site traffic (packages/sample-data, with its answer key of true causes)
 *               sent through /v1/collect to a fresh workspace; each stored fingerprint against its cause.
 * Needs `npm run build` first. Last line:
 * `events collector_gzip_bytes=<n> ingest_per_s=<n> lost=<n> precision=<x> recall=<y>`.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fingerprintScores, generateSiteTraffic } from '@tidemark/sample-data';
import type pg from 'pg';
import { signIn } from './api-client';
import { runWithCleanup } from './cleanup';
import { machineLine } from './machine';
import { jobsSince, openProductDb } from './product-db';
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

  const rawCount = int(process.env.BENCH_EVENTS_RAW, 10_000_000);
  await benchGrouping(server.url, server.mail, db, rawCount);
  const scores = await benchFingerprints(server.url, server.mail, db);

  console.log(
    `events collector_gzip_bytes=${gzipBytes} ingest_per_s=${Math.round(perSecond)} lost=${lost} ` +
      `precision=${scores.precision.toFixed(4)} recall=${scores.recall.toFixed(4)}`,
  );
});

type Mail = Parameters<typeof signIn>[1];

async function tenantOfKey(db: pg.Pool, key: string): Promise<number> {
  const { rows } = await db.query<{ tenant_id: number }>(
    'select tenant_id from tenants where site_key = $1',
    [key],
  );
  return Number(rows[0]!.tenant_id);
}

/**
 * Rollup and grouping time for a large raw set: events written by SQL in chunks (the ingest's own speed is
 * measured above), the hours queued as the ingest queues them, then the product's jobs timed by pg-boss.
 */
async function benchGrouping(url: string, mail: Mail, db: pg.Pool, total: number): Promise<void> {
  const api = await signIn(url, mail, 'owner@events-bench-raw.shop');
  const tenantId = await tenantOfKey(
    db,
    (await api.get<{ site_key: string }>('/v1/events/site_key')).site_key,
  );
  const { rows: nowRows } = await db.query<{ now: Date }>('select now() as now');
  const now = nowRows[0]!.now;
  const chunk = 1_000_000;
  const started = Date.now();
  for (let from = 0; from < total; from += chunk) {
    const to = Math.min(total, from + chunk) - 1;
    // Deterministic mix per row number g: 85% page views, 13% errors over 200 fingerprints (one of them a
    // burst in the 4th hour back), 2% purchases; 50 pages, 6 browsers, 5 OSes, 3 devices, sessions of ~5 events.
    await db.query(
      `insert into site_events (tenant_id, occurred_at, session_id, kind, sub_type, page, fingerprint, message,
         sample_rate, browser, os, device, value)
       select $1, $2::timestamptz - ((g * 7919) % 82800000) * interval '1 millisecond', 'b' || (g / 5),
         k, case when k = 'error' then 'js' end, 'https://bench.shop/p/' || (g * 31 % 50),
         case when k = 'error' then case when burst then 'js:burst' else 'js:bench error ' || (g * 13 % 200) end end,
         case when k = 'error' then 'bench error' end, 1,
         (array['Chrome','Mobile Safari','Safari','Firefox','Edge','Samsung Internet'])[1 + g * 17 % 6],
         (array['Windows','iOS','Android','Mac OS','Linux'])[1 + g * 19 % 5],
         (array['desktop','mobile','tablet'])[1 + g * 23 % 3],
         case when k = 'conversion' then 50 + g % 50 end
       from generate_series($3::bigint, $4::bigint) g,
         lateral (select (g * 2654435761) % 100 as r) x,
         lateral (select case when r < 85 then 'pageview' when r < 98 then 'error' else 'conversion' end as k,
           ((g * 7919) % 82800000) between 10800000 and 14400000 and r between 85 and 92 as burst) y`,
      [tenantId, now, from, to],
    );
  }
  const insertS = (Date.now() - started) / 1000;
  const queuedAt = new Date();
  await db.query(
    `insert into event_rollup_queue (tenant_id, hour)
     select $1, date_trunc('hour', $2::timestamptz - h * interval '1 hour') from generate_series(0, 23) h`,
    [tenantId, now],
  );
  console.log(
    `grouping: ${total} raw events written in ${fmt(insertS)} s (${fmt(total / insertS, 0)}/s), 24 hours queued`,
  );
  // The minute's rollup job takes the queued hours: wait until the queue is empty and that run is recorded.
  const deadline = Date.now() + 3_600_000;
  let rollupS = NaN;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from event_rollup_queue where tenant_id = $1',
      [tenantId],
    );
    const runs = (await jobsSince(db, 'events.roll-up', queuedAt)).filter(
      (j) => j.completedOn && j.startedOn,
    );
    if (rows[0]!.n === 0 && runs.length) {
      rollupS = Math.max(...runs.map((j) => (j.completedOn!.getTime() - j.startedOn!.getTime()) / 1000));
      break;
    }
    if (Date.now() > deadline) throw new Error('the rollup did not finish');
    await new Promise((r) => setTimeout(r, 1000));
  }
  const grouped = await waitForGroupJob(db, tenantId, queuedAt);
  const { rows: g } = await db.query<{ n: number }>(
    'select count(*)::int as n from event_groups where tenant_id = $1',
    [tenantId],
  );
  console.log(
    `grouping: rollup job ${fmt(rollupS, 2)} s, grouping job ${fmt(grouped, 2)} s for ${total} raw events; ${g[0]!.n} groups`,
  );
}

async function waitForGroupJob(db: pg.Pool, tenantId: number, since: Date): Promise<number> {
  const deadline = Date.now() + 3_600_000;
  for (;;) {
    const { rows } = await db.query<{ state: string; s: number | null }>(
      `select state::text, extract(epoch from completed_on - started_on)::float8 as s from tidemark_jobs.job
       where name = 'events.group-errors' and created_on >= $1 and (data->>'tenantId')::bigint = $2
       order by created_on desc limit 1`,
      [since, tenantId],
    );
    if (rows[0]?.state === 'completed') return rows[0].s ?? NaN;
    if (rows[0]?.state === 'failed') throw new Error('grouping job failed');
    if (Date.now() > deadline) throw new Error('grouping job did not finish');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The generator's traffic through the real ingest; each stored error's fingerprint against its true cause. */
async function benchFingerprints(url: string, mail: Mail, db: pg.Pool) {
  const api = await signIn(url, mail, 'owner@events-bench-fp.shop');
  const key = (await api.get<{ site_key: string }>('/v1/events/site_key')).site_key;
  const tenantId = await tenantOfKey(db, key);
  const traffic = generateSiteTraffic({ seed: 7, end: new Date(), sampleRate: 1 });
  let next = 0;
  const send = async () => {
    while (next < traffic.beacons.length) {
      const beacon = traffic.beacons[next++]!;
      const res = await fetch(`${url}/v1/collect?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': beacon.userAgent },
        body: beacon.body,
      });
      if (res.status !== 202) throw new Error(`collect answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, send));
  const { rows } = await db.query<{ fingerprint: string; session_id: string; t: string }>(
    `select fingerprint, session_id, (extract(epoch from occurred_at) * 1000)::bigint::text as t
     from site_events where tenant_id = $1 and kind = 'error'`,
    [tenantId],
  );
  const stored = new Map(rows.map((r) => [`${r.session_id}|${r.t}`, r.fingerprint]));
  const pairs = traffic.truths.map((truth) => ({
    fingerprint: stored.get(`${truth.session}|${truth.t}`) ?? 'missing',
    cause: truth.cause,
  }));
  const scores = fingerprintScores(pairs);
  const fingerprints = new Set(pairs.map((p) => p.fingerprint)).size;
  const causes = new Set(pairs.map((p) => p.cause)).size;
  console.log(
    `fingerprints: ${pairs.length} errors of ${causes} true causes in ${fingerprints} fingerprints; ` +
      `precision ${scores.precision.toFixed(4)}, recall ${scores.recall.toFixed(4)}`,
  );
  return scores;
}

/**
 * npm run bench:explorer — explorer questions on the sample store (13 months, hourly orders and traffic) in
 * the demo workspace of the production build: the product loads the store itself on its first start; once
 * its series and pipelines are done, each representative question is asked BENCH_EXPLORER_ROUNDS times (default 10)
 * in turn through POST /v1/explorer/query with a signed explorer URL, and the times of every answer give
 * p50, p95 and the maximum. Needs `npm run build` first. Last line: `explorer p50_ms=… p95_ms=… max_ms=…`.
 */
import type { ExplorerQueryBody, ExplorerQueryResponse } from '@tidemark/contract';
import { signIn } from './api-client';
import { runWithCleanup } from './cleanup';
import { machineLine } from './machine';
import { openProductDb, waitForIdleJobs } from './product-db';
import { startProductServer } from './product-server';

const DEMO_OWNER = 'owner@demo-store.example';
const ROUNDS = Number(process.env.BENCH_EXPLORER_ROUNDS ?? 10);

interface Catalog {
  metrics: Array<{ kpi_id: string; kpi_display_name: string }>;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

await runWithCleanup(async (cleanup) => {
  console.log(machineLine());
  const server = await startProductServer(cleanup, { SEED_DEMO_DATA: 'true' });
  const api = await signIn(server.url, server.mail, DEMO_OWNER);

  // The demo store loads in the background: wait until its metrics have a data cube and daily series.
  const started = Date.now();
  let token: string;
  let catalog: Catalog | null = null;
  for (;;) {
    const res = await fetch(`${server.url}/v1/data-explorers/generate-url`, {
      headers: { cookie: api.cookie },
    });
    if (res.ok) {
      token = new URL(((await res.json()) as { data_explorer_url: string }).data_explorer_url).hash.slice(7);
      const c = await fetch(`${server.url}/v1/explorer/catalog`, { headers: { 'x-explorer-token': token } });
      const body = (await c.json()) as Catalog & { data_end: string | null };
      if (body.metrics.length >= 8 && body.data_end) {
        catalog = body;
        break;
      }
    }
    if (Date.now() - started > 600_000) throw new Error('the demo store never got its series');
    await new Promise((r) => setTimeout(r, 2000));
  }
  console.log(`demo store ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const id = (name: string) => catalog!.metrics.find((m) => m.kpi_display_name === name)!.kpi_id;
  const base: Pick<ExplorerQueryBody, 'filters' | 'compare' | 'band' | 'split_by'> = {
    filters: [],
    compare: 'none',
    band: true,
    split_by: [],
  };
  const questions: Array<[string, ExplorerQueryBody]> = [
    [
      'revenue, 30 days, daily',
      { ...base, metrics: [id('Revenue')], grain: 'd', range: { preset: 'last_30_days' } },
    ],
    [
      'revenue by channel, last quarter, daily',
      {
        ...base,
        metrics: [id('Revenue')],
        grain: 'd',
        range: { preset: 'last_quarter' },
        split_by: ['channel'],
      },
    ],
    [
      'revenue and orders by channel × device, 90 days (warehouse)',
      {
        ...base,
        metrics: [id('Revenue'), id('Orders')],
        grain: 'd',
        range: { preset: 'last_90_days' },
        split_by: ['channel', 'device'],
      },
    ],
    [
      'average order value in two countries, 12 months, weekly (warehouse)',
      {
        ...base,
        metrics: [id('Average Order Value')],
        grain: 'w',
        range: { preset: 'last_12_months' },
        filters: [{ dim_name: 'country', values: ['US', 'GB'] }],
      },
    ],
    [
      'sessions by device, 7 days, hourly, vs previous period',
      {
        ...base,
        metrics: [id('Sessions')],
        grain: 'h',
        range: { preset: 'last_7_days' },
        split_by: ['device'],
        compare: 'previous_period',
      },
    ],
    [
      'revenue by channel × country, 12 months asked hourly (down-sampled, warehouse)',
      {
        ...base,
        metrics: [id('Revenue')],
        grain: 'h',
        range: { preset: 'last_12_months' },
        split_by: ['channel', 'country'],
      },
    ],
  ];

  const ask = async (label: string, body: ExplorerQueryBody) => {
    const res = await fetch(`${server.url}/v1/explorer/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-explorer-token': token },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${label}: ${res.status} ${text}`);
    return JSON.parse(text) as ExplorerQueryResponse;
  };
  // The traffic table's series come after the orders', and the demo's pipelines after both: the questions
  // are timed once every job is done, and each must have its answer.
  const db = openProductDb(server.dataDir);
  cleanup.add('close the product database pool', () => db.end());
  await waitForIdleJobs(db, 600_000);
  for (const [label, body] of questions)
    if ((await ask(label, body)).series.length === 0) throw new Error(`${label}: answered without data`);
  console.log(
    `every job done and every question answered after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const all: number[] = [];
  for (const [label, body] of questions) {
    const times: number[] = [];
    let last: ExplorerQueryResponse | null = null;
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      last = await ask(label, body);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(
      `${label}: p50 ${percentile(times, 0.5).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms` +
        ` (${last!.source}, grain ${last!.grain}, ${last!.series.length} lines × ${last!.series[0]?.points.length ?? 0} points)`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `explorer p50_ms=${percentile(all, 0.5).toFixed(0)} p95_ms=${percentile(all, 0.95).toFixed(0)} max_ms=${all.at(-1)!.toFixed(0)}`,
  );
  await server.stop();
});

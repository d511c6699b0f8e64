/**
 * npm run bench:pipeline — the insight pipelines on the sample store (13 months, hourly, 8 metrics, 3–4
 * dimensions per table) through the product's real path: both tables in a throwaway PostgreSQL source
 * database (BENCH_PG_URL), connected and synced, their metrics configured; then
 *   backfill:    from the date-column PATCH until every series and pipeline job is done (SQL included),
 *   latency:     feed, one group and pattern_series under 50 concurrent requests, idle and during a backfill,
 *   incremental: one new hour appended at the source, synced, until the pipeline job after it is done.
 * BENCH_PRODUCT_DATABASE_URL runs the product on that PostgreSQL server instead of the embedded one.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  SAMPLE_METRICS,
  generateStore,
  toCsv,
  type SampleStore,
  type SampleTable,
} from '@tidemark/sample-data';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { signIn, type ApiClient } from './api-client';
import { runWithCleanup } from './cleanup';
import { connectPostgres, waitForExtraction } from './data-in';
import { machineLine } from './machine';
import { dbNow, jobsSince, openProductDb, waitForIdleJobs } from './product-db';
import { processTreeCpuSeconds } from './process-memory';
import { startProductServer } from './product-server';
import { parseSettings } from './settings';
import {
  createSourceDb,
  credentialsFor,
  databaseUrl,
  dropSourceDb,
  sourceDbName,
  sourceNetworkEnv,
  withClient,
} from './source-db';

const HOUR = 3_600_000;
const SQL_TYPE: Record<string, string> = {
  integer: 'bigint',
  decimal: 'numeric',
  timestamptz: 'timestamptz',
  text: 'text',
  boolean: 'boolean',
};

async function loadTable(url: string, table: SampleTable, rows?: Iterable<unknown[]>): Promise<void> {
  await withClient(url, async (client) => {
    const columns = table.columns.map((c) => `"${c.name}" ${SQL_TYPE[c.type] ?? 'text'}`).join(', ');
    await client.query(`create table if not exists "${table.name}" (${columns})`);
    const csv = rows ? toCsv({ ...table, rows: () => rows as never }) : toCsv(table);
    await streamPipeline(
      Readable.from(csv),
      client.query(copyFrom(`copy "${table.name}" from stdin (format csv, header)`)),
    );
  });
}

/**
 * autocannon on loopback: `concurrency` connections for `seconds`, round-robin over the paths. Percentiles
 * are exact, from every response's time (autocannon's own summary has no p95).
 */
async function load(api: ApiClient, paths: string[], seconds: number, serverPid: number, concurrency = 50) {
  const latencies: number[] = [];
  // CPU per request, server and database apart: unlike latency, it hardly depends on the neighbours' load.
  const cpuBefore = processTreeCpuSeconds(serverPid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: api.url,
        connections: concurrency,
        duration: seconds,
        headers: { cookie: api.cookie },
        requests: paths.map((path) => ({ method: 'GET' as const, path })),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
  });
  const cpuAfter = processTreeCpuSeconds(serverPid);
  const cpuMs = (name: string) =>
    (1000 * ((cpuAfter.get(name) ?? 0) - (cpuBefore.get(name) ?? 0))) / Math.max(1, latencies.length);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    nodeCpuMs: cpuMs('node'),
    pgCpuMs: cpuMs('postgres'),
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

await runWithCleanup(async (cleanup) => {
  const settings = parseSettings(process.env);
  console.log(machineLine());
  const end = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR);
  const store: SampleStore = generateStore({ seed: 42, end });
  const source = sourceDbName();
  await createSourceDb(settings.pgUrl, source);
  cleanup.add(`drop source database ${source}`, () => dropSourceDb(settings.pgUrl, source));
  const url = databaseUrl(settings.pgUrl, source);
  for (const table of store.tables) await loadTable(url, table);
  console.log(
    `source: ${source} with ${store.tables.map((t) => t.name).join(', ')} (13 months to ${end.toISOString()})`,
  );

  const productUrl = process.env.BENCH_PRODUCT_DATABASE_URL;
  // On a server database the product needs its own key to seal the source's password.
  // BENCH_JOBS_PROCESS=inline runs the jobs on the server's own event loop, as before they had a process.
  const jobsProcess = process.env.BENCH_JOBS_PROCESS;
  const server = await startProductServer(cleanup, {
    ...(await sourceNetworkEnv(settings.pgUrl)),
    ...(productUrl ? { DATABASE_URL: productUrl, ENCRYPTION_KEY: randomBytes(32).toString('hex') } : {}),
    ...(jobsProcess ? { JOBS_PROCESS: jobsProcess } : {}),
  });
  const db = productUrl
    ? new pg.Pool({ connectionString: productUrl, max: 2 })
    : openProductDb(server.dataDir);
  cleanup.add('close the product database pool', () => db.end());
  const api = await signIn(server.url, server.mail, 'owner@pipeline-bench.shop');
  await db.query(
    `update tenants set timezone = $1 where tenant_id = (select tenant_id from users where email = $2)`,
    [store.timezone, 'owner@pipeline-bench.shop'],
  );

  const ids: string[] = [];
  for (const table of store.tables) {
    const id = await connectPostgres(api, credentialsFor(settings.pgUrl, source), `public.${table.name}`);
    await waitForExtraction(api, id);
    ids.push(id);
  }
  await waitForIdleJobs(db);

  // Backfill: metrics and date columns set, then every series and pipeline job to the end.
  const started = await dbNow(db);
  for (const [i, table] of store.tables.entries()) {
    const setup = SAMPLE_METRICS.find((m) => m.table === table.name)!;
    const results = (
      await api.get<{ data: Array<{ extraction_job_id: string }> }>('/v1/extractions', {
        connector_id: ids[i]!,
      })
    ).data[0]!;
    const columns = await api.get<{
      tables: Array<{ destination_table_name: string; source_table_name: string }>;
    }>(`/v1/extractions/${results.extraction_job_id}/results`);
    const dest = columns.tables[0]!;
    const item = (field: string, display: string) => ({
      source_table_name: dest.source_table_name,
      destination_table_name: dest.destination_table_name,
      field_name: field,
      display_name: display,
    });
    await api.send('POST', '/v1/metrics_hub/onboard', {
      datasource_id: ids[i],
      metrics: setup.metrics.map((m) => ({
        ...item(m.field_name, m.display_name),
        accent: m.accent,
        aggregation:
          m.aggregation.type === 'formula'
            ? { type: 'formula', value: m.aggregation.value }
            : { type: 'operation', value: m.aggregation.type },
      })),
      dimensions: setup.dimensions.map((d) => item(d.field_name, d.display_name)),
    });
    await api.send('PATCH', '/v1/preferences/pipelines', {
      datasource_id: ids[i],
      preference_value: {
        date_column: setup.dateColumn,
        destination_table_name: dest.destination_table_name,
      },
    });
  }
  await waitForIdleJobs(db);
  const jobs = await jobsSince(db, null, started);
  const last = Math.max(...jobs.map((j) => j.completedOn?.getTime() ?? 0));
  const backfillS = (last - started.getTime()) / 1000;
  const pipelineJobs = jobs.filter((j) => j.name === 'pipelines.run');
  const pipelineS =
    pipelineJobs.reduce((s, j) => s + ((j.completedOn?.getTime() ?? 0) - (j.startedOn?.getTime() ?? 0)), 0) /
    1000;
  const { rows: runs } = await db.query<{ series: number; insights: number }>(
    'select coalesce(sum(series_count), 0)::int as series, coalesce(sum(insight_count), 0)::int as insights from pipeline_runs',
  );
  const { rows: groupRows } = await db.query<{ n: number }>('select count(*)::int as n from insight_groups');
  const series = runs[0]!.series;
  console.log(
    `backfill: ${fmt(backfillS)} s end to end (series, then pipelines: ${fmt(pipelineS)} s in ${pipelineJobs.length} job(s)); ` +
      `${series} series analysed → ${fmt(series / backfillS)} series/s; ${runs[0]!.insights} insights in ${groupRows[0]!.n} groups`,
  );

  // Latency: the feed, a group and an hourly series.
  const feed = await api.get<{ groups: Array<{ group_id: string; top_kpi_id: string }> }>(
    '/v1/insights/groups',
  );
  const group = feed.groups[0];
  const paths = {
    feed: ['/v1/insights/groups?page_num=1'],
    group: group ? [`/v1/insights/groups/${group.group_id}`] : [],
    series: group ? [`/v1/pattern_series?kpi_id=${group.top_kpi_id}&pipeline_schedule=h`] : [],
  };
  // 0 skips the latency runs (and the second backfill), to time the backfill and the increment alone.
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
  const idle: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const [name, list] of Object.entries(paths))
    if (list.length && seconds > 0) idle[name] = await load(api, list, seconds, server.pid);
  for (const [name, r] of Object.entries(idle))
    console.log(
      `idle ${name}: ${r.requests} requests, ${fmt(r.rps)}/s, p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, errors ${r.errors}; ` +
        `CPU per request: server ${r.nodeCpuMs.toFixed(2)} ms, database ${r.pgCpuMs.toFixed(2)} ms`,
    );

  // The feed while every metric is backfilled again.
  let busy = { requests: 0, p50: Number.NaN, p95: Number.NaN, errors: 0 };
  if (seconds > 0) {
    await db.query('update warehouse_tables set needs_full_recompute = true');
    const busyStart = await dbNow(db);
    for (const id of ids) await api.send('POST', `/v1/connectors/${id}/sync`);
    busy = await load(api, paths.feed, seconds, server.pid);
    console.log(
      `feed during a backfill: ${busy.requests} requests, p50 ${fmt(busy.p50)} ms, p95 ${fmt(busy.p95)} ms, errors ${busy.errors}`,
    );
    await waitForIdleJobs(db);
    console.log(
      `(that backfill took ${fmt((Math.max(...(await jobsSince(db, null, busyStart)).map((j) => j.completedOn?.getTime() ?? 0)) - busyStart.getTime()) / 1000)} s)`,
    );
  }

  // Incremental: one new hour at the source, synced, analysed.
  const next = generateStore({ seed: 42, end: new Date(end.getTime() + HOUR) });
  for (const table of next.tables) {
    const at = table.columns.findIndex((c) => c.type === 'timestamptz');
    const newRows = [...table.rows()].filter((r) => Date.parse(String(r[at])) >= end.getTime());
    await loadTable(url, table, newRows);
  }
  const insightCount = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from insights')).rows[0]!.n;
  const insightsBefore = await insightCount();
  const incStart = await dbNow(db);
  for (const id of ids) await api.send('POST', `/v1/connectors/${id}/sync`);
  await waitForIdleJobs(db);
  const incJobs = await jobsSince(db, null, incStart);
  const incrementalS =
    (Math.max(...incJobs.map((j) => j.completedOn?.getTime() ?? 0)) - incStart.getTime()) / 1000;
  console.log(
    `incremental (one new hour, sync + series + pipelines): ${fmt(incrementalS)} s; ${(await insightCount()) - insightsBefore} new insight(s)`,
  );
  // Where the incremental time went: each job from its start to its end, and the pipeline's runs by grain.
  for (const j of incJobs)
    console.log(
      `  ${j.name}: queued +${fmt(((j.startedOn?.getTime() ?? 0) - incStart.getTime()) / 1000)} s, ` +
        `ran ${fmt(((j.completedOn?.getTime() ?? 0) - (j.startedOn?.getTime() ?? 0)) / 1000)} s`,
    );
  const { rows: incRuns } = await db.query<{
    grain: string;
    runs: number;
    series: number;
    ms: number;
    analysis_ms: number;
  }>(
    `select grain, count(*)::int as runs, sum(series_count)::int as series, sum(duration_ms)::int as ms,
            sum(analysis_ms)::int as analysis_ms
       from pipeline_runs where last_run >= $1 group by grain order by grain`,
    [incStart],
  );
  for (const r of incRuns)
    console.log(
      `  runs ${r.grain}: ${r.runs} metric(s), ${r.series} series, ${fmt(r.ms / 1000)} s (analysis ${fmt(r.analysis_ms / 1000)} s)`,
    );

  const errors = Object.values(idle).reduce((s, r) => s + r.errors, 0) + busy.errors;
  // BENCH_LOAD_SECONDS=0 measures no latency: say so rather than print NaN.
  const feedP95 = Math.max(idle.feed?.p95 ?? NaN, busy.p95);
  console.log(
    `pipeline backfill_s=${backfillS.toFixed(2)} incremental_s=${incrementalS.toFixed(2)} feed_p95_ms=${Number.isFinite(feedP95) ? Math.round(feedP95) : 'skipped'} errors=${errors}`,
  );
});

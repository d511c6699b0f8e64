/**
 * npm run bench:aggregate — 5 metrics × 4 grains × 3 dimensions over the orders file, through the product's
 * real path: a PostgreSQL source (a throwaway tm_bench_* database on BENCH_PG_URL), its table synced, the
 * metrics configured, then the series computed in full (from the date-column PATCH) and incrementally (one
 * new day, synced). Times come from pg-boss's own job records in the product database.
 */
import pg from 'pg';
import { signIn } from './api-client';
import { runWithCleanup } from './cleanup';
import {
  connectPostgres,
  extractionResults,
  onboardMetrics,
  patternSeries,
  setDateColumn,
  syncNow,
  waitForExtraction,
} from './data-in';
import { machineLine } from './machine';
import { ensureOrdersFile } from './orders-file';
import { childPids, kbToMb, processMemory } from './process-memory';
import {
  connectionTenant,
  dbNow,
  jobsSince,
  openProductDb,
  pointCounts,
  sampleActivity,
  waitForIdleJobs,
  waitForJobs,
  type JobRun,
} from './product-db';
import { startProductServer } from './product-server';
import {
  aggregateLine,
  longestStatements,
  oneLine,
  rowsPerSecond,
  table,
  thousands,
  type LongStatement,
} from './report';
import { parseSettings } from './settings';
import {
  SOURCE_TABLE,
  appendDay,
  createSourceDb,
  credentialsFor,
  databaseUrl,
  dropSourceDb,
  loadOrders,
  sourceDbName,
  sourceNetworkEnv,
} from './source-db';

const SERIES_JOB = 'series.compute';
const seconds = (from: Date, to: Date | null) => (to ? (to.getTime() - from.getTime()) / 1000 : NaN);
const s = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)} s` : '—');

function jobRows(label: string, jobs: JobRun[]): string[][] {
  return jobs.map((j) => [
    label,
    j.name,
    j.state,
    s(seconds(j.createdOn, j.startedOn)),
    s(seconds(j.startedOn ?? j.createdOn, j.completedOn)),
  ]);
}

/** Samples running statements in the product's database and the source's, until stopped. */
function watchStatements(product: pg.Pool, machine: pg.Pool, sourceName: string) {
  const samplers = [sampleActivity(product, ['tidemark']), sampleActivity(machine, [sourceName])];
  return {
    async stop(): Promise<LongStatement[]> {
      for (const sampler of samplers) await sampler.stop();
      return longestStatements(
        samplers.flatMap((x) => x.samples),
        6,
      );
    },
  };
}

const labelled = (run: string, statements: LongStatement[]) => statements.map((l) => ({ run, ...l }));

function statementTable(rows: Array<LongStatement & { run: string }>): string {
  return table(
    rows.map((l) => [
      l.run,
      s(l.seconds),
      l.database === 'tidemark' ? 'product' : 'source',
      oneLine(l.query, 140),
    ]),
  );
}

await runWithCleanup(async (cleanup) => {
  const settings = parseSettings(process.env);
  console.log(
    `bench:aggregate ${new Date().toISOString()} rows=${thousands(settings.rows)} seed=${settings.seed}`,
  );
  console.log(machineLine());
  const file = await ensureOrdersFile(settings);
  console.log(
    `file: ${file.path} (${(file.bytes / 1024 ** 2).toFixed(0)} MB, ${file.reused ? 'reused' : 'written'})`,
  );

  // The merchant's database.
  const sourceName = sourceDbName();
  const sourceUrl = databaseUrl(settings.pgUrl, sourceName);
  cleanup.add(`drop the source database ${sourceName}`, () => dropSourceDb(settings.pgUrl, sourceName));
  await createSourceDb(settings.pgUrl, sourceName);
  let t = Date.now();
  const loaded = await loadOrders(sourceUrl, file.path);
  console.log(
    `source: ${sourceName}.orders, ${thousands(loaded)} rows loaded in ${s((Date.now() - t) / 1000)}`,
  );

  const server = await startProductServer(cleanup, await sourceNetworkEnv(settings.pgUrl));
  const db = openProductDb(server.dataDir);
  cleanup.add('close the product database pool', () => db.end());
  const machinePg = new pg.Pool({
    connectionString: settings.pgUrl,
    max: 2,
    application_name: 'tidemark-bench',
  });
  machinePg.on('error', () => undefined);
  cleanup.add('close the machine database pool', () => machinePg.end());
  const api = await signIn(server.url, server.mail, 'bench@aggregate-shop.test');

  // Connect, choose the table, first sync (set-up: printed, not the figure).
  const syncActivity = watchStatements(db, machinePg, sourceName);
  t = Date.now();
  const datasourceId = await connectPostgres(api, credentialsFor(settings.pgUrl, sourceName), SOURCE_TABLE);
  const first = await waitForExtraction(api, datasourceId);
  const syncS = (Date.now() - t) / 1000;
  const syncStatements = await syncActivity.stop();
  console.log(
    `first sync: ${thousands(first.rows_imported)} rows in ${s(syncS)} (${thousands(rowsPerSecond(first.rows_imported, syncS))} rows/s)`,
  );
  const results = await extractionResults(api, first.extraction_job_id);
  const destination = results.tables[0]!.destination_table_name;
  const kpiIds = await onboardMetrics(api, datasourceId, SOURCE_TABLE, destination);
  const { tenantId, timezone } = await connectionTenant(db, datasourceId);

  // Full: from the date-column PATCH to the completion of the series job it asks for.
  const fullActivity = watchStatements(db, machinePg, sourceName);
  const fullFrom = await dbNow(db);
  await setDateColumn(api, datasourceId, destination, 'created_at');
  const fullJobs = await waitForJobs(db, SERIES_JOB, fullFrom);
  const fullS = seconds(fullFrom, fullJobs[fullJobs.length - 1]!.completedOn);
  const fullStatements = await fullActivity.stop();
  const counts = await pointCounts(db, tenantId);
  // What the series update set off after it (the metrics' analyses) finishes before the next step, so the
  // incremental run does not share the two cores with it.
  t = Date.now();
  await waitForIdleJobs(db, 900_000).catch(() => console.log('jobs were still running after 15 minutes'));
  const settleS = (Date.now() - t) / 1000;

  // Incremental: one new day in the source, synced; until the series job after it completes.
  const day = await appendDay(sourceUrl, { seed: settings.seed, timezone });
  const incActivity = watchStatements(db, machinePg, sourceName);
  const incFrom = await dbNow(db);
  const extractionId = await syncNow(api, datasourceId);
  const synced = await waitForExtraction(api, datasourceId, { after: extractionId - 1 });
  const incJobs = await waitForJobs(db, SERIES_JOB, incFrom);
  const incS = seconds(incFrom, incJobs[incJobs.length - 1]!.completedOn);
  const fullAll = (await jobsSince(db, null, fullFrom)).filter((j) => j.createdOn < incFrom);
  const incAll = await jobsSince(db, null, incFrom);
  const incStatements = await incActivity.stop();
  const memory = processMemory(server.pid);
  // The series jobs run in the server's jobs process (JOBS_PROCESS=separate, the default).
  const jobsMemory = childPids(server.pid, 'node').map(processMemory);

  // Cross-check: the new day's revenue as the product serves it, against the source's own sum.
  const points = await patternSeries(api, {
    kpiId: kpiIds[0]!,
    grain: 'd',
    start: day.start,
    end: new Date(day.end.getTime() - 1),
  });
  const point = points.find((p) => new Date(p.timestamp).getTime() === day.start.getTime());
  const served = point?.result.y ?? null;
  // A cent: the series are doubles, the source sums numeric.
  const matches = served !== null && Math.abs(served - day.revenue) < 0.01;

  console.log('');
  console.log(
    table([
      ['run', 'seconds', 'rows', 'rows/s'],
      [
        'full (PATCH date column → series job done)',
        s(fullS),
        thousands(file.rows),
        thousands(rowsPerSecond(file.rows, fullS)),
      ],
      [
        'incremental (new day: sync → series job done)',
        s(incS),
        thousands(day.rows),
        thousands(rowsPerSecond(day.rows, incS)),
      ],
    ]),
  );
  console.log('');
  console.log(
    table([
      ['run', 'job', 'state', 'queued', 'ran'],
      ...jobRows('full', fullAll),
      ...jobRows('incremental', incAll),
    ]),
  );
  console.log(
    `after the full series job, the jobs it set off ran ${s(settleS)} more before the incremental run began`,
  );
  console.log('');
  console.log(
    table([
      ['grain', 'series', 'points'],
      ...counts.map((c) => [c.grain, thousands(c.series), thousands(c.points)]),
    ]),
  );
  console.log('');
  console.log('longest statements (pg_stat_activity every 100 ms; each ran at least this long):');
  console.log(
    statementTable([
      ...labelled('first sync', syncStatements.slice(0, 3)),
      ...labelled('full', fullStatements),
      ...labelled('incremental', incStatements),
    ]),
  );
  console.log('');
  console.log(
    `cross-check ${day.start.toISOString()} revenue: pattern_series ${served ?? 'no point'}, source ${day.revenue.toFixed(2)} (${day.rows} orders, ${synced.rows_imported} rows synced) — ${matches ? 'match' : 'MISMATCH'}`,
  );
  if (!matches) process.exitCode = 1;
  console.log(
    `server peak RSS ${kbToMb(memory.peakKb).toFixed(0)} MB` +
      jobsMemory.map((m) => `, jobs process peak RSS ${kbToMb(m.peakKb).toFixed(0)} MB`).join(''),
  );
  console.log(`${machineLine()} (after)`);
  console.log(aggregateLine({ fullS, incrementalS: incS }));
});

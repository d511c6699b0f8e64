/**
 * npm run bench:ingest — the product's CSV import against PostgreSQL's own COPY, same file, same server.
 * BENCH_ROWS (default 5,000,000) and BENCH_SEED (default 1) choose the generated orders file (bench-out/).
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { signIn } from './api-client';
import { runWithCleanup } from './cleanup';
import { uploadCsv } from './data-in';
import { machineLine } from './machine';
import { ensureOrdersFile } from './orders-file';
import { kbToMb, processCpuSeconds, processMemory } from './process-memory';
import { checkpoint, dataColumns, openProductDb, productDbUrl, sampleCopyProgress } from './product-db';
import { startProductServer } from './product-server';
import { ingestLine, rowsPerSecond, splitPhases, table, thousands } from './report';
import { parseSettings } from './settings';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

await runWithCleanup(async (cleanup) => {
  const settings = parseSettings(process.env);
  console.log(
    `bench:ingest ${new Date().toISOString()} rows=${thousands(settings.rows)} seed=${settings.seed}`,
  );
  console.log(machineLine());

  const file = await ensureOrdersFile(settings);
  const mb = file.bytes / 1024 ** 2;
  console.log(
    `file: ${file.path} (${mb.toFixed(0)} MB, ${file.reused ? 'reused' : `written in ${file.seconds.toFixed(1)} s`})`,
  );

  const server = await startProductServer(cleanup);
  const db = openProductDb(server.dataDir);
  cleanup.add('close the product database pool', () => db.end());
  const api = await signIn(server.url, server.mail, 'bench@ingest-shop.test');

  // 1. The product's path: multipart upload → sniff and type → CSV to COPY text → COPY → describe → commit.
  await checkpoint(db);
  const sampler = sampleCopyProgress(db);
  const serverCpu = processCpuSeconds(server.pid);
  const ownCpu = process.cpuUsage();
  const started = Date.now();
  const result = await uploadCsv(api, file.path);
  const ended = Date.now();
  await sampler.stop();
  // Where the CPU went: two cores shared by the server, its database backend and this uploader.
  const cpu = {
    server: processCpuSeconds(server.pid) - serverCpu,
    backend: [...sampler.backendCpu].reduce((sum, [pid, at]) => sum + processCpuSeconds(pid) - at, 0),
    uploader: (process.cpuUsage(ownCpu).user + process.cpuUsage(ownCpu).system) / 1e6,
  };
  const productS = (ended - started) / 1000;
  const memory = processMemory(server.pid);
  const summary = result.import;
  if (!summary || summary.rows_imported !== file.rows) {
    throw new Error(`the product imported ${summary?.rows_imported ?? 'no'} rows of ${file.rows}`);
  }
  const phases = splitPhases(sampler.samples, started, ended);
  const destination = summary.destination_table_name;

  // 2. PostgreSQL's own CSV COPY of the same file, on the same server, into a table with the product's
  // columns, types, defaults and checks. The yardstick has no index during the load (the product decides
  // when to build its keys, and its time includes that); the same COPY with the keys in place is printed too.
  const columns = await dataColumns(db, destination);
  const client = new pg.Client({ connectionString: productDbUrl(server.dataDir) });
  await client.connect();
  cleanup.add('close the COPY connection', () => client.end());
  const { rows: backend } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const postgresCopy = async (like: string) => {
    await checkpoint(client);
    const cpuBefore = processCpuSeconds(backend[0]!.pid);
    const t0 = Date.now();
    await client.query('begin');
    await client.query(`create table bench_copy (like ${quote(destination)} ${like})`);
    await pipeline(
      createReadStream(file.path, { highWaterMark: 1 << 20 }),
      client.query(
        copyFrom(`copy bench_copy (${columns.map(quote).join(', ')}) from stdin (format csv, header true)`),
      ),
    );
    await client.query('commit');
    const seconds = (Date.now() - t0) / 1000;
    const cpuS = processCpuSeconds(backend[0]!.pid) - cpuBefore;
    const { rows: counted } = await client.query<{ n: string }>('select count(*)::text as n from bench_copy');
    if (Number(counted[0]!.n) !== file.rows) {
      throw new Error(`COPY loaded ${counted[0]!.n} rows of ${file.rows}`);
    }
    await client.query('drop table bench_copy');
    return { seconds, cpuS };
  };
  const bare = await postgresCopy('including defaults including identity including constraints');
  const keyed = await postgresCopy('including all');
  const copyS = bare.seconds;
  const copyCpu = bare.cpuS;

  const productRate = rowsPerSecond(file.rows, productS);
  const copyRate = rowsPerSecond(file.rows, copyS);
  console.log('');
  console.log(
    table([
      ['path', 'seconds', 'rows/s', 'MB/s'],
      [
        'product (POST /v1/connections)',
        `${productS.toFixed(2)} s`,
        thousands(productRate),
        (mb / productS).toFixed(1),
      ],
      ['  before COPY (upload start, sniff, create)', `${phases.beforeS.toFixed(2)} s`, '', ''],
      ['  COPY (CSV → COPY text → table)', `${phases.copyS.toFixed(2)} s`, '', ''],
      ['  after COPY (keys, describe, commit, answer)', `${phases.afterS.toFixed(2)} s`, '', ''],
      [
        'postgres COPY … (FORMAT csv, HEADER)',
        `${copyS.toFixed(2)} s`,
        thousands(copyRate),
        (mb / copyS).toFixed(1),
      ],
      [
        '  the same with the keys in place (info)',
        `${keyed.seconds.toFixed(2)} s`,
        thousands(rowsPerSecond(file.rows, keyed.seconds)),
        (mb / keyed.seconds).toFixed(1),
      ],
    ]),
  );
  console.log(
    `product: ${thousands(summary.rows_imported)} rows imported, ${summary.rows_rejected} rejected; server peak RSS ${kbToMb(memory.peakKb).toFixed(0)} MB (now ${kbToMb(memory.currentKb).toFixed(0)} MB)`,
  );
  console.log(
    `CPU: product upload ${cpu.server.toFixed(1)} s server (node), ${cpu.backend.toFixed(1)} s its COPY backend, ${cpu.uploader.toFixed(1)} s this uploader, over ${productS.toFixed(1)} s; postgres COPY ${copyCpu.toFixed(1)} s backend over ${copyS.toFixed(1)} s`,
  );
  console.log(`${machineLine()} (after)`);
  console.log(
    ingestLine({ rowsPerS: productRate, copyRowsPerS: copyRate, peakRssMb: kbToMb(memory.peakKb) }),
  );
});

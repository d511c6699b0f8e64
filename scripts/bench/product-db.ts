import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { processCpuSeconds } from './process-memory';
import type { ActivitySample, CopySample } from './report';

/**
 * The product's own embedded PostgreSQL, reached as the product reaches it: the generated password in
 * DATA_DIR/credentials.json and the Unix socket in DATA_DIR/run (the server opens no TCP port).
 */
export function productDbUrl(dataDir: string): string {
  const { user, password } = JSON.parse(readFileSync(path.join(dataDir, 'credentials.json'), 'utf8')) as {
    user: string;
    password: string;
  };
  const socket = path.join(dataDir, 'run');
  return `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@localhost:5432/tidemark?host=${encodeURIComponent(socket)}`;
}

export function openProductDb(dataDir: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: productDbUrl(dataDir),
    max: 4,
    application_name: 'tidemark-bench',
  });
  pool.on('error', () => undefined);
  return pool;
}

export async function checkpoint(db: pg.Pool | pg.Client): Promise<void> {
  await db.query('checkpoint');
}

export interface Sampler<T> {
  samples: T[];
  stop(): Promise<void>;
}

/** Calls `take` every `intervalMs` (one at a time) until stopped; a failed sample is skipped. */
export function sampleEvery<T>(intervalMs: number, take: () => Promise<T[]>): Sampler<T> {
  const samples: T[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const next = Date.now() + intervalMs;
      try {
        samples.push(...(await take()));
      } catch {
        // the server may be busy restarting a connection; the next sample will do
      }
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
  })();
  return {
    samples,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

/**
 * Whether a COPY FROM is running in the product's database, sampled (pg_stat_progress_copy). `backendCpu`
 * holds, per backend seen copying, its CPU seconds when first seen, to tell later what the COPY cost it.
 */
export function sampleCopyProgress(
  db: pg.Pool,
  intervalMs = 100,
): Sampler<CopySample & { tuples: number }> & { backendCpu: Map<number, number> } {
  const backendCpu = new Map<number, number>();
  const sampler = sampleEvery(intervalMs, async () => {
    const { rows } = await db.query<{ copying: boolean; tuples: string; pids: number[] }>(
      `select count(*) > 0 as copying, coalesce(sum(tuples_processed), 0)::text as tuples,
         coalesce(array_agg(pid), '{}') as pids
       from pg_stat_progress_copy where command = 'COPY FROM'`,
    );
    const row = rows[0]!;
    for (const pid of row.pids) if (!backendCpu.has(pid)) backendCpu.set(pid, processCpuSeconds(pid));
    return [{ at: Date.now(), copying: row.copying, tuples: Number(row.tuples) }];
  });
  return { ...sampler, backendCpu };
}

/** Running statements of other sessions, with the server's clock on both ends of their duration. */
export function sampleActivity(db: pg.Pool, databases: string[], intervalMs = 100): Sampler<ActivitySample> {
  return sampleEvery(intervalMs, async () => {
    const { rows } = await db.query<{ datname: string; pid: number; qs: number; now: number; query: string }>(
      `select datname, pid, extract(epoch from query_start) * 1000 as qs,
         extract(epoch from clock_timestamp()) * 1000 as now, query
       from pg_stat_activity
       where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'
         and datname = any($1::text[]) and application_name <> 'tidemark-bench'`,
      [databases],
    );
    return rows.map((r) => ({
      database: r.datname,
      pid: r.pid,
      queryStart: Number(r.qs),
      seenAt: Number(r.now),
      query: r.query,
    }));
  });
}

export async function dbNow(db: pg.Pool): Promise<Date> {
  const { rows } = await db.query<{ now: Date }>('select clock_timestamp() as now');
  return rows[0]!.now;
}

export interface JobRun {
  id: string;
  name: string;
  state: string;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

/** pg-boss's own record of the jobs created since a moment, of one queue or (null) of all. */
export async function jobsSince(db: pg.Pool, name: string | null, since: Date): Promise<JobRun[]> {
  const { rows } = await db.query<JobRun>(
    `select id::text, name, state::text, created_on as "createdOn", started_on as "startedOn",
       completed_on as "completedOn"
     from tidemark_jobs.job where ($1::text is null or name = $1) and created_on >= $2
       and name not like '\\_\\_pgboss%'
     order by created_on`,
    [name, since],
  );
  return rows;
}

/** Waits until no job of any queue is waiting or running (what a step left behind, e.g. analyses). */
export async function waitForIdleJobs(db: pg.Pool, timeoutMs = 3_600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from tidemark_jobs.job
       where state in ('created', 'retry', 'active') and name not like '\\_\\_pgboss%'`,
    );
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error('jobs still running');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits until a job of the queue created since `since` exists and every such job has finished. */
export async function waitForJobs(
  db: pg.Pool,
  name: string,
  since: Date,
  timeoutMs = 3_600_000,
): Promise<JobRun[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await jobsSince(db, name, since);
    const failed = jobs.find((j) => j.state === 'failed' || j.state === 'cancelled');
    if (failed) throw new Error(`job ${name} ${failed.id} ${failed.state}`);
    if (jobs.length > 0 && jobs.every((j) => j.state === 'completed')) return jobs;
    if (Date.now() > deadline) throw new Error(`${name} jobs did not finish in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function connectionTenant(
  db: pg.Pool,
  datasourceId: string,
): Promise<{ tenantId: number; timezone: string }> {
  const { rows } = await db.query<{ tenant_id: string; timezone: string }>(
    `select c.tenant_id::text, t.timezone from connections c join tenants t using (tenant_id)
     where c.datasource_id = $1`,
    [datasourceId],
  );
  if (!rows[0]) throw new Error(`no connection ${datasourceId} in the product database`);
  return { tenantId: Number(rows[0].tenant_id), timezone: rows[0].timezone };
}

/** Stored series and points per grain for a workspace. */
export async function pointCounts(
  db: pg.Pool,
  tenantId: number,
): Promise<Array<{ grain: string; series: number; points: number }>> {
  const { rows } = await db.query<{ grain: string; series: string; points: string }>(
    `select grain, count(*)::text as series, sum(cardinality(ts))::text as points
     from series where tenant_id = $1 group by grain
     order by array_position(array['h', 'd', 'w', 'm'], grain::text)`,
    [tenantId],
  );
  return rows.map((r) => ({ grain: r.grain, series: Number(r.series), points: Number(r.points) }));
}

/** A table's data columns in order (the warehouse's own columns left out). */
export async function dataColumns(db: pg.Pool, table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_name = $1 and column_name not in ('tenant_id', '_row_id', '_loaded_at')
     order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

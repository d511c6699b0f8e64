import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { CronExpressionParser } from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

/**
 * Durable jobs on the project's PostgreSQL (pg-boss). What pg-boss gives: jobs in a table, retries with
 * back-off, singleton keys. What this adapter adds:
 * - heartbeats, so a job whose process died (killed, crashed) is retried within a minute instead of
 *   after its expiry;
 * - cancellation that reaches the handler wherever it runs (an AbortSignal);
 * - progress that anyone can read;
 * - schedules per entity in its own time zone (pg-boss 10 keeps one schedule per queue).
 * Handlers must be idempotent: a retried job may find part of its work, or all of it, already done.
 */

export interface JobContext<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first run, then 1, 2… */
  retryCount: number;
  /** Aborted when the job is cancelled or the process shuts down. */
  signal: AbortSignal;
  /** Saved for readers (job_runs.progress); cheap enough to call per batch. */
  progress(value: Record<string, unknown>): Promise<void>;
}

export interface JobDefinition<T> {
  name: string;
  handler: (job: JobContext<T>) => Promise<void>;
  /** Parallel runs of this job in one process. */
  concurrency?: number;
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time. */
  retryDelay?: number;
  /** Backstop for a run that never finishes; heartbeats catch dead processes much sooner. */
  expireInSeconds?: number;
  /**
   * 'stately': per singleton key at most one job waiting and one running (a sync asked for twice runs
   * once more, not twice); 'standard' ignores keys.
   */
  policy?: 'standard' | 'stately';
}

export const defineJob = <T>(definition: JobDefinition<T>): JobDefinition<T> => definition;

export interface SendOptions {
  /** At most one queued or running job per key (pg-boss singleton). */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface ScheduleInput {
  /** Unique per schedule, e.g. `connections.sync:42`. */
  key: string;
  name: string;
  /** Five-field cron, read in `timezone`. */
  cron: string;
  timezone: string;
  data: Record<string, unknown>;
}

export interface JobQueueOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Seconds between two looks for due jobs (one query for every queue) while the workers are idle. */
  pollSeconds?: number;
  /** A run whose heartbeat is older than this is taken as dead and retried. */
  staleAfterSeconds?: number;
  /** Seconds between scheduler and reaper rounds. */
  tickSeconds?: number;
  heartbeatSeconds?: number;
}

export interface JobQueue {
  register<T>(definition: JobDefinition<T>): void;
  /** Creates the queues; with `work`, also starts this process's workers, the scheduler and the reaper. */
  start(options: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  cancel(name: string, id: string): Promise<void>;
  upsertSchedule(schedule: ScheduleInput): Promise<void>;
  removeSchedule(key: string): Promise<void>;
  /** Resolves once no job is queued, waiting to retry or running (tests and CLIs). */
  waitForIdle(options?: { timeoutMs?: number; names?: string[] }): Promise<void>;
  /** The latest progress a running job reported. */
  progressOf(id: string): Promise<Record<string, unknown> | null>;
  /** Whether a job of this queue and singleton key waits to start (queued or waiting to retry). */
  isQueued(name: string, singletonKey: string): Promise<boolean>;
  /** Whether the workers keep up, wherever they run (this process, its jobs process, `npm run worker`). */
  lag(): Promise<JobLag>;
  readonly names: string[];
}

export interface JobLag {
  /** 'behind' when a due job or schedule has waited over LAG_LIMIT_SECONDS with nothing of its queue running. */
  status: 'ok' | 'behind';
  /** How long the longest-waiting due job has waited, when one waits. */
  oldestWaitingSeconds: number | null;
  /** How long the most overdue schedule is past its time, when one is. */
  scheduleOverdueSeconds: number | null;
}

/**
 * Past this a waiting job means no worker is serving its queue. A job waiting behind a running one of
 * its queue (a singleton behind a long backfill) is busy, not behind.
 */
export const LAG_LIMIT_SECONDS = 600;

/**
 * How often each worker still polls by itself: one probe per `pollSeconds` finds the queues with a due job
 * and wakes their workers, where every worker polling on its own cost one fetch per queue (27 of them) per
 * interval on an idle server. The workers' own polls remain in case the probe fails.
 */
const WORKER_FALLBACK_SECONDS = 30;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, log } = options;
  const pollSeconds = options.pollSeconds ?? 2;
  const staleAfterSeconds = options.staleAfterSeconds ?? 60;
  const tickMs = (options.tickSeconds ?? 15) * 1000;
  const heartbeatMs = (options.heartbeatSeconds ?? 5) * 1000;
  const schema = `${db.schema ?? 'tidemark'}_jobs`;
  const processId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const definitions = new Map<string, JobDefinition<never>>();
  const running = new Map<string, AbortController>();
  const workerIds = new Map<string, string[]>();
  let boss: PgBoss | null = null;
  // The scheduler's rounds and the look for due jobs, each stopped by its function.
  const repeats: Array<() => void> = [];
  // Another process (the API, when jobs run apart) wakes this one's idle workers through PostgreSQL.
  const wakeChannel = `${schema}_wake`;
  let listener: pg.Client | null = null;
  let relisten: NodeJS.Timeout | null = null;
  let working = false;
  let stopping = false;
  let probeFailing = false;

  /** Runs `step` every `ms` (each wait starts when the step before ended) until the queue stops. */
  const every = (ms: number, step: () => Promise<void>): void => {
    let handle: NodeJS.Timeout | undefined;
    const next = () => {
      handle = setTimeout(() => {
        void step().finally(() => {
          if (!stopping) next();
        });
      }, ms);
      handle.unref();
    };
    next();
    repeats.push(() => clearTimeout(handle));
  };

  const bossOf = (): PgBoss => {
    if (!boss) throw new Error('The job queue has not started');
    return boss;
  };

  async function run(definition: JobDefinition<never>, job: PgBoss.JobWithMetadata<never>): Promise<void> {
    const controller = new AbortController();
    running.set(job.id, controller);
    await db.query(
      `insert into job_runs (job_id, queue, process_id) values ($1, $2, $3)
       on conflict (job_id) do update set process_id = excluded.process_id, started_at = now(),
         heartbeat_at = now(), cancel_requested = false`,
      [job.id, definition.name, processId],
    );
    const beat = setInterval(() => {
      void db
        .query<{ cancel_requested: boolean }>(
          'update job_runs set heartbeat_at = now() where job_id = $1 returning cancel_requested',
          [job.id],
        )
        .then((rows) => {
          if (rows[0]?.cancel_requested) controller.abort(new Error('cancelled'));
        })
        .catch(() => undefined);
    }, heartbeatMs);
    beat.unref();
    const started = Date.now();
    try {
      await definition.handler({
        id: job.id,
        name: job.name,
        data: job.data,
        retryCount: job.retryCount,
        signal: controller.signal,
        progress: async (value) => {
          await db.query('update job_runs set progress = $2 where job_id = $1', [
            job.id,
            JSON.stringify(value),
          ]);
        },
      });
      log.info({ job: job.name, id: job.id, ms: Date.now() - started }, 'job done');
    } catch (error) {
      const cancelled = controller.signal.aborted && !stopping;
      log[cancelled ? 'info' : 'warn'](
        { job: job.name, id: job.id, retry: job.retryCount, err: error },
        cancelled ? 'job cancelled' : 'job failed',
      );
      throw error;
    } finally {
      clearInterval(beat);
      running.delete(job.id);
      await db.query('delete from job_runs where job_id = $1', [job.id]).catch(() => undefined);
      // More may wait in this queue: its worker fetches again at once instead of at the next probe.
      wake(definition.name);
    }
  }

  function wake(name: string): void {
    for (const w of workerIds.get(name) ?? []) boss?.notifyWorker(w);
  }

  /** Wakes the workers of every queue holding a job that is due (new, delayed or waiting to retry). */
  async function probe(): Promise<void> {
    const rows = await db.query<{ name: string }>(
      `select distinct name from ${schema}.job
       where name = any($1::text[]) and state < 'active' and start_after <= now()`,
      [[...workerIds.keys()]],
    );
    for (const { name } of rows) wake(name);
  }

  /** Polling stays the fallback: a lost listener only delays jobs until the next poll, and is retried. */
  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: db.connectionString });
    const retry = () => {
      if (listener !== client || stopping) return;
      listener = null;
      void client.end().catch(() => undefined);
      relisten = setTimeout(() => void listen(), 5_000);
      relisten.unref();
    };
    listener = client;
    client.on('error', (error) => {
      log.warn({ err: error }, 'job wake-up listener lost; polling until it is back');
      retry();
    });
    client.on('notification', (message) => wake(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`listen "${wakeChannel.replaceAll('"', '""')}"`);
    } catch (error) {
      log.warn({ err: error }, 'job wake-up listener could not start; polling until it is back');
      retry();
    }
  }

  /** Retries the runs of processes that stopped beating, and starts due schedules. */
  async function tick(): Promise<void> {
    const b = bossOf();
    const dead = await db.query<{ job_id: string; queue: string }>(
      `delete from job_runs where heartbeat_at < now() - make_interval(secs => $1) returning job_id, queue`,
      [staleAfterSeconds],
    );
    for (const run of dead) {
      log.warn({ job: run.queue, id: run.job_id }, 'job lost its worker; retrying it');
      await b.fail(run.queue, run.job_id, { message: 'the process running it stopped' });
    }
    const due = await db.transaction((tx) =>
      tx.query<{ schedule_key: string; queue: string; cron: string; timezone: string; data: object }>(
        `select schedule_key, queue, cron, timezone, data from job_schedules
         where next_run_at <= now() for update skip locked`,
      ),
    );
    for (const s of due) {
      await b.send(s.queue, s.data, { singletonKey: s.schedule_key });
      wake(s.queue);
      await db.query(
        'update job_schedules set last_run_at = now(), next_run_at = $2 where schedule_key = $1',
        [s.schedule_key, nextRun(s.cron, s.timezone)],
      );
    }
  }

  const queue: JobQueue = {
    get names() {
      return [...definitions.keys()];
    },
    register(definition) {
      definitions.set(definition.name, definition as JobDefinition<never>);
    },
    async start({ work }) {
      boss = new PgBoss({
        connectionString: db.connectionString,
        schema,
        max: 4,
        // The reaper below handles dead processes; pg-boss's own maintenance archives and expires.
        maintenanceIntervalSeconds: 60,
        schedule: false,
      } as PgBoss.ConstructorOptions);
      boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
      await boss.start();
      for (const d of definitions.values()) {
        await boss.createQueue(d.name, {
          name: d.name,
          retryLimit: d.retryLimit ?? 5,
          retryDelay: d.retryDelay ?? 15,
          retryBackoff: true,
          expireInSeconds: d.expireInSeconds ?? 4 * 3600,
          policy: d.policy ?? 'standard',
        });
      }
      if (!work) return;
      working = true;
      for (const d of definitions.values()) {
        const ids: string[] = [];
        for (let i = 0; i < (d.concurrency ?? 1); i++) {
          ids.push(
            await boss.work<never>(
              d.name,
              {
                batchSize: 1,
                pollingIntervalSeconds: Math.max(pollSeconds, WORKER_FALLBACK_SECONDS),
                includeMetadata: true,
              },
              async ([job]) => {
                if (job) await run(d, job);
              },
            ),
          );
        }
        workerIds.set(d.name, ids);
      }
      await listen();
      await tick();
      every(tickMs, () =>
        tick().catch((error: unknown) => log.error({ err: error }, 'job scheduler tick failed')),
      );
      every(pollSeconds * 1000, () =>
        probe()
          .then(() => {
            if (probeFailing) log.info('job probe works again');
            probeFailing = false;
          })
          .catch((error: unknown) => {
            // Once per outage, not every interval: the workers' own polls carry on meanwhile.
            if (!probeFailing) log.warn({ err: error }, 'job probe failed; workers poll on their own');
            probeFailing = true;
          }),
      );
    },
    async stop() {
      stopping = true;
      for (const clear of repeats.splice(0)) clear();
      if (relisten) clearTimeout(relisten);
      await listener?.end().catch(() => undefined);
      listener = null;
      for (const controller of running.values()) controller.abort(new Error('shutting down'));
      if (boss) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      boss = null;
    },
    async send(name, data, opts = {}) {
      const id = await bossOf().send(name, data, {
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      });
      // Wake an idle worker instead of waiting for its next poll: this process's own, or another's.
      if (working) wake(name);
      else if (id && !opts.startAfterSeconds) await db.query('select pg_notify($1, $2)', [wakeChannel, name]);
      return id;
    },
    async cancel(name, id) {
      running.get(id)?.abort(new Error('cancelled'));
      await db.query('update job_runs set cancel_requested = true where job_id = $1', [id]);
      await bossOf().cancel(name, id);
    },
    async upsertSchedule(s) {
      await db.query(
        `insert into job_schedules (schedule_key, queue, cron, timezone, data, next_run_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (schedule_key) do update set queue = excluded.queue, cron = excluded.cron,
           timezone = excluded.timezone, data = excluded.data,
           -- Every start upserts its schedules: an unchanged one keeps its due time, so a run missed while
           -- the product was down happens at the next round instead of being pushed to the next occurrence.
           next_run_at = case
             when job_schedules.cron = excluded.cron and job_schedules.timezone = excluded.timezone
               then coalesce(job_schedules.next_run_at, excluded.next_run_at)
             else excluded.next_run_at
           end`,
        [s.key, s.name, s.cron, s.timezone, JSON.stringify(s.data), nextRun(s.cron, s.timezone)],
      );
    },
    async removeSchedule(key) {
      await db.query('delete from job_schedules where schedule_key = $1', [key]);
    },
    async waitForIdle({ timeoutMs = 60_000, names } = {}) {
      const deadline = Date.now() + timeoutMs;
      const wanted = names ?? [...definitions.keys()];
      for (;;) {
        const rows = await db.query<{ n: number }>(
          `select count(*)::int as n from ${schema}.job
           where name = any($1::text[]) and state in ('created', 'retry', 'active')`,
          [wanted],
        );
        if ((rows[0]?.n ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async isQueued(name, singletonKey) {
      const rows = await db.query(
        `select 1 from ${schema}.job where name = $1 and singleton_key = $2 and state in ('created', 'retry') limit 1`,
        [name, singletonKey],
      );
      return rows.length > 0;
    },
    async lag() {
      // job_i5 (name, start_after) where state < 'active' keeps the first probe an index scan.
      const [row] = await db.query<{
        oldest: number | null;
        stuck: number | null;
        overdue: number | null;
      }>(
        `select
           (select extract(epoch from now() - min(start_after))::float8 from ${schema}.job
             where state < 'active' and start_after <= now()) as oldest,
           (select extract(epoch from now() - min(j.start_after))::float8 from ${schema}.job j
             where j.state < 'active' and j.start_after <= now() - make_interval(secs => $1)
               and not exists (select 1 from ${schema}.job a where a.name = j.name and a.state = 'active')) as stuck,
           (select extract(epoch from now() - min(next_run_at))::float8 from job_schedules
             where next_run_at <= now()) as overdue`,
        [LAG_LIMIT_SECONDS],
      );
      const overdue = row?.overdue ?? null;
      return {
        status: (row?.stuck ?? null) !== null || (overdue ?? 0) > LAG_LIMIT_SECONDS ? 'behind' : 'ok',
        oldestWaitingSeconds: row?.oldest ?? null,
        scheduleOverdueSeconds: overdue,
      };
    },
    async progressOf(id) {
      const rows = await db.query<{ progress: Record<string, unknown> | null }>(
        'select progress from job_runs where job_id = $1',
        [id],
      );
      return rows[0]?.progress ?? null;
    },
  };
  return queue;
}

/** The next time a cron expression fires, read in the schedule's own time zone. */
export function nextRun(cron: string, timezone: string, after: Date = new Date()): Date {
  return CronExpressionParser.parse(cron, { tz: timezone, currentDate: after }).next().toDate();
}

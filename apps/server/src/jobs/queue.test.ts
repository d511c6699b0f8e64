import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../db/client';
import { createTestSchema, testDatabaseUrl } from '../testing/build-test-app';
import { migrate } from '../db/migrate';
import { createJobQueue, defineJob, nextRun, type JobDefinition, type JobQueue } from './queue';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');

function startWorker(schema: string, pollSeconds = 0.5): Promise<ChildProcess> {
  const child = fork(
    path.join(here, 'testing/worker-fixture.ts'),
    [testDatabaseUrl(), schema, String(pollSeconds)],
    {
      execArgv: ['--import', path.join(repoRoot, 'node_modules/tsx/dist/esm/index.mjs')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A schema of its own, migrated, with a queue that only sends: workers, if any, run elsewhere. */
async function sendingQueue(definition: JobDefinition<never>, setup?: (db: Db) => Promise<void>) {
  const { schema, drop } = await createTestSchema();
  const db = await openPostgres(testDatabaseUrl(), 'postgres', { schema, poolSize: 3 });
  await migrate(db);
  await setup?.(db);
  const queue = createJobQueue({ db, log: pino({ level: 'silent' }) });
  queue.register(definition);
  await queue.start({ work: false });
  const close = async () => {
    await queue.stop();
    await db.close();
    await drop();
  };
  return { db, schema, queue, close };
}

/** A queue on `db` whose workers run `definition`, looking for due jobs and scheduling as `timing` says. */
async function workingQueue(
  db: Db,
  definition: JobDefinition<never>,
  timing: { pollSeconds: number; tickSeconds?: number },
): Promise<JobQueue> {
  const worker = createJobQueue({ db, log: pino({ level: 'silent' }), ...timing });
  worker.register(definition);
  await worker.start({ work: true });
  return worker;
}

describe('durable jobs', () => {
  let db: Db;
  let schema: string;
  let sender: JobQueue;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // The same queue settings as the fixture's worker, which does the work.
    ({
      db,
      schema,
      queue: sender,
      close,
    } = await sendingQueue(
      defineJob({
        name: 'test.slow-total',
        retryDelay: 1,
        policy: 'stately',
        async handler() {},
      }) as JobDefinition<never>,
      (db) =>
        db.exec(`create table fixture_attempts (key text, job_id uuid, at timestamptz default now());
          create table fixture_results (key text primary key, total int)`),
    ));
  });
  afterAll(() => close());

  it('completes a job exactly once after the process running it is killed', async () => {
    const first = await startWorker(schema);
    const id = await sender.send('test.slow-total', { key: 'k1', holdMs: 60_000 });
    await until(async () => ((await sender.progressOf(id!)) ? true : undefined));
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    const second = await startWorker(schema);
    try {
      await sender.waitForIdle({ timeoutMs: 60_000 });
      const results = await db.query<{ total: number }>(`select total from fixture_results where key = 'k1'`);
      expect(results).toEqual([{ total: 42 }]);
      const attempts = await db.query<{ job_id: string }>(
        `select job_id from fixture_attempts where key = 'k1'`,
      );
      expect(attempts).toHaveLength(2);
      expect(new Set(attempts.map((a) => a.job_id))).toEqual(new Set([id]));
    } finally {
      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    }
  }, 120_000);

  it("wakes another process's idle worker at once instead of at its next poll", async () => {
    // The worker polls once a minute; the job must still run well inside the wait below.
    const worker = await startWorker(schema, 60);
    try {
      await new Promise((r) => setTimeout(r, 1_000));
      await sender.send('test.slow-total', { key: 'woken', holdMs: 0 });
      await sender.waitForIdle({ timeoutMs: 20_000, names: ['test.slow-total'] });
      expect(await db.query(`select total from fixture_results where key = 'woken'`)).toEqual([
        { total: 42 },
      ]);
    } finally {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
  });

  it('keeps one queued job per singleton key', async () => {
    const a = await sender.send('test.slow-total', { key: 'k2', holdMs: 1 }, { singletonKey: 'same' });
    const b = await sender.send('test.slow-total', { key: 'k3', holdMs: 1 }, { singletonKey: 'same' });
    expect(a).toBeTruthy();
    expect(b).toBeNull();
  });

  it('reads a schedule in its own time zone', () => {
    const after = new Date('2026-03-07T12:00:00Z');
    expect(nextRun('0 0 * * *', 'Etc/UTC', after).toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(nextRun('0 0 * * *', 'America/New_York', after).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    // The next midnight falls after the spring-forward change: New York is then UTC-4.
    expect(nextRun('0 0 * * *', 'America/New_York', new Date('2026-03-08T06:00:00Z')).toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
  });
});

describe('waking workers', () => {
  it('runs due jobs one after another at the next look, though each worker polls only twice a minute', async () => {
    const done: number[] = [];
    const definition = defineJob<{ n: number }>({
      name: 'test.wake',
      async handler({ data }) {
        done.push(data.n);
      },
    }) as JobDefinition<never>;
    const { db, queue: sender, close } = await sendingQueue(definition);
    // Delayed jobs sent by a process without workers wake no one: only a look for due jobs finds them.
    const worker = await workingQueue(db, definition, { pollSeconds: 5 });
    try {
      const sent = Date.now();
      for (let n = 1; n <= 5; n++) await sender.send('test.wake', { n }, { startAfterSeconds: 1 });
      await until(async () => (done.length === 5 ? true : undefined), 60_000);
      // One look (every 5 s) finds them; each finished job has its worker fetch the next at once, where
      // waiting for looks would take 25 s and the workers' own polls 30 s.
      expect(Date.now() - sent).toBeLessThan(15_000);
      expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await worker.stop();
      await close();
    }
  }, 90_000);

  it('starts a schedule that falls due at once, not at the next look', async () => {
    const done: string[] = [];
    const definition = defineJob({
      name: 'test.scheduled',
      async handler({ id }) {
        done.push(id);
      },
    }) as JobDefinition<never>;
    const { db, close } = await sendingQueue(definition);
    // The scheduler's round every second; a look for due jobs only every 30 s.
    const worker = await workingQueue(db, definition, { pollSeconds: 30, tickSeconds: 1 });
    try {
      await worker.upsertSchedule({
        key: 'scheduled-test',
        name: 'test.scheduled',
        cron: '0 0 1 1 *',
        timezone: 'Etc/UTC',
        data: {},
      });
      const due = Date.now();
      await db.query(`update job_schedules set next_run_at = now() where schedule_key = 'scheduled-test'`);
      await until(async () => (done.length > 0 ? true : undefined), 60_000);
      expect(Date.now() - due).toBeLessThan(15_000);
    } finally {
      await worker.stop();
      await close();
    }
  }, 90_000);
});

describe('job lag', () => {
  let db: Db;
  let schema: string;
  let queue: JobQueue;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // No worker serves this queue anywhere, as when the jobs process is gone.
    ({ db, schema, queue, close } = await sendingQueue(
      defineJob({ name: 'test.lag', async handler() {} }) as JobDefinition<never>,
    ));
  });
  afterAll(() => close());

  const waitedSince = (id: string, minutes: number) =>
    db.query(`update ${schema}_jobs.job set start_after = now() - make_interval(mins => $2) where id = $1`, [
      id,
      minutes,
    ]);

  it('is behind when a due job waits with nothing of its queue running, not when it waits behind a running one', async () => {
    expect(await queue.lag()).toEqual({
      status: 'ok',
      oldestWaitingSeconds: null,
      scheduleOverdueSeconds: null,
    });

    const first = (await queue.send('test.lag', { n: 1 }))!;
    await waitedSince(first, 2);
    const fresh = await queue.lag();
    expect(fresh.status).toBe('ok');
    expect(fresh.oldestWaitingSeconds).toBeGreaterThanOrEqual(120);

    await waitedSince(first, 20);
    const stuck = await queue.lag();
    expect(stuck.status).toBe('behind');
    expect(stuck.oldestWaitingSeconds).toBeGreaterThanOrEqual(1200);

    // A worker is on it (running), and the next one waits its turn: busy, not behind.
    await db.query(`update ${schema}_jobs.job set state = 'active', started_on = now() where id = $1`, [
      first,
    ]);
    const second = (await queue.send('test.lag', { n: 2 }))!;
    await waitedSince(second, 20);
    expect((await queue.lag()).status).toBe('ok');
    await db.query(`delete from ${schema}_jobs.job where name = 'test.lag'`);
  });

  it('keeps a missed run of an unchanged schedule due across a restart, and re-reads a changed one', async () => {
    const daily = { key: 'missed-test', name: 'test.lag', cron: '7 0 * * *', timezone: 'Etc/UTC', data: {} };
    await queue.upsertSchedule(daily);
    const dueAt = async () =>
      (
        await db.query<{ at: Date }>(`select next_run_at as at from job_schedules where schedule_key = $1`, [
          daily.key,
        ])
      )[0]!.at.getTime();
    // The product was down at 00:07: the run is due since then when it starts again.
    await db.query(
      `update job_schedules set next_run_at = now() - interval '25 minutes' where schedule_key = $1`,
      [daily.key],
    );
    const missed = await dueAt();
    // A start upserts its schedules again; the missed run stays due instead of moving to tomorrow.
    await queue.upsertSchedule(daily);
    expect(await dueAt()).toBe(missed);
    // A schedule whose time changed is read anew from its new cron.
    const before = nextRun('30 6 * * *', 'Etc/UTC').getTime();
    await queue.upsertSchedule({ ...daily, cron: '30 6 * * *' });
    // (Either side of 06:30 if the call straddled it.)
    expect([before, nextRun('30 6 * * *', 'Etc/UTC').getTime()]).toContain(await dueAt());
    await queue.removeSchedule(daily.key);
  });

  it('is behind when a schedule is long overdue (no process runs the scheduler)', async () => {
    await queue.upsertSchedule({
      key: 'lag-test',
      name: 'test.lag',
      cron: '* * * * *',
      timezone: 'Etc/UTC',
      data: {},
    });
    const overdue = (minutes: number) =>
      db.query(
        `update job_schedules set next_run_at = now() - make_interval(mins => $1) where schedule_key = 'lag-test'`,
        [minutes],
      );
    await overdue(2);
    const late = await queue.lag();
    expect(late.status).toBe('ok');
    expect(late.scheduleOverdueSeconds).toBeGreaterThanOrEqual(120);
    await overdue(20);
    expect((await queue.lag()).status).toBe('behind');
    await queue.removeSchedule('lag-test');
    expect((await queue.lag()).status).toBe('ok');
  });
});

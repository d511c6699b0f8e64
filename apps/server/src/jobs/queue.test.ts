import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../db/client';
import { createTestSchema, testDatabaseUrl } from '../testing/build-test-app';
import { migrate } from '../db/migrate';
import { createJobQueue, defineJob, nextRun, type JobQueue } from './queue';

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

describe('durable jobs', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let schema: string;
  let sender: JobQueue;

  beforeAll(async () => {
    ({ schema, drop } = await createTestSchema());
    db = await openPostgres(testDatabaseUrl(), 'postgres', { schema, poolSize: 3 });
    await migrate(db);
    await db.exec(`create table fixture_attempts (key text, job_id uuid, at timestamptz default now());
      create table fixture_results (key text primary key, total int)`);
    sender = createJobQueue({ db, log: pino({ level: 'silent' }) });
    // Only sends: the same queue settings as the fixture's worker, which does the work.
    sender.register(
      defineJob({ name: 'test.slow-total', retryDelay: 1, policy: 'stately', async handler() {} }),
    );
    await sender.start({ work: false });
  });
  afterAll(async () => {
    await sender.stop();
    await db.close();
    await drop();
  });

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

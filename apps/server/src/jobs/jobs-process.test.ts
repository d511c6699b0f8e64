import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JOBS_NICE, startJobsProcess } from './jobs-process';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const fixture = path.join(here, 'testing/jobs-child-fixture.ts');
const execArgv = ['--import', path.join(repoRoot, 'node_modules/tsx/dist/esm/index.mjs')];

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the jobs process', () => {
  it('is restarted when it dies, and not once stopped', async () => {
    const errors: object[] = [];
    const jobs = startJobsProcess({
      entry: pathToFileURL(fixture),
      env: { ...process.env },
      execArgv,
      log: { error: (obj) => errors.push(obj) },
    });
    try {
      const first = await until(() => jobs.pid());
      await until(() => (alive(first) ? true : undefined));
      process.kill(first, 'SIGKILL');
      const second = await until(() => {
        const pid = jobs.pid();
        return pid !== undefined && pid !== first ? pid : undefined;
      });
      expect(errors).toEqual([
        expect.objectContaining({ code: null, signal: 'SIGKILL', restartInSeconds: 1 }),
      ]);

      await jobs.stop();
      expect(alive(second)).toBe(false);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(jobs.pid()).toBeUndefined();
    } finally {
      await jobs.stop();
    }
  });

  it('lowers its own priority and leaves when the server is gone', async () => {
    const child: ChildProcess = fork(fixture, [], {
      execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const messages: Array<{ pid?: number; priority?: number }> = [];
    child.on('message', (m) => messages.push(m as (typeof messages)[number]));
    const hello = await until(() => messages.find((m) => m.pid !== undefined));
    expect(hello.priority).toBe(JOBS_NICE);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    // What the child sees when the server dies: its IPC channel closes.
    child.disconnect();
    expect(await exited).toBe(0);
  });
});

import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { startServer } from './harness';

/**
 * The demo store is loaded and analysed by jobs after a first start, which costs a minute of both cores.
 * Done once per run (global-setup.ts): the product starts on the template folder, every demo job finishes,
 * the product stops cleanly, and each file's server then starts on a copy of the folder.
 */
export async function buildDemoTemplate(dir: string, env: Record<string, string> = {}): Promise<void> {
  const server = await startServer(env, { dataDir: dir });
  try {
    await waitForDemoAnalysed(dir);
  } finally {
    await server.stop();
  }
  rmSync(path.join(dir, 'tidemark.lock'), { force: true });
}

/** The run's template folder, or null when there is none (E2E_DEMO_TEMPLATE=off). */
export function demoTemplateDir(): string | null {
  try {
    return inject('demoTemplate') || null;
  } catch {
    return null;
  }
}

/** Copies the template into an empty folder, keeping owners and modes (the cluster runs as 'postgres' under root). */
export function copyTemplate(template: string, into: string): void {
  execFileSync('cp', ['-a', `${template}/.`, into]);
  rmSync(path.join(into, 'tidemark.lock'), { force: true });
}

async function waitForDemoAnalysed(dataDir: string): Promise<void> {
  const credentials = JSON.parse(readFileSync(path.join(dataDir, 'credentials.json'), 'utf8')) as {
    user: string;
    password: string;
  };
  const client = new pg.Client({
    host: path.join(dataDir, 'run'),
    user: credentials.user,
    password: credentials.password,
    database: 'tidemark',
  });
  await client.connect();
  try {
    const deadline = Date.now() + 900_000;
    let quiet = 0;
    for (;;) {
      const { rows } = await client.query<{ demo_done: number; busy: number }>(
        `select
           (select count(*)::int from tidemark_jobs.job
             where name like 'demo.%' and state = 'completed') as demo_done,
           (select count(*)::int from tidemark_jobs.job
             where state in ('created', 'retry', 'active') and start_after <= now()
               and name not like '\\_\\_pgboss%') as busy`,
      );
      const { demo_done: demoDone, busy } = rows[0]!;
      // Both demo jobs done and nothing left to run, three polls in a row (a finished job queues the next).
      quiet = demoDone >= 2 && busy === 0 ? quiet + 1 : 0;
      if (quiet >= 3) return;
      if (Date.now() > deadline) throw new Error('the demo workspace was not analysed within 15 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}

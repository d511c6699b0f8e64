import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailSink, type MailSink } from '../../e2e/support/mail-sink';
import type { Cleanup } from './cleanup';
import { repoRoot } from './settings';

export interface ProductServer {
  url: string;
  /** The Node process serving the API (its memory is the product's). */
  pid: number;
  dataDir: string;
  /** The SMTP server the product e-mails its sign-in links to. */
  mail: MailSink;
  logs: string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/**
 * The production build as `npm start` runs it, on a fresh embedded database in a temporary DATA_DIR, with no
 * demo data and warnings only. Production has no local outbox, so sign-in links go to an SMTP sink.
 */
export async function startProductServer(
  cleanup: Cleanup,
  /** Overrides for a one-off look (LOG_LEVEL=debug shows the database's own log). */
  env: Record<string, string> = {},
): Promise<ProductServer> {
  const entry = path.join(repoRoot, 'apps/server/dist/server.js');
  if (!existsSync(entry) || !existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('No production build: run "npm run build" first.');
  }
  const port = await freePort();
  const mail = await startMailSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidemark-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      SMTP_URL: mail.url,
      SEED_DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    logs.push(d.toString());
    if (logs.length > 5000) logs.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await mail.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    })());
  // Registered before the server is up, so Ctrl-C during its start also stops it and deletes its folder.
  cleanup.add('stop the product server', stop);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${logs.join('')}`);
    }
    try {
      if ((await fetch(`${url}/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start in 90 s:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid!, dataDir, mail, logs, stop };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { browserEnv, installClock, shiftedClockEnv } from './clock';
import { copyTemplate, demoTemplateDir } from './demo-template';
import { startMailSink, type MailSink } from './mail-sink';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const artifactsDir = path.join(repoRoot, 'artifacts', 'screenshots');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: string[];
  /** The SMTP server the product delivers its e-mail to. */
  mail: MailSink;
  /** How far the product's clock runs ahead of the run's (see clock.ts). */
  clockShiftMs: number;
  /** Now, as the product sees it. */
  now(): number;
  /** Stops the server and deletes its data (unless it was started on a given folder). */
  stop(): Promise<void>;
  /** Kills the process outright, as a crash or an OOM killer would; its data stays. */
  kill(): Promise<void>;
}

/**
 * The production build, as `npm start` runs it, on an embedded database in a temporary folder. Unless the
 * demo data is switched off (or `fresh` is set), the folder starts as a copy of the run's analysed demo.
 * `clockShiftMs` moves this server's clock (and its database's) that far ahead of the run's (clock.ts).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; fresh?: boolean; clockShiftMs?: number } = {},
): Promise<RunningServer> {
  const entry = path.join(repoRoot, 'apps/server/dist/server.js');
  if (!existsSync(entry) || !existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('No production build: run "npm run build" first (npm test does).');
  }
  const port = await freePort();
  const mail = await startMailSink();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'tidemark-e2e-'));
  const wantsDemo =
    !options.dataDir && !options.fresh && env.SEED_DEMO !== 'false' && env.SEED_DEMO_DATA !== 'false';
  if (wantsDemo) {
    const template = demoTemplateDir();
    if (template) copyTemplate(template, dataDir);
  }
  const url = `http://localhost:${port}`;
  const logs: string[] = [];
  const clockShiftMs = options.clockShiftMs ?? 0;
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
      ...shiftedClockEnv(clockShiftMs),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
  // Generous: on two shared cores a cold start with migrations can take a minute or more.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Leave nothing running: the server (and through its exit, its embedded database) and the mail sink.
      child.kill('SIGTERM');
      await mail.close().catch(() => undefined);
      throw new Error(`server did not start:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    logs,
    mail,
    clockShiftMs,
    now: () => Date.now() + clockShiftMs,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
      await mail.close();
    },
    async stop() {
      await mail.close().catch(() => undefined);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    env: browserEnv(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A browser context; pass the server's `clockShiftMs` when its clock runs ahead of the run's. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  clockShiftMs = 0,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 } });
  await installClock(context, clockShiftMs);
  return context;
}

/** Screenshots land in artifacts/ (git-ignored) for a person to look at after the run. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

/** The newest sign-in link e-mailed to an address, as the recipient would find it in their inbox. */
export async function latestLinkFor(server: RunningServer, email: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const message = server.mail.messages.findLast((m) => m.to.includes(email.toLowerCase()));
    const link = message?.text.match(/https?:\/\/\S+\/v1\/auth\/magic-login\/callback\?token=[\w-]+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${email} reached the mail server`);
}

/** Signs in through the real form and the e-mailed link. */
export async function signInByMagicLink(
  page: Page,
  server: RunningServer,
  email: string,
  from = '/login',
): Promise<void> {
  await page.goto(from);
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByRole('button', { name: /send magic link/i }).click();
  await page.getByText('Please check your email for the login link').waitFor();
  await page.goto(await latestLinkFor(server, email));
}

export { rmSync };

/** A signed-in HTTP session without a browser: the cookie header and the CSRF token to send with changes. */
export async function apiSession(
  server: RunningServer,
  email: string,
): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${server.url}/v1/auth/magic-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destination: email }),
  });
  if (!res.ok) throw new Error(`magic link request failed: ${res.status} ${await res.text()}`);
  const link = await latestLinkFor(server, email);
  const callback = await fetch(link, { redirect: 'manual' });
  const cookies = callback.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('tm_csrf='))?.slice('tm_csrf='.length);
  if (!csrf) throw new Error('no session after following the sign-in link');
  return { cookie: cookies.join('; '), csrf };
}

/**
 * One production server and one browser for a test file, started before its tests and stopped after them.
 * `env` may be a function, read when the server starts: a file's earlier beforeAll can start local fakes first.
 */
export function useProduct(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: { clockShiftMs?: number } = {},
): {
  readonly server: RunningServer;
  readonly browser: Browser;
} {
  const state: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    state.server = await startServer(typeof env === 'function' ? env() : env, options);
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });
  return {
    get server() {
      if (!state.server) throw new Error('the server starts in beforeAll');
      return state.server;
    },
    get browser() {
      if (!state.browser) throw new Error('the browser starts in beforeAll');
      return state.browser;
    },
  };
}

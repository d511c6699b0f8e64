import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { browserEnv, installClock, shiftedClockEnv } from './clock';
import { copyTemplate, demoTemplateDir } from './demo-template';
import { spooledMail, startMailSink, type MailSink } from './mail-sink';

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
  /** Where sign-ins of one address take turns, for a server files share (see oneSignInAt). */
  signInLockDir?: string;
  /** How far the product's clock runs ahead of the run's (see clock.ts). */
  clockShiftMs: number;
  /** Now, as the product sees it. */
  now(): number;
  /** Stops the server and deletes its data (unless it was started on a given folder). */
  stop(): Promise<void>;
  /** Kills the process outright, as a crash or an OOM killer would; its data stays. */
  kill(): Promise<void>;
}

/** The run's copy of the web build (global-setup.ts), for a server started by a test file. */
function runWebDist(): Record<string, string> {
  try {
    const dir = inject('webDist');
    return dir ? { WEB_DIST_DIR: dir } : {};
  } catch {
    return {};
  }
}

/**
 * The production build, as `npm start` runs it, on an embedded database in a temporary folder. Unless the
 * demo data is switched off (or `fresh` is set), the folder starts as a copy of the run's analysed demo.
 * `clockShiftMs` moves this server's clock (and its database's) that far ahead of the run's (clock.ts).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; fresh?: boolean; clockShiftMs?: number; mailSpoolDir?: string } = {},
): Promise<RunningServer> {
  const entry = path.join(repoRoot, 'apps/server/dist/server.js');
  if (!existsSync(entry) || !existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('No production build: run "npm run build" first (npm test does).');
  }
  const port = await freePort();
  const mail = await startMailSink({ spoolDir: options.mailSpoolDir });
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
      ...runWebDist(),
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

/**
 * A browser context; pass the server's `clockShiftMs` when its clock runs ahead of the run's. Its person asks
 * for reduced motion, as the app honours it: no transition is caught half-way in a screenshot or a contrast
 * check, and the two cores are not spent drawing animation frames. `motion: 'no-preference'` for the default.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  {
    clockShiftMs = 0,
    motion = 'reduce',
  }: { clockShiftMs?: number; motion?: 'reduce' | 'no-preference' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1366, height: 860 },
    reducedMotion: motion,
  });
  await installClock(context, clockShiftMs);
  return context;
}

/** Screenshots land in artifacts/ (git-ignored) for a person to look at after the run. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

const mailTo = (server: RunningServer, email: string) =>
  server.mail.messages.filter((m) => m.to.includes(email.toLowerCase()));

/**
 * The newest sign-in link e-mailed to an address, as the recipient would find it in their inbox; with
 * `after`, only a link in a message beyond the first `after` to that address (one asked for since).
 */
export async function latestLinkFor(server: RunningServer, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const message = mailTo(server, email).slice(after).at(-1);
    const link = message?.text.match(/https?:\/\/\S+\/v1\/auth\/magic-login\/callback\?token=[\w-]+/)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} reached the mail server`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether the process whose id a lock file holds still runs (a lock being written reads as held). */
function holderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return true;
  }
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Runs a sign-in of `email` (ask for a link, follow it) while no other file signs in as that address: files
 * run two at a time on the shared server and many sign in as the demo's owner, and each must follow the
 * link it asked for (a link works once). `fn` gets how many messages the address had before.
 */
export async function oneSignInAt<T>(
  server: RunningServer,
  email: string,
  fn: (before: number) => Promise<T>,
): Promise<T> {
  const lock = server.signInLockDir
    ? path.join(server.signInLockDir, `${encodeURIComponent(email.toLowerCase())}.lock`)
    : null;
  if (lock) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      try {
        writeFileSync(lock, String(process.pid), { flag: 'wx' });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        // A worker that died holding the lock left it behind: take it over rather than wait it out (a run
        // that lost a worker fails anyway; this keeps the other files' sign-ins going meanwhile).
        if (!holderAlive(lock)) {
          rmSync(lock, { force: true });
          continue;
        }
        if (Date.now() > deadline)
          throw new Error(`another file held the sign-in of ${email} for 2 minutes`, { cause: error });
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }
  try {
    return await fn(mailTo(server, email).length);
  } finally {
    if (lock) rmSync(lock, { force: true });
  }
}

/** Signs in through the real form and the e-mailed link. */
export async function signInByMagicLink(
  page: Page,
  server: RunningServer,
  email: string,
  from = '/login',
): Promise<void> {
  await oneSignInAt(server, email, async (before) => {
    await page.goto(from);
    await page.getByRole('textbox', { name: /email/i }).fill(email);
    await page.getByRole('button', { name: /send magic link/i }).click();
    await page.getByText('Please check your email for the login link').waitFor();
    await page.goto(await latestLinkFor(server, email, before));
  });
}

export { rmSync };

/** Asks for a sign-in link for `email` and opens it with `open`, while no other file signs in as that address. */
async function openSignInLink<T>(
  server: RunningServer,
  email: string,
  open: (link: string) => Promise<T>,
): Promise<T> {
  return oneSignInAt(server, email, async (before) => {
    const res = await fetch(`${server.url}/v1/auth/magic-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destination: email }),
    });
    if (!res.ok) throw new Error(`magic link request failed: ${res.status} ${await res.text()}`);
    return open(await latestLinkFor(server, email, before));
  });
}

/** A signed-in HTTP session without a browser: the cookie header and the CSRF token to send with changes. */
export async function apiSession(
  server: RunningServer,
  email: string,
): Promise<{ cookie: string; csrf: string }> {
  const callback = await openSignInLink(server, email, (link) => fetch(link, { redirect: 'manual' }));
  const cookies = callback.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('tm_csrf='))?.slice('tm_csrf='.length);
  if (!csrf) throw new Error('no session after following the sign-in link');
  return { cookie: cookies.join('; '), csrf };
}

/**
 * Signs a browser context in as `email` (signing a new address up) by opening its e-mailed link with the
 * context's own request client, which keeps the cookies the link sets as the browser would, without loading
 * the sign-in page and the page it lands on: two page loads fewer per sign-in, for files whose subject is what
 * comes after. Files about signing in itself (auth, onboarding, workspaces, members, the landing redirect in
 * home) use the real form: signInByMagicLink.
 */
export async function signInContext(
  context: BrowserContext,
  server: RunningServer,
  email: string,
): Promise<void> {
  await openSignInLink(server, email, (link) => context.request.get(link, { maxRedirects: 0 }));
  if (!(await context.cookies(server.url)).some((c) => c.name === 'tm_csrf'))
    throw new Error('no session after following the sign-in link');
}

/** The run's shared server (global-setup.ts), or null when the run has none. */
function sharedServer(): RunningServer | null {
  let shared: { url: string; dataDir: string; mailDir: string } | null;
  try {
    shared = inject('sharedServer') || null;
  } catch {
    return null;
  }
  if (!shared) return null;
  const { url, dataDir, mailDir } = shared;
  const signInLockDir = path.join(mailDir, 'sign-in-locks');
  mkdirSync(signInLockDir, { recursive: true });
  return {
    url,
    dataDir,
    logs: [],
    mail: spooledMail(mailDir),
    signInLockDir,
    clockShiftMs: 0,
    now: () => Date.now(),
    // The run owns it: global-setup.ts stops it after the last file.
    stop: async () => undefined,
    kill: () => Promise.reject(new Error('the shared server cannot be killed: start one with { own: ... }')),
  };
}

/**
 * A production server and one browser for a test file, started before its tests and stopped after them.
 * With no env and no options the file uses the run's shared server (global-setup.ts) on a copy of the
 * analysed demo: it makes its own workspaces there (sign-ups) and only reads the demo store. A file that
 * changes the demo store, or needs its own env or clock, gets a server of its own: pass the env, a
 * `clockShiftMs`, or `own` saying why. `env` may be a function, read when the server starts: a file's
 * earlier beforeAll can start local fakes first.
 */
export function useProduct(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: { clockShiftMs?: number; own?: string } = {},
): {
  readonly server: RunningServer;
  readonly browser: Browser;
} {
  const state: { server?: RunningServer; browser?: Browser } = {};
  const wantsOwn =
    typeof env === 'function' || Object.keys(env).length > 0 || !!options.clockShiftMs || !!options.own;
  beforeAll(async () => {
    const shared = wantsOwn ? null : sharedServer();
    const [server, browser] = await Promise.all([
      shared ?? startServer(typeof env === 'function' ? env() : env, options),
      launchBrowser(),
    ]);
    state.server = server;
    state.browser = browser;
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

/**
 * Waits until the page is still: two frames painted since the call and no CSS animation or transition
 * running (MUI fades dialogs, menus and tooltips in and out). Use it before a screenshot, or after a key
 * press to see what the press did; it replaces a fixed sleep with the state the sleep hoped for.
 */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  resolve(
                    document
                      .getAnimations()
                      // Spinners and skeletons loop for ever: only animations that end count.
                      .filter(
                        (a) =>
                          a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
                      ).length,
                  ),
                ),
              ),
            ),
        ),
      { timeout: 10_000, interval: 50 },
    )
    .toBe(0);
}

/**
 * A screenshot of a page or element once it has stopped moving: ECharts animates on a canvas, which no CSS
 * query sees, so it shoots until a picture repeats one of the two before it and saves that one to `file`.
 * Two, not one: something that toggles (an editor's blinking cursor in the API reference) never gives two
 * equal pictures in a row when each shot takes longer than a blink, as on a loaded machine.
 */
export async function stillShot(target: Page | Locator, file: string): Promise<void> {
  // The last three pictures, newest last.
  const recent: Buffer[] = [];
  await expect
    .poll(
      async () => {
        const shot = await target.screenshot({ animations: 'disabled' });
        recent.push(shot);
        if (recent.length > 3) recent.shift();
        return recent.slice(0, -1).some((earlier) => earlier.equals(shot));
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, recent.at(-1)!);
}

import type { BrowserContext } from 'playwright-core';
export { shiftedClockEnv } from '../../scripts/faketime.mjs';

/**
 * The browser tests run on the run's clock: real time, or TEST_NOW's moment when the whole suite runs as if
 * it were another day (scripts/test-all.mjs moves every process with libfaketime). A file may move its own
 * server further ahead (`startServer(env, { clockShiftMs })`, through libfaketime too), as the uploaded-spike
 * tests do when no recent day is free of the retail calendar.
 *
 * Chromium does not load pages under libfaketime, so it runs on real time (browserEnv) and its pages get
 * Playwright's clock instead, set to the server's time and flowing on from there. Cookies are unaffected: the
 * server sets them with Max-Age, which the browser counts from its own clock.
 */
const runClockMoved = () => Boolean(process.env.FAKETIME);

export async function installClock(context: BrowserContext, shiftMs: number): Promise<void> {
  if (shiftMs !== 0 || runClockMoved()) await context.clock.install({ time: Date.now() + shiftMs });
}

/** Chromium's environment: this process's, without the moved clock. */
export function browserEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('FAKETIME') && k !== 'LD_PRELOAD') env[k] = v;
  }
  return env;
}

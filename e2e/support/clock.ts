import type { BrowserContext } from 'playwright-core';
export { shiftedClockEnv } from '../../scripts/faketime.mjs';

/**
 * The browser tests run on the run's clock: real time, or TEST_NOW's moment when the whole suite runs as if
 * it were another day (scripts/test-all.mjs moves every process with libfaketime, Chromium included). A file
 * may move its own server further ahead (`startServer(env, { clockShiftMs })`, through libfaketime too), as
 * the uploaded-spike tests do when no recent day is free of the retail calendar; its pages then get
 * Playwright's clock, set to the server's time and flowing on from there. Cookies are unaffected: the server
 * sets them with Max-Age, which the browser counts from its own clock.
 */
export async function installClock(context: BrowserContext, shiftMs: number): Promise<void> {
  if (shiftMs !== 0) await context.clock.install({ time: Date.now() + shiftMs });
}

/**
 * Chromium's environment: this process's. On a moved clock its monotonic clock moves too: with only the wall
 * clock moved it takes seconds to load a page (Node keeps its monotonic clock real, for its timers).
 */
export function browserEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  if (env.FAKETIME) env.FAKETIME_DONT_FAKE_MONOTONIC = '0';
  return env;
}

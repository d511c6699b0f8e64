import type { BrowserContext } from 'playwright-core';
export { shiftedClockEnv } from '../../scripts/faketime.mjs';

/**
 * The browser tests run on the run's clock: real time, or TEST_NOW's moment when the whole suite runs as if
 * it were another day (scripts/test-all.mjs moves every process with libfaketime). A file may move its own
 * server further ahead (`startServer(env, { clockShiftMs })`, through libfaketime too), as the uploaded-spike
 * tests do when no recent day is free of the retail calendar; its pages then get Playwright's clock, set to
 * the server's time and flowing on from there.
 */
export async function installClock(context: BrowserContext, shiftMs: number): Promise<void> {
  if (shiftMs !== 0) await context.clock.install({ time: Date.now() + shiftMs });
}

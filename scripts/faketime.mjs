// A process on a shifted wall clock: libfaketime (Debian's `faketime` package) preloaded into it and the
// processes it starts, so Node's Date, PostgreSQL's now() and Chromium all read the same moved time while the
// monotonic clock (timers, timeouts) stays real. TEST_NOW runs the whole suite this way (test-all.mjs); a
// browser test may move one server further (e2e/support/clock.ts).
import { existsSync } from 'node:fs';

const LIBS = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1',
  '/usr/lib/faketime/libfaketimeMT.so.1',
];

export function libfaketimePath() {
  return LIBS.find((p) => existsSync(p)) ?? null;
}

/** The offset, in seconds, this process already runs at (a FAKETIME this module wrote), else 0. */
function inheritedSeconds(env) {
  const m = /^[+-]\d+$/.exec(env.FAKETIME ?? '');
  return m ? Number(m[0]) : 0;
}

/**
 * The variables that run a child `offsetMs` further from this process's clock: for no shift, this process's
 * own (none on real time), since a child started with a fresh environment would otherwise fall back to it.
 */
export function shiftedClockEnv(offsetMs, env = process.env) {
  if (offsetMs === 0) {
    const own = {};
    for (const k of ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_FAKE_MONOTONIC']) if (env[k]) own[k] = env[k];
    return own;
  }
  const lib = libfaketimePath();
  if (!lib) {
    throw new Error(
      'Running on a shifted clock needs libfaketime: apt-get install faketime ' +
        '(npm test installs it with Chromium when it runs as root).',
    );
  }
  const seconds = inheritedSeconds(env) + Math.round(offsetMs / 1000);
  const preload = (env.LD_PRELOAD ?? '').split(/[:\s]+/).filter((p) => p && p !== lib);
  return {
    LD_PRELOAD: [lib, ...preload].join(':'),
    FAKETIME: `${seconds >= 0 ? '+' : ''}${seconds}`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

// npm test: the unit and web projects in one Vitest process and the browser tests in another, side by
// side, each with its own workers (vitest.config.ts): the browser tests start with their global setup (the
// demo analysed, a minute of work) while the PostgreSQL-bound API tests already run, and the two halves
// finish at about the same time. With arguments, it is plain `vitest run <args>`.
//
// TEST_NOW=2026-07-01T12:00:00Z runs the tests as if it were that moment (time flows on from it): every
// process, the embedded databases and Chromium included, reads a wall clock moved by libfaketime
// (faketime.mjs), so a failure that depends on the date can be reproduced on any day. The tests then use
// embedded databases, whose clock moves too, in place of TEST_DATABASE_URL's server.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { shiftedClockEnv } from './faketime.mjs';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const args = process.argv.slice(2);

function runEnv() {
  const env = { ...process.env };
  if (!env.TEST_NOW) return env;
  const t = Date.parse(env.TEST_NOW);
  if (!Number.isFinite(t)) {
    console.error(`TEST_NOW is not a date: ${env.TEST_NOW}`);
    process.exit(2);
  }
  console.log(`Running as if it were ${new Date(t).toISOString()} (TEST_NOW)`);
  delete env.TEST_DATABASE_URL;
  return { ...env, ...shiftedClockEnv(t - Date.now(), env) };
}
const baseEnv = runEnv();

function run(label, extra) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...vitest, ...extra], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...baseEnv, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    let summary = null;
    const failures = [];
    let inFailures = false;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        const m = line.match(/^tests: (\d+) passed, (\d+) failed, (\d+) skipped$/);
        if (m) summary = m.slice(1).map(Number);
        // The summary reporter names each failure under 'failed:'; they are repeated at the very end.
        if (line === 'failed:') inFailures = true;
        else if (inFailures && line.startsWith('  ')) failures.push(line);
        else inFailures = false;
        process.stdout.write(label ? `[${label}] ${line}\n` : `${line}\n`);
      });
    }
    child.on('exit', (code, signal) => resolve({ label, code: code ?? (signal ? 1 : 0), summary, failures }));
  });
}

if (args.length > 0) {
  const { code } = await run('', args);
  process.exit(code);
}

const started = Date.now();
const results = await Promise.all([
  run('unit+web', ['--project', 'unit', '--project', 'web']),
  run('e2e', ['--project', 'e2e']),
]);
const total = [0, 0, 0];
for (const r of results) {
  // A process that ended without its summary line (a crash) counts as one failure.
  const [passed, failed, skipped] = r.summary ?? [0, 1, 0];
  total[0] += passed;
  total[1] += failed;
  total[2] += skipped;
  console.log(`${r.label}: exit ${r.code}, ${passed} passed, ${failed} failed, ${skipped} skipped`);
  for (const f of r.failures) console.log(`${r.label} failed:${f}`);
}
console.log(`all tests finished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`\ntests: ${total[0]} passed, ${total[1]} failed, ${total[2]} skipped`);
process.exit(results.some((r) => r.code !== 0) || total[1] > 0 ? 1 : 0);

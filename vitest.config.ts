import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: one on this 2-core machine, where a file waiting on
// PostgreSQL then leaves its core idle. Two or more (the API and web tests took 821 s with one, 642 s with two).
const WORKERS = Math.max(2, availableParallelism() - 1);

// Three projects: pure and API tests in Node, web components in jsdom, browser tests against the production build.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          setupFiles: ['./scripts/fast-check-setup.ts'],
          globalSetup: ['./scripts/test-database.ts'],
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            // The browser tests' fixtures, checked without a browser.
            'e2e/support/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share their worker's modules (about 90 s less importing on two cores): each test builds
          // its own app and database, and in-process memories are kept per database (events.service.ts).
          isolate: false,
          maxWorkers: WORKERS,
        },
      },
      {
        // npm run bench:quality: figures printed, never part of npm test.
        test: {
          name: 'bench',
          environment: 'node',
          globalSetup: ['./scripts/test-database.ts'],
          include: ['scripts/bench/*.run.ts'],
          testTimeout: 3_600_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/testing/setup.ts'],
          // jsdom renders whole screens; on two busy cores a long one passes vitest's default 5 s.
          testTimeout: 30_000,
          // Not isolate: false: jsdom screens left behind by earlier files made the project 706 s against 255 s.
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/*.test.ts'],
          globalSetup: ['./e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time: a file spends most of its time waiting on a page, a job or the database, and
          // the other uses the core meanwhile (the suite took 700 s one at a time, 538 s two at a time, on two
          // cores beside the API tests). Files share the run's server through workspaces of their own, and
          // sign-ins of one address take turns (harness.ts oneSignInAt).
          maxWorkers: 2,
          // A page settles in well under a second on a quiet machine, but CI may run at a fraction of its
          // speed: a poll gives up only after 30 s (Vitest's default is 1 s).
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});

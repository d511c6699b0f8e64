import { defineConfig } from 'vitest/config';

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
          // One browser and one server at a time: the machine has two cores.
          fileParallelism: false,
          // A page settles in well under a second on a quiet machine, but CI may run at a fraction of its
          // speed: a poll gives up only after 30 s (Vitest's default is 1 s).
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});

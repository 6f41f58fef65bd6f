// Test tiers (STYLE.md): unit and integration tests on PGlite, the same integration suite again
// on PostgreSQL when TEST_DATABASE_URL is set, and end-to-end tests in Chromium on the built app.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * What the browser projects share. expect.poll waits up to 5 s: Vitest's default second is shorter
 * than what the screens wait on when the machine is busy (a smooth scroll over the landing page,
 * about 0.9 s here; transitions; the server's jobs), and a poll returns as soon as it holds.
 */
const BROWSER_TESTS = {
  testTimeout: 120_000,
  hookTimeout: 120_000,
  expect: { poll: { timeout: 5_000 } },
};

/**
 * e2e and e2e-postgres: two files at a time, after the unit and server files (a group of their
 * own). Each file has its own server process (a free port, its own DATA_DIR, database and pm2) and
 * its own Chromium, and spends much of its time waiting on them, so a second file uses what one
 * leaves of the two cores.
 */
const BROWSER_FILES_IN_PARALLEL = { maxWorkers: 2, sequence: { groupOrder: 1 } };

/**
 * What the PostgreSQL pass leaves to server-long's PGlite run: the runs at size, whose subject is
 * the amount (a million-row export in bounded memory, a flood of 5,000 logins) and whose SQL and
 * code paths the same files at ordinary size check on both databases; and the bots on the
 * Capital.com fake, which exercise the bot processes and the broker, not the database.
 */
const PGLITE_PASS_ONLY = [
  'apps/server/test/long/statements-at-size.test.ts',
  'apps/server/test/long/login-throttle-at-size.test.ts',
  'apps/server/test/long/capital-crash-matrix.test.ts',
  'apps/server/test/long/capital-one-account.test.ts',
];

/**
 * The server files of a worker share one module graph instead of importing the app anew: that
 * import was about a third of a server file's CPU (npm test: 447 -> 302 s of CPU, 918 -> 425 s of
 * wall time at load 10-19). Nothing passes between files through modules: each test builds its own
 * app on its own database (test/support/test-app.ts). server-long stays isolated (its files start
 * bot processes and one sets an environment variable).
 */
const SHARED_MODULES = { isolate: false };

/** The browser projects on PGlite: each file's server starts from a migrated database made once. */
const PGLITE_TEMPLATE = ['e2e/support/pglite-template-setup.ts'];

/** Lighthouse on the built app's front door (issue 35): its own project, kept out of `e2e`. */
const LIGHTHOUSE_TEST = 'e2e/lighthouse.test.ts';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine. The unit
    // and server files run at least two at a time (each in a worker process, on databases of its
    // own); the browser files two at a time after them (BROWSER_FILES_IN_PARALLEL).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            // The test doubles' own tests (the Capital.com fake's rules).
            'apps/server/test/support/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            // The web app's build steps (precompression).
            'apps/web/build/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'server-pglite',
          ...SHARED_MODULES,
          include: ['apps/server/test/**/*.test.ts'],
          // The long runs (real bot processes, a 1,000,000-row export, a 5,000-login flood) are server-long's;
          // several server processes on one database (test/cluster) need PostgreSQL: server-postgres's.
          exclude: ['apps/server/test/support/**', 'apps/server/test/long/**', 'apps/server/test/cluster/**'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/support/pglite-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // npm run test:all only: what would take npm test past its five minutes (real bot
        // processes under pm2 and tsx, the kill -9 matrix, runs at size).
        test: {
          name: 'server-long',
          include: ['apps/server/test/long/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/support/pglite-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                ...SHARED_MODULES,
                include: ['apps/server/test/**/*.test.ts'],
                exclude: ['apps/server/test/support/**', ...PGLITE_PASS_ONLY],
                env: { TEST_DB: 'postgres' },
                globalSetup: ['apps/server/test/support/postgres-global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...(postgresUrl
        ? [
            {
              test: {
                // The main browser flow again with the server on PostgreSQL.
                name: 'e2e-postgres',
                include: ['e2e/dashboard-flows.test.ts'],
                env: { E2E_DATABASE: 'postgres' },
                ...BROWSER_TESTS,
                ...BROWSER_FILES_IN_PARALLEL,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: [LIGHTHOUSE_TEST],
          globalSetup: PGLITE_TEMPLATE,
          ...BROWSER_TESTS,
          ...BROWSER_FILES_IN_PARALLEL,
        },
      },
      {
        // Scores that move with the machine's load: test:all runs this project alone, after the rest.
        test: {
          name: 'lighthouse',
          include: [LIGHTHOUSE_TEST],
          globalSetup: PGLITE_TEMPLATE,
          ...BROWSER_TESTS,
          fileParallelism: false,
        },
      },
    ],
  },
});

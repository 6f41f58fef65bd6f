// Test tiers (STYLE.md): unit and integration tests on PGlite, the same integration suite again
// on PostgreSQL when TEST_DATABASE_URL is set, and end-to-end tests in Chromium on the built app.
import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/test/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/test/**/*.test.ts'],
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
                testTimeout: 120_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

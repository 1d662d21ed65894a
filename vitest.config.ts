import { defineConfig } from 'vitest/config';

// Projects: unit (pure functions), integration on PGlite (always) and on PostgreSQL (when
// DATABASE_URL is set), browser (Chromium through playwright-core, needs the built client).
const integration = (name: 'pglite' | 'postgres') => ({
  test: {
    name: `integration-${name}`,
    include: ['tests/integration/**/*.test.ts'],
    env: { TEST_DB: name },
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      integration('pglite'),
      ...(process.env.DATABASE_URL ? [integration('postgres')] : []),
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

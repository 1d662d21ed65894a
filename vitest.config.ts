import { defineConfig } from 'vitest/config';

/** Test files that never open the database under test (child servers on an embedded database of
 * their own, storage back ends): run once, in the PGlite project, not again on PostgreSQL. */
const BACKEND_AGNOSTIC = ['tests/integration/demo-server.test.ts', 'tests/integration/media-storage.test.ts'];

/** `expect.poll` waits for what must come (a row drawn, a mail received) up to 15 s, not vitest's default
 * second: a loaded 2-core machine draws a screen in more than a second. A poll that passes returns at
 * once, so only a failing one waits the whole time. */
const POLL = { timeout: 15_000, interval: 50 };

// Projects: unit (pure functions), integration on PGlite (always) and on PostgreSQL (when
// DATABASE_URL is set), browser (Chromium through playwright-core, needs the built client).
//
// Speed on a 2-core machine: vitest's default is one worker there (cores - 1), and most test time is
// spent waiting (HTTP round trips, the database server, Chromium drawing, timers), so three workers
// run side by side; `isolate: false` loads the server's module graph (and PGlite's WASM) once per worker instead of
// once per file. Each file still opens its own database copy (or its own churches on PostgreSQL) and
// its own app, and no test changes module state (no mocks, no writes to process.env).
const integration = (name: 'pglite' | 'postgres') => ({
  test: {
    name: `integration-${name}`,
    include: ['tests/integration/**/*.test.ts'],
    exclude: name === 'postgres' ? BACKEND_AGNOSTIC : [],
    env: { TEST_DB: name },
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: { poll: POLL },
    isolate: false,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
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
          expect: { poll: POLL },
          isolate: false,
        },
      },
    ],
  },
});

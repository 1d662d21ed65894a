import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { TESTS_OWN_APPLICATION_NAME } from '../../scripts/citus/router-report.js';
import { loadConfig, type Config } from '../../server/config.js';
import { secretKeys } from '../../server/secret-keys.js';
import { buildApp } from '../../server/app.js';
import { loggerOptions } from '../../server/logging.js';
import { createPgliteDatabase } from '../../server/db/pglite.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { rowsOf, type Database } from '../../server/db/index.js';

export type Backend = 'pglite' | 'postgres';
/** The tenant door's pool of a test database on PostgreSQL (the platform door's is max(2, size/4)). */
export const POSTGRES_TEST_POOL_SIZE = 5;
export const backend = (process.env.TEST_DB ?? 'pglite') as Backend;
/** The PostgreSQL project runs against a Citus cluster's coordinator (npm run test:citus). */
export const onCitus = backend === 'postgres' && process.env.TEST_CITUS === '1';

/** A migrated database of the backend under test: a private PGlite copy, or the shared server.
 * `sessionSetup`: how its doors set their session (TENANT_SESSION_SETUP; default set_config).
 * `postgresUrl`: the owner URL to connect with instead of DATABASE_URL (the same database reached
 * another way, e.g. through tests/helpers/tcp-proxy.ts; the runtime logins keep its host and port). */
export async function openTestDatabase(
  options: { sessionSetup?: Config['TENANT_SESSION_SETUP']; postgresUrl?: string } = {},
): Promise<Database> {
  if (backend === 'postgres') {
    const url = options.postgresUrl ?? process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const db = createPostgresDatabase(url, POSTGRES_TEST_POOL_SIZE, { sessionSetup: options.sessionSetup });
    return onCitus ? markTestsOwnStatements(db) : db;
  }
  const template = readFileSync(inject('pgliteTemplate'));
  return createPgliteDatabase({ loadDataDir: new Blob([template]), ...options });
}

const unmarkedDoors = new WeakMap<Database, Database['withTenant']>();

/** The tenant door as the server has it, for a test of the statements the door itself sends. */
export function unmarkedWithTenant(db: Database): Database['withTenant'] {
  return unmarkedDoors.get(db) ?? db.withTenant.bind(db);
}

/** On Citus: the tenant door's transactions opened from a file under tests/ set application_name
 * (seen in the coordinator's log line), those of the server do not. */
function markTestsOwnStatements(db: Database): Database {
  const withTenant = db.withTenant.bind(db);
  unmarkedDoors.set(db, withTenant);
  db.withTenant = (churchId, fn) => {
    // The frame below this one is the caller: test code or the server.
    const caller = new Error().stack?.split('\n')[2] ?? '';
    if (!caller.includes('/tests/')) return withTenant(churchId, fn);
    return withTenant(churchId, async (tx) => {
      await tx.execute(sql.raw(`set local application_name = '${TESTS_OWN_APPLICATION_NAME}'`));
      return fn(tx);
    });
  };
  return db;
}

/** The test apps' keys (server/secret-keys.ts), so no test writes a key file: the TOTP seed key
 * seals the seeds createOperator stores (testSeedKey) for every app and server process of the run. */
export const TEST_SECRET_KEYS = {
  TOTP_SEED_KEY: 'test-totp-seed-key-of-the-suite-not-a-secret',
  BACKUP_SIGNING_KEY: 'test-backup-signing-key-of-the-suite-not-a-secret',
};
export const testSeedKey = () => secretKeys({ KEYS_DIR: '', BACKUP_SIGNING_KEY: undefined, TOTP_SEED_KEY: TEST_SECRET_KEYS.TOTP_SEED_KEY }).get('totpSeed');

export interface TestApp {
  url: string;
  server: Awaited<ReturnType<typeof buildApp>>;
  db: Database;
  config: Config;
  close(): Promise<void>;
}

/** The real server (Fastify, tRPC, REST, database) on a random port; `log` receives its log lines
 * (as the server writes them, with the configured level and redaction) when given. */
export async function startTestApp(
  env: Record<string, string> = {}, log: { stream?: Writable } = {}, database: { postgresUrl?: string } = {},
): Promise<TestApp> {
  // Without SMTP the server writes its mails to an outbox folder: each test app gets its own, never ./data.
  const outbox = env.MAIL_OUTBOX_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'ss-outbox-'));
  // Gallery files likewise: a folder of this app's own unless the test names one (or a bucket).
  const uploads = env.UPLOADS_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'ss-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', ...TEST_SECRET_KEYS,
    ...(outbox ? { MAIL_OUTBOX_DIR: outbox } : {}), ...(uploads ? { UPLOADS_DIR: uploads } : {}), ...env,
  });
  const db = await openTestDatabase({ sessionSetup: config.TENANT_SESSION_SETUP, postgresUrl: database.postgresUrl });
  const logger = log.stream ? { ...loggerOptions(config) as object, stream: log.stream } : false;
  const app = await buildApp({ config, db, logger });
  // PORT 0 (the default here): a random port. A test whose PUBLIC_URL must name the port (the
  // redirect URI of Google sign-in) passes a free one.
  await app.listen({ host: '127.0.0.1', port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    server: app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
      if (outbox) rmSync(outbox, { recursive: true, force: true });
      if (uploads) rmSync(uploads, { recursive: true, force: true });
    },
  };
}

/** The first row of `tx.execute(...)`, whichever driver answered. */
export const firstRow = <T = Record<string, unknown>>(result: unknown): T => rowsOf<T>(result)[0];

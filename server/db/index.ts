import type { Config } from '../config.js';
import type { Database } from './database.js';
import { createPgliteDatabase } from './pglite.js';
import { createPostgresDatabase } from './postgres.js';

export type { Database, Tx } from './database.js';
export { commitEarly, MIGRATIONS_FOLDER, newestMigrationInFolder, rowsOf } from './database.js';
export { byName } from './collation.js';
export { observeDoors } from './observed-doors.js';

type DatabaseConfig = Pick<Config, 'DATABASE_URL' | 'DATABASE_TENANT_URL' | 'DATABASE_PLATFORM_URL' | 'PGLITE_DATA_DIR' | 'DB_POOL_SIZE' | 'TENANT_SESSION_SETUP'>;

/**
 * PostgreSQL when DATABASE_URL (the owner; the runtime logins are provisioned from it) or the two
 * runtime URLs are set; otherwise the embedded PGlite kept in PGLITE_DATA_DIR.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const sessionSetup = config.TENANT_SESSION_SETUP;
  if (config.DATABASE_TENANT_URL && config.DATABASE_PLATFORM_URL) {
    return createPostgresDatabase({
      tenant: config.DATABASE_TENANT_URL, platform: config.DATABASE_PLATFORM_URL, owner: config.DATABASE_URL,
    }, config.DB_POOL_SIZE, { sessionSetup });
  }
  if (config.DATABASE_URL) return createPostgresDatabase(config.DATABASE_URL, config.DB_POOL_SIZE, { sessionSetup });
  return createPgliteDatabase({ dataDir: config.PGLITE_DATA_DIR, sessionSetup });
}

/** Migrations run at start when the owner is known (always on PGlite); otherwise `npm run db:migrate`. */
export const migratesAtStart = (config: DatabaseConfig) => !config.DATABASE_TENANT_URL || Boolean(config.DATABASE_URL);

import type { Config } from '../config.js';
import type { Database } from './database.js';
import { createPgliteDatabase } from './pglite.js';
import { createPostgresDatabase } from './postgres.js';

export type { Database, Tx } from './database.js';
export { commitEarly, rowsOf } from './database.js';

/** DATABASE_URL selects PostgreSQL; otherwise the embedded PGlite kept in PGLITE_DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'PGLITE_DATA_DIR' | 'DB_POOL_SIZE'>): Promise<Database> {
  if (config.DATABASE_URL) return createPostgresDatabase(config.DATABASE_URL, config.DB_POOL_SIZE);
  return createPgliteDatabase({ dataDir: config.PGLITE_DATA_DIR });
}

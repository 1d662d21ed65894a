import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/index.js';
import { EmbeddedDatabaseBusyError } from '../server/db/pglite-lock.js';
import { archiveNameAt, createBackup } from '../server/modules/backup/index.js';
import { createMediaStorage } from '../server/modules/media-storage/index.js';
import { secretKeys } from '../server/secret-keys.js';

// npm run db:backup [-- --out FILE]: one archive of the database (the embedded one in
// PGLITE_DATA_DIR, or DATABASE_URL's) and every uploaded file; default BACKUP_DIR/backup-<time>.zip.
// The embedded database is single-process: while a server has it open this refuses (exit 3); stop
// the server first, or rely on the server's own nightly backup (BACKUP). Exit 2: usage. The manifest
// is signed with the backup signing key (BACKUP_SIGNING_KEY, or KEYS_DIR's): keep it apart from the archives.
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
if (config.DATABASE_TENANT_URL && !config.DATABASE_URL) {
  console.error('A backup reads the whole database: set DATABASE_URL to its owner (a superuser or a role with BYPASSRLS).');
  process.exit(2);
}
if (!config.DATABASE_URL && !existsSync(path.join(config.PGLITE_DATA_DIR, 'PG_VERSION'))) {
  console.error(`There is no embedded database in ${config.PGLITE_DATA_DIR} (PGLITE_DATA_DIR).`);
  process.exit(2);
}
const file = path.resolve(values.out ?? path.join(config.BACKUP_DIR, archiveNameAt(new Date())));
process.umask(0o077); // the archive holds everything: the owner's alone
let db;
try {
  db = await openDatabase(config);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof EmbeddedDatabaseBusyError ? 3 : 1);
}
try {
  const started = Date.now();
  const signingKey = secretKeys(config).get('backupSigning');
  const manifest = await createBackup({ db, ownerUrl: config.DATABASE_URL, pgBinDir: config.PG_BIN_DIR, storage: createMediaStorage(config), signingKey }, file);
  const bytes = manifest.entries.reduce((sum, entry) => sum + entry.bytes, 0);
  console.log(`Backup written to ${file}: the ${manifest.database.kind} database (migration ${manifest.database.migration.tag}) and ${manifest.entries.length - 1} files, ${(bytes / 1e6).toFixed(1)} MB, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.close();
}

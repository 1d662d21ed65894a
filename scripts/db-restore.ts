import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHILD_DATA } from '../server/child-data.js';
import { loadConfig } from '../server/config.js';
import { EmbeddedDatabaseBusyError } from '../server/db/pglite-lock.js';
import { BackupRefusal, restoreBackup } from '../server/modules/backup/index.js';
import { createMediaStorage } from '../server/modules/media-storage/index.js';
import { secretKeys } from '../server/secret-keys.js';
import { erasureJournalIn } from '../server/modules/privacy/index.js';

// npm run db:restore -- ARCHIVE [--force]: restores an archive of npm run db:backup into the
// configured database (a fresh PGLITE_DATA_DIR, or the empty database of DATABASE_URL, its owner)
// and file storage (UPLOADS_DIR or the bucket), after verifying every checksum; then migrates.
// Refusals (a damaged or altered archive, one of a newer version, a target that is not empty without
// --force, a server holding the embedded folder) exit 3 and write nothing. Exit 2: usage.
// The manifest's signature must verify with the backup signing key (BACKUP_SIGNING_KEY, or KEYS_DIR's);
// an unsigned archive (an earlier version's) only with --trust-unsigned: the operator vouches for it.
const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false }, 'trust-unsigned': { type: 'boolean', default: false } }, allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('Usage: npm run db:restore -- <archive.zip> [--force] [--trust-unsigned]');
  process.exit(2);
}
const config = loadConfig();
if (config.DATABASE_TENANT_URL && !config.DATABASE_URL) {
  console.error('A restore writes the whole database: set DATABASE_URL to its owner (a superuser or a role with BYPASSRLS).');
  process.exit(2);
}
process.umask(0o077);
const archive = path.resolve(positionals[0]);
const target = config.DATABASE_URL
  ? { kind: 'postgres' as const, ownerUrl: config.DATABASE_URL, pgBinDir: config.PG_BIN_DIR }
  : { kind: 'pglite' as const, dataDir: config.PGLITE_DATA_DIR };
try {
  const started = Date.now();
  const manifest = await restoreBackup(archive, {
    target, storage: createMediaStorage(config), force: values.force, trustUnsigned: values['trust-unsigned'],
    signingKey: secretKeys(config).get('backupSigning'), erasures: { journal: erasureJournalIn(config.BACKUP_DIR), childData: CHILD_DATA }, log: console.log,
  });
  console.log(`Restored ${archive} (made ${manifest.createdAt} by version ${manifest.appVersion}): the ${manifest.database.kind} database and ${manifest.entries.length - 1} files, in ${((Date.now() - started) / 1000).toFixed(1)} s. Every user signs in again: sessions are not restored.`);
} catch (error) {
  const refused = error instanceof BackupRefusal || error instanceof EmbeddedDatabaseBusyError;
  console.error(`${refused ? 'Restore refused' : 'Restore failed'}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = refused ? 3 : 1;
}

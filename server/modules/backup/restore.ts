import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import type { ChildData } from '../../core/child-data.js';
import { newestMigrationInFolder, type Database } from '../../db/index.js';
import { createPgliteDatabase } from '../../db/pglite.js';
import { lockDataDir } from '../../db/pglite-lock.js';
import { createPostgresDatabase } from '../../db/postgres.js';
import { isMediaKey, type MediaStorage } from '../media-storage/index.js';
import { readErasureJournal, reapplyErasures } from '../privacy/index.js';
import { BackupRefusal, openArchive, verifyArchive, type OpenArchive } from './archive.js';
import { clearPostgres, emptyNotRestoredTables, givePlatformItsFunctions, restorePostgres, screenPostgresDump, userRelationCount } from './database-copy.js';
import { BACKUP_FORMAT, DATABASE_ENTRY, FILES_PREFIX, type Manifest } from './manifest.js';

export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; ownerUrl: string; pgBinDir?: string };

export interface RestoreOptions {
  target: RestoreTarget;
  storage: MediaStorage;
  /** Restore into a target that is not empty: the embedded folder is moved aside, the PostgreSQL
   * schemas are dropped, files already in the storage stay. */
  force?: boolean;
  /** The backup signing key: an archive whose signature does not verify with it is refused. */
  signingKey: Buffer;
  /** Restore an archive without a signature (made before archives were signed): the operator
   * vouches for the file (`db:restore --trust-unsigned`). A signature that is there but wrong is
   * refused all the same. */
  trustUnsigned?: boolean;
  /** The erasure journal (BACKUP_DIR/erasure-journal.jsonl), and the child's data an erasure walks
   * (server/child-data.ts): the journal's children still in the archive are erased again once the
   * database and files are restored. */
  erasures?: { journal: string; childData: readonly ChildData[] };
  log?: (line: string) => void;
}

/** What the archive may hold, checked before anything is read from it twice. */
function checkManifest(manifest: Manifest, target: RestoreTarget): void {
  if (manifest.format !== BACKUP_FORMAT) throw new BackupRefusal(`The archive's format is ${manifest.format}; this version reads format ${BACKUP_FORMAT}.`);
  if (manifest.database.kind !== target.kind) {
    throw new BackupRefusal(`The archive holds a ${manifest.database.kind} database; the target is ${target.kind} (restore it into the same kind of database).`);
  }
  const newest = newestMigrationInFolder();
  const { when, tag } = manifest.database.migration;
  if (when !== null && when > newest) {
    throw new BackupRefusal(`The archive's database was migrated by a newer version of the application (migration ${tag ?? when}, app ${manifest.appVersion}): restore it with that version or a later one.`);
  }
  const databaseEntries = manifest.entries.filter((entry) => !entry.path.startsWith(FILES_PREFIX));
  if (databaseEntries.length !== 1 || databaseEntries[0].path !== DATABASE_ENTRY[target.kind]) throw new BackupRefusal('The archive does not hold exactly one database copy.');
  const badFile = manifest.entries.find((entry) => entry.path.startsWith(FILES_PREFIX) && (!isMediaKey(entry.path.slice(FILES_PREFIX.length)) || !entry.contentType));
  if (badFile) throw new BackupRefusal(`The archive's entry ${badFile.path} is not an uploaded file of this application.`);
}

async function storageIsEmpty(storage: MediaStorage): Promise<boolean> {
  for await (const _key of storage.list()) return false;
  return true;
}

/** The target must be fresh unless forced: answers the open database to restore into (PostgreSQL),
 * after clearing or moving aside what --force replaces. */
async function prepareTarget(options: RestoreOptions): Promise<Database | undefined> {
  const { target, force, log = () => {} } = options;
  const filesThere = !(await storageIsEmpty(options.storage));
  if (filesThere && !force) throw new BackupRefusal('The file storage (UPLOADS_DIR or the bucket) already holds files: restore into an empty one, or pass --force.');
  if (target.kind === 'pglite') {
    const used = existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0;
    if (used && !force) throw new BackupRefusal(`${target.dataDir} is not empty: restore into a fresh data folder, or pass --force (the folder is then moved aside).`);
    if (used) {
      const aside = `${target.dataDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target.dataDir, aside);
      log(`  The old data folder was moved to ${aside}`);
    }
    return undefined;
  }
  const db = createPostgresDatabase(target.ownerUrl, 1);
  try {
    if ((await userRelationCount(db)) > 0) {
      if (!force) throw new BackupRefusal('The target database is not empty: restore into an empty database, or pass --force (its schemas public, drizzle and pgboss are then dropped).');
      await clearPostgres(db);
      log('  The target database\'s schemas were dropped (--force).');
    }
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function restoreDatabase(archive: OpenArchive, target: RestoreTarget, postgres: Database | undefined): Promise<void> {
  if (target.kind === 'pglite') {
    const dump = Buffer.concat(await (await archive.read(DATABASE_ENTRY.pglite)).toArray() as Buffer[]);
    try {
      await finishDatabase(await createPgliteDatabase({ dataDir: target.dataDir, loadDataDir: new Blob([new Uint8Array(dump)]) }));
    } catch (error) {
      // The folder was fresh (or moved aside): a half-made database is not left in it.
      rmSync(target.dataDir, { recursive: true, force: true });
      throw error;
    }
    return;
  }
  await restorePostgres(await archive.read(DATABASE_ENTRY.postgres), target.ownerUrl, target.pgBinDir ?? '');
  // The owner connection opened before the restore; its catalog caches are per statement.
  await givePlatformItsFunctions(postgres!);
  await finishDatabase(postgres!);
}

/** Sessions emptied (see NOT_RESTORED_TABLES), then the migrations this build has beyond the
 * archive's (and on PostgreSQL the runtime logins of the new database, named after its oid). */
async function finishDatabase(db: Database): Promise<void> {
  try {
    await emptyNotRestoredTables(db);
    await db.migrate();
  } finally {
    await db.close();
  }
}

/** The erasure journal's children that the archive still holds, erased again in the restored
 * database (an archive taken before their erasure): it never brings an erased child back. */
async function reapplyErasureJournal(options: RestoreOptions): Promise<void> {
  const { erasures } = options;
  const records = erasures ? await readErasureJournal(erasures.journal) : [];
  if (!erasures || records.length === 0) return;
  const { target } = options;
  const db = target.kind === 'pglite' ? await createPgliteDatabase({ dataDir: target.dataDir }) : createPostgresDatabase(target.ownerUrl, 1);
  try {
    await db.migrate();
    const erased = await reapplyErasures(db, options.storage, erasures.childData, records);
    options.log?.(`  Erasure journal: ${erased} of its ${records.length} children were in the archive and are erased again.`);
  } finally {
    await db.close();
  }
}

/**
 * Restores an archive: every checksum is verified before anything is written; the target must be
 * empty (or `force`); then the database, its migrations, the files, and the erasure journal re-applied. Throws BackupRefusal for
 * anything wrong with the archive or the target.
 */
export async function restoreBackup(file: string, options: RestoreOptions): Promise<Manifest> {
  // The embedded folder is locked from the start: a running server's folder is never moved aside.
  const release = options.target.kind === 'pglite' ? lockDataDir(options.target.dataDir) : () => {};
  let archive: OpenArchive;
  try {
    archive = await openArchive(file, options.signingKey);
  } catch (error) {
    release();
    throw error;
  }
  try {
    if (!archive.signed && !options.trustUnsigned) {
      throw new BackupRefusal(`${file} is not signed (no manifest.sig): it was made by an earlier version, or its signature was removed. Restoring runs what the archive holds as the database owner, so an archive is as trusted as its origin; if you know where this one comes from, restore it deliberately with --trust-unsigned. Nothing was restored.`);
    }
    checkManifest(archive.manifest, options.target);
    await verifyArchive(archive);
    // Before anything is written: a PostgreSQL dump holds SQL that runs as the owner.
    if (options.target.kind === 'postgres') await screenPostgresDump(await archive.read(DATABASE_ENTRY.postgres), options.target.pgBinDir ?? '');
    const postgres = await prepareTarget(options);
    await restoreDatabase(archive, options.target, postgres);
    for (const entry of archive.manifest.entries) {
      if (!entry.path.startsWith(FILES_PREFIX)) continue;
      await options.storage.put(entry.path.slice(FILES_PREFIX.length), await archive.read(entry.path), entry.contentType!);
    }
    await reapplyErasureJournal(options);
    return archive.manifest;
  } finally {
    archive.close();
    release();
  }
}

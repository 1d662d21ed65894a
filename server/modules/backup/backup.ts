import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '../../db/index.js';
import type { MediaStorage } from '../media-storage/index.js';
import { writeArchive, type ArchivePart } from './archive.js';
import { dumpPostgres } from './database-copy.js';
import { appVersion, BACKUP_FORMAT, DATABASE_ENTRY, FILES_PREFIX, migrationTag, type Manifest } from './manifest.js';

export interface BackupSource {
  /** The open database: the embedded one is copied through it (PGlite has one owner, this process). */
  db: Database;
  /** PostgreSQL: the owner's URL, for pg_dump. */
  ownerUrl?: string;
  /** The folder of pg_dump and pg_restore; empty: the PATH. */
  pgBinDir?: string;
  storage: MediaStorage;
  /** The backup signing key (server/secret-keys.ts): the manifest's HMAC-SHA256. */
  signingKey: Buffer;
}

async function* partsOf(source: BackupSource): AsyncGenerator<ArchivePart> {
  const { db, storage } = source;
  if (db.kind === 'pglite') {
    const dump = await db.dumpDataDir!();
    yield { path: DATABASE_ENTRY.pglite, stream: Readable.from(Buffer.from(await dump.arrayBuffer())) };
  } else {
    if (!source.ownerUrl) throw new Error('A PostgreSQL backup needs the owner URL (DATABASE_URL).');
    const { stdout, done } = dumpPostgres(source.ownerUrl, source.pgBinDir ?? '');
    yield { path: DATABASE_ENTRY.postgres, stream: stdout, done };
  }
  // The files after the database: one uploaded meanwhile is in the archive without its row (never
  // shown), rather than a row whose file is missing. Each file is opened when its turn comes.
  for await (const key of storage.list()) {
    const stored = await storage.get(key);
    if (!stored) continue; // deleted since it was listed
    yield { path: `${FILES_PREFIX}${key}`, stream: stored.stream, contentType: stored.contentType };
  }
}

/** Writes one archive of the database and every uploaded file to `file` (see README, "Backups"). */
export async function createBackup(source: BackupSource, file: string): Promise<Manifest> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const when = (await source.db.appliedMigration()) ?? null;
  const createdAt = new Date().toISOString();
  return writeArchive(file, partsOf(source), (entries) => ({
    format: BACKUP_FORMAT,
    createdAt,
    appVersion: appVersion(),
    database: { kind: source.db.kind, migration: { when, tag: migrationTag(when) } },
    entries,
  }), source.signingKey);
}

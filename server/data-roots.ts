import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

type DataRootsConfig = Pick<Config, 'DATABASE_URL' | 'DATABASE_TENANT_URL' | 'PGLITE_DATA_DIR' | 'UPLOADS_DIR' | 'S3_BUCKET' | 'SMTP_URL' | 'SMTP_HOST' | 'MAIL_OUTBOX_DIR'> & Partial<Pick<Config, 'BACKUP' | 'BACKUP_DIR'>>;

/**
 * The folders this process writes to disk: the embedded database (its write-ahead log holds
 * password hashes and parents' phone numbers), the gallery's files, the mail outbox and the
 * nightly backups, each only when it is in use.
 */
function dataRoots(config: DataRootsConfig): string[] {
  const embedded = !config.DATABASE_URL && !config.DATABASE_TENANT_URL;
  return [
    ...(embedded ? [config.PGLITE_DATA_DIR] : []),
    ...(config.S3_BUCKET ? [] : [config.UPLOADS_DIR]),
    ...(config.SMTP_URL || config.SMTP_HOST ? [] : [config.MAIL_OUTBOX_DIR]),
    // The nightly archives hold all of it.
    ...(config.BACKUP && config.BACKUP_DIR ? [config.BACKUP_DIR] : []),
  ];
}

/**
 * Keeps what the server writes to disk to the account it runs as: umask 077, so every file and
 * folder made from now on (also by the embedded database and by child processes, which inherit it)
 * is the owner's alone, and mode 0700 on each data root, which also closes what an earlier start
 * left readable inside it. Called first thing at start, before the database is opened.
 */
export function protectDataRoots(config: DataRootsConfig): void {
  process.umask(0o077);
  for (const root of dataRoots(config)) {
    mkdirSync(root, { recursive: true, mode: 0o700 });
    chmodSync(root, 0o700);
  }
}

/**
 * Takes every permission of group and others off what is under `root` (symbolic links are left
 * alone). For the embedded database, which writes its first files 0666 (copied with their modes
 * from the data directory bundled with it; what it writes later follows the umask), so a file
 * recycled from those, such as a write-ahead-log segment, would stay open to everyone.
 */
export function closeToOthers(root: string): void {
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(root, name);
    const stats = lstatSync(file);
    if (!stats.isSymbolicLink() && stats.mode & 0o077) chmodSync(file, stats.mode & 0o700);
  }
}

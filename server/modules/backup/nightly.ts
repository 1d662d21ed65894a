import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../jobs/index.js';
import { createBackup, type BackupSource } from './backup.js';

const ARCHIVE_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.zip$/;

/** `backup-2026-03-01T20-30-00Z.zip`: sorted by name is sorted by time. */
export const archiveNameAt = (at: Date) => `backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.zip`;

/** Keeps the newest `keep` archives of the folder (by name, so only this job's own) and deletes the rest. */
async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => ARCHIVE_NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

export interface NightlyBackup {
  source: BackupSource;
  dir: string;
  keep: number;
  cron: string;
  log: FastifyBaseLogger;
}

/** The nightly backup on the job queue: once per cron across all processes, into BACKUP_DIR,
 * then the oldest archives beyond BACKUP_KEEP deleted. */
export function backupJobs(nightly: NightlyBackup): JobDefinition[] {
  return [{
    queue: 'backup-nightly',
    cron: nightly.cron,
    async run() {
      const started = Date.now();
      const file = path.join(nightly.dir, archiveNameAt(new Date()));
      const manifest = await createBackup(nightly.source, file);
      const deleted = await pruneArchives(nightly.dir, nightly.keep);
      nightly.log.info({ file, entries: manifest.entries.length, ms: Date.now() - started, deleted }, 'nightly backup written');
    },
  }];
}

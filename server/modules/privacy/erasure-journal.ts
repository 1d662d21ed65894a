import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The erasure journal: one line per erased child, ids only (church and student, and when), no name.
 * It lives beside the backups (BACKUP_DIR/erasure-journal.jsonl), outside every archive and outside
 * the database an archive replaces, so a restore of an archive taken before an erasure erases the
 * child again (restoreBackup re-applies it). Appended after the erasure's commit.
 */
export interface ErasureRecord {
  church_id: string;
  student_id: string;
  erased_at: string;
}

const ERASURE_JOURNAL_NAME = 'erasure-journal.jsonl';

/** The journal of the backups kept in `backupDir`. */
export const erasureJournalIn = (backupDir: string) => path.join(backupDir, ERASURE_JOURNAL_NAME);

export async function appendErasure(file: string, record: ErasureRecord): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await appendFile(file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The journal's records (none when there is no journal); a line that is not a record is skipped. */
export async function readErasureJournal(file: string): Promise<ErasureRecord[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return text.split('\n').flatMap((line) => {
    try {
      const record = JSON.parse(line) as Partial<ErasureRecord>;
      return typeof record.church_id === 'string' && UUID.test(record.church_id) && typeof record.student_id === 'string' && UUID.test(record.student_id)
        ? [{ church_id: record.church_id, student_id: record.student_id, erased_at: String(record.erased_at ?? '') }] : [];
    } catch {
      return [];
    }
  });
}

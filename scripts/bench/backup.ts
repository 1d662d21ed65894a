/**
 * Backup and restore of the bench database: the time of `createBackup` (pg_dump into the archive,
 * with every uploaded file) and of `restoreBackup` (checksums, pg_restore into a fresh database,
 * migrations), and the archive's size.
 *
 *   npm run bench:backup
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ss_bench, made by
 * `npm run bench:data`); when it does not exist, ss_bench_backup on the same server (made by
 * `BENCH_DATABASE_URL=.../ss_bench_backup CHURCHES=200 npm run bench:data`). The restore goes into
 * <that name>_restore, dropped and recreated first and dropped after. No uploaded files: the
 * generated churches have none (the archive's files are streamed one after another like the dump).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { randomBytes } from 'node:crypto';
import { createBackup, restoreBackup } from '../../server/modules/backup/index.js';
import { createLocalMediaStorage } from '../../server/modules/media-storage/index.js';
import { BASE_DATABASE_URL, databaseExists, databaseName, dropDatabase, fmt, heading, machineState, ownerClient, printTable, recreateDatabase } from './lib.js';

function withName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function sourceUrl(): Promise<string> {
  if (await databaseExists(BASE_DATABASE_URL)) return BASE_DATABASE_URL;
  const smaller = withName(BASE_DATABASE_URL, 'ss_bench_backup');
  if (await databaseExists(smaller)) {
    console.log(`  ${databaseName(BASE_DATABASE_URL)} does not exist; using ${databaseName(smaller)} (a smaller generated database)`);
    return smaller;
  }
  throw new Error(`Neither ${databaseName(BASE_DATABASE_URL)} nor ss_bench_backup exists: run npm run bench:data first (CHURCHES=200 for a smaller one).`);
}

async function counts(url: string) {
  const sql = ownerClient(url);
  try {
    const [row] = await sql<{ churches: number; students: number; attendance: number; bytes: string }[]>`
      select (select count(*)::int from churches) as churches, (select count(*)::int from students) as students,
        (select count(*)::int from attendance) as attendance, pg_database_size(current_database())::text as bytes`;
    return row;
  } finally {
    await sql.end();
  }
}

const source = await sourceUrl();
const target = withName(source, `${databaseName(source)}_restore`);
const work = mkdtempSync(path.join(tmpdir(), 'ss-bench-backup-'));
const archive = path.join(work, 'bench.zip');
try {
  heading('Backup and restore of the bench database');
  console.log(await machineState(source));
  const before = await counts(source);
  console.log(`  ${before.churches} churches, ${before.students} students, ${before.attendance} attendance rows; database ${fmt(Number(before.bytes) / 1e6)} MB`);

  const db = createPostgresDatabase(source, 1);
  let started = performance.now();
  const signingKey = randomBytes(32); // the bench's own: its archive is restored by itself
  const manifest = await createBackup({ db, ownerUrl: source, storage: createLocalMediaStorage(path.join(work, 'no-uploads')), signingKey }, archive);
  const backupMs = performance.now() - started;
  await db.close();

  await recreateDatabase(target);
  started = performance.now();
  await restoreBackup(archive, { target: { kind: 'postgres', ownerUrl: target }, storage: createLocalMediaStorage(path.join(work, 'restored-uploads')), signingKey });
  const restoreMs = performance.now() - started;
  const after = await counts(target);
  if (after.attendance !== before.attendance || after.students !== before.students) throw new Error('The restored database does not have the same rows.');

  printTable([{
    database: databaseName(source),
    'database MB': fmt(Number(before.bytes) / 1e6),
    'archive MB': fmt(statSync(archive).size / 1e6),
    'backup s': fmt(backupMs / 1000, 2),
    'restore s': fmt(restoreMs / 1000, 2),
    'entries': manifest.entries.length,
  }]);
  console.log('  restore = verify every checksum + pg_restore (one transaction) + migrations and runtime logins');
} finally {
  rmSync(work, { recursive: true, force: true });
  await dropDatabase(target);
}

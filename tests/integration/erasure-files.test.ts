import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/index.js';
import { createPgliteDatabase } from '../../server/db/pglite.js';
import { createBackup, restoreBackup } from '../../server/modules/backup/index.js';
import { createLocalMediaStorage } from '../../server/modules/media-storage/index.js';
import { backend } from '../helpers/app.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents } from '../helpers/fixtures.js';

/**
 * An erased child leaves the embedded database's files and every later backup, and a restore of a
 * backup taken before the erasure does not bring the child back: a real server on a PGlite data
 * folder, the child's name, medical note, guardians, pickup and parent e-mail written through the
 * API, a backup, the erasure; then every file of the data folder (heap, indexes, WAL) is searched
 * byte for byte, and the old backup is restored with the erasure journal.
 */

const work = mkdtempSync(path.join(tmpdir(), 'ss-erasure-files-'));
const dataDir = path.join(work, 'pglite');
const backups = path.join(work, 'backups');
const suffix = randomBytes(4).toString('hex');
const child = { name: `Zephyrine Erasable ${suffix}`, note: `Severe kiwi allergy ${suffix}`, email: `parent-${suffix}@example.org`,
  guardian: `Guardian Quillon ${suffix}`, pickup: `Pickup Vantablack ${suffix}` };
const needles = Object.values(child);

let db: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let church: ChurchWithSessions<'super_admin' | 'principal' | 'teacher'>;
let childId: string;
let otherId: string;
let archive: string;

/** Which needles some file under `dir` holds, with the file (relative). */
function filesHolding(dir: string, what: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) { walk(file); continue; }
      const bytes = readFileSync(file);
      for (const needle of what) if (bytes.includes(Buffer.from(needle))) found.push(`${path.relative(dir, file)}: ${needle}`);
    }
  };
  walk(dir);
  return found;
}

describe.runIf(backend === 'pglite')('an erased child in the embedded database\'s files and backups', () => {
  beforeAll(async () => {
    db = await createPgliteDatabase({ dataDir });
    await db.migrate();
    const config = loadConfig({
      NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', UPLOADS_DIR: path.join(work, 'uploads'), MAIL_OUTBOX_DIR: path.join(work, 'outbox'),
      BACKUP_DIR: backups,
    });
    app = await buildApp({ config, db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    church = await churchWithSessions({ db, url }, { roles: ['super_admin', 'principal', 'teacher'] });
    const made = await createClassWithStudents(db, church.church.id, { teacherId: church.users.teacher.id, names: [child.name, `Kept Child ${suffix}`] });
    [childId, otherId] = made.students.map((s) => s.id);
    const p = church.s.principal;
    expect((await p.put(`/api/students/${childId}/guardians`, { guardians: [
      { name: child.guardian, relation: 'mother', phone: '+91 98470 11111', email: child.email, contact_consent: true },
    ] })).status).toBe(200);
    expect((await p.put(`/api/students/${childId}/pickups`, { pickups: [{ name: child.pickup, relation: 'grandparent', phone: '+91 98470 33333' }] })).status).toBe(200);
    expect((await p.put(`/api/students/${childId}/medical-note`, { note: child.note })).status).toBe(200);

    archive = path.join(work, 'before-erasure.zip');
    await createBackup({ db, storage: app.services.mediaStorage, signingKey: app.services.secretKeys.get('backupSigning') }, archive);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('after the erasure no file of the data folder (heap, indexes, WAL) holds the child\'s name, note, guardian, pickup or e-mail', async () => {
    // They are in the files before (the search can find them).
    await db.ownerQuery(sql`checkpoint`);
    expect(filesHolding(dataDir, needles).map((hit) => hit.split(': ')[1])).toEqual(expect.arrayContaining(needles));

    const erased = await church.s.principal.post(`/api/students/${childId}/erase`, { confirm_name: child.name });
    expect(erased.status).toBe(200);
    await app.services.background.idle();
    expect(filesHolding(dataDir, needles)).toEqual([]);

    // The next backup holds none of it either (its database entry is the data folder, gzipped: read back through a restore).
    const after = path.join(work, 'after-erasure.zip');
    await createBackup({ db, storage: app.services.mediaStorage, signingKey: app.services.secretKeys.get('backupSigning') }, after);
    const restoredDir = path.join(work, 'restored-after');
    await restoreBackup(after, { target: { kind: 'pglite', dataDir: restoredDir }, storage: createLocalMediaStorage(path.join(work, 'restored-after-uploads')), signingKey: app.services.secretKeys.get('backupSigning') });
    expect(filesHolding(restoredDir, needles)).toEqual([]);

    // The journal beside the backups holds ids only.
    const journal = readFileSync(path.join(backups, 'erasure-journal.jsonl'), 'utf8');
    expect(journal).toContain(childId);
    for (const needle of needles) expect(journal).not.toContain(needle);
  }, 120_000);

  it('a restore of a backup taken before the erasure ends without the child (the erasure journal re-applied)', async () => {
    const target = path.join(work, 'restored-before');
    const lines: string[] = [];
    await restoreBackup(archive, {
      target: { kind: 'pglite', dataDir: target }, storage: createLocalMediaStorage(path.join(work, 'restored-before-uploads')),
      signingKey: app.services.secretKeys.get('backupSigning'),
      erasures: { journal: path.join(backups, 'erasure-journal.jsonl'), childData: app.services.childData }, log: (line) => lines.push(line),
    });
    expect(lines.join('\n')).toContain('1 of its 1 children');
    const restored = await createPgliteDatabase({ dataDir: target });
    try {
      const students = await restored.ownerQuery<{ id: string }>(sql`select id from students where church_id = ${church.church.id}::uuid order by name`);
      expect(students.map((s) => s.id)).toEqual([otherId]);
      const rows = await restored.ownerQuery<{ n: number }>(sql`
        select (select count(*) from student_guardians where student_id = ${childId}::uuid)
          + (select count(*) from student_pickups where student_id = ${childId}::uuid)
          + (select count(*) from student_care where student_id = ${childId}::uuid) as n`);
      expect(Number(rows[0].n)).toBe(0);
      const entries = await restored.ownerQuery<{ action: string; details: { by_user_role?: string } }>(sql`
        select action, details from audit_log where target_church_id = ${church.church.id}::uuid and action = 'student.erased'`);
      expect(entries.map((e) => e.details.by_user_role)).toEqual(['system']);
    } finally {
      await restored.close();
    }
    expect(filesHolding(target, needles)).toEqual([]);
  }, 120_000);
});

// What the platform keeps for a while only, swept by jobs of the queue (run here as the queue runs
// them, as the digest and backup tests do): expired family export ZIPs deleted and their rows marked
// (family-export/sweep.ts); the offline-sync ledger capped (refused marks per batch and per user,
// in the stored answer and in the audit entry) and pruned after its retention period
// (attendance/sync-prune.ts), a batch replayed after its row is gone writing nothing twice.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyExports } from '../../drizzle/schema/index.js';
import { addDays, todayIn } from '../../common/dates.js';
import { attendanceJobs } from '../../server/modules/attendance/index.js';
import { familyExportJobs } from '../../server/modules/family-export/index.js';
import { backend, startTestApp, type TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents } from '../helpers/fixtures.js';

let app: TestApp;
let church: ChurchWithSessions<'principal' | 'teacher'>;
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  app = await startTestApp();
  church = await churchWithSessions(app, { roles: ['principal', 'teacher'] });
});
afterAll(async () => { await app?.close(); });

const runJob = async (jobs: ReturnType<typeof familyExportJobs>) => { await jobs[0].run(undefined, undefined as never); };

describe(`expired family exports are swept (${backend})`, () => {
  const exportRow = (id: string) => app.db.withTenant(church.church.id, async (tx) =>
    (await tx.select().from(familyExports).where(and(eq(familyExports.churchId, church.church.id), eq(familyExports.id, id))))[0]);
  async function readyExport(studentId: string) {
    const started = await church.s.principal.post(`/api/students/${studentId}/export`);
    expect(started.status, started.body.message).toBe(202);
    await app.server.services.background.idle();
    const row = await exportRow(started.body.data.id);
    expect(row).toMatchObject({ status: 'ready', storageName: expect.any(String) });
    return row;
  }
  const stored = (row: { storageName: string | null }) => app.server.services.mediaStorage.get(`${church.church.id}/${row.storageName!}`);

  it('deletes the ZIP of an export whose link expired unused and marks its row expired; a live one stays', async () => {
    const { students } = await createClassWithStudents(app.db, church.church.id, { teacherId: church.users.teacher.id, students: 2 });
    const expired = await readyExport(students[0].id);
    const live = await readyExport(students[1].id);
    await app.db.withTenant(church.church.id, (tx) => tx.update(familyExports).set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(familyExports.churchId, church.church.id), eq(familyExports.id, expired.id))));
    expect(await stored(expired)).toBeTruthy();

    await runJob(familyExportJobs({ db: app.db, storage: app.server.services.mediaStorage, log }));

    expect(await stored(expired)).toBeFalsy();
    expect(await exportRow(expired.id)).toMatchObject({ status: 'expired', storageName: null, bytes: expired.bytes });
    expect(await stored(live)).toBeTruthy();
    expect(await exportRow(live.id)).toMatchObject({ status: 'ready', storageName: live.storageName });
    const list = await church.s.principal.get(`/api/students/${students[0].id}/exports`);
    expect(list.body.data.find((row: { id: string }) => row.id === expired.id)).toMatchObject({ status: 'expired', downloadable: false });
    // Its link is gone as before, now with no file behind it.
    expect((await church.s.principal.post(`/api/exports/${expired.id}/link`)).status).toBeGreaterThanOrEqual(400);
    // A second run finds nothing more to do.
    await runJob(familyExportJobs({ db: app.db, storage: app.server.services.mediaStorage, log }));
    expect(await exportRow(live.id)).toMatchObject({ status: 'ready' });
  });
});

describe(`the offline-sync ledger is bounded (${backend})`, () => {
  interface Mark { classId: string; studentId: string; date: string; status: 'present' | 'absent'; tappedAt: string }
  const sync = (batchId: string, marks: Mark[]) => church.s.teacher.post('/api/attendance/sync', { batchId, marks });
  /** `n` marks dated three weeks ago: each refused as too old. */
  const oldMarks = (n: number): Mark[] => Array.from({ length: n }, () => ({
    classId: randomUUID(), studentId: randomUUID(), date: addDays(todayIn('Asia/Kolkata'), -21), status: 'present',
    tappedAt: new Date(Date.now() - 21 * 86_400_000).toISOString(),
  }));
  const storedAnswer = async (batchId: string) => (await app.db.ownerQuery<{ answer: { refused: unknown[]; refused_count: number } }>(sql`
    select answer from attendance_sync_batches where id = ${batchId}`))[0]?.answer;

  it('a batch\'s stored answer and audit entry keep at most 50 refused marks and their count; the first answer lists them all', async () => {
    const batchId = randomUUID();
    const first = await sync(batchId, oldMarks(60));
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data.refused).toHaveLength(60);
    expect(first.body.data.refused_count).toBe(60);
    const answer = await storedAnswer(batchId);
    expect(answer.refused).toHaveLength(50);
    expect(answer.refused_count).toBe(60);
    const again = await sync(batchId, oldMarks(1));
    expect(again.body.data).toMatchObject({ batch_id: batchId, applied: 0, refused_count: 60 });
    expect(again.body.data.refused).toHaveLength(50);
    const [entry] = await auditOf(app.db, church.church.id, { action: 'attendance.offline_sync', resourceId: batchId });
    expect((entry.details as { refused: unknown[] }).refused).toHaveLength(50);
    expect(entry.details).toMatchObject({ refused_count: 60 });
  });

  it('per user, only the newest 4 batches keep their refused marks; older ones keep the count', async () => {
    const ids = Array.from({ length: 6 }, () => randomUUID());
    for (const id of ids) expect((await sync(id, oldMarks(50))).status).toBe(200);
    const rows = await app.db.ownerQuery<{ kept: number; listed: number }>(sql`
      select count(*) filter (where jsonb_array_length(answer -> 'refused') > 0)::int as kept,
        coalesce(sum(jsonb_array_length(answer -> 'refused')), 0)::int as listed
      from attendance_sync_batches where church_id = ${church.church.id} and user_id = ${church.users.teacher.id}`);
    expect(rows[0]).toEqual({ kept: 4, listed: 200 });
    expect(await storedAnswer(ids[0])).toMatchObject({ refused: [], refused_count: 50 });
    expect((await storedAnswer(ids[5])).refused).toHaveLength(50);
    const replay = await sync(ids[0], oldMarks(1));
    expect(replay.body.data).toMatchObject({ refused: [], refused_count: 50 });
  });

  it('the nightly prune deletes batches older than the retention period; a copy sent after that writes nothing twice', async () => {
    const { class: cls, students } = await createClassWithStudents(app.db, church.church.id, { teacherId: church.users.teacher.id, students: 2 });
    const today = todayIn('Asia/Kolkata');
    const marks: Mark[] = students.map((s) => ({ classId: cls.id, studentId: s.id, date: today, status: 'present', tappedAt: new Date(Date.now() - 60_000).toISOString() }));
    const [old, recent] = [randomUUID(), randomUUID()];
    expect((await sync(old, marks)).body.data).toMatchObject({ applied: 2 });
    expect((await sync(recent, oldMarks(1))).status).toBe(200);
    await app.db.ownerQuery(sql`update attendance_sync_batches set created_at = now() - interval '31 days' where id = ${old}`);
    const before = await app.db.ownerQuery(sql`select student_id, status, marked_at, marked_by from attendance where class_id = ${cls.id} order by student_id`);

    await runJob(attendanceJobs({ db: app.db, retentionDays: 30, log }));

    expect(await storedAnswer(old)).toBeUndefined();
    expect(await storedAnswer(recent)).toBeDefined();
    // The copy is a new batch to the server now: its marks meet the stored ones of the same time,
    // which stay (a mark replaces only an older one), and the marks are as they were.
    const copy = await sync(old, marks);
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({ applied: 0, kept_newer: 2 });
    expect(await app.db.ownerQuery(sql`select student_id, status, marked_at, marked_by from attendance where class_id = ${cls.id} order by student_id`)).toEqual(before);
  });
});

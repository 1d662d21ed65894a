import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { churches, classSubstitutes } from '../../drizzle/schema/index.js';
import { addDays, todayIn } from '../../common/dates.js';
import { SUBSTITUTE_MESSAGES } from '../../common/substitutes.js';
import { substitutesForDate } from '../../server/modules/substitutes/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { addChurchUser, createClassWithStudents } from '../helpers/fixtures.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, signIn, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';

// A substitute when a teacher falls ill, through real HTTP: the teacher reports "I can't come", the
// principal picks a substitute, who takes that class's roll call on that day only, online and
// through the offline sync; another day, another class and another church are refused. The church
// meets every day of the week, so today is a class day whatever day the suite runs; absences of
// past days (which the API refuses to make) are written straight into the table.

let app: TestApp;
let c: ChurchWithSessions;
let other: ChurchWithSessions;
let anu: ChurchSession; // a second teacher of c: the substitute
let anuId: string;
let classA: { id: string }; // the teacher's class
let classB: { id: string }; // another teacher's class (none)
let kidsA: Array<{ id: string }>;
let otherClass: { id: string };

const today = todayIn('Asia/Kolkata');
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

const rollCall = (classId: string, date: string, kids: Array<{ id: string }>) => ({
  classId, date, attendanceData: kids.map((k) => ({ studentId: k.id, status: 'present' })),
});
/** Marks kept offline, tapped "later" than anything stored (the server clamps the time to its own). */
const syncBatch = (classId: string, date: string, kids: Array<{ id: string }>) => ({
  batchId: crypto.randomUUID(),
  marks: kids.map((k) => ({ classId, studentId: k.id, date, status: 'absent', tappedAt: new Date(Date.now() + 60_000).toISOString() })),
});

beforeAll(async () => {
  app = await startTestApp();
  [c, other] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  await app.db.withTenant(c.church.id, (tx) => tx.update(churches).set({ classDays: EVERY_DAY }).where(eq(churches.id, c.church.id)));
  const A = await createClassWithStudents(app.db, c.church.id, { teacherId: c.users.teacher.id, names: ['Abel', 'Bina'] });
  const B = await createClassWithStudents(app.db, c.church.id, { className: '5th', names: ['Cyril'] });
  const O = await createClassWithStudents(app.db, other.church.id, { teacherId: other.users.teacher.id, names: ['Dora'] });
  [classA, kidsA, classB, otherClass] = [A.class, A.students, B.class, O.class];
  const user = await addChurchUser(app.db, c.church.id, 'teacher', 'Anu');
  anuId = user.id;
  anu = await signIn(app.url, c.code, user.email);
}, 240_000);
afterAll(async () => { await app?.close(); });

describe('a teacher reports they cannot come', () => {
  it('refuses a past day, a day the school does not meet, a class not theirs and bad input, writing nothing', async () => {
    const yesterday = addDays(today, -1);
    const past = await c.s.teacher.post('/api/substitutes/absences', { date: yesterday, class_ids: [classA.id] });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(SUBSTITUTE_MESSAGES.pastDate);
    // The other church meets on Sundays only: a weekday that is not Sunday is no class day there.
    const notSunday = [1, 2, 3, 4, 5, 6].map((n) => addDays(today, n)).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 0)!;
    const noClass = await other.s.teacher.post('/api/substitutes/absences', { date: notSunday, class_ids: [otherClass.id] });
    expect(noClass.status).toBe(400);
    expect(noClass.body.message).toBe(SUBSTITUTE_MESSAGES.notClassDay);
    expect((await c.s.teacher.post('/api/substitutes/absences', { date: today, class_ids: [classB.id] })).status).toBe(404);
    // Another church's class, whatever id is sent.
    expect((await c.s.teacher.post('/api/substitutes/absences', { date: today, class_ids: [otherClass.id] })).status).toBe(404);
    for (const body of [{}, { date: 'soon', class_ids: [classA.id] }, { date: today, class_ids: [] }, { date: today, class_ids: ['x'] }]) {
      const res = await c.s.teacher.post('/api/substitutes/absences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await c.s.guest.post('/api/substitutes/absences', { date: today, class_ids: [classA.id] })).status).toBe(403);
    // The two churches' rows only: on Citus the test files share one database.
    const ofBoth = inArray(classSubstitutes.churchId, [c.church.id, other.church.id]);
    expect(await app.db.withPlatform((tx) => tx.select().from(classSubstitutes).where(ofBoth))).toEqual([]);
  });

  it('reports today for their class, once; audited; the principal sees it without a substitute', async () => {
    const res = await c.s.teacher.post('/api/substitutes/absences', { date: today, class_ids: [classA.id] });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.data.absences).toMatchObject([{ class_id: classA.id, date: today, absent_teacher_id: c.users.teacher.id, substitute_id: null }]);
    const again = await c.s.teacher.post('/api/substitutes/absences', { date: today, class_ids: [classA.id] });
    expect(again.status).toBe(409);
    const [entry] = await auditOf(app.db, c.church.id, { action: 'substitute.absence_reported' });
    expect(entry.resourceId).toBe(res.body.data.absences[0].id);
    const upcoming = await c.s.principal.get('/api/substitutes/absences');
    expect(upcoming.body.data.absences).toMatchObject([{ class_id: classA.id, substitute_name: null }]);
    expect((await other.s.principal.get('/api/substitutes/absences')).body.data.absences).toEqual([]);
  });
});

describe('the principal arranges a substitute', () => {
  let absenceId: string;
  beforeAll(async () => {
    absenceId = (await c.s.principal.get('/api/substitutes/absences')).body.data.absences[0].id;
  });

  it('refuses the absent teacher, a guest, another church\'s user and a teacher arranging it; no change', async () => {
    const path = `/api/substitutes/absences/${absenceId}/substitute`;
    const self = await c.s.principal.put(path, { substitute_id: c.users.teacher.id });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(SUBSTITUTE_MESSAGES.substituteIsAbsent);
    expect((await c.s.principal.put(path, { substitute_id: c.users.guest.id })).status).toBe(400);
    expect((await c.s.principal.put(path, { substitute_id: other.users.teacher.id })).status).toBe(400);
    expect((await c.s.teacher.put(path, { substitute_id: anuId })).status).toBe(403);
    // The other church's principal cannot reach this absence at all.
    expect((await other.s.principal.put(path, { substitute_id: other.users.teacher.id })).status).toBe(404);
    expect((await other.s.principal.delete(`/api/substitutes/absences/${absenceId}`)).status).toBe(404);
    const [row] = await app.db.withPlatform((tx) => tx.select().from(classSubstitutes).where(eq(classSubstitutes.churchId, c.church.id)));
    expect(row.substituteId).toBeNull();
    // The principal's glance: the teacher away, nobody in their place yet.
    const glance = (await c.s.principal.get('/api/dashboard/today')).body.data.classes;
    expect(glance.find((x: { class_id: string }) => x.class_id === classA.id)).toMatchObject({ teacher_absent: true, substitute_name: null });
  });

  it('assigns Anu (audited), and the candidates list her; the glance\'s function names her', async () => {
    expect((await c.s.principal.get('/api/substitutes/candidates')).body.data.map((u: { id: string }) => u.id)).toContain(anuId);
    const res = await c.s.principal.put(`/api/substitutes/absences/${absenceId}/substitute`, { substitute_id: anuId });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ substitute_id: anuId, substitute_name: 'Anu' });
    const [entry] = await auditOf(app.db, c.church.id, { action: 'substitute.assigned' });
    expect(entry.details).toMatchObject({ substitute_id: anuId, old_substitute_id: null });
    const glance = await app.db.withTenant(c.church.id, (tx) => substitutesForDate(tx, c.church.id, today));
    expect(glance).toMatchObject([{ class_id: classA.id, substitute_name: 'Anu' }]);
    expect(await app.db.withTenant(other.church.id, (tx) => substitutesForDate(tx, other.church.id, today))).toEqual([]);
    const onGlance = (await c.s.principal.get('/api/dashboard/today')).body.data.classes;
    expect(onGlance.find((x: { class_id: string }) => x.class_id === classA.id)).toMatchObject({ teacher_absent: true, substitute_name: 'Anu' });
  });

  it('shows the substitute in the month\'s rota, read by teachers too', async () => {
    const [y, m] = today.split('-').map(Number);
    const rota = await c.s.teacher.get(`/api/substitutes/rota?year=${y}&month=${m}`);
    expect(rota.status, rota.body.message).toBe(200);
    const col = rota.body.data.classes.findIndex((k: { id: string }) => k.id === classA.id);
    const day = rota.body.data.days.find((d: { date: string }) => d.date === today);
    expect(day.cells[col]).toMatchObject({ kind: 'substitute', name: 'Anu' });
    expect((await c.s.guest.get(`/api/substitutes/rota?year=${y}&month=${m}`)).status).toBe(403);
    expect((await c.s.teacher.get('/api/substitutes/rota?year=x&month=13')).status).toBe(400);
  });
});

describe('the substitute takes the roll call of that class on that day only', () => {
  it('sees the class today, reads its roll call without the families\' contacts, and saves it (REST and tRPC)', async () => {
    const mine = await anu.get('/api/substitutes/today');
    expect(mine.body.data.map((k: { id: string }) => k.id)).toEqual([classA.id]);
    const roster = await anu.get(`/api/students/class/${classA.id}`);
    expect(roster.status, roster.body.message).toBe(200);
    expect(roster.body.data.map((s: { name: string }) => s.name)).toEqual(['Abel', 'Bina']);
    expect(roster.body.data.every((s: { parent_phone: string; date_of_birth: string }) => s.parent_phone === '' && s.date_of_birth === '')).toBe(true);
    expect((await anu.get(`/api/attendance/class/${classA.id}/date/${today}`)).status).toBe(200);
    const saved = await anu.post('/api/attendance/mark', rollCall(classA.id, today, kidsA));
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.present).toBe(2);
    const trpc = await anu.mutate('attendance.mark', rollCall(classA.id, today, kidsA));
    expect(trpc.status).toBe(200);
  });

  it('saves it through the offline sync too', async () => {
    const res = await anu.post('/api/attendance/sync', syncBatch(classA.id, today, kidsA));
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ applied: 2, refused: [] });
  });

  it('the absent teacher still may mark their class that day', async () => {
    expect((await c.s.teacher.post('/api/attendance/mark', rollCall(classA.id, today, kidsA))).status).toBe(200);
  });

  it('cannot mark another class, another church\'s class or another day', async () => {
    const kidB = (await c.s.principal.get(`/api/students/class/${classB.id}`)).body.data;
    expect((await anu.post('/api/attendance/mark', rollCall(classB.id, today, kidB))).status).toBe(404);
    expect((await anu.get(`/api/students/class/${classB.id}`)).status).toBe(404);
    expect((await anu.post('/api/attendance/mark', rollCall(otherClass.id, today, []))).status).toBe(404);
    // Yesterday's roll call of the class: the day before hers.
    const before = await anu.post('/api/attendance/mark', rollCall(classA.id, addDays(today, -1), kidsA));
    expect(before.status).toBe(403);
    expect(before.body.message).toBe(SUBSTITUTE_MESSAGES.substituteOtherDay);
    expect((await anu.get(`/api/attendance/class/${classA.id}/date/${addDays(today, -1)}`)).status).toBe(403);
    const sync = await anu.post('/api/attendance/sync', syncBatch(classA.id, addDays(today, -1), kidsA));
    expect(sync.body.data.applied).toBe(0);
    expect(sync.body.data.refused.map((r: { reason: string }) => r.reason)).toEqual(['substitute_other_day', 'substitute_other_day']);
    const syncB = await anu.post('/api/attendance/sync', syncBatch(classB.id, today, kidB));
    expect(syncB.body.data.refused.map((r: { reason: string }) => r.reason)).toEqual(['class_not_found']);
  });

  it('the day after (her day has passed), a 403 with a clear message, online and offline; the day before, too', async () => {
    // Her day moved to yesterday, as it is the next day: written straight, the API makes no past absence.
    await app.db.withTenant(c.church.id, (tx) => tx.update(classSubstitutes).set({ date: addDays(today, -1) }));
    const res = await anu.post('/api/attendance/mark', rollCall(classA.id, today, kidsA));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: SUBSTITUTE_MESSAGES.substituteOtherDay, reason: 'substitute_other_day' });
    expect((await anu.get(`/api/students/class/${classA.id}`)).status).toBe(403);
    expect((await anu.get('/api/substitutes/today')).body.data).toEqual([]);
    const sync = await anu.post('/api/attendance/sync', syncBatch(classA.id, today, kidsA));
    expect(sync.body.data.refused.map((r: { reason: string }) => r.reason)).toEqual(['substitute_other_day', 'substitute_other_day']);
    // A day before hers (tomorrow).
    await app.db.withTenant(c.church.id, (tx) => tx.update(classSubstitutes).set({ date: addDays(today, 1) }));
    expect((await anu.post('/api/attendance/mark', rollCall(classA.id, today, kidsA))).status).toBe(403);
    // A past absence can no longer be changed.
    await app.db.withTenant(c.church.id, (tx) => tx.update(classSubstitutes).set({ date: addDays(today, -1) }));
    const [row] = await app.db.withPlatform((tx) => tx.select().from(classSubstitutes).where(eq(classSubstitutes.churchId, c.church.id)));
    expect((await c.s.principal.put(`/api/substitutes/absences/${row.id}/substitute`, { substitute_id: null })).status).toBe(400);
  });
});

describe('changing and removing', () => {
  it('removes the substitute and then the absence (audited); a teacher removes only their own', async () => {
    const tomorrow = addDays(today, 1);
    const made = await c.s.teacher.post('/api/substitutes/absences', { date: tomorrow, class_ids: [classA.id] });
    const id = made.body.data.absences[0].id as string;
    expect((await c.s.principal.put(`/api/substitutes/absences/${id}/substitute`, { substitute_id: anuId })).status).toBe(200);
    const cleared = await c.s.principal.put(`/api/substitutes/absences/${id}/substitute`, { substitute_id: null });
    expect(cleared.body.data.substitute_id).toBeNull();
    expect(await auditOf(app.db, c.church.id, { action: 'substitute.removed', resourceId: id })).toHaveLength(1);
    expect((await anu.delete(`/api/substitutes/absences/${id}`)).status).toBe(404);
    expect((await c.s.teacher.delete(`/api/substitutes/absences/${id}`)).status).toBe(200);
    expect(await auditOf(app.db, c.church.id, { action: 'substitute.absence_removed', resourceId: id })).toHaveLength(1);
  });
});

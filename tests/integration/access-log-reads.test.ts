import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance } from '../../drizzle/schema/index.js';
import { addDays, dayOfWeek, todayIn } from '../../common/dates.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createClassWithStudents, type Json } from '../helpers/fixtures.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';

// Reads of a child's contacts are in the church's access log (GET /api/privacy/access-log) as the
// medical note's are: the safety card, the guardians, the pickups, the consent form, and each child
// of a follow-up list read (the list's children in one statement). Through HTTP, as the super admin
// reads the log.

let app: TestApp;
let c: ChurchWithSessions;
let other: ChurchWithSessions;
let kids: Array<{ id: string; name: string }>;

const today = todayIn('Asia/Kolkata');
/** The Sunday `weeks` weeks before the last one (the church meets on Sundays, as every church by default). */
const weeksAgo = (weeks: number) => addDays(today, -dayOfWeek(today) - weeks * 7);

beforeAll(async () => {
  app = await startTestApp();
  [c, other] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const made = await createClassWithStudents(app.db, c.church.id, { teacherId: c.users.teacher.id, names: ['Anna', 'Ben', 'Cara', 'Dev'] });
  kids = made.students;
  // Anna, Ben and Cara missed the last two roll calls: on the follow-up list. Dev came.
  await app.db.withTenant(c.church.id, (tx) => tx.insert(attendance).values([weeksAgo(2), weeksAgo(1)].flatMap((date) =>
    kids.map((kid, i) => ({ churchId: c.church.id, studentId: kid.id, classId: made.class.id, date, status: i < 3 ? 'absent' : 'present' })))));
}, 120_000);
afterAll(async () => { await app?.close(); });

/** The church's access log entries of a kind, newest first, as its super admin reads them. */
async function logOf(kind: string, session = c.s.super_admin) {
  const res = await session.get(`/api/privacy/access-log?kind=${kind}&limit=100`);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.items as Json[];
}

describe('reads of a child\'s contacts in the access log', () => {
  it.each([
    ['safety_card', (id: string) => `/api/students/${id}/safety-card`],
    ['guardians', (id: string) => `/api/students/${id}/guardians`],
    ['pickups', (id: string) => `/api/students/${id}/pickups`],
  ])('a read of the %s is logged with who read it and which child', async (kind, path) => {
    const before = (await logOf(kind)).length;
    const res = await c.s.teacher.get(path(kids[0].id));
    expect(res.status, res.body.message).toBe(200);
    const after = await logOf(kind);
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ kind, student_id: kids[0].id, student_name: 'Anna', reader_id: c.users.teacher.id, reader_role: 'teacher' });
  });

  it('the consent form PDF is logged as the child\'s consent_form read', async () => {
    const res = await fetch(`${app.url}/api/students/${kids[1].id}/consent-form`, { headers: c.s.principal.headers });
    expect(res.status).toBe(200);
    await Readable.fromWeb(res.body as never).toArray();
    const [entry] = await logOf('consent_form');
    expect(entry).toMatchObject({ kind: 'consent_form', student_id: kids[1].id, reader_id: c.users.principal.id });
  });

  it('the follow-up list logs each child it lists (not the others), with one entry per child per read', async () => {
    const res = await c.s.teacher.get('/api/follow-up');
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.students.map((s: Json) => s.student_name).sort()).toEqual(['Anna', 'Ben', 'Cara']);
    const entries = await logOf('follow_up');
    expect(entries.map((e) => e.student_name).sort()).toEqual(['Anna', 'Ben', 'Cara']);
    for (const entry of entries) expect(entry).toMatchObject({ reader_id: c.users.teacher.id, reader_role: 'teacher' });
    // One statement: every child of the read has the same time.
    expect(new Set(entries.map((e) => e.read_at)).size).toBe(1);
  });

  it('a refused read is not logged, and another church\'s log has none of it', async () => {
    const before = (await logOf('safety_card')).length;
    expect((await other.s.super_admin.get(`/api/students/${kids[0].id}/safety-card`)).status).toBe(404);
    expect((await c.s.guest.get(`/api/students/${kids[0].id}/safety-card`)).status).toBe(403);
    expect(await logOf('safety_card')).toHaveLength(before);
    expect(await logOf('safety_card', other.s.super_admin)).toEqual([]);
  });

  it('the log\'s kind filter takes the new kinds and refuses an unknown one', async () => {
    expect((await c.s.super_admin.get('/api/privacy/access-log?kind=pickups')).status).toBe(200);
    expect((await c.s.super_admin.get('/api/privacy/access-log?kind=nothing')).status).toBe(400);
  });
});

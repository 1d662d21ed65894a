import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../common/dates.js';
import { attendance, childDataReads, students } from '../../drizzle/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { api, createClassWithStudents, signInNewOperator, type Json } from '../helpers/fixtures.js';

/**
 * The retention setting (GET/PUT /api/privacy/retention), the children it offers for erasure and
 * keeping one (/api/privacy/erasure-candidates), and the access log of children's data, as the
 * church's super admin (GET /api/privacy/access-log) and an operator (GET /api/admin/churches/{id}/access-log) read it.
 */

let app: TestApp;
let a: ChurchWithSessions;
let b: ChurchWithSessions<'principal'>;
/** seen: marked last month; gone: last marked 4 years ago; never: never marked, added 5 years ago;
 * fresh: never marked, added today. */
const kids: Record<'seen' | 'gone' | 'never' | 'fresh', string> = { seen: '', gone: '', never: '', fresh: '' };

const yearsAgo = (years: number) => {
  const [y, m, d] = todayIn('Asia/Kolkata').split('-').map(Number);
  return new Date(Date.UTC(y - years, m - 1, Math.min(d, 28))).toISOString().slice(0, 10);
};

beforeAll(async () => {
  app = await startTestApp();
  a = await churchWithSessions(app);
  b = await churchWithSessions(app, { roles: ['principal'] });
  const churchId = a.church.id;
  const made = await createClassWithStudents(app.db, churchId, { names: ['Seen Child', 'Gone Child', 'Never Child', 'Fresh Child'], teacherId: a.users.teacher.id });
  [kids.seen, kids.gone, kids.never, kids.fresh] = made.students.map((s) => s.id);
  await app.db.withTenant(churchId, async (tx) => {
    await tx.insert(attendance).values([
      { churchId, studentId: kids.seen, classId: made.class.id, date: yearsAgo(4), status: 'present' },
      { churchId, studentId: kids.seen, classId: made.class.id, date: yearsAgo(0), status: 'absent' },
      { churchId, studentId: kids.gone, classId: made.class.id, date: yearsAgo(4), status: 'present' },
    ]);
    await tx.update(students).set({ createdAt: new Date(`${yearsAgo(5)}T00:00:00Z`) }).where(eq(students.id, kids.never));
    await tx.update(students).set({ createdAt: new Date(`${yearsAgo(5)}T00:00:00Z`) }).where(eq(students.id, kids.gone));
    await tx.update(students).set({ createdAt: new Date(`${yearsAgo(5)}T00:00:00Z`) }).where(eq(students.id, kids.seen));
  });
}, 60_000);

afterAll(async () => { await app?.close(); });

describe('the retention setting', () => {
  it('is 3 years unless set, 1 to 10, for managers, audited', async () => {
    expect((await a.s.principal.get('/api/privacy/retention')).body.data).toEqual({ years: 3 });
    expect((await a.s.teacher.get('/api/privacy/retention')).status).toBe(403);
    for (const years of [0, 11, 2.5, 'many', null]) {
      const bad = await a.s.principal.put('/api/privacy/retention', { years });
      expect([bad.status, bad.body.message]).toEqual([400, 'Years must be a whole number from 1 to 10.']);
    }
    const set = await a.s.super_admin.put('/api/privacy/retention', { years: '4' });
    expect([set.status, set.body.data]).toEqual([200, { years: 4 }]);
    expect((await b.s.principal.get('/api/privacy/retention')).body.data).toEqual({ years: 3 });
    const [entry] = await auditOf(app.db, a.church.id, { action: 'church.retention_years_updated' });
    expect(entry.details).toMatchObject({ old: 3, new: 4 });
    expect((await a.s.principal.put('/api/privacy/retention', { years: 3 })).status).toBe(200);
  });
});

describe('children offered for erasure', () => {
  const candidates = async () => ((await a.s.principal.get('/api/privacy/erasure-candidates')).body.data.candidates as Json[]);

  it('lists the children not seen for the retention years, the longest unseen first; Keep leaves one out for a year', async () => {
    expect((await candidates()).map((c) => [c.name, c.last_seen])).toEqual([['Never Child', null], ['Gone Child', yearsAgo(4)]]);
    expect((await a.s.teacher.get('/api/privacy/erasure-candidates')).status).toBe(403);
    // Another church's child is not found; this church's is kept (audited, without the name).
    expect((await b.s.principal.post(`/api/privacy/erasure-candidates/${kids.gone}/keep`)).status).toBe(404);
    const kept = await a.s.principal.post(`/api/privacy/erasure-candidates/${kids.gone}/keep`);
    expect(kept.status).toBe(200);
    expect((await candidates()).map((c) => c.name)).toEqual(['Never Child']);
    const [entry] = await auditOf(app.db, a.church.id, { action: 'student.retention_kept' });
    expect([entry.resourceId, JSON.stringify(entry.details).includes('Gone')]).toEqual([kids.gone, false]);
    // A year later it is offered again.
    await app.db.withTenant(a.church.id, (tx) => tx.update(students).set({ retentionReviewedAt: new Date(Date.now() - 367 * 86_400_000) })
      .where(eq(students.id, kids.gone)));
    expect((await candidates()).map((c) => c.name)).toEqual(['Never Child', 'Gone Child']);
    // Five years kept: nobody is past it.
    await a.s.principal.put('/api/privacy/retention', { years: 6 });
    expect(await candidates()).toEqual([]);
    await a.s.principal.put('/api/privacy/retention', { years: 3 });
  });
});

describe('the access log', () => {
  it('lists reads newest first to the super admin only, filtered by kind and child, paged', async () => {
    expect((await a.s.teacher.get(`/api/students/${kids.seen}/medical-note`)).status).toBe(200);
    expect((await a.s.principal.get(`/api/students/${kids.gone}/medical-note`)).status).toBe(200);
    await app.db.withTenant(a.church.id, (tx) => tx.insert(childDataReads).values({
      churchId: a.church.id, studentId: null, kind: 'export', readerId: a.users.principal.id, readerName: 'principal', readerRole: 'principal',
    }));
    expect((await a.s.principal.get('/api/privacy/access-log')).status).toBe(403);
    const all = await a.s.super_admin.get('/api/privacy/access-log');
    expect(all.body.data.items.map((e: Json) => [e.kind, e.student_name, e.reader_role])).toEqual([
      ['export', 'Erased child', 'principal'], ['medical_note', 'Gone Child', 'principal'], ['medical_note', 'Seen Child', 'teacher'],
    ]);
    expect(all.body.data.pagination).toEqual({ page: 1, pages: 1, total: 3 });
    const notes = await a.s.super_admin.get('/api/privacy/access-log?kind=medical_note&limit=1&page=2');
    expect(notes.body.data).toMatchObject({ items: [{ student_name: 'Seen Child' }], pagination: { page: 2, pages: 2, total: 2 } });
    const one = await a.s.super_admin.get(`/api/privacy/access-log?student_id=${kids.gone}`);
    expect(one.body.data.items.map((e: Json) => e.student_id)).toEqual([kids.gone]);
    expect((await a.s.super_admin.get('/api/privacy/access-log?kind=diary')).status).toBe(400);
    // Another church's super admin sees its own (empty) log.
    const other = await churchWithSessions(app, { roles: ['super_admin'] });
    expect((await other.s.super_admin.get(`/api/privacy/access-log?student_id=${kids.gone}`)).body.data.items).toEqual([]);
  });

  it('is read by an operator for one church, every read audited', async () => {
    const operator = await signInNewOperator(app.db, app.url);
    const res = await api(app.url, 'GET', `/api/admin/churches/${a.church.id}/access-log?kind=medical_note`, { token: operator.token });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toHaveLength(2);
    const [entry] = await auditOf(app.db, a.church.id, { action: 'church.access_log_viewed' });
    expect(entry).toMatchObject({ operatorId: operator.id, resourceId: a.church.id, details: expect.objectContaining({ shown: 2, kind: 'medical_note' }) });
    const unknown = await api(app.url, 'GET', '/api/admin/churches/00000000-0000-4000-8000-000000000000/access-log', { token: operator.token });
    expect(unknown.status).toBe(404);
    expect((await a.s.super_admin.get(`/api/admin/churches/${a.church.id}/access-log`)).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessionRecords } from '../../drizzle/schema/index.js';
import { MESSAGES } from '../../common/constants.js';
import { RECORD_MESSAGES } from '../../common/record-messages.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, type Json } from '../helpers/fixtures.js';
import { auditOf } from '../helpers/audit.js';
import {
  CHURCH_ROLES as ROLES, churchWithSessions, signIn, type ChurchRole as Role, type ChurchSession as Session, type ChurchWithSessions,
} from '../helpers/church-session.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const VALID = { academic_year: '2025-2026', month: '09', date: '2025-09-14', notes: 'Lesson: the Good Samaritan' };

async function addRecord(s: Session, body: Record<string, unknown> = {}) {
  const res = await s.post('/api/records', { ...VALID, ...body });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data;
}

let c: ChurchWithSessions;
let other: ChurchWithSessions;
beforeAll(async () => { [c, other] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]); });

describe('who may use /api/records', () => {
  // Every procedure of the records router, for every church role: allowed, or the exact refusal.
  const procedures: Array<{ name: string; run: (s: Session, id: string) => Promise<{ status: number; body: Json }>; ok: number }> = [
    { name: 'GET /api/records', run: (s) => s.get('/api/records'), ok: 200 },
    { name: 'POST /api/records', run: (s) => s.post('/api/records', VALID), ok: 201 },
    { name: 'PUT /api/records/{id}', run: (s, id) => s.put(`/api/records/${id}`, { notes: 'Edited' }), ok: 200 },
    { name: 'DELETE /api/records/{id}', run: (s, id) => s.delete(`/api/records/${id}`), ok: 200 },
  ];
  const expected: Record<Role, 'allowed' | 403> = { super_admin: 'allowed', principal: 'allowed', teacher: 403, guest: 403 };

  for (const p of procedures) {
    for (const role of ROLES) {
      it(`${p.name}: ${role} → ${expected[role] === 'allowed' ? p.ok : 403}`, async () => {
        const record = await addRecord(c.s.principal);
        const res = await p.run(c.s[role], record.id);
        if (expected[role] === 'allowed') {
          expect(res.status, res.body.message).toBe(p.ok);
          expect(res.body.success).toBe(true);
        } else {
          expect(res.status).toBe(403);
          expect(res.body).toEqual({ success: false, message: MESSAGES.notAllowed });
          // The refused change did not happen.
          const [row] = await app.db.withTenant(c.church.id, (tx) => tx.select().from(sessionRecords).where(eq(sessionRecords.id, record.id)));
          expect(row?.notes).toBe(VALID.notes);
        }
      });
    }
  }

  it('answers 401 without a session, for every path', async () => {
    for (const [method, path] of [['GET', '/api/records'], ['POST', '/api/records'], ['PUT', `/api/records/${crypto.randomUUID()}`], ['DELETE', `/api/records/${crypto.randomUUID()}`]]) {
      const res = await api(app.url, method, path, { code: c.code, body: method === 'GET' || method === 'DELETE' ? undefined : VALID });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 403 with the reason when the subscription is invalid, reads and changes alike', async () => {
    const expired = await createChurch(app.db, { tier: 'free', endDate: new Date(Date.now() - 1000) });
    const s = await signIn(app.url, expired.code, expired.users.principal.email);
    for (const res of [await s.get('/api/records'), await s.post('/api/records', VALID)]) {
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe('subscription_trial_ended');
    }
  });
});

describe('POST /api/records', () => {
  it('stores the record with the signed-in user as created_by, whatever the body says', async () => {
    const res = await c.s.principal.post('/api/records', { ...VALID, created_by: c.users.teacher.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String), academic_year: '2025-2026', month: '09', date: '2025-09-14T00:00:00.000Z', notes: VALID.notes,
      created_by: c.users.principal.id, created_at: expect.any(String), updated_at: expect.any(String),
    });
  });

  it('accepts a date-time with an offset and a one-digit month', async () => {
    const row = await addRecord(c.s.super_admin, { month: '3', date: '2026-03-08T10:30:00+05:30' });
    expect(row).toMatchObject({ month: '03', date: '2026-03-08T05:00:00.000Z', created_by: c.users.super_admin.id });
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['academic year missing', { academic_year: undefined }, RECORD_MESSAGES.academicYearRequired],
    ['academic year blank', { academic_year: '  ' }, RECORD_MESSAGES.academicYearRequired],
    ['academic year malformed', { academic_year: '2025-2027' }, 'Academic year must look like 2024-2025 (a year and the next one)'],
    ['month missing', { month: undefined }, RECORD_MESSAGES.monthRequired],
    ['month blank', { month: '' }, RECORD_MESSAGES.monthRequired],
    ['month 13', { month: '13' }, RECORD_MESSAGES.monthInvalid],
    ['month as a number', { month: 9 }, RECORD_MESSAGES.monthInvalid],
    ['date missing', { date: undefined }, RECORD_MESSAGES.dateRequired],
    ['date blank', { date: '' }, RECORD_MESSAGES.dateRequired],
    ['date impossible', { date: '2025-02-30' }, RECORD_MESSAGES.dateInvalid],
    ['date not a date', { date: 'next Sunday' }, RECORD_MESSAGES.dateInvalid],
    ['notes missing', { notes: undefined }, RECORD_MESSAGES.notesRequired],
    ['notes blank', { notes: '   ' }, RECORD_MESSAGES.notesRequired],
    ['notes too long', { notes: 'x'.repeat(5001) }, RECORD_MESSAGES.notesTooLong],
  ];
  for (const [label, change, message] of invalid) {
    it(`answers 400 with the field's message: ${label}`, async () => {
      const res = await c.s.principal.post('/api/records', { ...VALID, ...change });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message, errors: { [Object.keys(change)[0]]: [message] } });
    });
  }

  it('writes an audit entry naming the user, without the notes', async () => {
    const row = await addRecord(c.s.principal);
    const entries = await auditOf(app.db, c.church.id, { resourceId: row.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      operatorId: null, action: 'session_record.created', resourceType: 'session_record',
      details: { by_user_id: c.users.principal.id, by_user_role: 'principal', new: { academic_year: '2025-2026', month: '09', date: '2025-09-14T00:00:00.000Z' } },
    });
    expect(JSON.stringify(entries[0].details)).not.toContain(VALID.notes);
  });

  it('writes nothing, record or audit, when the input is refused', async () => {
    const before = await auditOf(app.db, c.church.id);
    const res = await c.s.principal.post('/api/records', { ...VALID, notes: '' });
    expect(res.status).toBe(400);
    const after = await auditOf(app.db, c.church.id);
    expect(after.length).toBe(before.length);
  });
});

describe('GET /api/records', () => {
  it('lists the church\'s records, newest session first', async () => {
    const fresh = await churchWithSessions(app);
    const older = await addRecord(fresh.s.principal, { date: '2025-06-01' });
    const newer = await addRecord(fresh.s.super_admin, { date: '2025-07-06' });
    const res = await fresh.s.principal.get('/api/records');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: Json) => r.id)).toEqual([newer.id, older.id]);
  });

  it('answers an empty list for a church without records', async () => {
    const fresh = await churchWithSessions(app);
    const res = await fresh.s.super_admin.get('/api/records');
    expect(res.body).toEqual({ success: true, data: [] });
  });
});

describe('PUT /api/records/{id}', () => {
  it('changes the fields sent, keeps the others and created_by, and audits old and new', async () => {
    const row = await addRecord(c.s.principal);
    const res = await c.s.super_admin.put(`/api/records/${row.id}`, { month: '10', notes: 'Changed', created_by: c.users.teacher.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, academic_year: '2025-2026', month: '10', date: row.date, notes: 'Changed', created_by: c.users.principal.id });
    const entries = await auditOf(app.db, c.church.id, { resourceId: row.id });
    expect(entries.map((e) => e.action)).toEqual(['session_record.created', 'session_record.updated']);
    expect(entries[1].details).toMatchObject({
      by_user_id: c.users.super_admin.id, old: { month: '09' }, new: { month: '10' }, notes_changed: true,
    });
  });

  it('answers 400 with the message of a bad field and changes nothing', async () => {
    const row = await addRecord(c.s.principal);
    for (const [change, message] of [[{ notes: '' }, RECORD_MESSAGES.notesRequired], [{ month: '00' }, RECORD_MESSAGES.monthInvalid], [{ date: 'x' }, RECORD_MESSAGES.dateInvalid]] as const) {
      const res = await c.s.principal.put(`/api/records/${row.id}`, change);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await auditOf(app.db, c.church.id, { resourceId: row.id })).length).toBe(1);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await c.s.principal.put(`/api/records/${crypto.randomUUID()}`, { notes: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(RECORD_MESSAGES.notFound);
    const malformed = await c.s.principal.put('/api/records/not-an-id', { notes: 'x' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(RECORD_MESSAGES.idInvalid);
  });
});

describe('DELETE /api/records/{id}', () => {
  it('deletes the record, answers the message and audits it', async () => {
    const row = await addRecord(c.s.principal);
    const res = await c.s.principal.delete(`/api/records/${row.id}`);
    expect(res.body).toEqual({ success: true, data: { id: row.id, message: RECORD_MESSAGES.deleted }, message: RECORD_MESSAGES.deleted });
    const list = await c.s.principal.get('/api/records');
    expect(list.body.data.map((r: Json) => r.id)).not.toContain(row.id);
    expect((await auditOf(app.db, c.church.id, { resourceId: row.id })).map((e) => e.action)).toEqual(['session_record.created', 'session_record.deleted']);
    const again = await c.s.principal.delete(`/api/records/${row.id}`);
    expect(again.status).toBe(404);
  });
});

describe('isolation between churches', () => {
  it('never lists, changes or deletes another church\'s record (404), and writes no audit entry for the attempt', async () => {
    const theirs = await addRecord(other.s.principal, { notes: 'Theirs' });
    const list = await c.s.principal.get('/api/records');
    expect(list.body.data.map((r: Json) => r.id)).not.toContain(theirs.id);
    for (const role of ['principal', 'super_admin'] as const) {
      const put = await c.s[role].put(`/api/records/${theirs.id}`, { notes: 'Mine now' });
      expect(put.status).toBe(404);
      expect(put.body.message).toBe(RECORD_MESSAGES.notFound);
      const del = await c.s[role].delete(`/api/records/${theirs.id}`);
      expect(del.status).toBe(404);
    }
    const theirList = await other.s.principal.get('/api/records');
    expect(theirList.body.data.find((r: Json) => r.id === theirs.id)).toMatchObject({ notes: 'Theirs' });
    expect((await auditOf(app.db, c.church.id, { resourceId: theirs.id }))).toEqual([]);
    expect((await auditOf(app.db, other.church.id, { resourceId: theirs.id })).map((e) => e.action)).toEqual(['session_record.created']);
  });

  it('a session of one church with the code of another is refused', async () => {
    const res = await api(app.url, 'GET', '/api/records', { token: c.s.principal.token, code: other.code });
    expect(res.status).toBe(401);
  });
});

describe('over tRPC', () => {
  it('serves the same procedures with the same rules', async () => {
    const created = await c.s.principal.mutate('records.create', { ...VALID, created_by: c.users.guest.id });
    expect(created.status).toBe(200);
    const id = created.body.result.data.id;
    expect(created.body.result.data.created_by).toBe(c.users.principal.id);
    const list = await c.s.super_admin.query('records.list');
    expect(list.body.result.data.map((r: Json) => r.id)).toContain(id);
    const refused = await c.s.teacher.mutate('records.update', { id, notes: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.notAllowed);
    const invalid = await c.s.principal.mutate('records.update', { id, notes: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe(RECORD_MESSAGES.notesRequired);
    const deleted = await c.s.principal.mutate('records.delete', { id });
    expect(deleted.body.result.data.message).toBe(RECORD_MESSAGES.deleted);
    expect((await auditOf(app.db, c.church.id, { resourceId: id })).map((e) => e.action)).toEqual(['session_record.created', 'session_record.deleted']);
  });
});

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { consentLinks, studentConsents } from '../../drizzle/schema/index.js';
import { CONSENT_MESSAGES } from '../../common/consent.js';
import { GUARDIAN_MESSAGES } from '../../common/schemas/guardians.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, type Json } from '../helpers/fixtures.js';
import { churchWithSessions, type ChurchSession as Session } from '../helpers/church-session.js';
import { addClass } from '../helpers/classes-api.js';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { auditOf } from '../helpers/audit.js';

// Consent links answer only for a current guardian of the child: guardians keep their ids across
// edits, a link stops when its guardian is removed or their phones change, a newer link replaces the
// guardian's older ones, and staff revoke a link. Everything through HTTP.

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ CONSENT_MAX_PER_IP: '1000' }); }, 120_000);
afterAll(async () => { await app?.close(); });

const MARY = { name: 'Mary Joseph', relation: 'mother', phone: '98470 12345', whatsapp: 'phone', language: 'ml' };
const JOHN = { name: 'John Joseph', relation: 'father', phone: '98470 54321' };
const allYes = { confirms_parent: true, confirms_adult: true, enrolment: true, photos: true, messages: true };

/** The current academic year (the church's default: it starts in June). */
const YEAR = academicYearOf(todayIn('Asia/Kolkata'), 6);

async function school() {
  const made = await churchWithSessions(app);
  const { super_admin: admin, principal, teacher, guest } = made.s;
  const own = await addClass(admin, { class_name: '3rd', section: 'A', teacher_id: made.users.teacher.id, academic_year: YEAR });
  const others = await addClass(admin, { class_name: '4th', section: 'B', academic_year: YEAR });
  const add = async (classId: string, name: string) => {
    const res = await admin.post('/api/students', { name, parent_phone: '+91 98765 43210', date_of_birth: '2016-03-15', class_id: classId });
    expect(res.status, res.body.message).toBe(201);
    return res.body.data;
  };
  return { ...made, admin, principal, teacher, guest, own, others, add };
}
let c: Awaited<ReturnType<typeof school>>;
beforeAll(async () => { c = await school(); }, 120_000);

/** A child of the teacher's class with Mary and John as guardians. */
async function childWithParents(name: string) {
  const child = await c.add(c.own.id, name);
  const put = await c.admin.put(`/api/students/${child.id}/guardians`, { guardians: [MARY, JOHN] });
  expect(put.status, put.body.message).toBe(200);
  const [mary, john] = put.body.data as Json[];
  return { child, mary, john };
}

const tokenOf = (url: string) => url.split('/consent/')[1];
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const page = (token: string) => api(app.url, 'GET', `/api/consent/${token}`);
const answer = (token: string) => api(app.url, 'POST', `/api/consent/${token}`, { body: allYes });
const makeLink = async (s: Session, studentId: string, guardianId: string) => {
  const res = await s.post(`/api/students/${studentId}/consent-links`, { guardian_id: guardianId });
  expect(res.status, res.body.message).toBe(201);
  return { ...res.body.data, token: tokenOf(res.body.data.url) };
};
const digitalAnswers = (studentId: string) => app.db.withTenant(c.church.id, (tx) =>
  tx.select().from(studentConsents).where(eq(studentConsents.studentId, studentId))).then((rows) => rows.filter((r) => r.method === 'digital_link'));
const linkRow = async (token: string) => {
  const [row] = await app.db.withTenant(c.church.id, (tx) => tx.select().from(consentLinks).where(eq(consentLinks.tokenHash, hashOf(token))));
  return row;
};

describe('guardian ids stay across edits', () => {
  it('a list sent back with ids keeps every id, also when reordered; a changed name is an update, not a new guardian', async () => {
    const { child, mary, john } = await childWithParents('Anna Joseph');
    const swapped = await c.admin.put(`/api/students/${child.id}/guardians`, { guardians: [
      { ...JOHN, id: john.id, name: 'John P. Joseph' }, { ...MARY, id: mary.id },
    ] });
    expect(swapped.status, swapped.body.message).toBe(200);
    expect(swapped.body.data.map((g: Json) => [g.id, g.position, g.name])).toEqual([[john.id, 1, 'John P. Joseph'], [mary.id, 2, 'Mary Joseph']]);
    expect((await c.admin.get(`/api/students/${child.id}/guardians`)).body.data.map((g: Json) => g.id)).toEqual([john.id, mary.id]);
  });

  it('a list sent without ids (the contract before ids) keeps the guardians whose phone is the same', async () => {
    const { child, mary, john } = await childWithParents('Ben Mathew');
    const res = await c.admin.put(`/api/students/${child.id}/guardians`, { guardians: [{ ...MARY, name: 'Mary J.' }, JOHN, { name: 'Grandma', relation: 'grandparent', phone: '98470 99999' }] });
    expect(res.status, res.body.message).toBe(200);
    const [m, j, g] = res.body.data as Json[];
    expect([m.id, j.id]).toEqual([mary.id, john.id]);
    expect(g.id).not.toBe(mary.id);
    expect(g.id).not.toBe(john.id);
  });

  it('an id that is not one of the child\'s guardians, or the same id twice, is a 400 that changes nothing', async () => {
    const { child, mary, john } = await childWithParents('Cara George');
    const { child: other } = await childWithParents('Dan George');
    const otherGuardian = (await c.admin.get(`/api/students/${other.id}/guardians`)).body.data[0];
    const foreign = await c.admin.put(`/api/students/${child.id}/guardians`, { guardians: [{ ...MARY, id: otherGuardian.id }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(GUARDIAN_MESSAGES.guardianIdUnknown);
    const twice = await c.admin.put(`/api/students/${child.id}/guardians`, { guardians: [{ ...MARY, id: mary.id }, { ...JOHN, id: mary.id }] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain(GUARDIAN_MESSAGES.guardianListedTwice);
    const malformed = await c.admin.put(`/api/students/${child.id}/guardians`, { guardians: [{ ...MARY, id: 'not-an-id' }] });
    expect(malformed.status).toBe(400);
    expect((await c.admin.get(`/api/students/${child.id}/guardians`)).body.data.map((g: Json) => g.id)).toEqual([mary.id, john.id]);

    // Another church's staff cannot name this church's guardian either.
    const b = await churchWithSessions(app, { roles: ['super_admin'] });
    const bClass = await addClass(b.s.super_admin, { class_name: '1st', section: 'A', academic_year: YEAR });
    const bChild = (await b.s.super_admin.post('/api/students', { name: 'Eve', parent_phone: '9847011111', date_of_birth: '2017-01-01', class_id: bClass.id })).body.data;
    const stolen = await b.s.super_admin.put(`/api/students/${bChild.id}/guardians`, { guardians: [{ ...MARY, id: mary.id }] });
    expect(stolen.status).toBe(400);
  });
});

describe('a link answers only for a current guardian', () => {
  it('an edit that keeps the guardian (a new name, the list reordered) keeps the link working', async () => {
    const { child, mary, john } = await childWithParents('Fay Joseph');
    const link = await makeLink(c.teacher, child.id, mary.id);
    const edit = await c.admin.put(`/api/students/${child.id}/guardians`, { guardians: [{ ...JOHN, id: john.id }, { ...MARY, id: mary.id, name: 'Mary Fay' }] });
    expect(edit.status, edit.body.message).toBe(200);
    expect((await page(link.token)).status).toBe(200);
    expect((await answer(link.token)).status).toBe(200);
    expect(await digitalAnswers(child.id)).toHaveLength(3);
  });

  it('removing the guardian stops their open link: page and answer 410 with a clear message, nothing recorded', async () => {
    const { child, mary, john } = await childWithParents('Gia Joseph');
    const marys = await makeLink(c.teacher, child.id, mary.id);
    const johns = await makeLink(c.teacher, child.id, john.id);
    const edit = await c.admin.put(`/api/students/${child.id}/guardians`, { guardians: [{ ...JOHN, id: john.id }] });
    expect(edit.status, edit.body.message).toBe(200);

    const opened = await page(marys.token);
    expect(opened.status).toBe(410);
    expect(opened.body.message).toBe(CONSENT_MESSAGES.linkGuardianRemoved);
    const answered = await answer(marys.token);
    expect(answered.status).toBe(410);
    expect(answered.body.message).toBe(CONSENT_MESSAGES.linkGuardianRemoved);
    expect(await digitalAnswers(child.id)).toEqual([]);
    expect(await linkRow(marys.token)).toMatchObject({ revokedReason: 'guardian_removed', revokedBy: c.users.super_admin.id, usedAt: null });
    // John is still a guardian: his link answers.
    expect((await answer(johns.token)).status).toBe(200);
    const [entry] = await auditOf(app.db, c.church.id, { action: 'student.guardians_replaced', resourceId: child.id }, 'newest first');
    expect(entry.details).toMatchObject({ consent_links_stopped: [marys.id] });
  });

  it('even a link that escaped the stop (made open again in the database) is refused once its guardian is gone', async () => {
    const { child, mary, john } = await childWithParents('Hal Joseph');
    const link = await makeLink(c.teacher, child.id, mary.id);
    expect((await c.admin.put(`/api/students/${child.id}/guardians`, { guardians: [{ ...JOHN, id: john.id }] })).status).toBe(200);
    await app.db.ownerQuery(sql`update consent_links set revoked_at = null, revoked_reason = null, revoked_by = null where token_hash = ${hashOf(link.token)}`);
    const answered = await answer(link.token);
    expect(answered.status).toBe(410);
    expect(answered.body.message).toBe(CONSENT_MESSAGES.linkGuardianRemoved);
    expect(await digitalAnswers(child.id)).toEqual([]);
  });

  it('the old REST contract (no ids) replacing a guardian by another person stops the old one\'s link', async () => {
    const { child, mary } = await childWithParents('Ian Joseph');
    const link = await makeLink(c.teacher, child.id, mary.id);
    const res = await c.admin.put(`/api/students/${child.id}/guardians`, { guardians: [{ name: 'Aunt Rose', relation: 'relative', phone: '98470 77777' }] });
    expect(res.status, res.body.message).toBe(200);
    expect((await answer(link.token)).status).toBe(410);
  });

  it('a changed phone stops the guardian\'s open link (it was sent to the old phone)', async () => {
    const { child, mary, john } = await childWithParents('Joy Joseph');
    const link = await makeLink(c.teacher, child.id, mary.id);
    const res = await c.admin.put(`/api/students/${child.id}/guardians`, { guardians: [{ ...MARY, id: mary.id, phone: '98470 00001' }, { ...JOHN, id: john.id }] });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data[0].id).toBe(mary.id);
    const opened = await page(link.token);
    expect(opened.status).toBe(410);
    expect(opened.body.message).toBe(CONSENT_MESSAGES.linkRevoked);
    expect(await linkRow(link.token)).toMatchObject({ revokedReason: 'guardian_changed' });
  });

  it('a new link for a guardian replaces their older open ones; another guardian\'s link is untouched', async () => {
    const { child, mary, john } = await childWithParents('Kim Joseph');
    const first = await makeLink(c.teacher, child.id, mary.id);
    const johns = await makeLink(c.teacher, child.id, john.id);
    const second = await makeLink(c.principal, child.id, mary.id);
    const old = await page(first.token);
    expect(old.status).toBe(410);
    expect(old.body.message).toBe(CONSENT_MESSAGES.linkReplaced);
    expect((await answer(first.token)).status).toBe(410);
    expect((await page(second.token)).status).toBe(200);
    expect((await page(johns.token)).status).toBe(200);
    const [created] = await auditOf(app.db, c.church.id, { action: 'student.consent_link_created', resourceId: child.id }, 'newest first');
    expect(created.details).toMatchObject({ link_id: second.id, replaced_link_ids: [first.id] });
    const open = await c.teacher.get(`/api/students/${child.id}/consent-links`);
    expect(open.status, open.body.message).toBe(200);
    expect(open.body.data.map((l: Json) => [l.id, l.guardian_name]).sort()).toEqual([[johns.id, 'John Joseph'], [second.id, 'Mary Joseph']].sort());
  });
});

describe('revoking a link', () => {
  it('staff who reach the child revoke an open link (REST and tRPC): the page then refuses it; audited; twice is a 409', async () => {
    const { child, mary, john } = await childWithParents('Leo Joseph');
    const link = await makeLink(c.teacher, child.id, mary.id);
    const res = await c.teacher.post(`/api/consent-links/${link.id}/revoke`);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ id: link.id, revoked: true });
    const opened = await page(link.token);
    expect(opened.status).toBe(410);
    expect(opened.body.message).toBe(CONSENT_MESSAGES.linkRevoked);
    const answered = await answer(link.token);
    expect(answered.status).toBe(410);
    expect(await digitalAnswers(child.id)).toEqual([]);
    expect(await linkRow(link.token)).toMatchObject({ revokedReason: 'revoked', revokedBy: c.users.teacher.id });
    expect((await auditOf(app.db, c.church.id, { action: 'student.consent_link_revoked', resourceId: child.id }))[0].details)
      .toMatchObject({ link_id: link.id, guardian_id: mary.id });
    const again = await c.teacher.post(`/api/consent-links/${link.id}/revoke`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CONSENT_MESSAGES.linkNotOpen);
    expect((await c.teacher.get(`/api/students/${child.id}/consent-links`)).body.data).toEqual([]);

    const other = await makeLink(c.teacher, child.id, john.id);
    const viaTrpc = await c.teacher.mutate('consent.revokeLink', { id: other.id });
    expect(viaTrpc.status).toBe(200);
    expect((await page(other.token)).status).toBe(410);
  });

  it('an answered link cannot be revoked (409) and its answer stays in force', async () => {
    const { child, mary } = await childWithParents('Max Joseph');
    const link = await makeLink(c.teacher, child.id, mary.id);
    expect((await answer(link.token)).status).toBe(200);
    expect((await c.admin.post(`/api/consent-links/${link.id}/revoke`)).status).toBe(409);
    expect((await c.admin.get(`/api/students/${child.id}/consents`)).body.data.purposes.enrolment.state).toBe('given');
  });

  it('a teacher of another class, a guest and another church cannot revoke it or list the links', async () => {
    const cara = await c.add(c.others.id, 'Nia George');
    const guardian = (await c.admin.get(`/api/students/${cara.id}/guardians`)).body.data[0];
    const link = await makeLink(c.admin, cara.id, guardian.id);
    expect((await c.teacher.post(`/api/consent-links/${link.id}/revoke`)).status).toBe(404);
    expect((await c.teacher.get(`/api/students/${cara.id}/consent-links`)).status).toBe(404);
    expect((await c.guest.post(`/api/consent-links/${link.id}/revoke`)).status).toBe(403);
    const b = await churchWithSessions(app, { roles: ['super_admin'] });
    expect((await b.s.super_admin.post(`/api/consent-links/${link.id}/revoke`)).status).toBe(404);
    expect((await b.s.super_admin.get(`/api/students/${cara.id}/consent-links`)).status).toBe(404);
    expect((await c.admin.post('/api/consent-links/not-an-id/revoke')).status).toBe(400);
    expect((await page(link.token)).status).toBe(200);
  });

  it('the OpenAPI document names the revocation and the open links', async () => {
    const doc = await (await fetch(`${app.url}/api/openapi.json`)).json();
    expect(doc.paths['/api/consent-links/{id}/revoke']?.post).toBeDefined();
    expect(doc.paths['/api/students/{id}/consent-links']?.get).toBeDefined();
  });
});

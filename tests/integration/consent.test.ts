import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { childDataReads, consentLinks, studentConsents, studentGuardians } from '../../drizzle/schema/index.js';
import { CONSENT_LINK_DAYS, CONSENT_MESSAGES } from '../../common/consent.js';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, type Json } from '../helpers/fixtures.js';
import { churchWithSessions, type ChurchSession as Session } from '../helpers/church-session.js';
import { addClass } from '../helpers/classes-api.js';
import { auditOf } from '../helpers/audit.js';

const PUBLIC_URL = 'https://school.example/app';
let app: TestApp;
beforeAll(async () => { app = await startTestApp({ PUBLIC_URL, CONSENT_MAX_PER_IP: '1000' }); });
afterAll(async () => { await app?.close(); });

/** The current academic year (the church's default: it starts in June), which the summary counts. */
const YEAR = academicYearOf(todayIn('Asia/Kolkata'), 6);

/** A church with a session of every role, the teacher's class (Anna, Ben) and another class (Cara). */
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
  const anna = await add(own.id, 'Anna Joseph');
  const ben = await add(own.id, 'Ben Mathew');
  const cara = await add(others.id, 'Cara George');
  const put = await admin.put(`/api/students/${anna.id}/guardians`, { guardians: [
    { name: 'Mary Joseph', relation: 'mother', phone: '98470 12345', whatsapp: 'phone', language: 'ml' },
    { name: 'John Joseph', relation: 'father', phone: '98470 54321' },
  ] });
  expect(put.status, put.body.message).toBe(200);
  const [mary, john] = put.body.data as Json[];
  const [caraGuardian] = (await admin.get(`/api/students/${cara.id}/guardians`)).body.data as Json[];
  return { ...made, admin, principal, teacher, guest, own, others, anna, ben, cara, mary, john, caraGuardian };
}

let c: Awaited<ReturnType<typeof school>>;
beforeAll(async () => { c = await school(); });

const consentRows = (studentId: string) => app.db.withTenant(c.church.id, (tx) =>
  tx.select().from(studentConsents).where(eq(studentConsents.studentId, studentId)));
const tokenOf = (url: string) => url.split('/consent/')[1];
const page = (token: string, query = '') => api(app.url, 'GET', `/api/consent/${token}${query}`);
const answer = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api(app.url, 'POST', `/api/consent/${token}`, { body, headers });
const allYes = { confirms_parent: true, confirms_adult: true, enrolment: true, photos: true, messages: true };
const makeLink = async (s: Session, studentId: string, guardianId: string) => {
  const res = await s.post(`/api/students/${studentId}/consent-links`, { guardian_id: guardianId });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data;
};

describe('consent records', () => {
  it('a child never answered for: every purpose none, no history; each read is in the access log', async () => {
    const reads = () => app.db.withTenant(c.church.id, (tx) => tx.select().from(childDataReads)
      .where(and(eq(childDataReads.studentId, c.ben.id), eq(childDataReads.kind, 'consent_records'))));
    const before = (await reads()).length;
    const res = await c.teacher.get(`/api/students/${c.ben.id}/consents`);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({
      student_id: c.ben.id, history: [],
      purposes: { enrolment: { state: 'none', answer: null }, photos: { state: 'none', answer: null }, messages: { state: 'none', answer: null } },
    });
    const after = await reads();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({ readerId: c.users.teacher.id, readerRole: 'teacher' });
  });

  it('staff record answers; a withdrawal is a new row and the history keeps both, newest first', async () => {
    const first = await c.teacher.post(`/api/students/${c.anna.id}/consents`, {
      guardian_id: c.mary.id, method: 'paper_form', answers: { enrolment: true, photos: true },
    });
    expect(first.status, first.body.message).toBe(201);
    expect(first.body.data.recorded).toHaveLength(2);
    const second = await c.principal.post(`/api/students/${c.anna.id}/consents`, {
      guardian_id: c.john.id, method: 'in_person', answers: { photos: false },
    });
    expect(second.status, second.body.message).toBe(201);

    const res = await c.principal.get(`/api/students/${c.anna.id}/consents`);
    const { purposes, history } = res.body.data;
    expect(purposes.enrolment).toMatchObject({ state: 'given', answer: { guardian_name: 'Mary Joseph', method: 'paper_form', recorded_by: { id: c.users.teacher.id } } });
    expect(purposes.photos).toMatchObject({ state: 'withdrawn', answer: { guardian_name: 'John Joseph', method: 'in_person' } });
    expect(purposes.messages).toEqual({ state: 'none', answer: null });
    // Newest first: the withdrawal, then the two answers recorded together (in no order of their own).
    expect([history[0].purpose, history[0].given]).toEqual(['photos', false]);
    expect(history.slice(1).map((h: Json) => [h.purpose, h.given]).sort()).toEqual([['enrolment', true], ['photos', true]]);
    expect(await consentRows(c.anna.id)).toHaveLength(3);
  });

  it('an answer for messages also sets that guardian\'s consent to be contacted (and the WhatsApp link)', async () => {
    const res = await c.teacher.post(`/api/students/${c.anna.id}/consents`, {
      guardian_id: c.mary.id, method: 'in_person', answers: { messages: true },
    });
    expect(res.status, res.body.message).toBe(201);
    const [mary] = (await c.teacher.get(`/api/students/${c.anna.id}/guardians`)).body.data as Json[];
    expect(mary).toMatchObject({ contact_consent: true, consent_recorded_by: { id: c.users.teacher.id } });
    expect(mary.links.phone.whatsapp).toBe('https://wa.me/919847012345');
  });

  it('is audited with ids and answers, without the names of the child or the guardian', async () => {
    const entries = await auditOf(app.db, c.church.id, { action: 'student.consent_recorded', resourceId: c.anna.id });
    expect(entries.length).toBe(3);
    expect(entries[0].details).toMatchObject({ guardian_id: c.mary.id, method: 'paper_form', answers: { enrolment: true, photos: true } });
    const text = JSON.stringify(entries);
    for (const name of ['Anna', 'Mary', 'John']) expect(text).not.toContain(name);
  });

  it('refuses a guardian of another child, no answer, or a method staff cannot use, writing nothing', async () => {
    const before = (await consentRows(c.anna.id)).length;
    const other = await c.admin.post(`/api/students/${c.anna.id}/consents`, { guardian_id: c.caraGuardian.id, method: 'paper_form', answers: { enrolment: true } });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(CONSENT_MESSAGES.guardianNotOfChild);
    const none = await c.admin.post(`/api/students/${c.anna.id}/consents`, { guardian_id: c.mary.id, method: 'paper_form', answers: {} });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain(CONSENT_MESSAGES.answerRequired);
    const digital = await c.admin.post(`/api/students/${c.anna.id}/consents`, { guardian_id: c.mary.id, method: 'digital_link', answers: { enrolment: true } });
    expect(digital.status).toBe(400);
    const notBoolean = await c.admin.post(`/api/students/${c.anna.id}/consents`, { guardian_id: c.mary.id, method: 'paper_form', answers: { enrolment: 'yes' } });
    expect(notBoolean.status).toBe(400);
    expect((await consentRows(c.anna.id)).length).toBe(before);
  });

  it('a teacher reaches only their own classes\' children; a guest none', async () => {
    expect((await c.teacher.get(`/api/students/${c.cara.id}/consents`)).status).toBe(404);
    expect((await c.teacher.post(`/api/students/${c.cara.id}/consents`, { guardian_id: c.caraGuardian.id, method: 'paper_form', answers: { enrolment: true } })).status).toBe(404);
    expect((await c.teacher.post(`/api/students/${c.cara.id}/consent-links`, { guardian_id: c.caraGuardian.id })).status).toBe(404);
    expect((await c.guest.get(`/api/students/${c.anna.id}/consents`)).status).toBe(403);
    expect((await c.guest.post(`/api/students/${c.anna.id}/consent-links`, { guardian_id: c.mary.id })).status).toBe(403);
  });

  it('another church sees none of it: its staff get 404 for the child, and a guardian of this church is not one of theirs', async () => {
    const b = await churchWithSessions(app, { roles: ['super_admin'] });
    const bClass = await addClass(b.s.super_admin, { class_name: '1st', section: 'A' });
    const bChild = (await b.s.super_admin.post('/api/students', { name: 'Dan', parent_phone: '9847011111', date_of_birth: '2017-01-01', class_id: bClass.id })).body.data;
    expect((await b.s.super_admin.get(`/api/students/${c.anna.id}/consents`)).status).toBe(404);
    expect((await b.s.super_admin.post(`/api/students/${c.anna.id}/consent-links`, { guardian_id: c.mary.id })).status).toBe(404);
    const theirs = await b.s.super_admin.post(`/api/students/${bChild.id}/consents`, { guardian_id: c.mary.id, method: 'paper_form', answers: { enrolment: true } });
    expect(theirs.status).toBe(400);
  });
});

describe('consent missing and the summary', () => {
  it('the roll call\'s list and the student list say which children have no enrolment consent in force', async () => {
    const roll = (await c.teacher.get(`/api/students/class/${c.own.id}`)).body.data as Json[];
    expect(Object.fromEntries(roll.map((s) => [s.name, s.consent_missing]))).toEqual({ 'Anna Joseph': false, 'Ben Mathew': true });
    const list = (await c.principal.get('/api/students')).body.data as Json[];
    expect(Object.fromEntries(list.map((s) => [s.name, s.consent_missing]))).toMatchObject({ 'Anna Joseph': false, 'Ben Mathew': true, 'Cara George': true });
  });

  it('the summary counts the year\'s children without enrolment consent, in all and per class (managers only)', async () => {
    const res = await c.principal.get('/api/consent/summary');
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ children: 3, missing_enrolment_consent: 2 });
    expect(res.body.data.classes).toEqual([
      expect.objectContaining({ class_id: c.own.id, children: 2, missing_enrolment_consent: 1 }),
      expect.objectContaining({ class_id: c.others.id, children: 1, missing_enrolment_consent: 1 }),
    ]);
    expect((await c.teacher.get('/api/consent/summary')).status).toBe(403);
    expect((await c.guest.get('/api/consent/summary')).status).toBe(403);
  });

  it('a withdrawn enrolment consent is missing again', async () => {
    await c.admin.post(`/api/students/${c.anna.id}/consents`, { guardian_id: c.john.id, method: 'paper_form', answers: { enrolment: false } });
    const roll = (await c.teacher.get(`/api/students/class/${c.own.id}`)).body.data as Json[];
    expect(roll.find((s) => s.id === c.anna.id)?.consent_missing).toBe(true);
    expect((await c.principal.get('/api/consent/summary')).body.data.missing_enrolment_consent).toBe(3);
  });
});

describe('consent links', () => {
  it('a link: a 256-bit token of which only the SHA-256 is kept, valid 7 days, in the guardian\'s language, with WhatsApp when they have it', async () => {
    const link = await makeLink(c.teacher, c.anna.id, c.mary.id);
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}/consent/[A-Za-z0-9_-]{43}$`));
    expect(link.language).toBe('ml');
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(CONSENT_LINK_DAYS - 0.01);
    expect(days).toBeLessThan(CONSENT_LINK_DAYS + 0.01);
    expect(link.whatsapp_url).toMatch(/^https:\/\/wa\.me\/919847012345\?text=/);
    expect(decodeURIComponent(link.whatsapp_url.split('?text=')[1])).toContain(link.url);
    const token = tokenOf(link.url);
    const stored = await app.db.withTenant(c.church.id, (tx) => tx.select().from(consentLinks).where(eq(consentLinks.studentId, c.anna.id)));
    expect(stored.map((l) => l.tokenHash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const plain = await makeLink(c.principal, c.anna.id, c.john.id);
    expect(plain).toMatchObject({ language: 'en', whatsapp_url: null });
    const entries = await auditOf(app.db, c.church.id, { action: 'student.consent_link_created', resourceId: c.anna.id });
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toContain('Mary');
  });

  it('a link only for one of the child\'s guardians', async () => {
    const res = await c.teacher.post(`/api/students/${c.anna.id}/consent-links`, { guardian_id: c.caraGuardian.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CONSENT_MESSAGES.guardianNotOfChild);
  });

  it('the public page: church, the child\'s first name, the guardian, the notice in the link\'s language or the one asked for', async () => {
    const token = tokenOf((await makeLink(c.teacher, c.anna.id, c.mary.id)).url);
    const res = await page(token);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      church_name: c.church.name, church_code: c.code, child_name: 'Anna', guardian_name: 'Mary Joseph', language: 'ml',
      notice_language: 'ml', purposes: ['enrolment', 'photos', 'messages'],
    });
    expect(JSON.stringify(res.body.data)).not.toContain('Joseph Anna');
    expect(Object.keys(res.body.data.notice)).toEqual(['controller', 'data_kept', 'purposes', 'retention', 'contact']);
    const english = await page(token, '?lang=en');
    expect(english.body.data.notice.controller.text).toBe(`${c.church.name} runs this Sunday School and decides how its children's data is used.`);
    expect(res.body.data.notice.controller.text).not.toBe(english.body.data.notice.controller.text);
    expect(res.body.data.notice.controller.text).toContain(c.church.name);
  });

  it('an answer needs both confirmations; then it records the three answers with the link as evidence, once', async () => {
    const token = tokenOf((await makeLink(c.teacher, c.anna.id, c.mary.id)).url);
    const rowsBefore = (await consentRows(c.anna.id)).length;
    const unconfirmed = await answer(token, { ...allYes, confirms_adult: false });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toContain(CONSENT_MESSAGES.confirmationsRequired);
    expect((await consentRows(c.anna.id)).length).toBe(rowsBefore);

    const agent = `Mozilla/5.0 ${'x'.repeat(600)}`;
    const res = await answer(token, { ...allYes, photos: false, messages: false }, { 'user-agent': agent });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.recorded).toEqual({ enrolment: true, photos: false, messages: false });
    const [link] = await app.db.withTenant(c.church.id, (tx) => tx.select().from(consentLinks)
      .where(eq(consentLinks.tokenHash, createHash('sha256').update(token).digest('hex'))));
    expect(link.usedAt).not.toBeNull();
    const rows = (await consentRows(c.anna.id)).filter((r) => r.linkId === link.id);
    expect(rows.map((r) => [r.purpose, r.given]).sort()).toEqual([['enrolment', true], ['messages', false], ['photos', false]]);
    for (const row of rows) {
      expect(row).toMatchObject({ method: 'digital_link', guardianId: c.mary.id, recordedBy: null, recordedByName: 'Mary Joseph' });
      expect(row.ipAddress).toBeTruthy();
      expect(row.userAgent).toBe(agent.slice(0, 500));
    }
    // The messages answer is Mary's consent to be contacted: withdrawn now, so no WhatsApp link.
    const [mary] = (await c.teacher.get(`/api/students/${c.anna.id}/guardians`)).body.data as Json[];
    expect(mary).toMatchObject({ contact_consent: false, consent_recorded_by: null });
    expect((await auditOf(app.db, c.church.id, { action: 'student.consent_answered', resourceId: c.anna.id })).length).toBe(1);
    const roll = (await c.teacher.get(`/api/students/class/${c.own.id}`)).body.data as Json[];
    expect(roll.find((s) => s.id === c.anna.id)?.consent_missing).toBe(false);

    const again = await answer(token, allYes);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CONSENT_MESSAGES.linkUsed);
    expect((await page(token)).status).toBe(409);
    expect((await consentRows(c.anna.id)).filter((r) => r.linkId === link.id)).toHaveLength(3);
  });

  it('two answers at once: one recorded, the other told the link was used; three rows', async () => {
    const token = tokenOf((await makeLink(c.teacher, c.ben.id, (await c.teacher.get(`/api/students/${c.ben.id}/guardians`)).body.data[0].id)).url);
    const both = await Promise.all([answer(token, allYes), answer(token, allYes)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = (await consentRows(c.ben.id)).filter((r) => r.method === 'digital_link');
    expect(rows).toHaveLength(3);
  });

  it('an expired link answers 410 with its message and records nothing; an unknown one 404', async () => {
    const token = tokenOf((await makeLink(c.principal, c.anna.id, c.john.id)).url);
    await app.db.ownerQuery(sql`update consent_links set expires_at = now() - interval '1 minute'
      where token_hash = ${createHash('sha256').update(token).digest('hex')}`);
    const before = (await consentRows(c.anna.id)).length;
    const opened = await page(token);
    expect(opened.status).toBe(410);
    expect(opened.body.message).toBe(CONSENT_MESSAGES.linkExpired);
    expect((await answer(token, allYes)).status).toBe(410);
    expect((await consentRows(c.anna.id)).length).toBe(before);
    // Over tRPC too, with the same status.
    const viaTrpc = await fetch(`${app.url}/trpc/consent.page?input=${encodeURIComponent(JSON.stringify({ token }))}`);
    expect(viaTrpc.status).toBe(410);

    const unknown = await page('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CONSENT_MESSAGES.linkNotFound);
    expect((await page('not-a-token')).status).toBe(400);
  });

  it('a church\'s link records in that church only, whoever sends it', async () => {
    const b = await churchWithSessions(app, { roles: ['principal'] });
    const link = await makeLink(c.principal, c.anna.id, c.john.id);
    const res = await api(app.url, 'POST', `/api/consent/${tokenOf(link.url)}`, { body: allYes, token: b.s.principal.token, code: b.code });
    expect(res.status, res.body.message).toBe(200);
    const inB = await app.db.withTenant(b.church.id, (tx) => tx.select().from(studentConsents));
    expect(inB).toEqual([]);
    const [john] = await app.db.withTenant(c.church.id, (tx) => tx.select().from(studentGuardians).where(eq(studentGuardians.id, c.john.id)));
    expect(john.contactConsent).toBe(true);
  });
});

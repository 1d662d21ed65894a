import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { childDataReads, studentGuardians, users } from '../../drizzle/schema/index.js';
import { GUARDIAN_MESSAGES, MAX_GUARDIANS, MAX_PICKUPS, MEDICAL_NOTE_MAX } from '../../common/schemas/guardians.js';
import { phoneLinks } from '../../common/phone.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import type { GuardianDto, PickupDto } from '../../server/modules/guardians/index.js';
import type { Json } from '../helpers/fixtures.js';
import { churchWithSessions, signIn, type ChurchSession as Session } from '../helpers/church-session.js';
import { addClass } from '../helpers/classes-api.js';
import { auditOf } from '../helpers/audit.js';
import { snapshotOf } from '../helpers/church-rows.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

/** A church with a session of every role, a second teacher, a class of each teacher and a student in each. */
async function schoolWithTwoClasses() {
  const made = await churchWithSessions(app);
  const [{ passwordHash }] = await app.db.withTenant(made.church.id, (tx) =>
    tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, made.users.teacher.id)));
  const [otherTeacher] = await app.db.withTenant(made.church.id, (tx) => tx.insert(users).values({
    churchId: made.church.id, role: 'teacher', name: 'Second Teacher', email: `t2@${made.code.toLowerCase()}.test`, passwordHash,
  }).returning());
  const teacher2 = await signIn(app.url, made.code, otherTeacher.email);
  const { super_admin: admin, principal, teacher, guest } = made.s;
  const own = await addClass(admin, { class_name: '3rd', section: 'A', teacher_id: made.users.teacher.id });
  const others = await addClass(admin, { class_name: '4th', section: 'B', teacher_id: otherTeacher.id });
  const add = async (classId: string, name: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/students', { name, parent_phone: '+91 98765 43210', date_of_birth: '2016-03-15', class_id: classId, ...extra });
    expect(res.status, res.body.message).toBe(201);
    return res.body.data;
  };
  const anna = await add(own.id, 'Anna Joseph', { parent_email: 'anna.parent@example.org' });
  const ben = await add(own.id, 'Ben Mathew');
  const cara = await add(others.id, 'Cara George');
  return { ...made, admin, principal, teacher, guest, teacher2, otherTeacher, own, others, anna, ben, cara };
}

let c: Awaited<ReturnType<typeof schoolWithTwoClasses>>;
beforeAll(async () => { c = await schoolWithTwoClasses(); });

const guardian = (extra: Record<string, unknown> = {}) => ({ name: 'Mary Joseph', relation: 'mother', phone: '98470 12345', ...extra });
const putGuardians = (s: Session, id: string, guardians: unknown[]) => s.put(`/api/students/${id}/guardians`, { guardians });
const guardianRows = (studentId: string) => app.db.withTenant(c.church.id, (tx) =>
  tx.select().from(studentGuardians).where(eq(studentGuardians.studentId, studentId)).orderBy(studentGuardians.position));

describe('the student API and the primary guardian', () => {
  it('a student added through the student API has one guardian: the parent phone (in E.164) and email', async () => {
    const res = await c.admin.get(`/api/students/${c.anna.id}/guardians`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({
      position: 1, primary: true, name: 'Parent', relation: 'parent', phone: '+919876543210', phone2: null, whatsapp: 'none',
      email: 'anna.parent@example.org', contact_consent: false, consent_recorded_at: null, consent_recorded_by: null,
      links: { phone: { display: '+91 98765 43210', tel: 'tel:+919876543210', whatsapp: null }, phone2: null },
    })]);
  });

  it('the guardians list\'s first guardian is the student\'s parent_phone and parent_email; editing either side shows on the other', async () => {
    const res = await putGuardians(c.admin, c.ben.id, [
      guardian({ email: 'Mary@Example.org', whatsapp: 'phone' }), guardian({ name: 'John Mathew', relation: 'father', phone: '+44 20 7946 0958' }),
    ]);
    expect(res.status, res.body.message).toBe(200);
    const [student] = (await c.admin.get(`/api/students?search=Ben`)).body.data;
    expect(student).toMatchObject({ id: c.ben.id, parent_phone: '+919847012345', parent_email: 'Mary@Example.org' });
    // The student's search finds the primary guardian's phone by its digits and email.
    expect((await c.admin.get('/api/students?search=98470%2012345')).body.data.map((s: Json) => s.id)).toEqual([c.ben.id]);
    expect((await c.admin.get('/api/students?search=mary@example')).body.data.map((s: Json) => s.id)).toEqual([c.ben.id]);

    const edited = await c.admin.put(`/api/students/${c.ben.id}`, { parent_phone: '0484 123 4567', parent_email: '' });
    expect(edited.body.data).toMatchObject({ parent_phone: '+914841234567', parent_email: null });
    const rows = await guardianRows(c.ben.id);
    expect(rows.map((g) => [g.position, g.name, g.phone, g.email])).toEqual([
      [1, 'Mary Joseph', '+914841234567', null], [2, 'John Mathew', '+442079460958', null],
    ]);
  });
});

describe('PUT /api/students/{id}/guardians: validation and normalisation', () => {
  it('stores phones in E.164: +91 when no country code is given, another country code kept', async () => {
    const res = await putGuardians(c.admin, c.cara.id, [
      guardian({ phone: '9847012345', phone2: '+1 (415) 555-2671', whatsapp: 'phone2', language: 'ml', contact_consent: true }),
      guardian({ name: 'Grand Pa', relation: 'grandparent', phone: '0091 98470 55555', phone2: '' }),
    ]);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.map((g: Json) => [g.phone, g.phone2, g.whatsapp, g.language])).toEqual([
      ['+919847012345', '+14155552671', 'phone2', 'ml'], ['+919847055555', null, 'none', null],
    ]);
    expect(res.body.data[0].links).toEqual({
      phone: { display: '+91 98470 12345', tel: 'tel:+919847012345', whatsapp: null },
      phone2: { display: '+1 415 555 2671', tel: 'tel:+14155552671', whatsapp: 'https://wa.me/14155552671' },
    });
  });

  it('says why a guardian has no WhatsApp link: no WhatsApp, or not agreed to be contacted', async () => {
    const res = await putGuardians(c.admin, c.cara.id, [
      guardian({ whatsapp: 'phone', contact_consent: true }),
      guardian({ name: 'John Mathew', relation: 'father', whatsapp: 'none', contact_consent: true }),
      guardian({ name: 'Grand Pa', relation: 'grandparent', whatsapp: 'phone', contact_consent: false }),
    ]);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.map((g: Json) => [g.links.phone.whatsapp !== null, g.whatsapp_unavailable])).toEqual([
      [true, null], [false, 'no_whatsapp'], [false, 'no_consent'],
    ]);
  });

  it.each([
    [[guardian({ phone: 'call me' })], GUARDIAN_MESSAGES.phoneInvalid],
    [[guardian({ phone: '12345' })], GUARDIAN_MESSAGES.phoneInvalid],
    [[guardian({ phone: '+91 12' })], GUARDIAN_MESSAGES.phoneInvalid],
    [[guardian({ phone2: 'not a phone' })], GUARDIAN_MESSAGES.phoneInvalid],
    [[guardian({ phone: '' })], GUARDIAN_MESSAGES.phoneRequired],
    [[guardian({ name: '  ' })], GUARDIAN_MESSAGES.nameRequired],
    [[guardian({ relation: 'boss' })], GUARDIAN_MESSAGES.relationInvalid],
    [[guardian({ whatsapp: 'phone2' })], GUARDIAN_MESSAGES.whatsappWithoutPhone2],
    [[guardian({ language: 'fr' })], 'Language must be one of en, ml, ta, hi'],
    [[], GUARDIAN_MESSAGES.guardiansRequired],
    [Array.from({ length: MAX_GUARDIANS + 1 }, () => guardian()), GUARDIAN_MESSAGES.tooManyGuardians],
  ])('refuses %j with a clear message (400) and changes nothing', async (guardians, message) => {
    const before = await guardianRows(c.cara.id);
    const res = await putGuardians(c.admin, c.cara.id, guardians);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await guardianRows(c.cara.id)).toEqual(before);
  });

  it('records consent with when and by whom; the same answer again keeps the record, a changed one is recorded anew', async () => {
    const first = await putGuardians(c.admin, c.anna.id, [guardian({ phone: '+91 98470 11111', contact_consent: true }), guardian({ phone: '9847022222' })]);
    expect(first.status).toBe(200);
    const [mother, second] = first.body.data;
    expect(mother.consent_recorded_by).toEqual({ id: c.users.super_admin.id, name: c.users.super_admin.name });
    expect(Date.now() - Date.parse(mother.consent_recorded_at)).toBeLessThan(60_000);
    expect(second).toMatchObject({ contact_consent: false, consent_recorded_by: { id: c.users.super_admin.id } });

    const again = await putGuardians(c.principal, c.anna.id, [
      guardian({ phone: '+919847011111', contact_consent: true }), guardian({ phone: '9847022222', contact_consent: true }),
    ]);
    expect(again.body.data[0]).toMatchObject({ consent_recorded_at: mother.consent_recorded_at, consent_recorded_by: { id: c.users.super_admin.id } });
    expect(again.body.data[1]).toMatchObject({ contact_consent: true, consent_recorded_by: { id: c.users.principal.id } });
  });

  it('"agreed to be contacted" is the family\'s answer for messages: the Consent section says what the tick says', async () => {
    const consents = async () => (await c.admin.get(`/api/students/${c.ben.id}/consents`)).body.data as {
      purposes: { messages: { state: string; answer: { guardian_id: string; method: string; recorded_by: { id: string } } | null } };
      history: Array<{ purpose: string; given: boolean; guardian_name: string }>;
    };
    expect((await consents()).purposes.messages.state).toBe('none');

    // The mother agrees, the father does not: one answer, hers, given in person by the principal.
    const first = await putGuardians(c.principal, c.ben.id, [
      guardian({ name: 'Mary Mathew', phone: '98470 33333', contact_consent: true }), guardian({ name: 'Joseph Mathew', relation: 'father', phone: '98470 44444' }),
    ]);
    expect(first.status, first.body.message).toBe(200);
    const [mother, father] = first.body.data as GuardianDto[];
    let now = await consents();
    expect(now.purposes.messages).toMatchObject({ state: 'given', answer: { guardian_id: mother.id, method: 'in_person', recorded_by: { id: c.users.principal.id } } });
    expect(now.history.map((h) => [h.purpose, h.given, h.guardian_name])).toEqual([['messages', true, 'Mary Mathew']]);

    // The same list again records nothing; the mother's tick taken away is a withdrawal.
    const same = [{ ...guardian({ name: 'Mary Mathew', phone: '98470 33333', contact_consent: true }), id: mother.id },
      { ...guardian({ name: 'Joseph Mathew', relation: 'father', phone: '98470 44444' }), id: father.id }];
    expect((await putGuardians(c.principal, c.ben.id, same)).status).toBe(200);
    expect((await consents()).history).toHaveLength(1);
    expect((await putGuardians(c.admin, c.ben.id, [{ ...same[0], contact_consent: false }, same[1]])).status).toBe(200);
    now = await consents();
    expect(now.purposes.messages.state).toBe('withdrawn');
    expect(now.history.map((h) => [h.purpose, h.given, h.guardian_name])).toEqual([['messages', false, 'Mary Mathew'], ['messages', true, 'Mary Mathew']]);
    const audit = await auditOf(app.db, c.church.id, { action: 'student.guardians_replaced' });
    expect(audit.map((e) => (e.details as Json).messages_consent_recorded).filter(Boolean).slice(-2))
      .toEqual([[{ guardian_id: mother.id, given: true }], [{ guardian_id: mother.id, given: false }]]);
  });
});

describe('pickups, emergency contact and medical note', () => {
  it('replaces the pickups list (at most 6), sets the emergency contact and the note (at most 500 characters)', async () => {
    const pickups = [{ name: 'Aunt Rose', relation: 'relative', phone: '9847033333' }, { name: 'Driver Joe', relation: 'other', phone: '+971 50 123 4567' }];
    const res = await c.principal.put(`/api/students/${c.anna.id}/pickups`, { pickups });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.map((p: Json) => [p.position, p.name, p.phone])).toEqual([[1, 'Aunt Rose', '+919847033333'], [2, 'Driver Joe', '+971501234567']]);
    const tooMany = await c.principal.put(`/api/students/${c.anna.id}/pickups`, { pickups: Array.from({ length: MAX_PICKUPS + 1 }, () => pickups[0]) });
    expect(tooMany).toMatchObject({ status: 400, body: { message: expect.stringContaining(GUARDIAN_MESSAGES.tooManyPickups) } });
    expect((await c.principal.get(`/api/students/${c.anna.id}/pickups`)).body.data).toHaveLength(2);

    const contact = await c.teacher.put(`/api/students/${c.anna.id}/emergency-contact`, { contact: { name: 'Dr Thomas', phone: '0484 2345678' } });
    expect(contact.body.data.emergency_contact).toMatchObject({ name: 'Dr Thomas', phone: '+914842345678' });
    const bad = await c.teacher.put(`/api/students/${c.anna.id}/emergency-contact`, { contact: { name: 'X', phone: 'none' } });
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringContaining(GUARDIAN_MESSAGES.phoneInvalid) } });

    const long = await c.teacher.put(`/api/students/${c.anna.id}/medical-note`, { note: 'x'.repeat(MEDICAL_NOTE_MAX + 1) });
    expect(long).toMatchObject({ status: 400, body: { message: expect.stringContaining(GUARDIAN_MESSAGES.medicalNoteTooLong) } });
    const note = await c.teacher.put(`/api/students/${c.anna.id}/medical-note`, { note: 'Peanut allergy: EpiPen in the red bag' });
    expect(note.body.data).toEqual({ id: c.anna.id, has_medical_note: true });
  });

  it('the safety card: student, class, guardians and pickups with tel: and WhatsApp links, the medical flag, the emergency contact; never the note', async () => {
    await putGuardians(c.admin, c.anna.id, [
      guardian({ phone: '+91 98470 11111', whatsapp: 'phone', contact_consent: true }),
      guardian({ name: 'Joseph K', relation: 'father', phone: '9847022222', whatsapp: 'phone' }), // did not agree to be contacted: no WhatsApp link
    ]);
    const res = await c.teacher.get(`/api/students/${c.anna.id}/safety-card`);
    expect(res.status).toBe(200);
    const card = res.body.data as { student: Json; guardians: GuardianDto[]; pickups: PickupDto[]; has_medical_note: boolean; emergency_contact: Json };
    expect(card.student).toEqual({
      id: c.anna.id, name: 'Anna Joseph', roll_number: c.anna.roll_number, academic_year: c.own.academic_year,
      class_id: c.own.id, class_name: '3rd', class_section: 'A', active: true,
    });
    expect(card.guardians.map((g) => [g.name, g.relation, g.links.phone])).toEqual([
      ['Mary Joseph', 'mother', { display: '+91 98470 11111', tel: 'tel:+919847011111', whatsapp: 'https://wa.me/919847011111' }],
      ['Joseph K', 'father', { display: '+91 98470 22222', tel: 'tel:+919847022222', whatsapp: null }],
    ]);
    expect(card.pickups.map((p) => [p.name, p.links.tel])).toEqual([['Aunt Rose', 'tel:+919847033333'], ['Driver Joe', 'tel:+971501234567']]);
    expect(card.has_medical_note).toBe(true);
    expect(card.emergency_contact).toEqual({ name: 'Dr Thomas', phone: '+914842345678', links: phoneLinks('+914842345678', false) });
    expect(JSON.stringify(card)).not.toContain('Peanut');

    const plain = (await c.admin.get(`/api/students/${c.ben.id}/safety-card`)).body.data;
    expect(plain).toMatchObject({ has_medical_note: false, emergency_contact: null, pickups: [] });
  });

  it('a phone kept as written from before (not E.164) still gets a tel: link of its digits, and is shown for reading when it is a number', () => {
    expect(phoneLinks('1234567', true)).toEqual({ display: '1234567', tel: 'tel:1234567', whatsapp: null });
    expect(phoneLinks('0484 123 4567', true)).toEqual({ display: '+91 484 123 4567', tel: 'tel:+914841234567', whatsapp: 'https://wa.me/914841234567' });
  });

  it('the Mark Attendance roster carries hasMedicalNote per student (REST and tRPC)', async () => {
    const rest = await c.teacher.get(`/api/students/class/${c.own.id}`);
    expect(rest.body.data.map((s: Json) => [s.name, s.hasMedicalNote])).toEqual([['Anna Joseph', true], ['Ben Mathew', false]]);
    const trpc = await c.teacher.query('students.byClass', { classId: c.own.id });
    expect(trpc.body.result.data.map((s: Json) => s.hasMedicalNote)).toEqual([true, false]);
    await c.teacher.put(`/api/students/${c.anna.id}/medical-note`, { note: '' });
    expect((await c.teacher.get(`/api/students/class/${c.own.id}`)).body.data[0].hasMedicalNote).toBe(false);
    await c.teacher.put(`/api/students/${c.anna.id}/medical-note`, { note: 'Peanut allergy: EpiPen in the red bag' });
  });
});

describe('who sees what', () => {
  const paths = (id: string) => [
    `/api/students/${id}/safety-card`, `/api/students/${id}/guardians`, `/api/students/${id}/pickups`, `/api/students/${id}/medical-note`,
  ];

  it('a teacher reads their own class\'s children, and another class\'s are not found (404); nothing is logged', async () => {
    for (const path of paths(c.anna.id)) expect((await c.teacher.get(path)).status, path).toBe(200);
    const viewsBefore = await app.db.withTenant(c.church.id, (tx) => tx.select().from(childDataReads));
    for (const path of paths(c.anna.id)) expect((await c.teacher2.get(path)).status, path).toBe(404);
    expect((await putGuardians(c.teacher2, c.anna.id, [guardian()])).status).toBe(404);
    expect((await c.teacher2.put(`/api/students/${c.anna.id}/medical-note`, { note: 'changed' })).status).toBe(404);
    expect(await app.db.withTenant(c.church.id, (tx) => tx.select().from(childDataReads))).toEqual(viewsBefore);
    expect((await c.teacher2.get(`/api/students/${c.cara.id}/safety-card`)).status).toBe(200);
  });

  it('a guest sees no card, guardians or note (403), and edits nothing', async () => {
    for (const path of paths(c.anna.id)) expect((await c.guest.get(path)).status, path).toBe(403);
    expect((await putGuardians(c.guest, c.anna.id, [guardian()])).status).toBe(403);
  });

  it('another church\'s users get 404 for these students and write nothing', async () => {
    const other = await churchWithSessions(app, { roles: ['super_admin', 'teacher'] });
    const before = await snapshotOf(app.db, c.church.id);
    for (const s of [other.s.super_admin, other.s.teacher]) {
      for (const path of [...paths(c.anna.id), `/api/students/${c.anna.id}/medical-note/views`]) {
        const res = await s.get(path);
        if (s === other.s.teacher && path.endsWith('/views')) expect(res.status).toBe(403);
        else expect(res.status, path).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('Anna');
      }
      expect((await putGuardians(s, c.anna.id, [guardian()])).status).toBe(404);
      expect((await s.put(`/api/students/${c.anna.id}/pickups`, { pickups: [] })).status).toBe(404);
      expect((await s.put(`/api/students/${c.anna.id}/medical-note`, { note: null })).status).toBe(404);
      expect((await s.put(`/api/students/${c.anna.id}/emergency-contact`, { contact: null })).status).toBe(404);
    }
    expect(await snapshotOf(app.db, c.church.id)).toEqual(before);
  });
});

describe('the medical note and its read log', () => {
  it('every read of the note is a row of the log (who, when); the log is for the super admin and the principal', async () => {
    const before = (await c.principal.get(`/api/students/${c.anna.id}/medical-note/views`)).body.data.length;
    const byTeacher = await c.teacher.get(`/api/students/${c.anna.id}/medical-note`);
    expect(byTeacher.body.data).toMatchObject({ id: c.anna.id, medical_note: 'Peanut allergy: EpiPen in the red bag' });
    await c.admin.get(`/api/students/${c.anna.id}/medical-note`);
    await c.teacher.query('guardians.medicalNote', { id: c.anna.id });
    // The card and the roster show the flag only, and are not reads of the note.
    await c.teacher.get(`/api/students/${c.anna.id}/safety-card`);

    const log = await c.principal.get(`/api/students/${c.anna.id}/medical-note/views`);
    expect(log.status).toBe(200);
    expect(log.body.data).toHaveLength(before + 3);
    expect(log.body.data.slice(0, 3).map((v: Json) => [v.viewer_id, v.viewer_name, v.viewer_role])).toEqual([
      [c.users.teacher.id, c.users.teacher.name, 'teacher'], [c.users.super_admin.id, c.users.super_admin.name, 'super_admin'],
      [c.users.teacher.id, c.users.teacher.name, 'teacher'],
    ]);
    expect(log.body.data[0].viewed_at >= log.body.data[1].viewed_at).toBe(true);
    expect((await c.admin.get(`/api/students/${c.anna.id}/medical-note/views`)).status).toBe(200);
    expect((await c.teacher.get(`/api/students/${c.anna.id}/medical-note/views`)).status).toBe(403);
  });

  it('a student without a note answers null, and the read is logged all the same', async () => {
    const res = await c.admin.get(`/api/students/${c.ben.id}/medical-note`);
    expect(res.body.data).toMatchObject({ id: c.ben.id, medical_note: null });
    const log = (await c.admin.get(`/api/students/${c.ben.id}/medical-note/views`)).body.data;
    expect(log[0]).toMatchObject({ viewer_id: c.users.super_admin.id });
  });
});

describe('audit', () => {
  it('every change is audited with its user; the note\'s text never enters the audit log', async () => {
    const entries = await auditOf(app.db, c.church.id, { resourceType: 'student', resourceId: c.anna.id });
    const actions = new Set(entries.map((e) => e.action));
    for (const action of ['student.guardians_replaced', 'student.pickups_replaced', 'student.emergency_contact_set', 'student.medical_note_set']) {
      expect(actions.has(action), action).toBe(true);
    }
    const guardians = entries.find((e) => e.action === 'student.guardians_replaced')!;
    expect(guardians.details).toMatchObject({ by_user_id: c.users.super_admin.id, student_name: 'Anna Joseph' });
    const note = entries.find((e) => e.action === 'student.medical_note_set')!;
    expect(note.details).toMatchObject({ by_user_id: c.users.teacher.id, has_note: true });
    expect(JSON.stringify(entries)).not.toContain('Peanut');
    // A refused change writes no entry.
    const count = entries.length;
    await putGuardians(c.admin, c.anna.id, [guardian({ phone: 'garbage' })]);
    expect(await auditOf(app.db, c.church.id, { resourceType: 'student', resourceId: c.anna.id })).toHaveLength(count);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attendance, classes, students, users } from '../../drizzle/schema/index.js';
import { USER_MESSAGES } from '../../common/schemas/users.js';
import { PASSWORD_MESSAGES } from '../../common/schemas/password.js';
import { MESSAGES } from '../../common/constants.js';
import { todayIn } from '../../common/dates.js';
import { appRouter } from '../../server/root.js';
import { restRoutesOf } from '../../server/rest/routes.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, createClassWithStudents, type Json } from '../helpers/fixtures.js';
import { auditOf } from '../helpers/audit.js';
import {
  CHURCH_ROLES as ROLES, churchWithSessions, signIn, type ChurchRole as Role, type ChurchSession as Session, type ChurchWithSessions,
} from '../helpers/church-session.js';
import { GOOGLE_CONFIGURED_ENV } from '../helpers/fake-oidc.js';

// Google sign-in is configured here, so Gmail addresses sign in with Google only (one test below
// starts a server without it).
let app: TestApp;
beforeAll(async () => { app = await startTestApp({ ...GOOGLE_CONFIGURED_ENV }); });
afterAll(async () => { await app?.close(); });

/** A tRPC call (queries by GET with ?input=, mutations by POST), read as its data or its error message. */
async function trpc(s: Session, type: 'query' | 'mutation', path: string, input?: unknown) {
  const { status, body } = type === 'query' ? await s.query(path, input) : await s.mutate(path, input ?? {});
  return { status, data: body.result?.data, message: body.error?.message as string | undefined };
}

let counter = 0;
const freshEmail = (code: string) => `user${++counter}-${Date.now()}@${code.toLowerCase()}.test`;

/** A user written straight through the tenant door (no plan limit), for targets of edits and deletes. */
async function addUserRow(churchId: string, code: string, role: Role = 'teacher', extra: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await app.db.withTenant(churchId, (tx) => tx.insert(users).values({
    churchId, role, name: `Target ${++counter}`, email: freshEmail(code), passwordHash: null, ...extra,
  }).returning());
  return row;
}

let c: ChurchWithSessions;
beforeAll(async () => { c = await churchWithSessions(app); });

describe('who may call each users procedure (the permission table)', () => {
  type Case = { name: string; run: (s: Session) => Promise<{ status: number; message?: string }>; expect: Record<Role, number | [number, string]> };
  const newTeacher = () => ({ name: 'New Teacher', email: freshEmail(c.code), password: 'a-long-password', role: 'teacher' });
  const cases: Case[] = [
    { name: 'GET /api/users/teachers', run: (s) => s.get('/api/users/teachers'),
      expect: { super_admin: 200, principal: 200, teacher: 403, guest: 403 } },
    { name: 'GET /api/users', run: (s) => s.get('/api/users'),
      expect: { super_admin: 200, principal: 403, teacher: 403, guest: 403 } },
    { name: 'POST /api/users (a teacher)', run: (s) => s.post('/api/users', newTeacher()),
      expect: { super_admin: 201, principal: 201, teacher: 403, guest: 403 } },
    { name: 'POST /api/users (a guest)', run: (s) => s.post('/api/users', { ...newTeacher(), role: 'guest' }),
      expect: { super_admin: 201, principal: [403, USER_MESSAGES.roleNotAllowed], teacher: 403, guest: 403 } },
    { name: 'POST /api/users (a super admin)', run: (s) => s.post('/api/users', { ...newTeacher(), role: 'super_admin' }),
      expect: { super_admin: [403, USER_MESSAGES.superAdminRoleNotAssignable], principal: 403, teacher: 403, guest: 403 } },
    { name: 'PUT /api/users/{id}', run: async (s) => {
      const target = await addUserRow(c.church.id, c.code);
      return s.put(`/api/users/${target.id}`, { name: 'Renamed' });
    }, expect: { super_admin: 200, principal: [403, USER_MESSAGES.onlySuperAdminEdits], teacher: [403, MESSAGES.notAllowed], guest: [403, MESSAGES.notAllowed] } },
    { name: 'DELETE /api/users/{id}', run: async (s) => {
      const target = await addUserRow(c.church.id, c.code);
      return s.delete(`/api/users/${target.id}`);
    }, expect: { super_admin: 200, principal: [403, USER_MESSAGES.onlySuperAdminDeletes], teacher: 403, guest: 403 } },
    { name: 'GET /api/users/{id}/classes of another teacher', run: async (s) => {
      const target = await addUserRow(c.church.id, c.code);
      return s.get(`/api/users/${target.id}/classes`);
    }, expect: { super_admin: 200, principal: 200, teacher: 403, guest: 403 } },
    { name: 'GET /api/users/{id}/classes of oneself', run: (s) => s.get(`/api/users/${s.user.id}/classes`),
      expect: { super_admin: 200, principal: 200, teacher: 200, guest: 403 } },
  ];
  for (const testCase of cases) {
    for (const role of ROLES) {
      const expected = testCase.expect[role];
      const [status, message] = Array.isArray(expected) ? expected : [expected, undefined];
      it(`${testCase.name} as ${role}: ${status}`, async () => {
        const res = await testCase.run(c.s[role]);
        const answer = 'body' in res ? (res as Json).body : res;
        expect(res.status, answer.message).toBe(status);
        if (message) expect(answer.message).toBe(message);
      });
    }
  }

  it('refuses callers without a session (401)', async () => {
    for (const [method, path] of [['GET', '/api/users'], ['GET', '/api/users/teachers'], ['POST', '/api/users']]) {
      expect((await api(app.url, method, path, { code: c.code })).status).toBe(401);
    }
  });

  it('answers 404 for a user of another church, for every procedure that takes an id', async () => {
    const other = await createChurch(app.db);
    const id = other.users.teacher.id;
    for (const [method, path, body] of [['PUT', `/api/users/${id}`, { name: 'X' }], ['DELETE', `/api/users/${id}`], ['GET', `/api/users/${id}/classes`]] as const) {
      const res = await c.s.super_admin.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe(USER_MESSAGES.notFound);
    }
    const [row] = await app.db.withTenant(other.church.id, (tx) => tx.select().from(users).where(eq(users.id, id)));
    expect(row.name).toBe(other.users.teacher.name);
  });

  it('serves the same procedures over tRPC', async () => {
    const created = await trpc(c.s.principal, 'mutation', 'users.create', { name: 'Via tRPC', email: freshEmail(c.code), password: 'a-long-password' });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ role: 'teacher', message: USER_MESSAGES.teacherCreated });
    const teachers = await trpc(c.s.principal, 'query', 'users.teachers');
    expect(teachers.data.map((t: Json) => t.id)).toContain(created.data.id);
    const edit = await trpc(c.s.principal, 'mutation', 'users.update', { id: created.data.id, name: 'No' });
    expect([edit.status, edit.message]).toEqual([403, USER_MESSAGES.onlySuperAdminEdits]);
    const list = await trpc(c.s.guest, 'query', 'users.list');
    expect(list.status).toBe(403);
  });
});

describe('guests', () => {
  // Auth, the subscription and payments are for every signed-in user; the academic-year settings
  // feed every role's year pickers (the guest gallery filters by year). Everything else refuses guests.
  // The operator console (its sign-in and its API) is not a church path at all: a church token gets
  // 401 there (tests/integration/operator-auth.test.ts and admin-*.test.ts); so are an association's
  // paths, for its officers (tests/integration/associations.test.ts).
  // A guest also looks at the gallery (its list and departments), and changes nothing there.
  const OPEN_TO_ALL = new Set(['auth', 'subscription', 'payments', 'churches', 'academic-year', 'operator-auth', 'admin', 'association']);
  const GUEST_READS = new Set(['gallery.list', 'gallery.departments']);
  // Pages for parents and the public need no sign-in at all: a consent link (its token is the only
  // key), the church's public privacy notice, and a certificate's check by its printed code.
  const NO_SIGN_IN = new Set(['consent.page', 'consent.answer', 'privacyNotice.public', 'exams.certificates.verify']);
  const routes = restRoutesOf(appRouter)
    .filter((r) => !OPEN_TO_ALL.has(r.tag) && !GUEST_READS.has(r.procedurePath) && !NO_SIGN_IN.has(r.procedurePath));
  const ID = '00000000-0000-4000-8000-000000000000';

  it('covers every domain with church data', () => {
    for (const tag of ['classes', 'students', 'attendance', 'users', 'gallery']) expect(routes.some((r) => r.tag === tag), tag).toBe(true);
  });

  it('get 403 from every procedure of every church domain, over REST and tRPC', async () => {
    const guest = c.s.guest;
    for (const route of routes) {
      const path = route.path.replace(/\{[^}]+\}/g, (p) => (p.includes('date') ? todayIn('Asia/Kolkata') : ID));
      const res = await guest.request(route.method, path, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.message).toBe(MESSAGES.notAllowed);
      const viaTrpc = await trpc(guest, route.type === 'query' ? 'query' : 'mutation', route.procedurePath, route.type === 'query' ? undefined : {});
      expect(viaTrpc.status, route.procedurePath).toBe(403);
    }
  });

  it('can be created by a super admin and sign in', async () => {
    const email = freshEmail(c.code);
    const res = await c.s.super_admin.post('/api/users', { name: 'A Guest', email, password: 'guest-password-1', role: 'guest' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ role: 'guest', is_active: true, message: USER_MESSAGES.userCreated });
    const session = await signIn(app.url, c.code, email, 'guest-password-1');
    expect(session.user.role).toBe('guest');
  });
});

describe('POST /api/users', () => {
  it('adds a teacher whose password is hashed and who can sign in', async () => {
    const email = freshEmail(c.code);
    const res = await c.s.super_admin.post('/api/users', { name: '  Mary  ', email, password: 'teacher-pass-1', phone: '98765 43210' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Mary', email, phone: '98765 43210', role: 'teacher', is_active: true, signs_in_with_google: false, classes: [],
      message: USER_MESSAGES.teacherCreated,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|argon2/);
    const [row] = await app.db.withTenant(c.church.id, (tx) => tx.select().from(users).where(eq(users.id, res.body.data.id)));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    await signIn(app.url, c.code, email, 'teacher-pass-1');
  });

  it('lets a super admin add a principal', async () => {
    const res = await c.s.super_admin.post('/api/users', { name: 'P2', email: freshEmail(c.code), password: 'principal-pass', role: 'principal' });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.data.role).toBe('principal');
  });

  it('refuses a taken email (without case) with a clear 409', async () => {
    const res = await c.s.principal.post('/api/users', { name: 'Dup', email: c.users.teacher.email.toUpperCase(), password: 'a-long-password' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(USER_MESSAGES.emailTaken);
  });

  it('keeps the password policy and requires a password except for Gmail', async () => {
    const short = await c.s.super_admin.post('/api/users', { name: 'S', email: freshEmail(c.code), password: 'short' });
    expect([short.status, short.body.message]).toEqual([400, PASSWORD_MESSAGES.tooShort]);
    const none = await c.s.super_admin.post('/api/users', { name: 'S', email: freshEmail(c.code), password: '' });
    expect([none.status, none.body.message]).toEqual([400, PASSWORD_MESSAGES.required]);
    const noName = await c.s.super_admin.post('/api/users', { email: freshEmail(c.code), password: 'a-long-password' });
    expect([noName.status, noName.body.message]).toEqual([400, USER_MESSAGES.nameRequired]);
  });

  it('gives a Gmail account no password: it signs in with Google', async () => {
    const email = `teacher.${++counter}@gmail.com`;
    const withPassword = await c.s.principal.post('/api/users', { name: 'G', email, password: 'a-long-password' });
    expect([withPassword.status, withPassword.body.message]).toEqual([400, USER_MESSAGES.noPasswordForGoogle]);
    const res = await c.s.principal.post('/api/users', { name: 'G', email });
    expect(res.status).toBe(201);
    expect(res.body.data.signs_in_with_google).toBe(true);
    const [row] = await app.db.withTenant(c.church.id, (tx) => tx.select().from(users).where(eq(users.id, res.body.data.id)));
    expect(row.passwordHash).toBeNull();
    // Moved to another address, the account needs a password from then on.
    const moved = await c.s.super_admin.put(`/api/users/${row.id}`, { email: freshEmail(c.code) });
    expect([moved.status, moved.body.message]).toEqual([400, PASSWORD_MESSAGES.required]);
    const withOne = await c.s.super_admin.put(`/api/users/${row.id}`, { email: freshEmail(c.code), password: 'a-long-password' });
    expect(withOne.body.data.signs_in_with_google).toBe(false);
  });

  it('while Google sign-in is not configured, gives a Gmail account a password like any other', async () => {
    const noGoogle = await startTestApp();
    try {
      const made = await createChurch(noGoogle.db, { tier: 'premium', roles: ['super_admin'] });
      const admin = await signIn(noGoogle.url, made.code, made.users.super_admin.email);
      const add = (body: Json) => admin.post('/api/users', body);
      const email = `teacher.${++counter}@gmail.com`;
      const without = await add({ name: 'G', email });
      expect([without.status, without.body.message]).toEqual([400, PASSWORD_MESSAGES.required]);
      const res = await add({ name: 'G', email, password: 'a-long-password' });
      expect(res.status).toBe(201);
      expect(res.body.data.signs_in_with_google).toBe(false);
      expect((await api(noGoogle.url, 'POST', '/api/auth/login', { body: { church_code: made.code, email, password: 'a-long-password' } })).status).toBe(200);
    } finally {
      await noGoogle.close();
    }
  });

  it('writes an audit entry for the church in the same transaction', async () => {
    const res = await c.s.principal.post('/api/users', { name: 'Audited', email: freshEmail(c.code), password: 'a-long-password' });
    const entries = await auditOf(app.db, c.church.id);
    const entry = entries.find((e) => e.resourceId === res.body.data.id && e.action === 'user.created');
    expect(entry).toMatchObject({ resourceType: 'user', targetChurchId: c.church.id });
    expect(entry!.details).toMatchObject({ by_user_id: c.users.principal.id, role: 'teacher' });
    expect(JSON.stringify(entry!.details)).not.toMatch(/password-?[a-z]/);
  });

  it('leaves no audit entry when the request fails', async () => {
    const before = (await auditOf(app.db, c.church.id)).length;
    await c.s.principal.post('/api/users', { name: 'Dup', email: c.users.teacher.email, password: 'a-long-password' });
    expect((await auditOf(app.db, c.church.id)).length).toBe(before);
  });
});

describe('plan limits', () => {
  it('refuses a teacher over the Free Trial limit, naming the limit and the plan', async () => {
    const free = await churchWithSessions(app, { tier: 'free' });
    const res = await free.s.super_admin.post('/api/users', { name: 'T2', email: freshEmail(free.code), password: 'a-long-password' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Your Free Trial plan allows 1 teacher. Upgrade your plan to add more.');
    expect(res.body.reason).toBe('plan_limit');
    // A guest counts against no limit.
    const guest = await free.s.super_admin.post('/api/users', { name: 'G', email: freshEmail(free.code), password: 'a-long-password', role: 'guest' });
    expect(guest.status).toBe(201);
  });

  it('counts a role change into a limited role', async () => {
    const free = await churchWithSessions(app, { tier: 'free' });
    const guest = await addUserRow(free.church.id, free.code, 'guest');
    const res = await free.s.super_admin.put(`/api/users/${guest.id}`, { role: 'principal' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Your Free Trial plan allows 1 principal. Upgrade your plan to add more.');
  });

  it('lets parallel additions pass the limit no further', async () => {
    const basic = await churchWithSessions(app, { tier: 'basic' }); // 10 teachers; the church has 1
    const results = await Promise.all(Array.from({ length: 12 }, () => basic.s.principal.post('/api/users', {
      name: 'Parallel', email: freshEmail(basic.code), password: 'a-long-password',
    })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(9);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const teachers = await basic.s.principal.get('/api/users/teachers');
    expect(teachers.body.data).toHaveLength(10);
  });
});

describe('PUT /api/users/{id}', () => {
  it('keeps the old password when the password is blank, and changes it when given', async () => {
    const email = freshEmail(c.code);
    const created = await c.s.super_admin.post('/api/users', { name: 'Pw', email, password: 'first-password' });
    const id = created.body.data.id;
    const kept = await c.s.super_admin.put(`/api/users/${id}`, { name: 'Pw', email, password: '', phone: '', role: 'teacher' });
    expect(kept.status, kept.body.message).toBe(200);
    expect(kept.body.data.message).toBe(USER_MESSAGES.teacherUpdated);
    const session = await signIn(app.url, c.code, email, 'first-password');
    const short = await c.s.super_admin.put(`/api/users/${id}`, { password: 'short' });
    expect([short.status, short.body.message]).toEqual([400, PASSWORD_MESSAGES.tooShort]);
    const changed = await c.s.super_admin.put(`/api/users/${id}`, { password: 'second-password' });
    expect(changed.status).toBe(200);
    // The change ended the session at once; the new password signs in, the old does not.
    expect((await session.get('/api/classes/my-classes')).status).toBe(401);
    await signIn(app.url, c.code, email, 'second-password');
    expect((await api(app.url, 'POST', '/api/auth/login', { body: { church_code: c.code, email, password: 'first-password' } })).status).toBe(401);
  });

  it('ends the user\'s sessions at once on deactivation, and lets them back in on activation', async () => {
    const email = freshEmail(c.code);
    const created = await c.s.super_admin.post('/api/users', { name: 'Deact', email, password: 'a-long-password' });
    const session = await signIn(app.url, c.code, email, 'a-long-password');
    expect((await session.get('/api/classes/my-classes')).status).toBe(200);
    const off = await c.s.super_admin.put(`/api/users/${created.body.data.id}`, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ is_active: false, message: USER_MESSAGES.userDeactivated });
    expect((await session.get('/api/classes/my-classes')).status).toBe(401);
    const refused = await api(app.url, 'POST', '/api/auth/login', { body: { church_code: c.code, email, password: 'a-long-password' } });
    expect(refused.status).not.toBe(200);
    const on = await c.s.super_admin.put(`/api/users/${created.body.data.id}`, { is_active: true });
    expect(on.body.data.message).toBe(USER_MESSAGES.userActivated);
    expect((await session.get('/api/classes/my-classes')).status).toBe(401); // old tokens stay dead
    await signIn(app.url, c.code, email, 'a-long-password');
  });

  it('ends the user\'s sessions on a role change, and unassigns a former teacher\'s classes', async () => {
    const email = freshEmail(c.code);
    const created = await c.s.super_admin.post('/api/users', { name: 'Role', email, password: 'a-long-password' });
    const { class: cls } = await createClassWithStudents(app.db, c.church.id, { teacherId: created.body.data.id, students: 1 });
    const session = await signIn(app.url, c.code, email, 'a-long-password');
    const res = await c.s.super_admin.put(`/api/users/${created.body.data.id}`, { role: 'guest' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.role).toBe('guest');
    expect((await session.get('/api/classes/my-classes')).status).toBe(401);
    const [row] = await app.db.withTenant(c.church.id, (tx) => tx.select().from(classes).where(eq(classes.id, cls.id)));
    expect(row.teacherId).toBeNull();
  });

  it('refuses a taken email with 409', async () => {
    const target = await addUserRow(c.church.id, c.code, 'teacher', { passwordHash: 'x' });
    const res = await c.s.super_admin.put(`/api/users/${target.id}`, { email: c.users.principal.email });
    expect([res.status, res.body.message]).toEqual([409, USER_MESSAGES.emailTaken]);
  });

  it('keeps a super admin from deactivating or demoting themselves or another super admin', async () => {
    const self = c.users.super_admin.id;
    const off = await c.s.super_admin.put(`/api/users/${self}`, { is_active: false });
    expect([off.status, off.body.message]).toEqual([403, USER_MESSAGES.cannotDeactivateSelf]);
    const demote = await c.s.super_admin.put(`/api/users/${self}`, { role: 'teacher' });
    expect([demote.status, demote.body.message]).toEqual([403, USER_MESSAGES.cannotChangeOwnRole]);
    const other = await addUserRow(c.church.id, c.code, 'super_admin', { passwordHash: 'x' });
    const offOther = await c.s.super_admin.put(`/api/users/${other.id}`, { is_active: false });
    expect([offOther.status, offOther.body.message]).toEqual([403, USER_MESSAGES.superAdminFixed]);
    // Editing one's own name is fine.
    const rename = await c.s.super_admin.put(`/api/users/${self}`, { name: 'The Admin' });
    expect(rename.status).toBe(200);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('unassigns a teacher\'s classes in the same transaction and keeps attendance history', async () => {
    const teacher = await addUserRow(c.church.id, c.code, 'teacher', { passwordHash: 'x' });
    const { class: cls, students: kids } = await createClassWithStudents(app.db, c.church.id, { teacherId: teacher.id, students: 2 });
    const today = todayIn('Asia/Kolkata');
    await app.db.withTenant(c.church.id, (tx) => tx.insert(attendance).values(kids.map((k) => ({
      churchId: c.church.id, studentId: k.id, classId: cls.id, date: today, status: 'present', markedBy: teacher.id,
    }))));
    const classesBefore = await c.s.principal.get(`/api/users/${teacher.id}/classes`);
    expect(classesBefore.body.data).toEqual([{ id: cls.id, class_name: cls.className, section: cls.section, academic_year: cls.academicYear }]);

    const res = await c.s.super_admin.delete(`/api/users/${teacher.id}`);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ id: teacher.id, unassigned_classes: 1, message: USER_MESSAGES.teacherDeleted });

    const [row] = await app.db.withTenant(c.church.id, (tx) => tx.select().from(classes).where(eq(classes.id, cls.id)));
    expect(row.teacherId).toBeNull();
    const marks = await app.db.withTenant(c.church.id, (tx) => tx.select().from(attendance).where(eq(attendance.classId, cls.id)));
    expect(marks).toHaveLength(2);
    expect(marks.every((m) => m.markedBy === teacher.id)).toBe(true);
    expect(await app.db.withTenant(c.church.id, (tx) => tx.select().from(students).where(eq(students.classId, cls.id)))).toHaveLength(2);
    expect((await c.s.super_admin.get(`/api/users/${teacher.id}/classes`)).status).toBe(404);
    const audit = (await auditOf(app.db, c.church.id)).find((e) => e.resourceId === teacher.id && e.action === 'user.deleted');
    expect(audit?.details).toMatchObject({ unassigned_classes: 1 });
  });

  it('ends the deleted user\'s sessions', async () => {
    const email = freshEmail(c.code);
    const created = await c.s.super_admin.post('/api/users', { name: 'Gone', email, password: 'a-long-password' });
    const session = await signIn(app.url, c.code, email, 'a-long-password');
    expect((await c.s.super_admin.delete(`/api/users/${created.body.data.id}`)).status).toBe(200);
    expect((await session.get('/api/classes/my-classes')).status).toBe(401);
  });

  it('never deletes a super admin or oneself', async () => {
    const self = await c.s.super_admin.delete(`/api/users/${c.users.super_admin.id}`);
    expect([self.status, self.body.message]).toEqual([403, USER_MESSAGES.cannotDeleteSelf]);
    const other = await addUserRow(c.church.id, c.code, 'super_admin', { passwordHash: 'x' });
    const res = await c.s.super_admin.delete(`/api/users/${other.id}`);
    expect([res.status, res.body.message]).toEqual([403, USER_MESSAGES.cannotDeleteSuperAdmin]);
  });
});

describe('GET /api/users/teachers and GET /api/users', () => {
  it('lists teachers with their classes, and all users for a super admin', async () => {
    const fresh = await churchWithSessions(app);
    const { class: cls } = await createClassWithStudents(app.db, fresh.church.id, { teacherId: fresh.users.teacher.id, students: 0 });
    const teachers = await fresh.s.principal.get('/api/users/teachers');
    expect(teachers.body.data).toEqual([expect.objectContaining({
      id: fresh.users.teacher.id, email: fresh.users.teacher.email, role: 'teacher', is_active: true,
      classes: [{ id: cls.id, class_name: cls.className, section: cls.section, academic_year: cls.academicYear }],
    })]);
    const all = await fresh.s.super_admin.get('/api/users');
    expect(all.body.data.map((u: Json) => u.role)).toEqual(['super_admin', 'principal', 'teacher', 'guest']);
  });

  it('never sends a password hash', async () => {
    const all = await c.s.super_admin.get('/api/users');
    expect(JSON.stringify(all.body)).not.toMatch(/argon2|password_hash/);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance, classes, users } from '../../drizzle/schema/index.js';
import { ADMIN_PEOPLE_MESSAGES } from '../../common/schemas/admin-people.js';
import type { TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { api, createChurch, createClassWithStudents, TEST_PASSWORD, startAppWithOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';

let app: TestApp;
let token: string;
let operatorId: string;
beforeAll(async () => { ({ app, token, operatorId } = await startAppWithOperator()); });
afterAll(async () => { await app?.close(); });

const get = (path: string) => api(app.url, 'GET', path, { token });
const trpc = (path: string, init: RequestInit & { input: unknown }, bearer = token) => fetch(
  init.method === 'POST' ? `${app.url}/trpc/${path}` : `${app.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(init.input))}`,
  { method: init.method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: init.method === 'POST' ? JSON.stringify(init.input) : undefined },
).then(async (r) => ({ status: r.status, body: await r.json() }));

describe('GET /api/admin/users', () => {
  it('lists a church\'s users newest first in the User admin view, with the pagination object; audited', async () => {
    const a = await createChurch(app.db);
    await createChurch(app.db); // another church: not in a's list
    const res = await get(`/api/admin/users?church_id=${a.church.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ page: 1, pages: 1, total: 3 });
    expect(res.body.data.items).toHaveLength(3);
    const teacher = a.users.teacher;
    const item = res.body.data.items.find((u: { id: string }) => u.id === teacher.id);
    expect(item).toEqual({
      id: teacher.id, name: teacher.name, email: teacher.email, phone: null, role: 'teacher', is_active: true,
      is_church_owner: false, church_id: a.church.id, church_name: a.church.name, church_code: a.code,
      created_at: teacher.createdAt.toISOString(), updated_at: teacher.updatedAt.toISOString(),
    });
    expect(Object.keys(item)).not.toContain('password_hash');
    const times = res.body.data.items.map((u: { created_at: string; id: string }) => `${u.created_at}|${u.id}`);
    expect(times).toEqual([...times].sort().reverse());

    const [entry] = await auditOf(app.db, a.church.id, { action: 'user.listed' });
    expect(entry).toMatchObject({ operatorId, resourceType: 'user', resourceId: null });
    expect(entry.details).toMatchObject({ church_id: a.church.id, role: null, page: 1, limit: 10, shown: 3 });
  });

  it('filters by role, omits empty values, pages with page and limit (also at /admin/users)', async () => {
    const a = await createChurch(app.db, { roles: ['super_admin', 'principal', 'teacher', 'guest'] });
    const teachers = await get(`/api/admin/users?church_id=${a.church.id}&role=teacher`);
    expect(teachers.body.data.items.map((u: { id: string }) => u.id)).toEqual([a.users.teacher.id]);
    const anyChurch = await get('/api/admin/users?church_id=&role=guest&page=&limit=100');
    expect(anyChurch.status).toBe(200);
    expect(anyChurch.body.data.items.every((u: { role: string }) => u.role === 'guest')).toBe(true);
    expect(anyChurch.body.data.items.map((u: { id: string }) => u.id)).toContain(a.users.guest.id);

    const first = await get(`/api/admin/users?church_id=${a.church.id}&limit=3`);
    const second = await get(`/api/admin/users?church_id=${a.church.id}&limit=3&page=2`);
    expect(first.body.data.pagination).toEqual({ page: 1, pages: 2, total: 4 });
    expect(second.body.data.pagination).toEqual({ page: 2, pages: 2, total: 4 });
    const ids = [...first.body.data.items, ...second.body.data.items].map((u: { id: string }) => u.id);
    expect(new Set(ids)).toEqual(new Set(Object.values(a.users).map((u) => u.id)));

    const alias = await fetch(`${app.url}/admin/users?church_id=${a.church.id}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    expect(((await alias.json()) as { data: { pagination: { total: number } } }).data.pagination.total).toBe(4);
  });

  it('refuses bad filters and page sizes with 400', async () => {
    for (const query of ['church_id=nope', 'role=owner', 'limit=101', 'limit=0', 'page=-1']) {
      const res = await get(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await get('/api/admin/users?church_id=nope')).body.message).toBe(ADMIN_PEOPLE_MESSAGES.churchIdInvalid);
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('adds classes_taught and students_managed, and audits the read as user.viewed', async () => {
    const a = await createChurch(app.db);
    const teacher = a.users.teacher;
    const one = await createClassWithStudents(app.db, a.church.id, { teacherId: teacher.id, students: 3 });
    const two = await createClassWithStudents(app.db, a.church.id, { teacherId: teacher.id, students: 2, className: '5th' });
    await createClassWithStudents(app.db, a.church.id, { students: 4 }); // nobody's class

    const res = await get(`/api/admin/users/${teacher.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ADMIN_PEOPLE_MESSAGES.userLoaded);
    expect(res.body.data).toMatchObject({
      id: teacher.id, role: 'teacher', church_id: a.church.id, church_code: a.code, students_managed: 5,
    });
    expect(res.body.data.classes_taught).toEqual(expect.arrayContaining([
      { id: one.class.id, class_name: '3rd', section: one.class.section, academic_year: one.class.academicYear },
      { id: two.class.id, class_name: '5th', section: two.class.section, academic_year: two.class.academicYear },
    ]));
    expect(res.body.data.classes_taught).toHaveLength(2);

    const principal = await get(`/api/admin/users/${a.users.principal.id}`);
    expect(principal.body.data).toMatchObject({ classes_taught: [], students_managed: 0 });

    const audit = await auditOf(app.db, a.church.id, { action: 'user.viewed' });
    expect(audit.map((e) => [e.operatorId, e.resourceType, e.resourceId])).toEqual([
      [operatorId, 'user', teacher.id], [operatorId, 'user', a.users.principal.id],
    ]);
  });

  it('answers 404 for an unknown id and 400 for one that is not a uuid, over REST and tRPC', async () => {
    const unknown = await get(`/api/admin/users/${crypto.randomUUID()}`);
    expect([unknown.status, unknown.body.message]).toEqual([404, ADMIN_PEOPLE_MESSAGES.userNotFound]);
    const bad = await get('/api/admin/users/not-a-uuid');
    expect([bad.status, bad.body.message]).toEqual([400, ADMIN_PEOPLE_MESSAGES.userIdInvalid]);

    const a = await createChurch(app.db);
    const viaTrpc = await trpc('admin.users.details', { method: 'GET', input: { id: a.users.principal.id } });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data).toMatchObject({ id: a.users.principal.id, church_code: a.code });
    expect((await trpc('admin.users.details', { method: 'GET', input: { id: 'x' } })).status).toBe(400);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('deletes a teacher: sessions end, classes become unassigned, attendance stays; audited in the same transaction', async () => {
    const a = await createChurch(app.db);
    const teacher = a.users.teacher;
    const session = await signIn(app.url, a.code, teacher.email, TEST_PASSWORD);
    const { class: cls, students } = await createClassWithStudents(app.db, a.church.id, { teacherId: teacher.id, students: 1 });
    await app.db.withTenant(a.church.id, (tx) => tx.insert(attendance).values({
      churchId: a.church.id, studentId: students[0].id, classId: cls.id, date: '2025-01-05', status: 'present', markedBy: teacher.id,
    }));

    const res = await api(app.url, 'DELETE', `/api/admin/users/${teacher.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: ADMIN_PEOPLE_MESSAGES.userDeleted }, message: ADMIN_PEOPLE_MESSAGES.userDeleted });

    expect((await session.get('/api/auth/verify')).status).toBe(401);
    const left = await app.db.withTenant(a.church.id, async (tx) => ({
      user: await tx.select().from(users).where(eq(users.id, teacher.id)),
      cls: await tx.select().from(classes).where(eq(classes.id, cls.id)),
      marks: await tx.select().from(attendance).where(eq(attendance.classId, cls.id)),
    }));
    expect(left.user).toEqual([]);
    expect(left.cls[0].teacherId).toBeNull();
    expect(left.marks).toHaveLength(1);
    const [entry] = await auditOf(app.db, a.church.id, { action: 'user.deleted' });
    expect(entry).toMatchObject({ operatorId, resourceId: teacher.id });
    expect(entry.details).toMatchObject({ role: 'teacher', unassigned_classes: 1 });

    const again = await api(app.url, 'DELETE', `/api/admin/users/${teacher.id}`, { token });
    expect([again.status, again.body.message]).toEqual([404, ADMIN_PEOPLE_MESSAGES.userNotFound]);
    expect((await api(app.url, 'DELETE', '/api/admin/users/123', { token })).status).toBe(400);
  });

  it('refuses a church\'s last active super admin (409), and deletes one that has another beside them', async () => {
    const a = await createChurch(app.db);
    const only = a.users.super_admin;
    const refused = await api(app.url, 'DELETE', `/api/admin/users/${only.id}`, { token });
    expect([refused.status, refused.body.message, refused.body.reason]).toEqual([409, ADMIN_PEOPLE_MESSAGES.lastSuperAdmin, 'last_super_admin']);
    expect(await auditOf(app.db, a.church.id, { action: 'user.deleted' })).toEqual([]);

    // An inactive super admin does not count as the church's super admin, and may be deleted.
    const [inactive, second] = await app.db.withTenant(a.church.id, (tx) => tx.insert(users).values([
      { churchId: a.church.id, role: 'super_admin', name: 'Former admin', email: `former@${a.code.toLowerCase()}.test`, isActive: false },
      { churchId: a.church.id, role: 'super_admin', name: 'Second admin', email: `second@${a.code.toLowerCase()}.test` },
    ]).returning());
    expect((await api(app.url, 'DELETE', `/api/admin/users/${inactive.id}`, { token })).status).toBe(200);

    // Two deletes of the last two at once: one succeeds, the other is refused.
    const both = await Promise.all([only.id, second.id].map((id) => api(app.url, 'DELETE', `/api/admin/users/${id}`, { token })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const remaining = await app.db.withTenant(a.church.id, (tx) => tx.select().from(users).where(eq(users.role, 'super_admin')));
    expect(remaining).toHaveLength(1);
  });

  it('answers the same over tRPC', async () => {
    const a = await createChurch(app.db);
    const res = await trpc('admin.users.delete', { method: 'POST', input: { id: a.users.principal.id } });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({ message: ADMIN_PEOPLE_MESSAGES.userDeleted });
    expect((await trpc('admin.users.delete', { method: 'POST', input: { id: a.users.super_admin.id } })).status).toBe(409);
  });
});

describe('a church user\'s token', () => {
  it('opens none of the users procedures, over REST and tRPC (401)', async () => {
    const a = await createChurch(app.db);
    const session = await signIn(app.url, a.code, a.users.super_admin.email);
    expect((await session.get('/api/admin/users')).status).toBe(401);
    expect((await session.get(`/api/admin/users/${a.users.teacher.id}`)).status).toBe(401);
    expect((await session.delete(`/api/admin/users/${a.users.teacher.id}`)).status).toBe(401);
    expect((await trpc('admin.users.list', { method: 'GET', input: {} }, session.token)).status).toBe(401);
    expect((await api(app.url, 'GET', '/api/admin/users')).status).toBe(401);
  });
});

import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associationOfficers, associations, auditLog } from '../../drizzle/schema/index.js';
import { ADMIN_ASSOCIATION_MESSAGES as M } from '../../common/schemas/admin-associations.js';
import { PASSWORD_MESSAGES } from '../../common/schemas/password.js';
import type { TestApp } from '../helpers/app.js';
import { api, createChurch, startAppWithOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';

// Associations in the operator console over real HTTP: created with their first association admin
// (who then signs in with the association's code), a code held by a church or another association
// refused, bad input refused with its message and nothing written, the list with its counts, the
// audit entries under the association, deactivation ending the officers' sessions.

let app: TestApp;
let token: string;
let operatorId: string;
beforeAll(async () => { ({ app, token, operatorId } = await startAppWithOperator()); });
afterAll(async () => { await app?.close(); });

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 'C' and five characters: neither a test church's ('T…') nor a fixture association's ('A…'). */
const newCode = () => `C${Array.from(randomBytes(5), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
const ADMIN_PASSWORD = 'diocese-admin-pass';

const post = (path: string, body?: unknown) => api(app.url, 'POST', path, { token, body });
const get = (path: string) => api(app.url, 'GET', path, { token });

function newAssociation(overrides: Record<string, unknown> = {}) {
  const code = newCode();
  return {
    name: `Malankara Diocese ${code}`, code: code.toLowerCase(), kind: 'diocese', languages: ['ml', 'en'],
    admin: { name: 'Fr. Thomas', email: `secretary@${code.toLowerCase()}.diocese.test`, password: ADMIN_PASSWORD },
    ...overrides,
  };
}

const officerLogin = (code: string, email: string, password = ADMIN_PASSWORD) =>
  api(app.url, 'POST', '/api/auth/login', { body: { church_code: code, email, password } });
/** Whether an association holds the code (test files share the PostgreSQL database: counting every association would race them). */
const exists = async (code: string) =>
  (await app.db.withPlatform((tx) => tx.select({ id: associations.id }).from(associations).where(eq(associations.code, code.toUpperCase())))).length > 0;

describe('POST /api/admin/associations', () => {
  it('creates the association (code in capitals) and its first admin, audited under the association; the admin signs in with the code', async () => {
    const input = newAssociation();
    const code = input.code.toUpperCase();
    const res = await post('/api/admin/associations', input);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      message: M.created,
      association: {
        name: input.name, code, kind: 'diocese', languages: ['ml', 'en'], is_active: true,
        member_count: 0, invited_count: 0, officer_count: 1,
      },
    });
    const id = res.body.data.association.id as string;

    const [officer] = await app.db.withPlatform((tx) => tx.select().from(associationOfficers).where(eq(associationOfficers.associationId, id)));
    expect(officer).toMatchObject({ role: 'association_admin', name: 'Fr. Thomas', email: input.admin.email, isActive: true });
    expect(officer.passwordHash).not.toContain(ADMIN_PASSWORD);

    const [entry] = await app.db.withPlatform((tx) => tx.select().from(auditLog)
      .where(and(eq(auditLog.targetAssociationId, id), eq(auditLog.action, 'association.created'))));
    expect(entry).toMatchObject({ operatorId, targetChurchId: null, resourceType: 'association', resourceId: id });
    expect(entry.details).toMatchObject({ code, kind: 'diocese', admin_officer_id: officer.id });
    expect(JSON.stringify(entry.details)).not.toContain(ADMIN_PASSWORD);

    // The audit log names the association, not a church.
    const logged = await get(`/api/admin/audit-logs?association_id=${id}`);
    expect(logged.body.data).toHaveLength(1);
    expect(logged.body.data[0]).toMatchObject({
      action: 'association.created', church_id: null, church_name: null, association_id: id, association_name: input.name, association_code: code,
    });

    // The first admin signs in with the association's code, in any case.
    const login = await officerLogin(input.code, input.admin.email);
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ kind: 'association', association: { id, code, kind: 'diocese' }, officer: { role: 'association_admin', email: input.admin.email } });
    const session = await api(app.url, 'GET', '/api/association/session', { token: login.body.data.token, code });
    expect(session.status).toBe(200);
  });

  it('answers a code tried at sign-in a moment before the association was made (the directory forgets it)', async () => {
    const input = newAssociation();
    expect((await officerLogin(input.code, input.admin.email)).status).toBe(401);
    expect((await post('/api/admin/associations', input)).status).toBe(201);
    expect((await officerLogin(input.code, input.admin.email)).status).toBe(200);
  });

  it('refuses a code a church or another association holds (409, its message), writing nothing', async () => {
    const church = await createChurch(app.db, { roles: ['super_admin'] });
    const ofChurch = await post('/api/admin/associations', newAssociation({ code: church.code.toLowerCase() }));
    expect([ofChurch.status, ofChurch.body.message, ofChurch.body.reason]).toEqual([409, M.codeOfChurch, 'code_taken']);

    const first = newAssociation();
    expect((await post('/api/admin/associations', first)).status).toBe(201);
    const again = await post('/api/admin/associations', newAssociation({ code: first.code.toUpperCase() }));
    expect([again.status, again.body.message]).toEqual([409, M.codeOfAssociation]);
    expect(await exists(church.code)).toBe(false);
    const named = await app.db.withPlatform((tx) => tx.select({ name: associations.name }).from(associations).where(eq(associations.code, first.code.toUpperCase())));
    expect(named).toEqual([{ name: first.name }]);
    // The church still signs in with its code as before.
    expect((await api(app.url, 'POST', '/api/auth/login', { body: { church_code: church.code, email: church.users.super_admin.email, password: 'correct-horse-battery' } })).status).toBe(200);
  });

  it('refuses bad input with 400 and a clear message, writing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ code: 'AB12' }, M.codeInvalid],
      [{ code: 'AB-123' }, M.codeInvalid],
      [{ code: '' }, M.codeRequired],
      [{ name: '   ' }, M.nameRequired],
      [{ kind: 'parish' }, M.kindInvalid],
      [{ languages: [] }, M.languagesInvalid],
      [{ languages: ['en', 'fr'] }, M.languagesInvalid],
      [{ languages: ['en', 'en'] }, M.languagesInvalid],
      [{ admin: { name: 'A', email: 'not-an-email', password: ADMIN_PASSWORD } }, 'Please enter a valid email address'],
      [{ admin: { name: 'A', email: 'a@example.org', password: 'short' } }, PASSWORD_MESSAGES.tooShort],
      [{ admin: { name: '', email: 'a@example.org', password: ADMIN_PASSWORD } }, M.adminNameRequired],
    ];
    for (const [change, message] of cases) {
      const input = newAssociation(change);
      const res = await post('/api/admin/associations', input);
      expect([res.status, res.body.success, res.body.message], JSON.stringify(change)).toEqual([400, false, message]);
      if (/^[a-z0-9]{6}$/i.test(input.code)) expect(await exists(input.code)).toBe(false);
    }
    const noAdmin = newAssociation();
    delete (noAdmin as Partial<typeof noAdmin>).admin;
    expect((await post('/api/admin/associations', noAdmin)).status).toBe(400);
    expect(await exists(noAdmin.code)).toBe(false);
  });

  it('refuses a church user\'s token and no token (401), over REST and tRPC', async () => {
    const church = await createChurch(app.db, { roles: ['super_admin'] });
    const session = await signIn(app.url, church.code, church.users.super_admin.email);
    const [one, two] = [newAssociation(), newAssociation()];
    expect((await session.post('/api/admin/associations', one)).status).toBe(401);
    expect((await session.get('/api/admin/associations')).status).toBe(401);
    expect((await session.query('admin.associations.list')).status).toBe(401);
    expect((await api(app.url, 'POST', '/api/admin/associations', { body: two })).status).toBe(401);
    expect([await exists(one.code), await exists(two.code)]).toEqual([false, false]);
  });
});

describe('GET /api/admin/associations', () => {
  it('lists newest first with member, invited and officer counts; search by name or code', async () => {
    const input = newAssociation();
    const code = input.code.toUpperCase();
    const created = await post('/api/admin/associations', input);
    const id = created.body.data.association.id as string;
    // The admin invites two churches; one accepts.
    const officer = (await officerLogin(code, input.admin.email)).body.data.token as string;
    const [a, b] = [await createChurch(app.db, { roles: ['super_admin'] }), await createChurch(app.db, { roles: ['super_admin'] })];
    const invite = (churchCode: string) => api(app.url, 'POST', '/api/association/members', { token: officer, code, body: { church_code: churchCode } });
    const invitedA = await invite(a.code);
    expect(invitedA.status).toBe(201);
    expect((await invite(b.code)).status).toBe(201);
    const admin = await signIn(app.url, a.code, a.users.super_admin.email);
    expect((await admin.post(`/api/church-association/invitations/${invitedA.body.data.membership_id}/accept`)).status).toBe(200);

    const byCode = await get(`/api/admin/associations?search=${code.toLowerCase()}`);
    expect(byCode.status).toBe(200);
    expect(byCode.body.data.pagination).toEqual({ page: 1, pages: 1, total: 1 });
    expect(Object.keys(byCode.body.data.items[0]).sort()).toEqual([
      'code', 'created_at', 'id', 'invited_count', 'is_active', 'kind', 'languages', 'member_count', 'name', 'officer_count', 'updated_at',
    ]);
    expect(byCode.body.data.items[0]).toMatchObject({ id, member_count: 1, invited_count: 1, officer_count: 1 });
    const byName = await get(`/api/admin/associations?search=${encodeURIComponent(input.name.toUpperCase())}`);
    expect(byName.body.data.items.map((x: { id: string }) => x.id)).toEqual([id]);
    const all = await get('/api/admin/associations?limit=2');
    expect(all.body.data.items[0].id).toBe(id);
    expect((await get('/api/admin/associations?limit=101')).status).toBe(400);

    // Church management names the church's association (a member, not one merely invited).
    const churchA = await get(`/api/admin/churches/${a.church.id}`);
    expect(churchA.body.data.association).toEqual({ id, code, name: input.name });
    expect((await get(`/api/admin/churches/${b.church.id}`)).body.data.association).toBeNull();

    // The overview counts associations and member churches.
    const stats = (await get('/api/admin/dashboard/stats')).body.data;
    expect(stats.totalAssociations).toBeGreaterThanOrEqual(1);
    expect(stats.activeAssociations).toBeLessThanOrEqual(stats.totalAssociations);
    expect(stats.associationMemberChurches).toBeGreaterThanOrEqual(1);
  });
});

describe('deactivate and reactivate', () => {
  it('ends the officers\' sessions at once and refuses their sign-in; reactivated, they sign in again; both audited', async () => {
    const input = newAssociation();
    const code = input.code.toUpperCase();
    const id = (await post('/api/admin/associations', input)).body.data.association.id as string;
    const officer = (await officerLogin(code, input.admin.email)).body.data.token as string;
    const session = () => api(app.url, 'GET', '/api/association/session', { token: officer, code });
    expect((await session()).status).toBe(200);

    const off = await post(`/api/admin/associations/${id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ message: M.deactivated, association: { id, is_active: false } });
    expect((await session()).status).toBe(401);
    const refused = await officerLogin(code, input.admin.email);
    expect([refused.status, refused.body.reason]).toEqual([403, 'account_inactive']);

    const on = await post(`/api/admin/associations/${id}/reactivate`);
    expect(on.body.data.association.is_active).toBe(true);
    // The old session stays ended; a new sign-in works.
    expect((await session()).status).toBe(401);
    expect((await officerLogin(code, input.admin.email)).status).toBe(200);

    const entries = await app.db.withPlatform((tx) => tx.select().from(auditLog)
      .where(eq(auditLog.targetAssociationId, id)).orderBy(desc(auditLog.id)));
    expect(entries.map((e) => e.action)).toEqual(['association.reactivated', 'association.deactivated', 'association.created']);
    expect(entries[1].details).toMatchObject({ code, sessions_ended: 1 });

    expect((await post('/api/admin/associations/00000000-0000-4000-8000-000000000000/deactivate')).status).toBe(404);
    const bad = await post('/api/admin/associations/not-an-id/deactivate');
    expect([bad.status, bad.body.message]).toEqual([400, M.idInvalid]);
  });
});

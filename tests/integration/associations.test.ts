import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { signIn, type ChurchSession } from '../helpers/church-session.js';
import { createAssociation, officerEmail, signInOfficer } from '../helpers/associations.js';
import { churchTablesOf } from '../helpers/isolation.js';
import { rowsOf } from '../../server/db/index.js';
import { PLATFORM_OWNED_FUNCTIONS } from '../../server/modules/backup/database-copy.js';

// Associations through the real stack: officers sign in at the church sign-in with the association's
// code; invitations answered by a church's super admin; circulars with read marks; the membership's
// moves held by the database whatever a caller sends; and the association role's reach in the catalog.

let app: TestApp;
let x: Awaited<ReturnType<typeof createAssociation>>;
let y: Awaited<ReturnType<typeof createAssociation>>;
let xAdmin: ChurchSession;
let yAdmin: ChurchSession;

/** The database's own refusal of a statement (drizzle wraps it as the cause of its "Failed query"). */
const refusalOf = (work: Promise<unknown>) => work.then(() => 'no refusal', (error: Error & { cause?: Error }) => error.cause?.message ?? error.message);

const officerSession = (code: string, role: Parameters<typeof officerEmail>[0]) => signInOfficer(app.url, code, officerEmail(role, code));

beforeAll(async () => {
  app = await startTestApp();
  x = await createAssociation(app.db);
  y = await createAssociation(app.db, ['association_admin']);
  xAdmin = await officerSession(x.code, 'association_admin');
  yAdmin = await officerSession(y.code, 'association_admin');
}, 120_000);
afterAll(async () => { await app?.close(); });

async function memberChurch(association: ChurchSession, sectionId: string | null = null) {
  const church = await createChurch(app.db, { roles: ['super_admin', 'principal', 'teacher'] });
  const invited = await association.post('/api/association/members', { church_code: church.code, section_id: sectionId });
  expect(invited.status).toBe(201);
  const admin = await signIn(app.url, church.code, `superadmin@${church.code.toLowerCase()}.test`);
  const accepted = await admin.post(`/api/church-association/invitations/${invited.body.data.membership_id}/accept`);
  expect(accepted.status).toBe(200);
  return { ...church, admin, membershipId: invited.body.data.membership_id as string };
}

describe('officers sign in at the church sign-in', () => {
  it('answers an association session for the association code, and the session reaches only association paths', async () => {
    const login = await api(app.url, 'POST', '/api/auth/login', { body: { church_code: x.code.toLowerCase(), email: officerEmail('association_admin', x.code), password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ kind: 'association', association: { code: x.code, kind: 'diocese' }, officer: { role: 'association_admin' } });
    // A language picked on the sign-in screen is the officer's own from now on; and it can be changed.
    const inMalayalam = await api(app.url, 'POST', '/api/auth/login', { body: { church_code: x.code, email: officerEmail('examination_controller', x.code), password: TEST_PASSWORD, language: 'ml' } });
    expect(inMalayalam.body.data.officer.language).toBe('ml');
    const controller = { token: inMalayalam.body.data.token as string, code: x.code };
    expect((await api(app.url, 'GET', '/api/association/session', controller)).body.data.officer.language).toBe('ml');
    expect((await api(app.url, 'PUT', '/api/association/language', { ...controller, body: { language: 'ta' } })).body.data.language).toBe('ta');
    expect((await api(app.url, 'GET', '/api/association/session', controller)).body.data.officer.language).toBe('ta');
    const session = await xAdmin.get('/api/association/session');
    expect(session.body.data.association.id).toBe(x.association.id);
    // A church path with the association's code and token: no church has that code.
    expect((await xAdmin.get('/api/auth/verify')).status).toBe(401);
    // The token of one association with the code of another finds no session.
    const crossed = await api(app.url, 'GET', '/api/association/session', { token: xAdmin.token, code: y.code });
    expect(crossed.status).toBe(401);
  });

  it('refuses a wrong password as it refuses a church user\'s, and a church user on association paths', async () => {
    const wrong = await api(app.url, 'POST', '/api/auth/login', { body: { church_code: x.code, email: officerEmail('valuer', x.code), password: 'not-the-password' } });
    const church = await createChurch(app.db, { roles: ['super_admin'] });
    const churchWrong = await api(app.url, 'POST', '/api/auth/login', { body: { church_code: church.code, email: `superadmin@${church.code.toLowerCase()}.test`, password: 'not-the-password' } });
    expect([wrong.status, wrong.body.message]).toEqual([churchWrong.status, churchWrong.body.message]);
    const admin = await signIn(app.url, church.code, `superadmin@${church.code.toLowerCase()}.test`);
    expect((await admin.get('/api/association/members')).status).toBe(401);
  });

  it('lets a valuer see none of the members', async () => {
    const valuer = await officerSession(x.code, 'valuer');
    expect((await valuer.get('/api/association/members')).status).toBe(403);
    expect((await valuer.post('/api/association/members', { church_code: 'ABCDEF' })).status).toBe(403);
  });
});

describe('officers', () => {
  it('are added by the admin with a role (a convener with a section), sign in, and lose their sessions when deactivated', async () => {
    const section = await xAdmin.post('/api/association/sections', { name: `Thrissur ${x.code}` });
    const noSection = await xAdmin.post('/api/association/officers', { name: 'Convener', email: `convener@${x.code.toLowerCase()}.assoc.test`, password: 'Convener-pass-1', role: 'section_convener' });
    expect([noSection.status, noSection.body.message]).toEqual([400, 'A section convener needs a section.']);
    const added = await xAdmin.post('/api/association/officers', {
      name: 'Convener', email: `Convener@${x.code.toLowerCase()}.assoc.test`, password: 'Convener-pass-1', role: 'section_convener', section_id: section.body.data.id,
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ role: 'section_convener', section_id: section.body.data.id, is_active: true });
    expect(JSON.stringify(added.body.data)).not.toContain('password');
    const again = await xAdmin.post('/api/association/officers', { name: 'Again', email: `convener@${x.code.toLowerCase()}.assoc.test`, password: 'Convener-pass-1', role: 'valuer' });
    expect(again.status).toBe(409);
    const weak = await xAdmin.post('/api/association/officers', { name: 'Weak', email: `weak@${x.code.toLowerCase()}.assoc.test`, password: 'short', role: 'valuer' });
    expect([weak.status, weak.body.message]).toEqual([400, 'Password must be at least 8 characters']);

    const login = await api(app.url, 'POST', '/api/auth/login', { body: { church_code: x.code, email: `convener@${x.code.toLowerCase()}.assoc.test`, password: 'Convener-pass-1' } });
    expect(login.body.data.officer.role).toBe('section_convener');
    const convener = { token: login.body.data.token as string, code: x.code };
    expect((await api(app.url, 'GET', '/api/association/members', convener)).status).toBe(200);
    expect((await api(app.url, 'GET', '/api/association/officers', convener)).status).toBe(403);

    const deactivated = await xAdmin.put(`/api/association/officers/${added.body.data.id}`, { is_active: false });
    expect(deactivated.body.data.is_active).toBe(false);
    expect((await api(app.url, 'GET', '/api/association/members', convener)).status).toBe(401);
    // The admin keeps the association run: no demoting or deactivating oneself.
    const self = await xAdmin.put(`/api/association/officers/${x.officers.association_admin.id}`, { role: 'valuer' });
    expect([self.status, self.body.message]).toEqual([400, 'You cannot remove your own admin role or deactivate yourself.']);
    // Another association's officer is not found.
    expect((await yAdmin.put(`/api/association/officers/${added.body.data.id}`, { is_active: true })).status).toBe(404);
  });
});

describe('membership', () => {
  it('is an invitation the church\'s super admin accepts (audited on both sides), not its principal', async () => {
    const church = await createChurch(app.db, { roles: ['super_admin', 'principal'] });
    const invited = await xAdmin.post('/api/association/members', { church_code: church.code.toLowerCase() });
    expect(invited.status).toBe(201);
    const principal = await signIn(app.url, church.code, `principal@${church.code.toLowerCase()}.test`);
    const overview = await principal.get('/api/church-association');
    expect(overview.body.data).toMatchObject({ membership: null, invitations: [{ id: invited.body.data.membership_id, association_name: x.association.name }] });
    expect((await principal.post(`/api/church-association/invitations/${invited.body.data.membership_id}/accept`)).status).toBe(403);
    const admin = await signIn(app.url, church.code, `superadmin@${church.code.toLowerCase()}.test`);
    expect((await admin.post(`/api/church-association/invitations/${invited.body.data.membership_id}/accept`)).body.data.status).toBe('active');
    const members = await xAdmin.get('/api/association/members');
    expect(members.body.data.find((m: { church_code: string }) => m.church_code === church.code)).toMatchObject({ status: 'active', church_name: church.church.name });
    const audit = await app.db.ownerQuery<{ action: string; target_church_id: string | null; target_association_id: string | null }>(sql`
      select action, target_church_id, target_association_id from audit_log
      where (target_church_id = ${church.church.id} and action = 'accept_association')
        or (target_association_id = ${x.association.id} and action = 'invite_church' and resource_id = ${invited.body.data.membership_id})`);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['accept_association', 'invite_church']);
  });

  it('refuses bad input with a message, an unknown code with 404, a second invitation with 409', async () => {
    const bad = await xAdmin.post('/api/association/members', { church_code: 'no!' });
    expect([bad.status, bad.body.message]).toEqual([400, 'A church code has 6 letters and digits']);
    expect((await xAdmin.post('/api/association/members', { church_code: 'ZZZZZ9' })).status).toBe(404);
    const church = await createChurch(app.db, { roles: ['super_admin'] });
    expect((await xAdmin.post('/api/association/members', { church_code: church.code })).status).toBe(201);
    expect((await xAdmin.post('/api/association/members', { church_code: church.code })).status).toBe(409);
  });

  it('holds a church in at most one association, and leaving ends the association\'s sight of it', async () => {
    const member = await memberChurch(xAdmin);
    const second = await yAdmin.post('/api/association/members', { church_code: member.code });
    expect(second.status).toBe(201);
    const refused = await member.admin.post(`/api/church-association/invitations/${second.body.data.membership_id}/accept`);
    expect([refused.status, refused.body.message]).toEqual([409, 'This church already belongs to an association. It must leave it first.']);
    expect((await member.admin.post('/api/church-association/leave')).body.data.status).toBe('left');
    const members = await xAdmin.get('/api/association/members');
    expect(JSON.stringify(members.body.data)).not.toContain(member.code);
    expect((await member.admin.post('/api/church-association/leave')).status).toBe(404);
  });

  it('lets the database refuse a move the caller may not make, whatever it sends', async () => {
    const church = await createChurch(app.db, { roles: ['super_admin'] });
    const invited = await xAdmin.post('/api/association/members', { church_code: church.code });
    const id = invited.body.data.membership_id as string;
    // The association cannot make itself the church's association, nor the church re-join after leaving.
    expect(await refusalOf(app.db.withAssociation(x.association.id, (tx) => tx.execute(sql`update association_memberships set status = 'active' where id = ${id}`)))).toMatch(/cannot move from invited to active/);
    expect(await refusalOf(app.db.withAssociation(x.association.id, (tx) => tx.execute(sql`insert into association_memberships (association_id, church_id, status, invited_by_name) values (${x.association.id}, ${church.church.id}, 'active', 'x')`)))).toMatch(/starts as an invitation/);
    await app.db.withTenant(church.church.id, (tx) => tx.execute(sql`update association_memberships set status = 'active' where id = ${id}`));
    await app.db.withTenant(church.church.id, (tx) => tx.execute(sql`update association_memberships set status = 'left' where id = ${id}`));
    expect(await refusalOf(app.db.withTenant(church.church.id, (tx) => tx.execute(sql`update association_memberships set status = 'active' where id = ${id}`)))).toMatch(/cannot move from left to active/);
    // Another church's tenant transaction sees no such row to change.
    const other = await createChurch(app.db, { roles: ['super_admin'] });
    const changed = await app.db.withTenant(other.church.id, (tx) => tx.execute(sql`update association_memberships set status = 'declined' where id = ${id} returning id`));
    expect(rowsOf(changed)).toEqual([]);
  });
});

describe('circulars', () => {
  it('reach the member churches (a section\'s only its churches), with read marks coming back', async () => {
    const section = await xAdmin.post('/api/association/sections', { name: `Kottayam ${x.code}` });
    expect(section.status).toBe(201);
    const inSection = await memberChurch(xAdmin, section.body.data.id);
    const elsewhere = await memberChurch(xAdmin);
    const toAll = await xAdmin.post('/api/association/circulars', { title: 'Annual examination 2027', body: 'The examination is on 14 March.' });
    const toSection = await xAdmin.post('/api/association/circulars', { title: 'Section meeting', body: 'Sunday 3 pm.', section_id: section.body.data.id });
    expect([toAll.status, toSection.status]).toEqual([201, 201]);

    const principal = await signIn(app.url, inSection.code, `principal@${inSection.code.toLowerCase()}.test`);
    const seen = await principal.get('/api/church-association/circulars');
    expect(seen.body.data.map((c: { title: string }) => c.title)).toEqual(['Section meeting', 'Annual examination 2027']);
    expect(seen.body.data.every((c: { read_by_me: boolean }) => !c.read_by_me)).toBe(true);
    const other = await elsewhere.admin.get('/api/church-association/circulars');
    expect(other.body.data.map((c: { title: string }) => c.title)).toEqual(['Annual examination 2027']);
    // A church cannot mark a circular not sent to it.
    expect((await elsewhere.admin.post(`/api/church-association/circulars/${toSection.body.data.id}/read`)).status).toBe(404);
    // A teacher has no circulars.
    const teacher = await signIn(app.url, inSection.code, `teacher@${inSection.code.toLowerCase()}.test`);
    expect((await teacher.get('/api/church-association/circulars')).status).toBe(403);

    expect((await principal.post(`/api/church-association/circulars/${toSection.body.data.id}/read`)).status).toBe(200);
    expect((await principal.post(`/api/church-association/circulars/${toSection.body.data.id}/read`)).status).toBe(200);
    const marked = await principal.get('/api/church-association/circulars');
    expect(marked.body.data[0]).toMatchObject({ title: 'Section meeting', read_by_me: true, readers: [{ name: `principal of ${inSection.code}` }] });

    const readers = await xAdmin.get(`/api/association/circulars/${toSection.body.data.id}/readers`);
    expect(readers.body.data).toEqual([expect.objectContaining({ church_code: inSection.code, read: true, readers: [expect.objectContaining({ name: `principal of ${inSection.code}`, role: 'principal' })] })]);
    const list = await xAdmin.get('/api/association/circulars');
    expect(list.body.data.find((c: { id: string }) => c.id === toSection.body.data.id)).toMatchObject({ churches_sent: 1, churches_read: 1 });
    // Another association sees neither the circular nor its readers.
    expect((await yAdmin.get(`/api/association/circulars/${toSection.body.data.id}/readers`)).status).toBe(404);
    expect(JSON.stringify((await yAdmin.get('/api/association/circulars')).body.data)).not.toContain('Section meeting');

    // After leaving, the church receives no circulars.
    await inSection.admin.post('/api/church-association/leave');
    expect((await principal.get('/api/church-association/circulars')).body.data).toEqual([]);
  });
});

describe('the association role in the catalog', () => {
  it('holds no privilege on any church table, and only its own tables and the platform\'s functions', async () => {
    const churchTables = await churchTablesOf(app.db);
    const grants = await app.db.ownerQuery<{ table_name: string; privilege_type: string }>(sql`
      select table_name, privilege_type from information_schema.role_table_grants where grantee = 'app_association' order by 1, 2`);
    const tables = [...new Set(grants.map((g) => g.table_name))].sort();
    expect(tables).toEqual(['association_circulars', 'association_memberships', 'association_officer_reset_tokens', 'association_officers', 'association_sections', 'association_sessions', 'associations', 'circular_reads']);
    expect(tables.filter((table) => churchTables.includes(table))).toEqual([]);
    const columns = await app.db.ownerQuery<{ table_name: string }>(sql`
      select distinct table_name from information_schema.role_column_grants where grantee = 'app_association'`);
    expect(columns.map((c) => c.table_name).filter((table) => churchTables.includes(table))).toEqual([]);
    const [role] = await app.db.ownerQuery<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>(sql`
      select r.rolsuper, r.rolbypassrls, (select count(*)::int from pg_class c where c.relowner = r.oid) as owned from pg_roles r where r.rolname = 'app_association'`);
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
    // What the platform owns is what a restore gives back to it (server/modules/backup/database-copy.ts).
    const owned = await app.db.ownerQuery<{ proname: string }>(sql`
      select distinct p.proname from pg_proc p where p.proowner = 'app_platform'::regrole order by 1`);
    expect(owned.map((f) => f.proname)).toEqual([...PLATFORM_OWNED_FUNCTIONS].sort());
    // Reading a church table inside the association door is refused by the database itself.
    expect(await refusalOf(app.db.withAssociation(x.association.id, (tx) => tx.execute(sql`select count(*) from students`)))).toMatch(/permission denied/);
  });
});

import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, churches, media, users } from '../../drizzle/schema/index.js';
import { ADMIN_CHURCH_MESSAGES } from '../../common/schemas/admin-churches.js';
import type { TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { api, createChurch, createClassWithStudents, type ChurchOptions, startAppWithOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';

// Church Management of the operator console over real HTTP: the list with its search, filter, counts
// and pages; the details (audited); the subscription change, seen by the church's own users on their
// next call. (A UPI payment confirmed by the operator: admin-payments.test.ts.)

let app: TestApp;
let token: string;
let operatorId: string;
beforeAll(async () => { ({ app, token, operatorId } = await startAppWithOperator()); });
afterAll(async () => { await app?.close(); });

const get = (path: string) => api(app.url, 'GET', path, { token });

/** A church with an email, a phone, an owner (its super admin) and `name`. */
async function churchNamed(name: string, options: ChurchOptions = {}) {
  const made = await createChurch(app.db, options);
  const email = `office@${made.code.toLowerCase()}.example.org`;
  await app.db.withPlatform((tx) => tx.update(churches).set({ name, email, phone: '+91 98765 43210', pincode: '560001' })
    .where(eq(churches.id, made.church.id)));
  await app.db.withTenant(made.church.id, (tx) => tx.update(users).set({ isChurchOwner: true })
    .where(eq(users.id, made.users.super_admin.id)));
  return { ...made, email };
}

async function addMedia(churchId: string, sizes: number[]) {
  await app.db.withTenant(churchId, (tx) => tx.insert(media).values(sizes.map((fileSize, i) => ({
    churchId, title: `Item ${i}`, academicYear: '2025-2026', month: '01', fileType: 'image/jpeg',
    fileName: `item-${i}.jpg`, filePath: `${churchId}/item-${i}-${randomBytes(3).toString('hex')}.jpg`, fileSize,
  }))));
}

const ADMIN_VIEW_KEYS = [
  'id', 'name', 'code', 'association', 'email', 'phone', 'owner_email', 'address', 'pincode', 'subscription_tier', 'subscription_status',
  'subscription_end_date', 'created_at', 'updated_at', 'user_count', 'class_count', 'media_count', 'trial_extensions',
].sort();

describe('GET /api/admin/churches', () => {
  it('finds a church by code, name or email in any case, with its owner and counts from its users, classes and media', async () => {
    const tag = `Grace ${randomBytes(3).toString('hex')}`;
    const church = await churchNamed(`${tag} Fellowship`);
    await createClassWithStudents(app.db, church.church.id, { students: 2 });
    await createClassWithStudents(app.db, church.church.id, { students: 1 });
    await addMedia(church.church.id, [100, 200, 300]);

    const byCode = await get(`/api/admin/churches?search=${church.code.toLowerCase()}`);
    expect(byCode.status).toBe(200);
    expect(byCode.body.success).toBe(true);
    expect(byCode.body.data.pagination).toEqual({ page: 1, pages: 1, total: 1 });
    const [row] = byCode.body.data.items;
    expect(Object.keys(row).sort()).toEqual(ADMIN_VIEW_KEYS);
    expect(row).toMatchObject({
      id: church.church.id, name: `${tag} Fellowship`, code: church.code, email: church.email, phone: '+91 98765 43210',
      owner_email: church.users.super_admin.email, address: null, pincode: '560001',
      subscription_tier: 'premium', subscription_status: 'active', user_count: 3, class_count: 2, media_count: 3,
    });

    const byName = await get(`/api/admin/churches?search=${encodeURIComponent(tag.toUpperCase())}`);
    expect(byName.body.data.items.map((c: { id: string }) => c.id)).toEqual([church.church.id]);
    const byEmail = await get(`/api/admin/churches?search=${encodeURIComponent(church.email.toUpperCase())}`);
    expect(byEmail.body.data.items.map((c: { id: string }) => c.id)).toEqual([church.church.id]);
    // % and _ are letters in a search, not patterns.
    expect((await get(`/api/admin/churches?search=${encodeURIComponent(`${tag}%`)}`)).body.data.pagination.total).toBe(0);
    expect((await get(`/api/admin/churches?search=${encodeURIComponent(tag.replace(' ', '_'))}`)).body.data.pagination.total).toBe(0);

    // The read named an owner's email: audited.
    const [entry] = await app.db.withPlatform((tx) => tx.select().from(auditLog)
      .where(and(eq(auditLog.operatorId, operatorId), eq(auditLog.action, 'church.listed'))).orderBy(desc(auditLog.id)).limit(1));
    expect(entry.details).toMatchObject({ search: tag.replace(' ', '_'), shown: 0 });
  });

  it('filters by status and pages newest first, 10 by default; the same list over tRPC', async () => {
    const tag = `Hope ${randomBytes(3).toString('hex')}`;
    const a = await churchNamed(`${tag} A`);
    const b = await churchNamed(`${tag} B`, { status: 'suspended' });
    const c = await churchNamed(`${tag} C`);
    const search = encodeURIComponent(tag);

    const all = await get(`/api/admin/churches?search=${search}`);
    expect(all.body.data.items.map((x: { id: string }) => x.id)).toEqual([c.church.id, b.church.id, a.church.id]);
    expect(all.body.data.pagination).toEqual({ page: 1, pages: 1, total: 3 });

    const suspended = await get(`/api/admin/churches?search=${search}&status=suspended`);
    expect(suspended.body.data.items.map((x: { id: string }) => x.id)).toEqual([b.church.id]);
    const blankStatus = await get(`/api/admin/churches?search=${search}&status=`);
    expect(blankStatus.body.data.pagination.total).toBe(3);

    const page2 = await get(`/api/admin/churches?search=${search}&page=2&limit=2`);
    expect(page2.body.data.items.map((x: { id: string }) => x.id)).toEqual([a.church.id]);
    expect(page2.body.data.pagination).toEqual({ page: 2, pages: 2, total: 3 });

    const defaults = await get('/api/admin/churches');
    expect(defaults.body.data.items.length).toBeLessThanOrEqual(10);
    expect(defaults.body.data.pagination.page).toBe(1);

    const input = encodeURIComponent(JSON.stringify({ search: tag, status: 'active' }));
    const viaTrpc = await fetch(`${app.url}/trpc/admin.churches.list?input=${input}`, { headers: { authorization: `Bearer ${token}` } });
    expect(viaTrpc.status).toBe(200);
    const trpcBody = (await viaTrpc.json()) as { result: { data: { items: Array<{ id: string }>; pagination: unknown } } };
    expect(trpcBody.result.data.items.map((x) => x.id)).toEqual([c.church.id, a.church.id]);
    expect(trpcBody.result.data.pagination).toEqual({ page: 1, pages: 1, total: 2 });
  });

  it('refuses a bad status, page or limit with 400 and its message', async () => {
    const status = await get('/api/admin/churches?status=gold');
    expect([status.status, status.body.message]).toEqual([400, ADMIN_CHURCH_MESSAGES.statusFilterInvalid]);
    expect((await get('/api/admin/churches?limit=101')).status).toBe(400);
    expect((await get('/api/admin/churches?page=0')).status).toBe(400);
    expect((await get(`/api/admin/churches?search=${'x'.repeat(101)}`)).body.message).toBe(ADMIN_CHURCH_MESSAGES.searchInvalid);
  });

  it('refuses a church user\'s token (401), over REST and tRPC', async () => {
    const church = await createChurch(app.db);
    const session = await signIn(app.url, church.code, church.users.super_admin.email);
    const rest = await session.get('/api/admin/churches');
    expect([rest.status, rest.body.success]).toEqual([401, false]);
    const viaTrpc = await session.query('admin.churches.list');
    expect(viaTrpc.status).toBe(401);
    expect((await session.get(`/api/admin/churches/${church.church.id}`)).status).toBe(401);
    expect((await session.put(`/api/admin/churches/${church.church.id}/subscription`, {
      subscription_tier: 'lifetime', subscription_status: 'active', subscription_end_date: null,
    })).status).toBe(401);
  });
});

describe('GET /api/admin/churches/{id}', () => {
  it('answers the church admin view and writes church.viewed; unknown 404, not an id 400', async () => {
    const church = await churchNamed(`Details ${randomBytes(3).toString('hex')}`);
    await addMedia(church.church.id, [5]);
    const res = await get(`/api/admin/churches/${church.church.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(ADMIN_VIEW_KEYS);
    expect(res.body.data).toMatchObject({ id: church.church.id, owner_email: church.users.super_admin.email, user_count: 3, class_count: 0, media_count: 1 });
    const audit = await auditOf(app.db, church.church.id, { action: 'church.viewed' }, 'newest first');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId, resourceId: church.church.id });

    // The documented /admin/... path answers the same.
    const alias = await api(app.url, 'GET', `/admin/churches/${church.church.id}`, { token, headers: { accept: 'application/json' } });
    expect(alias.body.data.id).toBe(church.church.id);

    const unknown = await get('/api/admin/churches/00000000-0000-4000-8000-000000000000');
    expect([unknown.status, unknown.body.message]).toEqual([404, ADMIN_CHURCH_MESSAGES.churchNotFound]);
    const bad = await get('/api/admin/churches/not-an-id');
    expect([bad.status, bad.body.message]).toEqual([400, ADMIN_CHURCH_MESSAGES.churchIdInvalid]);
  });
});

describe('PUT /api/admin/churches/{id}/subscription', () => {
  const put = (id: string, body: unknown) => api(app.url, 'PUT', `/api/admin/churches/${id}/subscription`, { token, body });

  it('changes the subscription, audited with old and new values; the church\'s users see it on their next call', async () => {
    const church = await createChurch(app.db);
    const session = await signIn(app.url, church.code, church.users.principal.email);
    expect((await session.get('/api/classes')).status).toBe(200);

    const suspend = await put(church.church.id, { subscription_tier: 'basic', subscription_status: 'suspended', subscription_end_date: '2030-01-31' });
    expect(suspend.status).toBe(200);
    expect(suspend.body).toEqual({
      success: true,
      message: 'Subscription updated successfully!',
      data: {
        message: 'Subscription updated successfully!',
        // The last day is whole in the church's time zone (Asia/Kolkata, UTC+5:30).
        church: { id: church.church.id, subscription_tier: 'basic', subscription_status: 'suspended', subscription_end_date: '2030-01-31T18:30:00.000Z', is_lifetime: false },
      },
    });
    const verify = await session.get('/api/auth/verify');
    expect(verify.body.data.church).toMatchObject({ subscription_tier: 'basic', subscription_status: 'suspended', subscription: { valid: false, reason: 'suspended' } });
    const refused = await session.get('/api/classes');
    expect([refused.status, refused.body.reason]).toEqual([403, 'subscription_suspended']);

    const [entry] = await auditOf(app.db, church.church.id, { action: 'subscription.updated' }, 'newest first');
    expect(entry).toMatchObject({ operatorId, resourceType: 'subscription', resourceId: church.church.id });
    expect(entry.details).toMatchObject({
      old: { subscription_tier: 'premium', subscription_status: 'active', is_lifetime: false },
      new: { subscription_tier: 'basic', subscription_status: 'suspended', subscription_end_date: '2030-01-31T18:30:00.000Z', is_lifetime: false },
    });

    const lifetime = await put(church.church.id, { subscription_tier: 'lifetime', subscription_status: 'active', subscription_end_date: null });
    expect(lifetime.body.data.church).toMatchObject({ subscription_tier: 'lifetime', subscription_end_date: null, is_lifetime: true });
    const current = await session.get('/api/subscription/current');
    expect(current.body.data.church).toMatchObject({ subscription_tier: 'lifetime', is_lifetime: true, subscription: { valid: true, reason: 'lifetime' } });
    expect((await session.get('/api/classes')).status).toBe(200);

    // Back from lifetime: the flag goes with the tier.
    const free = await put(church.church.id, { subscription_tier: 'free', subscription_status: 'trial', subscription_end_date: '' });
    expect(free.body.data.church).toMatchObject({ subscription_tier: 'free', subscription_status: 'trial', subscription_end_date: null, is_lifetime: false });
    expect(await auditOf(app.db, church.church.id, { action: 'subscription.updated' }, 'newest first')).toHaveLength(3);
  });

  it('refuses bad values with 400 and a clear message, changing nothing; unknown church 404', async () => {
    const church = await createChurch(app.db);
    const ok = { subscription_tier: 'basic', subscription_status: 'active', subscription_end_date: '2030-01-31' };
    const cases: Array<[unknown, string]> = [
      [{ ...ok, subscription_tier: 'gold' }, ADMIN_CHURCH_MESSAGES.tierInvalid],
      [{ ...ok, subscription_tier: undefined }, ADMIN_CHURCH_MESSAGES.tierInvalid],
      [{ ...ok, subscription_status: 'paused' }, ADMIN_CHURCH_MESSAGES.statusInvalid],
      [{ ...ok, subscription_end_date: '2030-02-30' }, ADMIN_CHURCH_MESSAGES.endDateInvalid],
      [{ ...ok, subscription_end_date: '31/01/2030' }, ADMIN_CHURCH_MESSAGES.endDateInvalid],
      [{ ...ok, subscription_end_date: undefined }, ADMIN_CHURCH_MESSAGES.endDateInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await put(church.church.id, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    const bad = await put('nope', ok);
    expect([bad.status, bad.body.message]).toEqual([400, ADMIN_CHURCH_MESSAGES.churchIdInvalid]);
    const unknown = await put('00000000-0000-4000-8000-000000000000', ok);
    expect([unknown.status, unknown.body.message]).toEqual([404, ADMIN_CHURCH_MESSAGES.churchNotFound]);
    const [row] = await app.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.id, church.church.id)));
    expect([row.subscriptionTier, row.subscriptionStatus]).toEqual(['premium', 'active']);
    expect(await auditOf(app.db, church.church.id, { action: 'subscription.updated' }, 'newest first')).toHaveLength(0);
  });
});

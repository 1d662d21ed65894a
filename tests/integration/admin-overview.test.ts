import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { churches, media, users } from '../../drizzle/schema/index.js';
import { ADMIN_CHURCH_MESSAGES } from '../../common/schemas/admin-churches.js';
import { subscriptionValidity } from '../../server/modules/subscription/index.js';
import { backend, type TestApp } from '../helpers/app.js';
import { api, createChurch, createClassWithStudents, uniqueCode, type ChurchOptions, startAppWithOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';

// The operator console's overview cards, analytics and the churches report over real HTTP. On PGlite
// each test file has its own database, so counts are checked exactly; the PostgreSQL database is
// shared by test files running at the same time, so there only what this file's churches show.

let app: TestApp;
let token: string;
beforeAll(async () => { ({ app, token } = await startAppWithOperator()); });
afterAll(async () => { await app?.close(); });

const get = (path: string) => api(app.url, 'GET', path, { token });
const exact = backend === 'pglite';
const DAY_MS = 86_400_000;

/** 'YYYY-MM' of the UTC month `back` months before this one. */
const monthBack = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};

describe('GET /api/admin/dashboard/stats', () => {
  it('counts churches, churches valid now (as subscriptionValidity judges them), users and this month\'s new churches', async () => {
    const before = (await get('/api/admin/dashboard/stats')).body.data;
    const kinds: ChurchOptions[] = [
      { tier: 'premium', status: 'active' },
      { tier: 'basic', status: 'active', endDate: new Date(Date.now() - DAY_MS) },
      { tier: 'free', status: 'active', endDate: null },
      { tier: 'free', status: 'active', endDate: new Date(Date.now() - 1000) },
      { tier: 'basic', status: 'suspended' },
      { tier: 'basic', status: 'pending_payment' },
      { tier: 'premium', status: 'trial' },
      { tier: 'premium', status: 'inactive', isLifetime: true },
      { tier: 'lifetime', status: 'inactive', endDate: new Date(Date.now() - DAY_MS) },
    ];
    const made = [];
    for (const kind of kinds) made.push(await createChurch(app.db, { ...kind, roles: ['super_admin', 'teacher'] }));
    const expectedValid = made.filter((m) => subscriptionValidity(m.church).valid).length;
    expect(expectedValid).toBe(4);

    const res = await get('/api/admin/dashboard/stats');
    expect(res.status).toBe(200);
    const after = res.body.data;
    expect(Object.keys(after).sort()).toEqual([
      'activeAssociations', 'activeChurches', 'associationMemberChurches', 'newChurchesThisMonth', 'totalAssociations', 'totalChurches', 'totalUsers',
    ]);
    if (exact) {
      expect(after).toMatchObject({
        totalChurches: before.totalChurches + kinds.length,
        activeChurches: before.activeChurches + expectedValid,
        totalUsers: before.totalUsers + 2 * kinds.length,
        newChurchesThisMonth: before.newChurchesThisMonth + kinds.length,
      });
    } else {
      expect(after.totalChurches).toBeGreaterThanOrEqual(kinds.length);
      expect(after.activeChurches).toBeLessThanOrEqual(after.totalChurches);
      expect(after.newChurchesThisMonth).toBeGreaterThanOrEqual(kinds.length);
      expect(after.totalUsers).toBeGreaterThanOrEqual(2 * kinds.length);
    }

    // A church registered last month is not new this month.
    const old = await createChurch(app.db, { roles: ['guest'] });
    await app.db.withPlatform((tx) => tx.update(churches).set({ createdAt: new Date(Date.now() - 40 * DAY_MS) }).where(eq(churches.id, old.church.id)));
    const later = (await get('/api/admin/dashboard/stats')).body.data;
    if (exact) {
      expect(later.totalChurches).toBe(after.totalChurches + 1);
      expect(later.newChurchesThisMonth).toBe(after.newChurchesThisMonth);
    }

    // The documented path answers too.
    const alias = await api(app.url, 'GET', '/admin/dashboard/stats', { token, headers: { accept: 'application/json' } });
    expect([alias.status, typeof alias.body.data.totalChurches]).toEqual([200, 'number']);
  });

  it('refuses a church user\'s token (401), over REST and tRPC', async () => {
    const church = await createChurch(app.db);
    const session = await signIn(app.url, church.code, church.users.super_admin.email);
    for (const path of ['/api/admin/dashboard/stats', '/api/admin/analytics', '/api/admin/reports/churches.csv']) {
      const res = await session.get(path);
      expect([res.status, res.body.success], path).toEqual([401, false]);
    }
    const viaTrpc = await session.query('admin.overview.stats');
    expect(viaTrpc.status).toBe(401);
    expect((await api(app.url, 'GET', '/api/admin/dashboard/stats')).status).toBe(401);
  });
});

describe('GET /api/admin/analytics', () => {
  it('applies the period: one entry per month, oldest first, this month last, empty months 0', async () => {
    const threeBack = await createChurch(app.db, { roles: ['guest'] });
    await app.db.withPlatform((tx) => tx.update(churches).set({ createdAt: new Date(`${monthBack(3)}-15T12:00:00Z`) })
      .where(eq(churches.id, threeBack.church.id)));

    const defaults = await get('/api/admin/analytics');
    expect(defaults.status).toBe(200);
    expect(defaults.body.data.period).toBe(6);
    expect(defaults.body.data.churchGrowth.map((m: { month: string }) => m.month)).toEqual([5, 4, 3, 2, 1, 0].map(monthBack));
    const growth = Object.fromEntries(defaults.body.data.churchGrowth.map((m: { month: string; new_churches: number }) => [m.month, m.new_churches]));
    expect(growth[monthBack(3)]).toBeGreaterThanOrEqual(1);
    expect(growth[monthBack(0)]).toBeGreaterThanOrEqual(1);
    if (exact) {
      expect(growth[monthBack(3)]).toBe(1);
      expect(growth[monthBack(5)]).toBe(0);
    }

    const three = await get('/api/admin/analytics?period=3');
    expect(three.body.data.churchGrowth.map((m: { month: string }) => m.month)).toEqual([2, 1, 0].map(monthBack));
    expect(three.body.data.churchGrowth.every((m: { new_churches: unknown }) => typeof m.new_churches === 'number')).toBe(true);
    const year = await get('/api/admin/analytics?period=12');
    expect(year.body.data.churchGrowth).toHaveLength(12);
    expect(year.body.data.churchGrowth[11].month).toBe(monthBack(0));
    expect((await get('/api/admin/analytics?period=1year')).body.data.churchGrowth).toHaveLength(12);

    const bad = await get('/api/admin/analytics?period=5');
    expect([bad.status, bad.body.message]).toEqual([400, ADMIN_CHURCH_MESSAGES.periodInvalid]);
  });

  it('ranks the 10 churches with most users, with class counts, and counts churches per tier and status', async () => {
    const big = await createChurch(app.db, { tier: 'basic', status: 'suspended', roles: ['guest'] });
    await app.db.withTenant(big.church.id, (tx) => tx.insert(users).values(Array.from({ length: 400 }, (_, i) => ({
      churchId: big.church.id, role: 'teacher', name: `Teacher ${i}`, email: `t${i}@${big.code.toLowerCase()}.test`, passwordHash: 'x',
    }))));
    await createClassWithStudents(app.db, big.church.id, { students: 0 });
    await createClassWithStudents(app.db, big.church.id, { students: 0 });

    const res = await get('/api/admin/analytics?period=3');
    const { userActivity, subscriptionStats } = res.body.data;
    expect(userActivity.length).toBeLessThanOrEqual(10);
    expect(userActivity).toContainEqual({ church_id: big.church.id, church_name: big.church.name, church_code: big.code, user_count: 401, class_count: 2 });
    const counts = userActivity.map((c: { user_count: number }) => c.user_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const suspendedBasic = subscriptionStats.find((s: { subscription_tier: string; subscription_status: string }) =>
      s.subscription_tier === 'basic' && s.subscription_status === 'suspended');
    expect(suspendedBasic.count).toBeGreaterThanOrEqual(1);
    if (exact) {
      const total = subscriptionStats.reduce((sum: number, s: { count: number }) => sum + s.count, 0);
      expect(total).toBe((await get('/api/admin/dashboard/stats')).body.data.totalChurches);
    }
  });
});

describe('GET /api/admin/reports/churches.csv', () => {
  it('downloads every church with its usage, its cells escaped', async () => {
    const church = await createChurch(app.db, { tier: 'basic', status: 'active' });
    await app.db.withPlatform((tx) => tx.update(churches).set({ name: '=SUM(A1) "St. Mary\'s", Hall' }).where(eq(churches.id, church.church.id)));
    await createClassWithStudents(app.db, church.church.id, { students: 3 });
    await createClassWithStudents(app.db, church.church.id, { students: 2 });
    await app.db.withTenant(church.church.id, (tx) => tx.insert(media).values([1000, 2345].map((fileSize, i) => ({
      churchId: church.church.id, title: `t${i}`, academicYear: '2025-2026', month: '01', fileType: 'image/jpeg',
      fileName: `f${i}.jpg`, filePath: `${church.church.id}/f${i}.jpg`, fileSize,
    }))));

    const res = await fetch(`${app.url}/api/admin/reports/churches.csv`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="churches-${new Date().toISOString().slice(0, 10)}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 mark spreadsheets look for
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('name,code,subscription_tier,subscription_status,subscription_end_date,users,teachers,students,classes,media_bytes');
    const end = church.church.subscriptionEndDate!.toISOString();
    expect(lines).toContain(`"'=SUM(A1) ""St. Mary's"", Hall",${church.code},basic,active,${end},3,1,5,2,3345`);
  });

  it('reads the churches in batches, in code order, each once (more than one batch)', async () => {
    if (exact) {
      // 1,001 more churches: with those already here, the report needs at least two batches of 1000.
      await app.db.withPlatform((tx) => tx.insert(churches).values(Array.from({ length: 1001 }, () => {
        const code = uniqueCode();
        return { code, name: `Bulk ${code}`, subscriptionTier: 'free', subscriptionStatus: 'active' };
      })).onConflictDoNothing());
    }
    const res = await fetch(`${app.url}/admin/reports/churches.csv`, { headers: { authorization: `Bearer ${token}`, accept: 'text/csv' } });
    // Streamed batch by batch: sent in chunks, its length unknown when it starts.
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    const codes = (await res.text()).split('\r\n').slice(1, -1).map((line) => line.split(',').at(-9));
    expect(codes.length).toBeGreaterThan(0);
    for (let i = 1; i < codes.length; i++) expect(codes[i]! > codes[i - 1]!, `${codes[i - 1]} < ${codes[i]}`).toBe(true);
    if (exact) expect(codes.length).toBe((await get('/api/admin/dashboard/stats')).body.data.totalChurches);
  });
});

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../drizzle/schema/index.js';
import { ADMIN_PEOPLE_MESSAGES, AUDIT_LOG_DEFAULT_LIMIT } from '../../common/schemas/admin-people.js';
import { auditOperatorAction } from '../../server/modules/audit/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, type Json, signInNewOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';

let app: TestApp;
let token: string;
let operator: { id: string; email: string };
beforeAll(async () => {
  app = await startTestApp();
  const signedIn = await signInNewOperator(app.db, app.url);
  token = signedIn.token;
  operator = { id: signedIn.id, email: signedIn.email };
});
afterAll(async () => { await app?.close(); });

const get = (urlPath: string) => api(app.url, 'GET', urlPath, { token });

/** `n` entries about a church, written as the services write them, one transaction each. */
async function entries(churchId: string, n: number, action = 'church.noted') {
  for (let i = 0; i < n; i++) {
    await app.db.withPlatform((tx) => auditOperatorAction(tx, {
      operator, churchId, action, resourceType: 'church', resourceId: churchId, details: { i }, description: `Entry ${i}`,
    }));
  }
}
const entriesOf = (churchId: string) => app.db.withPlatform(async (tx) =>
  (await tx.select({ n: count() }).from(auditLog).where(eq(auditLog.targetChurchId, churchId)))[0].n);

describe('GET /api/admin/audit-logs', () => {
  it('answers a church\'s newest entries first, with the operator and the church; reading is not itself logged', async () => {
    const a = await createChurch(app.db);
    await entries(a.church.id, 3);
    const before = await entriesOf(a.church.id);
    const res = await get(`/api/admin/audit-logs?church_id=${a.church.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    const [newest] = res.body.data;
    expect(newest).toEqual({
      id: expect.any(Number), admin_id: operator.id, admin_email: operator.email, church_id: a.church.id,
      church_name: a.church.name, church_code: a.code, association_id: null, association_name: null, association_code: null, action: 'church.noted', resource_type: 'church', resource_id: a.church.id,
      details: { i: 2, by_operator_email: operator.email }, description: `Entry 2 (by operator ${operator.email})`,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.body.data.map((e: Json) => e.details.i)).toEqual([2, 1, 0]);
    expect(await entriesOf(a.church.id)).toBe(before);
  });

  it('filters by action; limits to 25 by default, or 5, 50, 100', async () => {
    const a = await createChurch(app.db);
    await entries(a.church.id, 27);
    await entries(a.church.id, 2, 'church.other');
    const count = async (query: string) => (await get(`/api/admin/audit-logs?church_id=${a.church.id}${query}`)).body.data.length;
    expect(await count('')).toBe(AUDIT_LOG_DEFAULT_LIMIT);
    expect(await count('&limit=')).toBe(25);
    expect(await count('&limit=5')).toBe(5);
    expect(await count('&limit=50')).toBe(29);
    expect(await count('&limit=100&action=church.other')).toBe(2);
    const other = await get(`/api/admin/audit-logs?action=church.other&church_id=${a.church.id}`);
    expect(other.body.data.every((e: Json) => e.action === 'church.other')).toBe(true);
    const anyChurch = await get('/api/admin/audit-logs?church_id=&action=&limit=5');
    expect([anyChurch.status, anyChurch.body.data.length]).toEqual([200, 5]);
  });

  it('shows the entries of the operator\'s reads and changes (user.viewed) and church users\' own entries', async () => {
    const a = await createChurch(app.db);
    await get(`/api/admin/users/${a.users.teacher.id}`);
    const session = await signIn(app.url, a.code, a.users.super_admin.email);
    await session.delete(`/api/users/${a.users.teacher.id}`);
    const res = await get(`/api/admin/audit-logs?church_id=${a.church.id}`);
    expect(res.body.data.map((e: Json) => [e.action, e.admin_id])).toEqual([['user.deleted', null], ['user.viewed', operator.id]]);
  });

  it('refuses other limits and bad filters with 400', async () => {
    for (const query of ['limit=7', 'limit=10', 'limit=abc', 'church_id=x', `action=${'a'.repeat(101)}`]) {
      expect((await get(`/api/admin/audit-logs?${query}`)).status, query).toBe(400);
    }
    expect((await get('/api/admin/audit-logs?limit=7')).body.message).toBe(ADMIN_PEOPLE_MESSAGES.auditLimitInvalid);
  });

  it('answers over tRPC (the overview\'s five)', async () => {
    const a = await createChurch(app.db);
    await entries(a.church.id, 6);
    const input = encodeURIComponent(JSON.stringify({ church_id: a.church.id, limit: 5 }));
    const res = await fetch(`${app.url}/trpc/admin.auditLogs.list?input=${input}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const body: Json = await res.json();
    expect(body.result.data.map((e: Json) => e.details.i)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('a church user\'s token', () => {
  it('opens no audit-log procedure, over REST and tRPC (401)', async () => {
    const a = await createChurch(app.db);
    const session = await signIn(app.url, a.code, a.users.super_admin.email);
    expect((await session.get('/api/admin/audit-logs')).status).toBe(401);
    const viaTrpc = await session.query('admin.auditLogs.list');
    expect(viaTrpc.status).toBe(401);
  });
});

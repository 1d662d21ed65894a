import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createChurch } from '../helpers/fixtures.js';
import { signIn, type ChurchSession } from '../helpers/church-session.js';
import { users, userSessions } from '../../drizzle/schema/index.js';
import { hashPassword } from '../../server/modules/credentials/index.js';

// Sessions end on their own (an absolute age besides the sliding expiry) and when the user is
// deactivated or their password changes; revoked tokens never come back.

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ SESSION_MAX_AGE_HOURS: '24' }); });
afterAll(async () => { await app?.close(); });

const verify = (session: ChurchSession) => session.get('/api/auth/verify');

const setUser = (churchId: string, userId: string, change: Partial<typeof users.$inferInsert>) =>
  app.db.withTenant(churchId, (tx) => tx.update(users).set(change).where(and(eq(users.churchId, churchId), eq(users.id, userId))));

describe('session lifetime', () => {
  it('ends a session older than the absolute age, however recently it was used', async () => {
    const church = await createChurch(app.db);
    const session = await signIn(app.url, church.code, church.users.teacher.email);
    expect((await verify(session)).status).toBe(200);
    // Signed in 25 hours ago and used a minute ago: the sliding expiry alone would keep it.
    await app.db.withTenant(church.church.id, (tx) => tx.update(userSessions)
      .set({ createdAt: sql`now() - interval '25 hours'`, lastSeenAt: sql`now() - interval '1 minute'` })
      .where(eq(userSessions.userId, church.users.teacher.id)));
    expect((await verify(session)).status).toBe(401);
  });
});

describe('a change to the user ends their sessions', () => {
  it('deactivating ends them, and reactivating does not bring the old tokens back', async () => {
    const church = await createChurch(app.db);
    const { id } = church.users.teacher;
    const first = await signIn(app.url, church.code, church.users.teacher.email);
    const second = await signIn(app.url, church.code, church.users.teacher.email);
    const other = await signIn(app.url, church.code, church.users.principal.email);
    await setUser(church.church.id, id, { isActive: false });
    expect((await verify(first)).status).toBe(401);
    await setUser(church.church.id, id, { isActive: true });
    expect((await verify(first)).status).toBe(401);
    expect((await verify(second)).status).toBe(401);
    expect((await verify(other)).status).toBe(200); // another user's session is untouched
    const fresh = await signIn(app.url, church.code, church.users.teacher.email);
    expect((await verify(fresh)).status).toBe(200);
  });

  it('changing the password ends them; editing the name does not', async () => {
    const church = await createChurch(app.db);
    const { id } = church.users.principal;
    const session = await signIn(app.url, church.code, church.users.principal.email);
    await setUser(church.church.id, id, { name: 'Renamed Principal' });
    expect((await verify(session)).status).toBe(200);
    await setUser(church.church.id, id, { passwordHash: await hashPassword('a-brand-new-password') });
    expect((await verify(session)).status).toBe(401);
    const again = await signIn(app.url, church.code, church.users.principal.email, 'a-brand-new-password');
    expect((await verify(again)).status).toBe(200);
  });
});

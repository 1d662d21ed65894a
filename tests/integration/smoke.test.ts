import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, signIn } from '../helpers/fixtures.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

describe('smoke', () => {
  it('signs in and verifies', async () => {
    const { code, users } = await createChurch(app.db);
    const s = await signIn(app.url, code, users.teacher.email);
    const res = await api(app.url, 'GET', '/api/auth/verify', { token: s.token, code });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(users.teacher.email);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, createClassWithStudents, signIn } from '../helpers/fixtures.js';
import { appRouter } from '../../server/root.js';
import { restRoutesOf } from '../../server/rest/routes.js';
import { ERROR_MESSAGES } from '../../server/trpc/errors.js';

// Each REST path is declared once, on its procedure (.meta(rest(...))): served at that path, and
// listed in the OpenAPI document, from the same place.

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const routes = restRoutesOf(appRouter);
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_m, name: string) =>
  (name === 'date' ? '2026-01-04' : '00000000-0000-4000-8000-000000000000'));

describe('REST paths declared on procedures', () => {
  it('finds the documented paths on the router', () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
    expect(routes.find((r) => r.procedurePath === 'classes.create')).toMatchObject({ method: 'POST', path: '/api/classes', successStatus: 201, tag: 'classes' });
    expect(routes.find((r) => r.procedurePath === 'academicYear.years')?.tag).toBe('academic-year');
  });

  it('serves every one of them: a church path without a session is a 401 in the envelope, never a 404', async () => {
    for (const route of routes.filter((r) => !r.public)) {
      const res = await api(app.url, route.method, concrete(route.path), route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      expect(res.body.success).toBe(false);
    }
  });

  it('lists exactly those paths in the OpenAPI document', async () => {
    const doc = (await api(app.url, 'GET', '/api/openapi.json')).body as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`));
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path} ${r.procedurePath}`).sort());
  });
});

describe('a body that is not a JSON object', () => {
  it('is a 400 and writes nothing, for a create and an update', async () => {
    expect(ERROR_MESSAGES.notJsonObject).toBe('The request body must be a JSON object.');
    const church = await createChurch(app.db);
    const { class: cls, students } = await createClassWithStudents(app.db, church.church.id, { students: 1, names: ['Kept Name'] });
    const session = await signIn(app.url, church.code, church.users.principal.email);
    const auth = { token: session.token, code: church.code };
    for (const body of ['[]', 'null', '"text"', '42', '[{"name":"Injected"}]']) {
      for (const [method, path] of [['POST', '/api/classes'], ['PUT', `/api/students/${students[0].id}`]] as const) {
        const res = await fetch(`${app.url}${path}`, {
          method, body, headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.token}`, 'x-church-code': auth.code },
        });
        expect(res.status, `${method} ${path} ${body}`).toBe(400);
        expect(await res.json()).toEqual({ success: false, message: ERROR_MESSAGES.notJsonObject });
      }
    }
    const classes = await api(app.url, 'GET', '/api/classes', auth);
    expect(classes.body.data.map((c: { id: string }) => c.id)).toEqual([cls.id]);
    const list = await api(app.url, 'GET', '/api/students', auth);
    expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(['Kept Name']);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createChurch } from '../helpers/fixtures.js';
import { churchWithSessions, signIn, type ChurchWithSessions } from '../helpers/church-session.js';
import { registeredRoutes } from '../helpers/registered-routes.js';
import { GALLERY_FIELDS } from '../helpers/gallery-upload.js';

// The routes that are not procedures (files, a signed webhook, health, metrics, the API's own
// document) are each declared once (server/rest/plain-route.ts): that declaration registers the
// route and writes its OpenAPI entry, and its answers and errors leave through the same envelope
// and error policy as the procedures' REST paths. Checked here over real HTTP, against the running
// app's own router.

let app: TestApp;
let church: ChurchWithSessions<'super_admin' | 'teacher'>;
let lapsedCode: string;
beforeAll(async () => {
  app = await startTestApp();
  church = await churchWithSessions(app, { roles: ['super_admin', 'teacher'] });
  lapsedCode = (await createChurch(app.db, { status: 'inactive', roles: ['super_admin'] })).code;
});
afterAll(async () => { await app?.close(); });

/** The transports of the typed client: their procedures are in the document at their REST paths. */
const TRPC_TRANSPORTS = ['/api/admin/trpc/:path', '/trpc/:path'];

describe('the OpenAPI document', () => {
  it('lists every registered /api route (and /metrics), and every operation it lists is served', async () => {
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.keys(byMethod).map((method) => ({ method: method.toUpperCase() as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') })));
    expect(operations.filter((operation) => !app.server.hasRoute(operation)), 'in /api/openapi.json but not served').toEqual([]);
    // Fastify's printout names a parameter by every name its routes give it there (`:id|:code`), so
    // routes are compared with their parameters unnamed.
    const unnamed = (route: string) => route.replace(/\/:[^/]*/g, '/:');
    const documented = new Set(operations.map(({ method, url }) => unnamed(`${method} ${url}`)));
    const served = registeredRoutes(app.server).filter((route) => {
      const path = route.slice(route.indexOf(' ') + 1);
      return (path.startsWith('/api/') || path === '/metrics') && !TRPC_TRANSPORTS.includes(path);
    });
    expect(served.length).toBeGreaterThan(100);
    expect(served).toEqual(expect.arrayContaining(['POST /api/gallery/upload', 'GET /api/exports/download/:token', 'GET /metrics', 'GET /api/docs']));
    expect(served.filter((route) => !documented.has(unnamed(route))), 'registered but not in /api/openapi.json').toEqual([]);
  });
});

interface Answer { status: number; type: string | null; caching: string | null; body: Record<string, unknown> }

async function answerOf(res: Response): Promise<Answer> {
  return { status: res.status, type: res.headers.get('content-type'), caching: res.headers.get('cache-control'), body: await res.json() };
}

/** An upload form, as the gallery's client sends it (the text fields, then one file). */
function uploadForm() {
  const form = new FormData();
  for (const [key, value] of Object.entries(GALLERY_FIELDS)) form.append(key, value);
  form.append('files', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

const upload = (headers: Record<string, string>) =>
  fetch(`${app.url}/api/gallery/upload`, { method: 'POST', headers, body: uploadForm() }).then(answerOf);
/** A procedure's REST path with the same door and capability as the upload (manageMedia). */
const deleteMedia = (headers: Record<string, string>, id = randomUUID()) =>
  fetch(`${app.url}/api/gallery/${id}`, { method: 'DELETE', headers }).then(answerOf);

/** The keys an error envelope may have (server/rest/envelope.ts). */
const ENVELOPE_KEYS = ['success', 'message', 'reason', 'values', 'errors', 'requestId', 'data'];

function expectErrorEnvelope(answer: Answer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.type).toBe('application/json; charset=utf-8');
  expect(answer.body.success).toBe(false);
  expect(typeof answer.body.message).toBe('string');
  expect(Object.keys(answer.body).filter((key) => !ENVELOPE_KEYS.includes(key))).toEqual([]);
}

describe('error answers of plain routes', () => {
  it('are those of a procedure\'s REST path refused for the same reason: status, envelope, type and caching', async () => {
    const admin = church.s.super_admin.headers;
    const lapsed = (await signIn(app.url, lapsedCode, `superadmin@${lapsedCode.toLowerCase()}.test`)).headers;
    const cases: Array<[string, Record<string, string>, number]> = [
      ['no session', {}, 401],
      ['a session of another church\'s token', { ...admin, 'x-church-code': lapsedCode }, 401],
      ['a role without the capability', church.s.teacher.headers, 403],
      ['a church whose subscription is not valid', lapsed, 403],
    ];
    for (const [caller, headers, status] of cases) {
      const plain = await upload(headers);
      const procedure = await deleteMedia(headers);
      expectErrorEnvelope(plain, status);
      expect(plain, caller).toEqual(procedure);
    }
    // Not found, in the church of the caller's session.
    const missingFile = await fetch(`${app.url}/api/gallery/image/${'A'.repeat(22)}.jpg`, { headers: admin }).then(answerOf);
    expectErrorEnvelope(missingFile, 404);
    expect(missingFile).toEqual(await deleteMedia(admin));
  });

  it('keep the envelope for the refusals of their own: a forged address, an unknown link, a webhook or metrics that are off', async () => {
    const refusals: Array<[string, number]> = [
      [`/api/gallery/image/${'A'.repeat(22)}.jpg?church=${church.church.id}&expires=${Math.floor(Date.now() / 1000) + 600}&a=m&signature=${'A'.repeat(43)}`, 403],
      [`/api/exports/download/${'A'.repeat(43)}`, 404],
      ['/metrics', 404],
    ];
    for (const [path, status] of refusals) {
      const answer = await fetch(`${app.url}${path}`).then(answerOf);
      expectErrorEnvelope(answer, status);
    }
    const webhook = await fetch(`${app.url}/api/payments/razorpay/webhook`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}',
    }).then(answerOf);
    expectErrorEnvelope(webhook, 404);
    expect(webhook.caching).toBe('no-store');
  });
});

import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, createClassWithStudents } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { jpegSample } from '../helpers/media-samples.js';
import { appRouter } from '../../server/root.js';
import { restRoutesOf } from '../../server/rest/routes.js';
import { ERROR_MESSAGES } from '../../server/core/errors.js';

// Each REST path is declared once, on its procedure (.meta(rest(...))): served at that path, and
// listed in the OpenAPI document, from the same place. The routes whose bodies are files or signed
// events (upload, file, webhook) are plain routes, each declared once with its OpenAPI entry
// (server/rest/plain-route.ts), in the same document.

const WEBHOOK_SECRET = 'rest-meta-webhook-secret';
let app: TestApp;
beforeAll(async () => { app = await startTestApp({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET }); });
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
    expect(documented.sort()).toEqual([
      ...routes.map((r) => `${r.method} ${r.path} ${r.procedurePath}`),
      'POST /api/gallery/upload gallery.upload', 'GET /api/gallery/image/{filename} gallery.file',
      'POST /api/association/circulars/upload association.publishCircularWithPdf',
      'POST /api/payments/razorpay/webhook payments.razorpayWebhook', 'GET /api/exports/download/{token} familyExport.download',
      'GET /api/report-cards/{token} exams.reportCardByLink',
      'POST /api/students/import/preview students.importPreview', 'GET /api/students/import/template students.importTemplate',
      'GET /api/health health.live', 'GET /api/health/ready health.ready', 'GET /metrics metrics.scrape',
      'GET /api/openapi.json docs.openapi', 'GET /api/docs docs.page',
    ].sort());
  });
});

interface Operation {
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, { type: string; format?: string; items?: { format?: string } }>; required: string[] }; encoding?: Record<string, { contentType: string }> }> };
  responses: Record<string, { content?: Record<string, { schema: { format?: string } }>; headers?: Record<string, unknown> }>;
}

describe('the routes that are not procedures, in the OpenAPI document', () => {
  const operation = async (path: string, method: string) => {
    const doc = (await api(app.url, 'GET', '/api/openapi.json')).body as unknown as { paths: Record<string, Record<string, Operation>> };
    return doc.paths[path][method];
  };

  it('describe a circular\'s form with its PDF, and its downloads as PDFs', async () => {
    const upload = await operation('/api/association/circulars/upload', 'post');
    expect(upload.security).toEqual([{ bearer: [], churchCode: [] }]);
    const form = upload.requestBody!.content['multipart/form-data'];
    expect(Object.keys(form.schema.properties).sort()).toEqual(['body', 'pdf', 'section_id', 'title']);
    expect(form.schema.required.sort()).toEqual(['body', 'title']);
    expect(form.schema.properties.pdf).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.encoding!.pdf.contentType).toBe('application/pdf');
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '413', '415']));
    for (const path of ['/api/association/circulars/{id}/pdf', '/api/church-association/circulars/{id}/pdf']) {
      expect(Object.keys((await operation(path, 'get')).responses['200'].content!)).toEqual(['application/pdf']);
    }
  });

  it('describe the upload (multipart fields and files), the file (binary, Range, 206) well enough for a client made from them to work', async () => {
    const upload = await operation('/api/gallery/upload', 'post');
    expect(upload.security).toEqual([{ bearer: [], churchCode: [] }]);
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
    const form = upload.requestBody!.content['multipart/form-data'];
    expect(form.schema.properties.files).toMatchObject({ type: 'array', items: { format: 'binary' } });
    expect(form.schema.required.sort()).toEqual(['academic_year', 'files', 'month', 'title']);
    expect(Object.keys(form.schema.properties).sort()).toEqual(['academic_year', 'department', 'description', 'files', 'month', 'student_ids', 'title']);
    expect(form.encoding!.files.contentType).toContain('image/jpeg');
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '413', '415']));
    const docsPage = await (await fetch(`${app.url}/api/docs`)).text();
    expect(docsPage).toContain('body (multipart/form-data)');

    const file = await operation('/api/gallery/image/{filename}', 'get');
    expect(file.parameters).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'filename', in: 'path', required: true }),
      expect.objectContaining({ name: 'Range', in: 'header', required: false }),
      expect.objectContaining({ name: 'signature', in: 'query' }),
    ]));
    expect(file.responses['200'].content!['image/jpeg'].schema.format).toBe('binary');
    expect(file.responses['206'].headers).toHaveProperty('Content-Range');
    expect(file.responses['416'].headers).toHaveProperty('Content-Range');

    // A client that knows only the document: the required fields and the files part, by their documented names.
    const church = await createChurch(app.db);
    const principal = await signIn(app.url, church.code, church.users.principal.email);
    const values: Record<string, string> = { title: 'From the document', academic_year: '2025-2026', month: '09' };
    const body = new FormData();
    for (const name of form.schema.required.filter((n) => n !== 'files')) body.append(name, values[name]);
    const photo = await jpegSample();
    body.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const auth = principal.headers;
    const uploaded = await fetch(`${app.url}/api/gallery/upload`, { method: 'POST', headers: auth, body });
    expect(uploaded.status).toBe(201);
    const stored = ((await uploaded.json()) as { data: { items: { file_path: string }[] } }).data.items[0].file_path;
    // The stored original is the photo cleaned of its metadata, so the range is compared with it.
    const whole = await fetch(`${app.url}/api/gallery/image/${stored}`, { headers: auth });
    expect(whole.status).toBe(200);
    const original = Buffer.from(await whole.arrayBuffer());
    const part = await fetch(`${app.url}/api/gallery/image/${stored}`, { headers: { ...auth, range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${original.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(original.subarray(0, 10));
  });

  it('describe the webhook: its signature over the raw JSON body and its event id, as Razorpay sends them', async () => {
    const webhook = await operation('/api/payments/razorpay/webhook', 'post');
    expect(webhook.security).toEqual([]);
    expect(Object.keys(webhook.requestBody!.content)).toEqual(['application/json']);
    const headers = webhook.parameters.filter((p) => p.in === 'header');
    expect(headers.map((p) => [p.name, p.required])).toEqual([['X-Razorpay-Signature', true], ['X-Razorpay-Event-Id', true]]);
    expect(Object.keys(webhook.responses)).toEqual(expect.arrayContaining(['200', '400']));

    const raw = '{"event":"payment.failed","payload":{}}';
    const send = (signature: string) => fetch(`${app.url}/api/payments/razorpay/webhook`, {
      method: 'POST', body: raw,
      headers: { 'content-type': 'application/json', [headers[0].name]: signature, [headers[1].name]: `evt_rest_meta_${signature.slice(0, 8)}` },
    });
    const signed = await send(createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'));
    expect(signed.status).toBe(200);
    expect(((await signed.json()) as { data: { outcome: string } }).data.outcome).toBe('ignored');
    expect((await send('0'.repeat(64))).status).toBe(400);
  });
});

describe('a body that is not a JSON object', () => {
  it('is a 400 and writes nothing, for a create and an update', async () => {
    expect(ERROR_MESSAGES.notJsonObject).toBe('The request body must be a JSON object.');
    const church = await createChurch(app.db);
    const { class: cls, students } = await createClassWithStudents(app.db, church.church.id, { students: 1, names: ['Kept Name'] });
    const session = await signIn(app.url, church.code, church.users.principal.email);
    for (const body of ['[]', 'null', '"text"', '42', '[{"name":"Injected"}]']) {
      for (const [method, path] of [['POST', '/api/classes'], ['PUT', `/api/students/${students[0].id}`]] as const) {
        const res = await fetch(`${app.url}${path}`, {
          method, body, headers: { ...session.headers, 'content-type': 'application/json' },
        });
        expect(res.status, `${method} ${path} ${body}`).toBe(400);
        expect(await res.json()).toEqual({ success: false, message: ERROR_MESSAGES.notJsonObject });
      }
    }
    const classes = await session.get('/api/classes');
    expect(classes.body.data.map((c: { id: string }) => c.id)).toEqual([cls.id]);
    const list = await session.get('/api/students');
    expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(['Kept Name']);
  });
});

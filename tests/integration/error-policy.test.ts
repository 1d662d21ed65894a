import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, createClassWithStudents } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { CONTROL_CHARACTERS_MESSAGE } from '../../common/schemas/text.js';

// One error policy for every transport: known errors keep their status and reason, the caller's bad
// input is a 400 with a field message, nothing echoes SQL, parameters or the URL, and internal
// errors carry only a generic message and the request id.

let app: TestApp;
const logLines: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  app = await startTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, { stream: sink });
});
afterAll(async () => { await app?.close(); });

const LEAKS = /Failed query|params:|select |insert |\\u0000|stack/i;

const trpc = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/trpc/${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, text: await res.text(), headers: res.headers }));

describe('a NUL byte in a text field', () => {
  it('is a 400 with a field message through /trpc, without signing in, and leaks no SQL', async () => {
    const res = await trpc('auth.login', { church_code: 'AB\u0000C', email: 'a@b.test', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(LEAKS);
    const body = JSON.parse(res.text);
    expect(body.error.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(body.error.data.fieldErrors.church_code).toEqual([CONTROL_CHARACTERS_MESSAGE]);
  });

  it('is a 400 through /api, in the password and the email too', async () => {
    for (const body of [
      { church_code: 'ABC123', email: 'a@b.test', password: 'pass\u0000word' },
      { church_code: 'ABC123', email: 'a\u0000@b.test', password: 'x' },
    ]) {
      const res = await api(app.url, 'POST', '/api/auth/login', { body });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).not.toMatch(LEAKS);
    }
  });

  it('is a 400 in a student name and a search, and nothing is written', async () => {
    const church = await createChurch(app.db);
    const { class: cls } = await createClassWithStudents(app.db, church.church.id, { students: 1 });
    const session = await signIn(app.url, church.code, church.users.principal.email);
    const create = await session.post('/api/students', {
      name: 'Anna\u0000', parent_phone: '+91 90000 11111', date_of_birth: '2015-02-02', class_id: cls.id,
    });
    expect(create.status).toBe(400);
    expect(create.body).toMatchObject({ success: false, message: CONTROL_CHARACTERS_MESSAGE, errors: { name: [CONTROL_CHARACTERS_MESSAGE] } });
    const search = await session.get(`/api/students?search=${encodeURIComponent('a\u0000')}`);
    expect(search.status).toBe(400);
    const list = await session.get('/api/students');
    expect(list.body.data).toHaveLength(1);
  });
});

describe("tRPC's own errors", () => {
  it('answer an unknown procedure with 404 without echoing the path', async () => {
    const res = await trpc('nothing.here<script>', {});
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('nothing.here');
    expect(JSON.parse(res.text).error.message).toBe('Not found.');
  });

  it('answer malformed JSON with a plain 400', async () => {
    const res = await fetch(`${app.url}/trpc/auth.login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"secret-input' });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toContain('secret-input');
  });

  it('refuse a batch larger than the limit', async () => {
    const paths = Array.from({ length: 21 }, () => 'subscription.plans').join(',');
    const res = await fetch(`${app.url}/trpc/${paths}?batch=1&input={}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Too many calls in one request.');
  });

  it('refuse sign-in and forgot-password inside a batch', async () => {
    const body = { 0: { church_code: 'ABC123', email: 'a@b.test', password: 'x' }, 1: { email: 'a@b.test' } };
    const res = await fetch(`${app.url}/trpc/auth.login,auth.forgotPassword?batch=1`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const answers = await res.json() as Array<{ error: { message: string; data: { httpStatus: number; reason: string } } }>;
    expect(answers).toHaveLength(2);
    for (const answer of answers) {
      expect(answer.error.data).toMatchObject({ httpStatus: 400, reason: 'not_in_batch' });
    }
  });
});

describe("Fastify's own errors", () => {
  it('a path parameter that is not valid UTF-8 is a 400 in the envelope, without the URL', async () => {
    const res = await fetch(`${app.url}/api/classes/%c0%ae%ff`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ success: false, message: 'The address is not valid.' });
    expect(text).not.toMatch(/%c0|classes/i);
  });

  it('a path parameter over the length limit is a 414 and an unknown route a 404, echoing nothing', async () => {
    for (const [path, status, message] of [
      [`/api/classes/${'x'.repeat(600)}`, 414, 'The address is too long.'],
      ['/api/no-such-route-marker', 404, 'Not found.'],
    ] as const) {
      const res = await fetch(`${app.url}${path}`, { method: 'DELETE' });
      expect(res.status).toBe(status);
      expect(res.headers.get('x-request-id')).toBeTruthy();
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ success: false, message });
      expect(text).not.toMatch(/xxxx|marker/);
    }
  });

  it('an address or headers over the HTTP parser\'s 16 KB are a 431 in the envelope, and the connection closes', async () => {
    const oversized: Array<{ path: string; headers: Record<string, string> }> = [
      { path: `/api/students?search=${'x'.repeat(20_000)}`, headers: {} },
      { path: '/api/health', headers: { 'x-big': 'y'.repeat(20_000) } },
    ];
    for (const init of oversized) {
      const res = await fetch(app.url + init.path, { headers: init.headers });
      expect(res.status).toBe(431);
      expect(res.headers.get('connection')).toBe('close');
      expect(await res.json()).toEqual({ success: false, message: 'The address or the headers of the request are too large.' });
    }
  });

  it('a body of another content type is a 415 in the envelope', async () => {
    const res = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ success: false, message: 'Send the body as JSON (Content-Type: application/json).' });
  });

  it('a body over the size limit is a 413 in the envelope', async () => {
    const res = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: 'The request is too large.' });
  });
});

describe('answers that carry church data', () => {
  it('are sent with Cache-Control: no-store on /api and /trpc', async () => {
    const church = await createChurch(app.db);
    const session = await signIn(app.url, church.code, church.users.teacher.email);
    const rest = await session.get('/api/auth/verify');
    expect(rest.headers.get('cache-control')).toBe('no-store');
    const typed = await fetch(`${app.url}/trpc/auth.verify`, { headers: session.headers });
    expect(typed.status).toBe(200);
    expect(typed.headers.get('cache-control')).toBe('no-store');
    const refused = await api(app.url, 'GET', '/api/students', {});
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});

describe('logs in production', () => {
  it('write one line per request, with the route pattern and no password, token or child data', async () => {
    const church = await createChurch(app.db);
    const { class: cls } = await createClassWithStudents(app.db, church.church.id, { students: 0 });
    logLines.length = 0;
    await api(app.url, 'POST', '/api/auth/login', { body: { church_code: church.code, email: church.users.principal.email, password: 'Wrong-Secret-9' } });
    const session = await signIn(app.url, church.code, church.users.principal.email);
    await session.post('/api/students', {
      name: 'Zebedee Childname', parent_phone: '+91 98888 77777', date_of_birth: '2016-03-04', class_id: cls.id,
    });
    await session.get(`/api/students?search=Zebedee`);
    await session.delete(`/api/students/not-a-uuid-Zebedee`);
    const requestLines = logLines.filter((line) => typeof line.status === 'number');
    expect(requestLines).toHaveLength(5);
    expect(new Set(requestLines.map((line) => line.reqId)).size).toBe(5);
    expect(requestLines.map((line) => line.route)).toEqual([
      '/api/auth/login', '/api/auth/login', '/api/students', '/api/students', '/api/students/:id',
    ]);
    const everything = JSON.stringify(logLines);
    for (const secret of ['Wrong-Secret-9', session.token, 'Zebedee', 'Childname', '98888', '2016-03-04']) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('a client that sends its body too slowly', () => {
  it('is cut off with a 408 once the request timeout has passed', async () => {
    const { connect } = await import('node:net');
    const slowApp = await startTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
    try {
      const { port } = new URL(slowApp.url);
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"church_code":');
        });
        let received = '';
        socket.on('data', (chunk) => { received += String(chunk); });
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
        setTimeout(() => { socket.destroy(); resolve(received); }, 8000);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      // Written on the raw response, yet with the headers of every answer (security-headers.ts).
      expect(answer).toMatch(/^x-content-type-options: nosniff\r$/im);
      expect(answer).toMatch(/^content-security-policy: default-src 'self'/im);
      expect(answer).toMatch(/^x-request-id: [\w-]+\r$/im);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await slowApp.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backend, startTestApp, type TestApp } from '../helpers/app.js';
import { api, createClassWithStudents, TEST_PASSWORD } from '../helpers/fixtures.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { uploadFiles } from '../helpers/gallery-upload.js';
import { pdfSample } from '../helpers/media-samples.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { useAppOnS3 } from '../helpers/s3-app.js';
import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import { todayIn } from '../../common/dates.js';

// GET /metrics (Prometheus text, behind METRICS_TOKEN) and GET /api/health/ready (the dependencies
// checked, 503 when one fails or while the process drains).

const TOKEN = 'metrics-test-token-0123456789';
const scrape = (app: TestApp, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  fetch(`${app.url}/metrics`, { headers });

/** The value of one series of the exposition text (`name{labels}`), or undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics off', () => {
  it('answers /metrics 404 when METRICS_TOKEN is not set, whatever the token', async () => {
    const app = await startTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
        const res = await scrape(app, headers);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ success: false });
      }
    } finally {
      await app.close();
    }
  });
});

describe('metrics on', () => {
  let app: TestApp;
  let church: ChurchWithSessions<'super_admin' | 'principal'>;
  beforeAll(async () => {
    app = await startTestApp({ METRICS_TOKEN: TOKEN });
    church = await churchWithSessions(app, { roles: ['super_admin', 'principal'] });
  });
  afterAll(async () => { await app?.close(); });

  it('refuses a scrape without the token or with another (401), serves the text format with it', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-at-all' }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }] as Array<Record<string, string>>) {
      const res = await scrape(app, headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect((await res.json()).success).toBe(false);
    }
    const res = await scrape(app);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE sundayschool_http_requests_total counter');
    expect(text).toContain('# TYPE sundayschool_door_transaction_duration_seconds histogram');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('counts requests by route pattern and status, door transactions, refusals by reason and upload bytes', async () => {
    const wrong = await api(app.url, 'POST', '/api/auth/login', {
      body: { church_code: church.code, email: church.users.principal.email, password: `${TEST_PASSWORD}-wrong` },
    });
    expect(wrong.status).toBe(401);
    const cls = await createClassWithStudents(app.db, church.church.id, { students: 2 });
    const marks = await church.s.principal.get(`/api/attendance/class/${cls.class.id}/date/${todayIn('Asia/Kolkata')}`);
    expect(marks.status).toBe(200);
    const pdf = pdfSample();
    expect((await uploadFiles(app, church.s.super_admin, [{ name: 'letter.pdf', data: pdf, type: 'application/pdf' }])).status).toBe(201);

    const text = await (await scrape(app)).text();
    expect(valueOf(text, 'sundayschool_http_requests_total{route="/api/auth/login",method="POST",status="401"}')).toBe(1);
    expect(valueOf(text, 'sundayschool_http_requests_total{route="/api/attendance/class/:classId/date/:date",method="GET",status="200"}')).toBe(1);
    expect(valueOf(text, 'sundayschool_http_request_duration_seconds_count{route="/api/attendance/class/:classId/date/:date",method="GET",status="200"}')).toBe(1);
    expect(valueOf(text, 'sundayschool_sign_in_refusals_total{reason="invalid_credentials"}')).toBe(1);
    expect(valueOf(text, 'sundayschool_sign_in_refusals_total{reason="throttled"}')).toBe(0);
    expect(valueOf(text, 'sundayschool_upload_bytes_total')).toBe(pdf.length);
    expect(valueOf(text, 'sundayschool_door_transactions_total{door="tenant",outcome="commit"}')).toBeGreaterThanOrEqual(3);
    expect(valueOf(text, 'sundayschool_door_transactions_total{door="platform",outcome="commit"}')).toBeGreaterThanOrEqual(1);
    // The job queue's table is read at each scrape (empty here: no test app runs the queue).
    expect(text).toContain('# TYPE sundayschool_jobs gauge');
    if (backend === 'postgres') {
      expect(valueOf(text, 'sundayschool_db_pool_connections{door="tenant",state="in_use"}')).toBe(0);
      expect(valueOf(text, 'sundayschool_db_pool_waiting{door="tenant"}')).toBe(0);
    }
  });

  it('names no church, person or row in any label', async () => {
    await church.s.principal.get('/api/classes');
    await api(app.url, 'GET', `/api/attendance/class/${church.church.id}/date/2026-01-04`, { token: church.s.principal.token, code: church.code });
    const text = await (await scrape(app)).text();
    for (const secret of [church.code, church.church.name, church.church.id, church.users.principal.email, church.users.super_admin.email]) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(text).not.toMatch(/@/);
    // Every route label is a pattern of a registered route, or the one label of unmatched addresses.
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    expect(routes.size).toBeGreaterThan(2);
    for (const route of routes) expect(route === 'unmatched' || app.server.hasRoute({ url: route, method: 'GET' }) || app.server.hasRoute({ url: route, method: 'POST' }), route).toBe(true);
  });
});

describe('readiness', () => {
  it('answers 200 with each check when healthy, and liveness keeps its answer', async () => {
    const app = await startTestApp();
    try {
      const ready = await api(app.url, 'GET', '/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        success: true,
        data: { status: 'ready', checks: { database: 'ok', redis: 'skipped', storage: 'ok', migrations: 'ok' } },
      });
      expect((await api(app.url, 'GET', '/api/health')).body).toEqual({ success: true, data: { status: 'ok', database: backend } });
    } finally {
      await app.close();
    }
  });

  it('answers 503 while draining, liveness still 200', async () => {
    const app = await startTestApp();
    try {
      expect((await api(app.url, 'GET', '/api/health/ready')).status).toBe(200);
      app.server.readiness.drain();
      const draining = await api(app.url, 'GET', '/api/health/ready');
      expect(draining.status).toBe(503);
      expect(draining.body).toMatchObject({ success: false, reason: 'draining', data: { status: 'draining' } });
      expect((await api(app.url, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it.skipIf(backend !== 'pglite')('answers 503 while the database lacks a migration of this build', async () => {
    const app = await startTestApp(); // a private copy of the database: its bookkeeping may be changed
    try {
      await app.db.ownerQuery(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      const behind = await api(app.url, 'GET', '/api/health/ready');
      expect(behind.status).toBe(503);
      expect(behind.body).toMatchObject({ reason: 'not_ready', data: { checks: { database: 'ok', migrations: 'behind' } } });
    } finally {
      await app.close();
    }
  });

  it('answers 503 while Redis is unreachable', async () => {
    // A port nothing listens on: the client never connects.
    const app = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const down = await api(app.url, 'GET', '/api/health/ready');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ data: { status: 'not_ready', checks: { database: 'ok', redis: 'failed' } } });
    } finally {
      await app.close();
    }
  });

  it.skipIf(backend !== 'postgres')('answers 503 while the database is unreachable, 200 once it is back; metrics still scrape', async () => {
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(target);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const app = await startTestApp({ METRICS_TOKEN: TOKEN }, {}, { postgresUrl: proxied.toString() });
    try {
      expect((await api(app.url, 'GET', '/api/health/ready')).status).toBe(200);
      proxy.cut();
      const down = await api(app.url, 'GET', '/api/health/ready');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ data: { status: 'not_ready', checks: { database: 'failed' } } });
      expect((await scrape(app)).status).toBe(200);
      proxy.restore();
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await api(app.url, 'GET', '/api/health/ready')).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
    } finally {
      proxy.restore();
      await app.close();
      await proxy.close();
    }
  });
});

describe('readiness with the gallery in a bucket', () => {
  const s3 = useAppOnS3('ready-bucket');
  it('checks the bucket: ok while it answers, 503 once it is gone', async () => {
    const ready = await api(s3.app.url, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.checks.storage).toBe('ok');
    await s3.admin.send(new DeleteBucketCommand({ Bucket: 'ready-bucket' }));
    const gone = await api(s3.app.url, 'GET', '/api/health/ready');
    expect(gone.status).toBe(503);
    expect(gone.body).toMatchObject({ data: { status: 'not_ready', checks: { database: 'ok', storage: 'failed' } } });
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backend, openTestDatabase, POSTGRES_TEST_POOL_SIZE, startTestApp } from '../helpers/app.js';
import { createChurch, createClassWithStudents, type Json } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { patternOf, rollCallProblems, type MarkAttempt } from '../helpers/roll-calls.js';
import { ERROR_MESSAGES } from '../../server/core/errors.js';
import { describeError } from '../../server/core/error-policy.js';
import { addDays, todayIn } from '../../common/dates.js';

// PostgreSQL taken away under a load of attendance marking, through a TCP proxy between the server
// and the database: requests fail fast and cleanly (503), the server recovers by itself, no roll
// call is written in part and the pools do not leak.

describe('connection failures in the error policy', () => {
  const unavailable = { status: 503, message: ERROR_MESSAGES.databaseUnavailable, internal: false };
  it.each([
    'ECONNREFUSED', 'ECONNRESET', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECT_TIMEOUT', 'CONNECTION_DESTROYED',
    '08006', '08001', '57P01', '57P02', '57P03',
  ])('%s is 503, also when wrapped', (code) => {
    const driverError = Object.assign(new Error('connection trouble'), { code });
    expect(describeError(driverError)).toMatchObject(unavailable);
    expect(describeError(new Error('Failed query', { cause: driverError }))).toMatchObject(unavailable);
  });
  it('leaves other SQLSTATEs as they were', () => {
    expect(describeError(Object.assign(new Error('x'), { code: '23505' })).status).toBe(409);
    expect(describeError(Object.assign(new Error('x'), { code: '57014' })).status).toBe(500); // a cancelled query
  });
});

const LOOPS = 6;
const STUDENTS = 10; // 1024 patterns: no two requests for one class and date share one in this run
const OUTAGE_MS = 3_000;
const REQUEST_BOUND_MS = 10_000;
const RECOVERY_BOUND_MS = 5_000;

interface Timed extends MarkAttempt { start: number; end: number; body: Json }

describe('PostgreSQL going away under load', () => {
  it.skipIf(backend !== 'postgres')('fails fast with 503, recovers by itself, writes no partial roll call, leaks no connection', async () => {
    const direct = await openTestDatabase(); // straight to PostgreSQL: fixtures and the checks afterwards
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(target);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const app = await startTestApp({}, {}, { postgresUrl: proxied.toString() });
    try {
      const church = await createChurch(direct);
      const teacher = await signIn(app.url, church.code, church.users.teacher.email);
      const classes = await Promise.all(Array.from({ length: LOOPS }, () => createClassWithStudents(
        direct, church.church.id, { teacherId: church.users.teacher.id, students: STUDENTS })));
      const today = todayIn('Asia/Kolkata');
      const dates = [today, addDays(today, -1), addDays(today, -2)];

      const attempts: Timed[] = [];
      let stop = false;
      const mark = async (loop: number, seq: number) => {
        const { class: cls, students } = classes[loop];
        const date = dates[seq % dates.length];
        const statuses = patternOf(seq, STUDENTS);
        const start = performance.now();
        let status = 0;
        let body: Json;
        try {
          const res = await fetch(`${app.url}/api/attendance/mark`, {
            method: 'POST',
            headers: { ...teacher.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ classId: cls.id, date, attendanceData: students.map((s, i) => ({ studentId: s.id, status: statuses[i] })) }),
            signal: AbortSignal.timeout(REQUEST_BOUND_MS + 5_000),
          });
          status = res.status;
          body = await res.json();
        } catch (error) {
          body = String(error);
        }
        attempts.push({ classId: cls.id, date, seq, status, body, start, end: performance.now() });
      };
      const loops = Array.from({ length: LOOPS }, async (_, loop) => {
        for (let seq = 0; !stop; seq++) await mark(loop, seq);
      });

      await sleep(1_500);
      const cutAt = performance.now();
      proxy.cut();
      await sleep(OUTAGE_MS);
      const restoredAt = performance.now();
      proxy.restore();
      // Load goes on until the first mark after the restore succeeds (or the bound has passed), and 2 s more.
      while (!attempts.some((a) => a.start >= restoredAt && a.status === 200) && performance.now() - restoredAt < RECOVERY_BOUND_MS + 3_000) {
        await sleep(50);
      }
      await sleep(2_000);
      // The pools after recovery, under load: never more connections than their sizes.
      const platformPoolSize = Math.max(2, Math.ceil(POSTGRES_TEST_POOL_SIZE / 4));
      const ports = proxy.upstreamPorts();
      const [{ n: runtimeConnections }] = await direct.ownerQuery<{ n: number }>(sql`
        select count(*)::int as n from pg_stat_activity
        where client_port in (${sql.join(ports.map((p) => sql`${p}::int`), sql`, `)})
          and usename ~ '^app_(tenant|platform)_login_[0-9]+$'`);
      stop = true;
      await Promise.all(loops);

      const during = attempts.filter((a) => a.end > cutAt && a.start < restoredAt);
      const failed = attempts.filter((a) => a.status !== 200);
      const durations = attempts.map((a) => a.end - a.start);
      const firstSuccess = attempts.filter((a) => a.start >= restoredAt && a.status === 200).sort((a, b) => a.end - b.end)[0];
      const failMs = failed.map((a) => a.end - a.start).sort((a, b) => a - b);
      console.log(`outage: ${attempts.length} marks, ${failed.length} failed (${during.length} overlapping the outage); `
        + `failures answered in ${failMs[0]?.toFixed(0)}..${failMs.at(-1)?.toFixed(0)} ms (median ${failMs[failMs.length >> 1]?.toFixed(0)}); `
        + `slowest request ${Math.max(...durations).toFixed(0)} ms; first success ${(firstSuccess?.end - restoredAt).toFixed(0)} ms after the restore; `
        + `${runtimeConnections} runtime connections (${ports.length} through the proxy)`);

      // During the outage: clean 503s with the policy's message, never a 500 or a hang.
      expect(failed.length).toBeGreaterThan(0);
      expect(new Set(attempts.map((a) => a.status))).toEqual(new Set([200, 503]));
      for (const a of failed) expect(a.body).toEqual({ success: false, message: ERROR_MESSAGES.databaseUnavailable });
      expect(Math.max(...durations)).toBeLessThan(REQUEST_BOUND_MS);
      // Back by itself: the first mark after the restore succeeded within the bound, and every mark
      // begun once the bound had passed succeeded.
      expect(firstSuccess).toBeDefined();
      expect(firstSuccess.end - restoredAt).toBeLessThan(RECOVERY_BOUND_MS);
      expect(attempts.filter((a) => a.start > restoredAt + RECOVERY_BOUND_MS && a.status !== 200)).toEqual([]);
      expect(runtimeConnections).toBeGreaterThan(0);
      expect(runtimeConnections).toBeLessThanOrEqual(POSTGRES_TEST_POOL_SIZE + platformPoolSize);
      expect(ports.length).toBeLessThanOrEqual(POSTGRES_TEST_POOL_SIZE + platformPoolSize);

      // No roll call written in part: each class and date holds one request's whole pattern.
      expect(await rollCallProblems(direct, classes.map((c) => c.class.id), STUDENTS, attempts)).toEqual([]);

      // Idle for a while after the load, the server still answers, with as many connections as before at most.
      await sleep(3_000);
      const { class: cls, students } = classes[0];
      const again = await fetch(`${app.url}/api/attendance/mark`, {
        method: 'POST',
        headers: { ...teacher.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ classId: cls.id, date: today, attendanceData: students.map((s) => ({ studentId: s.id, status: 'present' })) }),
      });
      expect(again.status).toBe(200);
      expect(proxy.upstreamPorts().length).toBeLessThanOrEqual(POSTGRES_TEST_POOL_SIZE + platformPoolSize);
    } finally {
      await app.close();
      await proxy.close();
      await direct.close();
    }
  }, 60_000);
});

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { backend, openTestDatabase } from '../helpers/app.js';
import { createChurch, createClassWithStudents } from '../helpers/fixtures.js';
import { signIn, type ChurchSession } from '../helpers/church-session.js';
import { patternOf, rollCallProblems, type MarkAttempt } from '../helpers/roll-calls.js';
import { startServerProcess } from '../helpers/server-process.js';
import { addDays, todayIn } from '../../common/dates.js';

// The real server (server/main.ts, as `npm start` runs it) in a child process on PostgreSQL, killed
// with SIGKILL in the middle of a stream of attendance marks: every mark answered 2xx before the
// kill is committed, no roll call is written in part, and a new process on the same database serves.
// Then SIGTERM in the middle of a stream: the process drains and exits 0, again with nothing lost.

const LOOPS = 4;
const STUDENTS = 8;

/** server/main.ts on the test database (it migrates at start, under the migration lock). */
const startServer = (workDir: string) => startServerProcess({
  NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL ?? '', DEMO_SEED: 'false',
  CLIENT_DIST_DIR: path.join(workDir, 'no-client'), UPLOADS_DIR: path.join(workDir, 'uploads'), MAIL_OUTBOX_DIR: path.join(workDir, 'outbox'),
});

describe.runIf(backend === 'postgres')('the server process dying (PostgreSQL)', () => {
  it('loses no committed mark to SIGKILL, serves again after a restart, and drains on SIGTERM', async () => {
    const db = await openTestDatabase();
    const workDir = mkdtempSync(path.join(tmpdir(), 'ss-kill-'));
    const children: ChildProcess[] = [];
    try {
      const church = await createChurch(db);
      const classes = await Promise.all(Array.from({ length: LOOPS }, () => createClassWithStudents(
        db, church.church.id, { teacherId: church.users.teacher.id, students: STUDENTS })));
      const today = todayIn('Asia/Kolkata');
      const dates = [today, addDays(today, -1), addDays(today, -2)];
      const attempts: MarkAttempt[] = [];

      /** Marks from LOOPS loops until `stop()`; sequence numbers go on from earlier streams. */
      const stream = (url: string, teacher: ChurchSession) => {
        let stopped = false;
        const loops = classes.map(async ({ class: cls, students }) => {
          let seq = Math.max(-1, ...attempts.filter((a) => a.classId === cls.id).map((a) => a.seq)) + 1;
          for (; !stopped; seq++) {
            const date = dates[seq % dates.length];
            const statuses = patternOf(seq, STUDENTS);
            const attempt: MarkAttempt = { classId: cls.id, date, seq, status: 0 };
            attempts.push(attempt);
            try {
              const res = await fetch(`${url}/api/attendance/mark`, {
                method: 'POST',
                headers: { ...teacher.headers, 'content-type': 'application/json' },
                body: JSON.stringify({ classId: cls.id, date, attendanceData: students.map((s, i) => ({ studentId: s.id, status: statuses[i] })) }),
                signal: AbortSignal.timeout(10_000),
              });
              await res.arrayBuffer();
              attempt.status = res.status; // set only once the whole answer has arrived
            } catch {
              await sleep(20); // refused or reset: the process is gone
            }
          }
        });
        return async () => { stopped = true; await Promise.all(loops); };
      };

      // SIGKILL in the middle of the stream.
      const first = await startServer(workDir);
      children.push(first.child);
      const teacher = await signIn(first.url, church.code, church.users.teacher.email);
      const stopFirst = stream(first.url, teacher);
      await sleep(1_500);
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      await stopFirst();
      const acknowledged = attempts.filter((a) => a.status === 200).length;
      expect(acknowledged).toBeGreaterThan(0);
      expect(attempts.filter((a) => a.status !== 200 && a.status !== 0)).toEqual([]);
      expect(await rollCallProblems(db, classes.map((c) => c.class.id), STUDENTS, attempts)).toEqual([]);

      // A new process on the same database serves the same session.
      const second = await startServer(workDir);
      children.push(second.child);
      const stopSecond = stream(second.url, teacher);
      await sleep(1_500);
      // SIGTERM: requests in flight are finished, then it exits 0 (server/main.ts).
      const termAt = attempts.length;
      second.child.kill('SIGTERM');
      const exit = await second.exited;
      await stopSecond();
      expect(exit).toEqual({ code: 0, signal: null });
      const afterTerm = attempts.slice(termAt);
      console.log(`process kill: ${acknowledged} marks acknowledged before SIGKILL; `
        + `${attempts.slice(0, termAt).filter((a) => a.status === 200).length - acknowledged} on the second process before SIGTERM, `
        + `${afterTerm.filter((a) => a.status === 200).length} answered 200 after it`);
      expect(attempts.filter((a) => a.status !== 200 && a.status !== 0 && a.status !== 503)).toEqual([]);
      expect(await rollCallProblems(db, classes.map((c) => c.class.id), STUDENTS, attempts)).toEqual([]);
    } finally {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(workDir, { recursive: true, force: true });
      await db.close();
    }
  }, 120_000);
});

/**
 * Offline attendance batches (POST /api/attendance/sync) through the real server in a child process:
 * what one batch of MARKS marks costs, applied and sent again.
 *
 *   npx tsx scripts/bench/offline-sync.ts            (npm run bench:offline-sync)
 *
 * The server runs as `npm start` runs it without the client build (server/main.ts, NODE_ENV=production)
 * on a fresh embedded database (PGlite) with the demo church, or with BENCH_DATABASE=postgres on a
 * fresh database <BENCH_DATABASE_URL name>_sync of the local PostgreSQL (dropped at the end). The demo
 * teacher sends BATCHES batches one after the other, each a new batch id with MARKS marks of their
 * classes' students over the last days (tapped now, so every mark is applied over the one before),
 * then sends each of them again (answered from the ledger, nothing written). Printed per batch: median
 * and p95 wall time, and the server process's CPU time (utime + stime of /proc/<pid>/stat) beside the
 * whole machine's.
 *
 * Environment: BATCHES (200), MARKS (25), BENCH_DATABASE=postgres.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, todayIn } from '../../common/dates.js';
import { demoEmail } from '../../server/modules/demo/index.js';
import {
  BASE_DATABASE_URL, CLK_TCK, call, cpuMsPer, databaseUrl, dropDatabase, fmt, heading, machineState,
  median, printTable, processCpu, quantile, recreateDatabase, signIn, startServerProcess, type ServerProcess,
} from './lib.js';

const BATCHES = Number(process.env.BATCHES ?? 200);
const MARKS = Number(process.env.MARKS ?? 25);
const ON_POSTGRES = process.env.BENCH_DATABASE === 'postgres';
const pgServer = Object.assign(new URL(BASE_DATABASE_URL), { pathname: '/postgres' }).toString();
const benchDb = databaseUrl('_sync');
const CODE = 'DEMO01';
const PASSWORD = 'demo-password-123';

interface Mark { classId: string; studentId: string; date: string; status: 'present' | 'absent'; tappedAt: string }

/** MARKS (student, date) pairs: every student of the teacher's classes today, then yesterday, and so on. */
function marksOf(students: Array<{ classId: string; studentId: string }>, today: string, seq: number): Mark[] {
  const tappedAt = new Date().toISOString();
  return Array.from({ length: MARKS }, (_, i) => ({
    ...students[i % students.length],
    date: addDays(today, -Math.floor(i / students.length)),
    status: (i + seq) % 5 === 0 ? 'absent' : 'present',
    tappedAt,
  }));
}

async function timed(send: () => Promise<{ status: number; body: { message?: string } }>) {
  const t = performance.now();
  const res = await send();
  if (res.status !== 200) throw new Error(`sync answered ${res.status} ${res.body.message}`);
  return performance.now() - t;
}

function row(run: string, times: number[], cpu: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    run, batches: times.length, marks: MARKS, 'median ms': Number(median(times).toFixed(2)), 'p95 ms': Number(quantile(sorted, 0.95).toFixed(2)),
    'server CPU ms/batch': Number(cpu[0].toFixed(2)), 'machine CPU ms/batch': Number(cpu[1].toFixed(2)),
  };
}

async function main() {
  heading(`offline sync: POST /api/attendance/sync, ${MARKS} marks a batch, ${ON_POSTGRES ? `PostgreSQL ${benchDb}` : 'embedded PGlite'}`);
  console.log(`  ${await machineState(pgServer)}; CLK_TCK ${CLK_TCK}`);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ss-bench-sync-'));
  if (ON_POSTGRES) await recreateDatabase(benchDb);
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      workDir, databaseUrl: ON_POSTGRES ? benchDb : undefined, env: { DEMO_SEED: 'true', DEMO_PASSWORD: PASSWORD },
    });
    const { url: baseUrl, pid } = server;
    const teacher = await signIn(baseUrl, CODE, demoEmail('teacher', CODE), PASSWORD);
    const today = todayIn(teacher.church.time_zone as string);
    const students: Array<{ classId: string; studentId: string }> = [];
    const classes = await call<Array<{ id: string }>>(baseUrl, 'GET', '/api/classes', { token: teacher.token, code: CODE });
    for (const cls of classes.body.data ?? []) {
      const list = await call<Array<{ id: string }>>(baseUrl, 'GET', `/api/students/class/${cls.id}`, { token: teacher.token, code: CODE });
      students.push(...(list.body.data ?? []).map((s) => ({ classId: cls.id, studentId: s.id })));
    }
    if (students.length === 0) throw new Error('the demo teacher has no students');
    console.log(`  the demo teacher's ${students.length} students in ${classes.body.data?.length} classes; ${MARKS} marks a batch over ` +
      `${Math.ceil(MARKS / students.length)} dates`);
    const send = (batchId: string, marks: Mark[]) => call(baseUrl, 'POST', '/api/attendance/sync', { token: teacher.token, code: CODE, body: { batchId, marks } });

    for (let i = 0; i < 5; i++) await timed(() => send(randomUUID(), marksOf(students, today, i))); // warm-up
    const sent: Array<[string, Mark[]]> = [];
    const applied: number[] = [];
    const cpu0 = processCpu(pid);
    for (let i = 0; i < BATCHES; i++) {
      const batch: [string, Mark[]] = [randomUUID(), marksOf(students, today, i)];
      sent.push(batch);
      applied.push(await timed(() => send(...batch)));
    }
    const appliedCpu = cpuMsPer(cpu0, processCpu(pid), BATCHES);
    const again: number[] = [];
    const cpu1 = processCpu(pid);
    for (const batch of sent) again.push(await timed(() => send(...batch)));
    const againCpu = cpuMsPer(cpu1, processCpu(pid), BATCHES);
    const check = await send(...sent[sent.length - 1]);
    console.log(`  last answer: ${JSON.stringify(check.body.data).slice(0, 160)}`);
    console.log();
    printTable([row('new batch: applied', applied, appliedCpu), row('same batch again: stored answer', again, againCpu)]);
    console.log(`\n  per mark (new batches): ${fmt(median(applied) / MARKS, 3)} ms wall, ${fmt(appliedCpu[0] / MARKS, 3)} ms server CPU`);
    console.log(`  ${await machineState(pgServer)} (the load average includes this benchmark)`);
  } finally {
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
    if (ON_POSTGRES) await dropDatabase(benchDb);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

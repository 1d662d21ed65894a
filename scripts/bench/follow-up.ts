/**
 * Issue 28 benchmark: the absentee follow-up list and the dashboard's follow-up figures, read by a
 * principal of a church with years of weekly roll calls.
 *
 *   npx tsx scripts/bench/follow-up.ts    (npm run bench:follow-up)
 *
 * Makes <BENCH_DATABASE_URL>_followup with generate-data (dropped and recreated): CHURCHES (10)
 * churches of STUDENTS_PER_CHURCH (600) students in CLASSES_PER_CHURCH (12) classes, DAYS (150)
 * Sundays of marks each (about three years; one child in seven absent on a given Sunday, never two
 * Sundays running). The first church follows children up after ABSENCES (1) absence, so its list
 * holds the children absent at their class's last roll call, each with a guardian.
 *
 * Then, through the real HTTP server (in this process) on PostgreSQL, RUNS (200) sequential calls of
 * GET /api/follow-up and of GET /api/follow-up/summary: median and 95th percentile time, and CPU
 * time per call of this process (the server and the client) and of the whole machine (PostgreSQL
 * included), from /proc.
 */
import { performance } from 'node:perf_hooks';
import {
  BASE_DATABASE_URL, call, cpuSample, cpuUsPerOperation, fmt, heading, machineState, ownerClient, printTable, quantile, startApp,
} from './lib.js';
import { BENCH_PASSWORD, churchCode, generateData, principalEmail } from './generate-data.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';

const url = `${BASE_DATABASE_URL}_followup`;
const RUNS = Number(process.env.RUNS ?? 200);
const ABSENCES = Number(process.env.ABSENCES ?? 1);

async function main() {
  heading('follow-up (issue 28)');
  console.log(`  ${await machineState(url.replace(/\/[^/]*$/, '/postgres'))}`);
  const generated = await generateData(url, {
    churches: Number(process.env.CHURCHES ?? 10),
    studentsPerChurch: Number(process.env.STUDENTS_PER_CHURCH ?? 600),
    classesPerChurch: Number(process.env.CLASSES_PER_CHURCH ?? 12),
    days: Number(process.env.DAYS ?? 150),
    firstClassSize: 50,
    copyStreams: 2,
  }, () => {});
  console.log(`  ${generated.rows.churches} churches, ${generated.rows.students} students, ${generated.rows.attendance} marks (${fmt(generated.seconds)} s to generate)`);

  const owner = ownerClient(url);
  await owner`update churches set follow_up_absences = ${ABSENCES} where code = ${churchCode(0)}`;
  await owner.end({ timeout: 5 });

  const db = createPostgresDatabase(url, 10);
  await db.migrate();
  const app = await startApp(db);
  try {
    const signedIn = await call(app.url, 'POST', '/api/auth/login', { body: { church_code: churchCode(0), email: principalEmail(0), password: BENCH_PASSWORD } });
    const auth = { token: signedIn.body.data.token as string, code: churchCode(0) };
    const rows = [];
    for (const [label, path] of [['GET /api/follow-up', '/api/follow-up'], ['GET /api/follow-up/summary', '/api/follow-up/summary']] as const) {
      const first = await call(app.url, 'GET', path, auth);
      if (first.status !== 200) throw new Error(`${path}: ${first.status} ${first.body.message}`);
      for (let i = 0; i < 10; i++) await call(app.url, 'GET', path, auth); // warm: prepared statements, caches
      const times: number[] = [];
      const before = cpuSample();
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const answer = await call(app.url, 'GET', path, auth);
        times.push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
      }
      const [processUs, machineUs] = cpuUsPerOperation(before, cpuSample(), RUNS);
      times.sort((a, b) => a - b);
      const listed = path === '/api/follow-up' ? String(first.body.data.students.length) : String(first.body.data.follow_up);
      rows.push({
        request: label, 'children listed': listed, 'median ms': fmt(quantile(times, 0.5)), 'p95 ms': fmt(quantile(times, 0.95)),
        'CPU ms/request (this process)': fmt(processUs / 1000, 2), 'CPU ms/request (machine)': fmt(machineUs / 1000, 2),
      });
    }
    printTable(rows);
  } finally {
    await app.close();
    await db.close();
  }
}

await main();

/**
 * Soak: the server under a steady mixed load for a long time, to show it neither errs nor grows.
 *
 *   npx tsx scripts/bench/soak.ts    (npm run bench:soak; SOAK_SECONDS=600 by default)
 *
 * The server runs as `npm start` runs it (server/main.ts in a child process, NODE_ENV production) on
 * the PostgreSQL database of generate-data (BENCH_DATABASE_URL, ss_bench; generated when missing).
 * wrk sends, at about SOAK_RATE requests a second over SOAK_CONNECTIONS connections, in turn:
 * three marks of a class of 15 (a teacher of each of 64 churches, POST /api/attendance/mark), one
 * monthly report of that class and one gallery page (that church's principal). Every SAMPLE_SECONDS
 * it samples the resident memory of the server's processes and the connections of its database
 * logins, then prints them with the load's totals: requests, errors, non-2xx, p50 and p99.
 *
 * The design rate: 1,000 churches each marking 6 classes in the same 15 minutes of a Sunday morning
 * is 7 marks a second; SOAK_RATE's default, 50 requests a second (30 marks), is four times that.
 * Extra server settings (e.g. WEB_CONCURRENCY, REDIS_URL) are passed through from the environment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BASE_DATABASE_URL, databaseExists, firstClasses, fmt, heading, load, machineState, ownerClient, printTable,
  processTree, residentBytes, signIn, startServerProcess, stopChildProcesses,
} from './lib.js';
import { BENCH_PASSWORD, attendanceDates, churchCode, generateData, paramsFromEnv, principalEmail, readShape, teacherEmail } from './generate-data.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 50);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 16);
const SAMPLE_SECONDS = Number(process.env.SAMPLE_SECONDS ?? 30);
const CHURCHES = 64;
const url = BASE_DATABASE_URL;

interface Sample { second: number; rssMb: number; processes: number; dbConnections: number }

async function databaseConnections(): Promise<number> {
  const sql = ownerClient(url);
  try {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where usename like 'app\\_%'`;
    return row.n;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function main() {
  heading(`soak: ${SECONDS} s at about ${RATE} requests/s over ${CONNECTIONS} connections`);
  if (!(await databaseExists(url)) || !(await readShape(url))) await generateData(url, paramsFromEnv());
  const shape = (await readShape(url))!;
  console.log(`  ${await machineState(url.replace(/\/[^/]*$/, '/postgres'))}; ${shape.churches} churches`);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ss-soak-'));
  const server = await startServerProcess({
    workDir, databaseUrl: url,
    // Sixty-four teachers and principals sign in from one address within a second.
    env: { LOGIN_MAX_FAILURES_PER_IP: '100000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000', LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR: '100000' },
  });
  try {
    const date = attendanceDates(1)[0];
    const [year, month] = date.split('-').map(Number);
    const codes = Array.from({ length: Math.min(CHURCHES, shape.churches) }, (_, i) => churchCode(i));
    const classes = await firstClasses(url, codes);
    const plan: Array<{ method: string; path: string; headers: Record<string, string>; body?: string }> = [];
    for (const code of codes) {
      const idx = Number(code.slice(1));
      const teacher = await signIn(server.url, code, teacherEmail(idx, 0), BENCH_PASSWORD);
      const principal = await signIn(server.url, code, principalEmail(idx), BENCH_PASSWORD);
      const as = (token: string, json = false) => ({
        authorization: `Bearer ${token}`, 'x-church-code': code, ...(json ? { 'content-type': 'application/json' } : {}),
      });
      const cls = classes.get(code)!;
      const mark = {
        method: 'POST', path: '/api/attendance/mark', headers: as(teacher.token, true),
        body: JSON.stringify({ classId: cls.classId, date, attendanceData: cls.studentIds.map((studentId, j) => ({ studentId, status: j % 6 === 5 ? 'absent' : 'present' })) }),
      };
      plan.push(mark, mark, mark,
        { method: 'GET', path: `/api/attendance/class/${cls.classId}/monthly?year=${year}&month=${month}`, headers: as(principal.token) },
        { method: 'GET', path: '/api/gallery?page=1', headers: as(principal.token) });
    }

    const samples: Sample[] = [];
    const started = Date.now();
    const sample = async () => {
      const pids = processTree(server.pid);
      samples.push({
        second: Math.round((Date.now() - started) / 1000),
        rssMb: pids.reduce((sum, pid) => sum + (residentBytes(pid) || 0), 0) / 2 ** 20,
        processes: pids.length,
        dbConnections: await databaseConnections(),
      });
    };
    await sample();
    const timer = setInterval(() => void sample(), SAMPLE_SECONDS * 1000);
    const result = await load({
      name: 'marks 3 : report 1 : gallery 1', url: server.url, connections: CONNECTIONS, seconds: SECONDS,
      warmupSeconds: 0, perConnection: plan, ratePerSecond: RATE,
    });
    clearInterval(timer);
    await sample();
    printTable(samples.map((s) => ({ 's': s.second, 'resident MB (all processes)': fmt(s.rssMb, 1), processes: s.processes, 'db connections': s.dbConnections })));
    const first = samples[0];
    const last = samples[samples.length - 1];
    const peak = Math.max(...samples.map((s) => s.rssMb));
    console.log(`  ${result.requests} requests in ${SECONDS} s (${fmt(result.reqPerSec, 1)}/s): errors ${result.errors}, non-2xx ${result.non2xx}; `
      + `p50 ${fmt(result.p50Ms, 1)} ms, p99 ${fmt(result.p99Ms, 1)} ms`);
    console.log(`  resident memory: ${fmt(first.rssMb, 1)} MB at the start, ${fmt(last.rssMb, 1)} MB at the end, ${fmt(peak, 1)} MB at most; `
      + `database connections ${first.dbConnections} -> ${last.dbConnections}`);
  } finally {
    await server.stop();
    await stopChildProcesses();
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();

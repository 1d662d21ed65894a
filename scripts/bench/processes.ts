/**
 * Marking attendance with the server as one process and as several (WEB_CONCURRENCY, node:cluster).
 *
 *   npx tsx scripts/bench/processes.ts    (npm run bench:processes; PROCESSES=1,2 by default)
 *
 * Each run starts server/main.ts as `npm start` does, on the PostgreSQL database of generate-data
 * (BENCH_DATABASE_URL, ss_bench; generated when missing), with REDIS_URL (redis://127.0.0.1:6379,
 * which several processes need for their shared limits), and sends POST /api/attendance/mark for a
 * class of 15 from 64 teachers of 64 churches with wrk for BENCH_SECONDS. Printed per run:
 * throughput and latency, and CPU time per request from /proc: the server's processes (primary and
 * workers) and the whole machine (server, PostgreSQL, wrk). On a 2-core box the throughput of two
 * processes is bounded by PostgreSQL and wrk sharing the same cores; CPU per request is the figure
 * that compares the runs. The bare node:http control and pgbench of the same statements are in
 * `npm run bench:attendance`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BASE_DATABASE_URL, BENCH_SECONDS, cpuSample, databaseExists, firstClasses, fmt, heading, load, machineState, printTable,
  processCpu, processTree, signIn, startServerProcess, stopChildProcesses,
} from './lib.js';
import { BENCH_PASSWORD, attendanceDates, churchCode, generateData, paramsFromEnv, readShape, teacherEmail } from './generate-data.js';

const PROCESS_COUNTS = (process.env.PROCESSES ?? '1,2').split(',').map(Number);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const url = BASE_DATABASE_URL;

/** CPU ticks of a process tree (a server's primary and its workers). */
const treeTicks = (root: number) => processTree(root).reduce((sum, pid) => {
  try {
    return sum + processCpu(pid).processTicks;
  } catch {
    return sum; // a process that ended (tsx's helper) since the tree was read
  }
}, 0);

async function run(processes: number) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ss-processes-'));
  const server = await startServerProcess({
    workDir, databaseUrl: url,
    env: {
      WEB_CONCURRENCY: String(processes), REDIS_URL, REDIS_KEY_PREFIX: `bench-${Date.now()}:`,
      LOGIN_MAX_FAILURES_PER_IP: '100000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000', LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR: '100000',
    },
  });
  try {
    const date = attendanceDates(1)[0];
    const shape = (await readShape(url))!;
    // Twice as many churches as connections: wrk sends the plans in turn, so one class is rarely
    // marked by two requests at once (that would measure row locks, not the server).
    const codes = Array.from({ length: Math.min(2 * CONNECTIONS, shape.churches) }, (_, i) => churchCode(i));
    const classes = await firstClasses(url, codes);
    const plan = [];
    for (const code of codes) {
      const session = await signIn(server.url, code, teacherEmail(Number(code.slice(1)), 0), BENCH_PASSWORD);
      const cls = classes.get(code)!;
      plan.push({
        method: 'POST', path: '/api/attendance/mark',
        headers: { authorization: `Bearer ${session.token}`, 'x-church-code': code, 'content-type': 'application/json' },
        body: JSON.stringify({ classId: cls.classId, date, attendanceData: cls.studentIds.map((studentId) => ({ studentId, status: 'present' })) }),
      });
    }
    const ticks0 = treeTicks(server.pid);
    const machine0 = cpuSample().machineBusyTicks;
    const result = await load({ name: `${processes} process${processes > 1 ? 'es' : ''}`, url: server.url, connections: CONNECTIONS, perConnection: plan, warmupSeconds: 0 });
    const perRequestUs = (ticks: number) => (ticks * 10_000) / Math.max(1, result.requests); // 100 ticks a second
    return {
      processes,
      'req/s': fmt(result.reqPerSec, 0),
      'p50 ms': fmt(result.p50Ms, 1),
      'p99 ms': fmt(result.p99Ms, 1),
      errors: result.errors + result.non2xx,
      'server CPU µs/request': fmt(perRequestUs(treeTicks(server.pid) - ticks0), 0),
      'machine CPU µs/request': fmt(perRequestUs(cpuSample().machineBusyTicks - machine0), 0),
    };
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function main() {
  heading(`attendance marking: server as ${PROCESS_COUNTS.join(' and ')} processes, ${CONNECTIONS} connections, ${BENCH_SECONDS} s each`);
  if (!(await databaseExists(url)) || !(await readShape(url))) await generateData(url, paramsFromEnv());
  console.log(`  ${await machineState(url.replace(/\/[^/]*$/, '/postgres'))}`);
  const rows = [];
  for (const processes of PROCESS_COUNTS) rows.push(await run(processes));
  printTable(rows);
  await stopChildProcesses();
}

await main();

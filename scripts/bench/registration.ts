/**
 * Church registration (POST /api/churches/register) through the real server in a child process:
 * what one registration costs, and whether a burst of them keeps the server answering others.
 *
 *   npx tsx scripts/bench/registration.ts            (npm run bench:registration)
 *
 * The server runs as `npm start` runs it without the client build (server/main.ts, NODE_ENV=production)
 * on a fresh embedded database (PGlite, prepared first in a process of its own, as scripts/start.ts
 * does) with the demo church, REGISTER_MAX_PER_IP raised. It prints:
 * 1. REGISTRATIONS sequential free local-admin registrations: median and p95 time, throughput, and the
 *    server process's CPU time per registration (utime + stime of /proc/<pid>/stat, all its threads:
 *    the argon2id hash runs on libuv's thread pool) beside the whole machine's;
 * 2. the latency of GET /api/health and of GET /api/auth/verify (the demo teacher's session), each
 *    sent every PROBE_MS whatever the answers (open loop), at rest and while BURST registrations run
 *    concurrently for BURST_SECONDS.
 *
 * Environment: REGISTRATIONS (40), BURST (16), BURST_SECONDS (5), REST_SECONDS (3), PROBE_MS (20),
 * BENCH_DATABASE=postgres (the server on a fresh database <BENCH_DATABASE_URL name>_register of the
 * local PostgreSQL, dropped at the end, instead of PGlite), UV_THREADPOOL_SIZE (passed to the server).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { demoEmail } from '../../server/modules/demo/index.js';
import {
  BASE_DATABASE_URL, CLK_TCK, authHeaders, call, cpuMsPer, databaseUrl, dropDatabase, fmt, heading, machineState,
  median, printTable, processCpu, quantile, recreateDatabase, signIn, startServerProcess, type ServerProcess,
} from './lib.js';

const REGISTRATIONS = Number(process.env.REGISTRATIONS ?? 40);
const BURST = Number(process.env.BURST ?? 16);
const BURST_SECONDS = Number(process.env.BURST_SECONDS ?? 5);
const REST_SECONDS = Number(process.env.REST_SECONDS ?? 3);
const PROBE_MS = Number(process.env.PROBE_MS ?? 20);
const ON_POSTGRES = process.env.BENCH_DATABASE === 'postgres';
const pgServer = Object.assign(new URL(BASE_DATABASE_URL), { pathname: '/postgres' }).toString();
const benchDb = databaseUrl('_register');
const run = Date.now().toString(36);

let nth = 0;
const registration = () => {
  const i = ++nth;
  return {
    name: `Bench Church ${run}-${i}`, pincode: '682001', admin_name: `Admin ${i}`, subscription_tier: 'free',
    auth_provider: 'local', admin_email: `admin-${run}-${i}@church${i}.example.org`, admin_password: 'bench-password-123',
  };
};
async function register(baseUrl: string): Promise<number> {
  const t = performance.now();
  const res = await call(baseUrl, 'POST', '/api/churches/register', { body: registration() });
  if (res.status >= 300) throw new Error(`registration failed: ${res.status} ${res.body.message}`);
  return performance.now() - t;
}

/** Sends GET path every PROBE_MS (not waiting for answers) until `until` resolves; latencies in ms. */
async function probe(url: string, headers: Record<string, string>, until: Promise<unknown>) {
  const latencies: number[] = [];
  const inFlight: Array<Promise<void>> = [];
  let errors = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    inFlight.push(fetch(url, { headers }).then(async (res) => {
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - t); else errors++;
    }, () => { errors++; }));
  }, PROBE_MS);
  await until;
  clearInterval(timer);
  await Promise.all(inFlight);
  return { latencies, errors };
}

const summary = (name: string, phase: string, r: { latencies: number[]; errors: number }) => ({
  request: name, phase, samples: r.latencies.length, errors: r.errors, 'median ms': Number(median(r.latencies).toFixed(2)),
  'p95 ms': Number(quantile([...r.latencies].sort((a, b) => a - b), 0.95).toFixed(2)), 'max ms': Number(Math.max(...r.latencies).toFixed(2)),
});

async function main() {
  heading(`registration: POST /api/churches/register (argon2id), ${ON_POSTGRES ? `PostgreSQL ${benchDb}` : 'embedded PGlite'}`);
  console.log(`  ${await machineState(pgServer)}; CLK_TCK ${CLK_TCK}; UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '(default 4)'}`);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ss-bench-register-'));
  if (ON_POSTGRES) await recreateDatabase(benchDb);
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      workDir, databaseUrl: ON_POSTGRES ? benchDb : undefined,
      env: { DEMO_SEED: 'true', DEMO_PASSWORD: 'demo-password-123', REGISTER_MAX_PER_IP: '100000' },
    });
    const { url: baseUrl, pid } = server;
    const teacher = await signIn(baseUrl, 'DEMO01', demoEmail('teacher', 'DEMO01'), 'demo-password-123');
    const verifyHeaders = authHeaders(teacher.token, 'DEMO01');
    for (let i = 0; i < 3; i++) await register(baseUrl); // warm-up: compiled code, prepared statements

    heading(`1. ${REGISTRATIONS} sequential registrations (server pid ${pid})`);
    const cpu0 = processCpu(pid);
    const start = performance.now();
    const times: number[] = [];
    for (let i = 0; i < REGISTRATIONS; i++) times.push(await register(baseUrl));
    const seconds = (performance.now() - start) / 1000;
    const [serverMs, machineMs] = cpuMsPer(cpu0, processCpu(pid), REGISTRATIONS);
    printTable([{
      run: 'sequential', registrations: REGISTRATIONS, 'median ms': Number(median(times).toFixed(1)),
      'p95 ms': Number(quantile([...times].sort((a, b) => a - b), 0.95).toFixed(1)), 'reg/s': Number((REGISTRATIONS / seconds).toFixed(2)),
      'server CPU ms/reg': Number(serverMs.toFixed(1)), 'machine CPU ms/reg': Number(machineMs.toFixed(1)),
    }]);

    heading(`2. Probes every ${PROBE_MS} ms: at rest (${REST_SECONDS} s), then during ${BURST} concurrent registrations (${BURST_SECONDS} s)`);
    const rest = sleep(REST_SECONDS * 1000);
    const [healthRest, verifyRest] = await Promise.all([probe(`${baseUrl}/api/health`, {}, rest), probe(`${baseUrl}/api/auth/verify`, verifyHeaders, rest)]);
    const burstTimes: number[] = [];
    const cpu1 = processCpu(pid);
    const burstStart = performance.now();
    const burstEnd = burstStart + BURST_SECONDS * 1000;
    const burst = Promise.all(Array.from({ length: BURST }, async () => {
      while (performance.now() < burstEnd) burstTimes.push(await register(baseUrl));
    }));
    const probesUntil = sleep(BURST_SECONDS * 1000);
    const [healthBurst, verifyBurst] = await Promise.all([
      probe(`${baseUrl}/api/health`, {}, probesUntil), probe(`${baseUrl}/api/auth/verify`, verifyHeaders, probesUntil),
    ]);
    await burst;
    const burstSeconds = (performance.now() - burstStart) / 1000;
    const [burstServerMs, burstMachineMs] = cpuMsPer(cpu1, processCpu(pid), burstTimes.length);
    printTable([
      summary('GET /api/health', 'at rest', healthRest), summary('GET /api/health', 'burst', healthBurst),
      summary('GET /api/auth/verify', 'at rest', verifyRest), summary('GET /api/auth/verify', 'burst', verifyBurst),
    ]);
    console.log(`\n  the burst: ${burstTimes.length} registrations in ${fmt(burstSeconds, 1)} s (${fmt(burstTimes.length / burstSeconds, 2)}/s), ` +
      `each median ${fmt(median(burstTimes), 0)} ms, p95 ${fmt(quantile([...burstTimes].sort((a, b) => a - b), 0.95), 0)} ms; ` +
      `CPU per registration: server ${fmt(burstServerMs, 1)} ms, machine ${fmt(burstMachineMs, 1)} ms`);
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

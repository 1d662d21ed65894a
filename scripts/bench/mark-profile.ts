/**
 * Where a mark's server time goes: the app (mark-server.ts) in a child process under `node
 * --cpu-prof`, the marking load of the attendance benchmark (64 connections, each a teacher of
 * another church marking a class of 15), its CPU per request from /proc, and the profile of the
 * measured run summarized by cpuprofile-summary.ts.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/ss_bench_cheap CHURCHES=100 \
 *     npx tsx scripts/bench/mark-profile.ts
 *
 * Writes to PROFILE_DIR (default /tmp/ss-mark-profile), in a folder mark-<time>/ per run: node's
 * CPU.*.cpuprofile of each thread, and beside the main thread's its .summary.txt (self and total time
 * by package and by function, µs per request) and .folded.txt (folded stacks).
 * Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (64), PROFILE_INTERVAL_US (250),
 * BENCH_SERVER_ROOT (another checkout to serve from), RUNS (1; when > 1 the first run is profiled and
 * the others not, for the CPU figure alone), AB_ROOT (another checkout, e.g. the commit before a
 * change: the unprofiled runs alternate between this checkout and that one, and the medians of each
 * are printed, so that the machine's other load hits both alike).
 */
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BASE_DATABASE_URL, BENCH_SECONDS, databaseExists, fmt, heading, load, machineState, median } from './lib.js';
import { generateData, paramsFromEnv, readShape } from './generate-data.js';
import { checkOneMark, markPlans, markRequests } from './mark-plans.js';
import { startMarkServer } from './mark-server.js';
import { summarizeProfile } from './cpuprofile-summary.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DIR = process.env.PROFILE_DIR ?? '/tmp/ss-mark-profile';
const INTERVAL = Number(process.env.PROFILE_INTERVAL_US ?? 250);
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

async function main() {
  heading('mark-profile: POST /api/attendance/mark under --cpu-prof');
  if (!(await databaseExists(BASE_DATABASE_URL))) await generateData(BASE_DATABASE_URL, paramsFromEnv());
  const shape = (await readShape(BASE_DATABASE_URL))!;
  console.log(`  ${BASE_DATABASE_URL}: ${shape.churches} churches; ${await machineState(BASE_DATABASE_URL)}`);
  mkdirSync(DIR, { recursive: true });
  const cpuByRoot = new Map<string, number[]>();
  for (let run = 0; run < RUNS; run++) {
    const profiled = run === 0;
    const root = !profiled && process.env.AB_ROOT && run % 2 === 0 ? process.env.AB_ROOT : process.env.BENCH_SERVER_ROOT;
    // One folder per run: node writes a profile per thread (tsx's loader hooks run in a thread of
    // their own), named CPU.<date>.<time>.<pid>.<thread id>.<n>.cpuprofile; the main thread is 0.
    const runDir = path.join(DIR, `mark-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const app = await startMarkServer({
      mode: 'app', databaseUrl: BASE_DATABASE_URL, root,
      nodeArgs: profiled ? ['--cpu-prof', `--cpu-prof-dir=${runDir}`, `--cpu-prof-interval=${INTERVAL}`] : [],
    });
    const plans = await markPlans(BASE_DATABASE_URL, shape, app.url, CONNECTIONS);
    await checkOneMark(app.url, plans[0]);
    const requests = markRequests(plans);
    await load({ name: 'warm-up', url: app.url, connections: CONNECTIONS, perConnection: requests, seconds: 2, warmupSeconds: 0 });
    const fromUs = monotonicUs();
    const r = await load({
      name: `mark${profiled ? ' (profiled)' : ''}${root ? ` ${root}` : ''}`, url: app.url, connections: CONNECTIONS, perConnection: requests,
      seconds: BENCH_SECONDS, warmupSeconds: 0, serverPid: app.pid,
    });
    const toUs = monotonicUs();
    await app.stop();
    console.log(`  server process CPU per mark: ${fmt(r.processCpuUsPerRequest, 0)} µs; ${fmt(r.reqPerSec, 0)} marks/s${profiled ? ' (with the profiler on)' : ''}`);
    if (!profiled) {
      cpuByRoot.set(root ?? 'this checkout', [...(cpuByRoot.get(root ?? 'this checkout') ?? []), r.processCpuUsPerRequest]);
      continue;
    }
    const file = readdirSync(runDir).find((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f));
    if (!file) throw new Error(`no profile of the main thread written in ${runDir}`);
    const summary = summarizeProfile(path.join(runDir, file), r.requests, { fromUs, toUs });
    console.log(`\n${summary.text.split('\n').slice(0, 60).join('\n')}\n  ...\n  summary: ${summary.summaryFile}\n  folded stacks: ${summary.foldedFile}`);
  }
  for (const [root, cpu] of cpuByRoot) {
    console.log(`  ${root}: server CPU per mark, median of ${cpu.length} unprofiled runs ${fmt(median(cpu), 0)} µs (${cpu.map((c) => fmt(c, 0)).join(', ')})`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * Issue 3 benchmark: marking attendance and the two attendance reports on a large database.
 *
 *   npx tsx scripts/bench/attendance-and-reports.ts    (npm run bench:attendance)
 *
 * Uses the database of generate-data (BENCH_DATABASE_URL, default ss_bench; generated here with
 * the CHURCHES / STUDENTS_PER_CHURCH / DAYS settings when missing, or when REGENERATE=1) and
 * makes <name>_one holding a single church of the same shape.
 *
 * (a) POST /api/attendance/mark for a class of 15 through the real HTTP server, 64 connections,
 *     each connection a teacher of a different church marking their own class; beside it pgbench
 *     running the very statements those requests sent (captured on the wire, replayed with the
 *     same pipelining of BEGIN + set_config + session lookup), 64 clients, each its own church.
 * (b) GET /api/attendance/class/{id}/monthly and /calendar for one class: median time on the
 *     large database and on the one-church database, and the EXPLAIN (ANALYZE, BUFFERS) plans of
 *     the statements the requests ran, executed as app_tenant inside the tenant door's settings.
 *
 * Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (64), PGBENCH_CLIENTS (= connections),
 * REPORT_RUNS (50), BENCH_POOL_SIZE (the app's DB_POOL_SIZE default), REGENERATE (0), BENCH_PART (a or b:
 * only that part; both when unset).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { tenantSetupSql } from '../../server/db/database.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import type { Database } from '../../server/db/index.js';
import {
  APP_POOL_SIZE, BASE_DATABASE_URL, BENCH_SECONDS, call, connectionArgs, databaseExists, databaseUrl, fmt, heading,
  firstClasses, literalSql, load, machineState, median, ownerClient, printTable, quantile, ratio, signIn, splitStatements,
  startApp, startPgProxy, cpuSample, cpuUsPerOperation, typeNamesFor, LOAD_GENERATOR, LOAD_GENERATOR_TEXT, type CapturedStatement, type RunningApp,
} from './lib.js';
import { startMarkServer } from './mark-server.js';
import { checkOneMark, markPlans, markRequests, type MarkPlan } from './mark-plans.js';
import {
  BENCH_PASSWORD, churchCode, generateData, paramsFromEnv, readShape, teacherEmail,
  type GeneratedShape,
} from './generate-data.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PGBENCH_CLIENTS = Number(process.env.PGBENCH_CLIENTS ?? CONNECTIONS);
const REPORT_RUNS = Number(process.env.REPORT_RUNS ?? 50);
const PART = process.env.BENCH_PART;
const bigUrl = BASE_DATABASE_URL;
const oneUrl = databaseUrl('_one');


async function main() {
  heading('attendance-and-reports (issue 3)');
  console.log(`  large database ${bigUrl}; one-church database ${oneUrl}`);
  console.log(`  ${await machineState(databaseUrl('').replace(/\/[^/]*$/, '/postgres'))}`);
  console.log(`  runs of ${BENCH_SECONDS} s; app pool ${APP_POOL_SIZE} connections; HTTP load from ${LOAD_GENERATOR_TEXT}`);

  let shape = (await databaseExists(bigUrl)) ? await readShape(bigUrl) : undefined;
  if (!shape || process.env.REGENERATE === '1') {
    console.log(`\n  generating ${bigUrl} (generate-data with the CHURCHES/STUDENTS_PER_CHURCH/DAYS settings):`);
    const generated = await generateData(bigUrl, paramsFromEnv());
    console.log(`  generated in ${fmt(generated.seconds, 1)} s`);
    shape = (await readShape(bigUrl))!;
  }
  console.log(`\n  large database: ${shape.churches} churches x ${shape.studentsPerChurch} students (classes ${shape.classSizes.join('/')}) ` +
    `x ${shape.days} Sundays (${shape.dates[1]} .. ${shape.dates[0]}), generated ${shape.generatedAt}`);
  if (PART !== 'a') {
    console.log('  making the one-church database:');
    await generateData(oneUrl, { ...shape, churches: 1 }, () => {});
    console.log(`  ${oneUrl}: 1 church of the same shape`);
  }

  const machine = await machineState(bigUrl);
  if (PART !== 'b') await markingBenchmark(shape);
  if (PART !== 'a') await reportsBenchmark(shape);
  console.log(`\n  machine before the load runs: ${machine}`);
  console.log(`  machine at the end:           ${await machineState(bigUrl)} (the load average includes this benchmark's own load)`);
}

// ---------------------------------------------------------------------------------------------
// (a) marking

async function markingBenchmark(shape: GeneratedShape) {
  heading(`(a) POST /api/attendance/mark, class of ${shape.classSizes[0]}, ${CONNECTIONS} connections vs pgbench ${PGBENCH_CLIENTS} clients`);
  // The servers run in processes of their own (mark-server.ts): their CPU from /proc is theirs alone.
  const app = await startMarkServer({ mode: 'app', databaseUrl: bigUrl });
  // wrk sends the plans in turn: twice as many churches as connections keeps one church's class
  // from being marked by two requests at once (that would wait on row locks, not measure the app).
  const restPlans = LOAD_GENERATOR === 'wrk' ? 2 * CONNECTIONS : CONNECTIONS;
  const count = Math.max(restPlans, PGBENCH_CLIENTS);
  if (shape.churches - 1 < count) {
    console.log(`  NOTE: only ${Math.max(1, shape.churches - 1)} churches besides C00000; connections share classes (row-lock contention).`);
  }
  let plans: MarkPlan[];
  try {
    plans = await markPlans(bigUrl, shape, app.url, count);
    const first = await checkOneMark(app.url, plans[0]);
    console.log(`  one request: ${first.status} ${JSON.stringify(first.body).slice(0, 160)}`);
  } catch (error) {
    console.log(`  ${String(error)}; skipping (a)`);
    await app.stop();
    return undefined;
  }

  // What each request sends to PostgreSQL, captured on the wire (second request of each plan, so
  // the church-code cache is warm, as in the load run).
  const captured = await captureMarks(plans.slice(0, PGBENCH_CLIENTS));
  const trips = captured[0].turns;
  console.log(`  one mark request = ${captured[0].statements.length} statements in ${trips} round trips:`);
  for (const s of captured[0].statements) console.log(`    [trip ${s.turn - captured[0].statements[0].turn + 1}] ${oneLine(s.sql)}`);

  const requests = markRequests(plans.slice(0, restPlans));
  const rest = await load({ name: 'POST /api/attendance/mark', url: app.url, connections: CONNECTIONS, perConnection: requests, serverPid: app.pid });
  await app.stop();
  // The same door, session check and service behind bare node:http: what the framework layers cost.
  const idsFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'ss-bench-ids-')), 'church-ids.json');
  writeFileSync(idsFile, JSON.stringify(plans.map((p) => [p.code, p.churchId])));
  const bare = await startMarkServer({ mode: 'bare', databaseUrl: bigUrl, churchIdsFile: idsFile });
  const bareRun = await load({ name: 'bare node:http, same service', url: bare.url, connections: CONNECTIONS, perConnection: requests, serverPid: bare.pid });
  await bare.stop();

  // pgbench with as many clients as the REST run had connections, and with the app's pool size.
  const counts = [...new Set([PGBENCH_CLIENTS, Math.min(APP_POOL_SIZE, PGBENCH_CLIENTS)])];
  const pgRuns = await runPgbench(captured.map((c) => c.statements), counts);
  if (!pgRuns) return { rest, bareRun };
  const pg = pgRuns[0];
  console.log();
  printTable([
    {
      run: 'REST POST /api/attendance/mark', clients: `${CONNECTIONS} (pool ${APP_POOL_SIZE})`, 'per second': Math.round(rest.reqPerSec),
      'mean ms': Number(rest.meanMs.toFixed(1)), 'p99 ms': rest.p99Ms, 'round trips': trips, errors: rest.errors + rest.non2xx,
    },
    {
      run: 'bare node:http, same door + service', clients: `${CONNECTIONS} (pool ${APP_POOL_SIZE})`, 'per second': Math.round(bareRun.reqPerSec),
      'mean ms': Number(bareRun.meanMs.toFixed(1)), 'p99 ms': bareRun.p99Ms, 'round trips': trips, errors: bareRun.errors + bareRun.non2xx,
    },
    ...pgRuns.map((r) => ({
      run: 'pgbench, same SQL', clients: String(r.clients), 'per second': Math.round(r.tps),
      'mean ms': Number(r.meanMs.toFixed(1)), 'p99 ms': Number(r.p99Ms.toFixed(1)), 'round trips': r.trips, errors: r.failed,
    })),
  ]);
  console.log(`\n  REST / pgbench (${pg.clients} clients) throughput ratio: ${fmt(ratio(rest.reqPerSec, pg.tps), 3)}; ` +
    `p99 ratio: ${fmt(ratio(rest.p99Ms, pg.p99Ms), 1)}`);
  console.log(`  bare node:http / pgbench (${pg.clients} clients): ${fmt(ratio(bareRun.reqPerSec, pg.tps), 3)}; ` +
    `REST / bare node:http: ${fmt(ratio(rest.reqPerSec, bareRun.reqPerSec), 3)} (what Fastify, tRPC and zod cost)`);
  if (pgRuns[1]) console.log(`  REST / pgbench (${pgRuns[1].clients} clients = app pool) throughput ratio: ${fmt(ratio(rest.reqPerSec, pgRuns[1].tps), 3)}`);
  console.log(`  both write ${shape.classSizes[0]} rows per transaction; REST server loop ${fmt(100 * rest.serverBusy, 0)}% busy, ` +
    `${fmt(rest.serverUsPerRequest, 0)} µs of main-thread time per request`);
  console.log(`  machine CPU per mark (from /proc): REST ${fmt(rest.machineCpuUsPerRequest, 0)} µs ` +
    `(server process ${fmt(rest.processCpuUsPerRequest, 0)} µs), bare node:http ${fmt(bareRun.machineCpuUsPerRequest, 0)} µs ` +
    `(server process ${fmt(bareRun.processCpuUsPerRequest, 0)} µs), pgbench ${fmt(pg.machineCpuUs, 0)} µs; ` +
    `server process / pgbench machine: REST ${fmt(ratio(rest.processCpuUsPerRequest, pg.machineCpuUs), 2)}, ` +
    `bare ${fmt(ratio(bareRun.processCpuUsPerRequest, pg.machineCpuUs), 2)}`);
  return { rest, bareRun, pgRuns };
}

/** The first class (class_name LKG, the one of 15) of each church, with its students by roll number. */
/** Runs each plan's request twice through an app whose database goes through the capturing proxy. */
async function captureMarks(plans: MarkPlan[]) {
  const proxy = await startPgProxy({ target: bigUrl, capture: true });
  const db = createPostgresDatabase(proxy.urlFor(bigUrl), 1);
  const app = await startApp(db);
  const out: Array<{ statements: CapturedStatement[]; turns: number }> = [];
  try {
    for (const p of plans) {
      await call(app.url, 'POST', '/api/attendance/mark', { token: p.token, code: p.code, body: p.body });
      proxy.takeStatements();
      const before = proxy.stats.turns;
      const res = await call(app.url, 'POST', '/api/attendance/mark', { token: p.token, code: p.code, body: p.body });
      if (res.status !== 200) throw new Error(`capture: mark of ${p.code} answered ${res.status} ${res.body.message}`);
      out.push({ statements: proxy.takeStatements(), turns: proxy.stats.turns - before });
    }
  } finally {
    await app.close();
    await db.close();
    await proxy.close();
  }
  return out;
}

const oneLine = (s: string, max = 150) => {
  const flat = s.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
};

/**
 * pgbench script replaying the captured transactions, one \if branch per client (client k replays
 * what request k sent, with its own church, session, class and students). Statements the app sent
 * in one round trip (the door's "begin; set_config" with the session lookup; the mark with its
 * COMMIT) share one pgbench pipeline; the others are a round trip each.
 */
async function runPgbench(perClient: CapturedStatement[][], clientCounts: number[]): Promise<PgbenchResult[] | undefined> {
  const which = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  if (which.status !== 0) {
    console.log('  pgbench not found (apt-get install postgresql-client or postgresql-contrib); skipping the comparison');
    return undefined;
  }
  const typeNames = await typeNamesFor(bigUrl, perClient.flat());
  const lines: string[] = [];
  let trips = 0;
  perClient.forEach((statements, k) => {
    lines.push(`${k === 0 ? '\\if' : '\\elif'} :client_id = ${k}`);
    // One pgbench pipeline per round trip the app made (statements sent together, before an answer).
    const turns = [...new Set(statements.map((s) => s.turn))];
    for (const turn of turns) {
      const sqls = statements.filter((s) => s.turn === turn)
        .flatMap((s) => (s.kind === 'simple' ? splitStatements(s.sql) : [literalSql(s, typeNames)]))
        .map((q) => `${q.replace(/\s+/g, ' ')};`);
      lines.push(...(sqls.length > 1 ? ['\\startpipeline', ...sqls, '\\endpipeline'] : sqls));
    }
    if (k === 0) trips = turns.length;
  });
  lines.push('\\endif');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ss-bench-pgbench-'));
  const script = path.join(dir, 'mark.sql');
  writeFileSync(script, `${lines.join('\n')}\n`);
  const end0 = lines.findIndex((l, i) => i > 0 && (l.startsWith('\\elif') || l.startsWith('\\endif')));
  const branch0 = lines.slice(1, end0);
  console.log(`\n  pgbench script ${script} (${perClient.length} branches); client 0 runs:`);
  for (const l of branch0) console.log(`    ${oneLine(l, 160)}`);

  const runs: PgbenchResult[] = [];
  for (const clients of clientCounts) {
    const r = pgbenchRun(script, clients, path.join(dir, `c${clients}`));
    if (!r) return undefined;
    runs.push({ ...r, trips });
  }
  return runs;
}

type PgbenchResult = { clients: number; tps: number; meanMs: number; p99Ms: number; failed: number; trips: number; machineCpuUs: number };

function pgbenchRun(script: string, clients: number, dir: string): Omit<PgbenchResult, 'trips'> | undefined {
  mkdirSync(dir, { recursive: true });
  const args = (seconds: number, log: boolean) => ['-n', '-M', 'prepared', '-c', String(clients),
    '-j', String(Math.min(2, os.cpus().length)), '-T', String(seconds), '-f', script,
    ...(log ? ['-l', '--log-prefix', path.join(dir, 'log')] : []), ...connectionArgs(bigUrl)];
  spawnSync('pgbench', args(2, false), { encoding: 'utf8' }); // warm-up: connections, prepares, caches
  const t0 = performance.now();
  const cpu0 = cpuSample();
  const run = spawnSync('pgbench', args(BENCH_SECONDS, true), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const cpu1 = cpuSample();
  const wall = (performance.now() - t0) / 1000;
  if (run.status !== 0) {
    console.log(`  pgbench failed (${run.status}):\n${run.stderr.slice(-2000)}`);
    return undefined;
  }
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1] ?? NaN);
  const failed = Number(/number of failed transactions: (\d+)/.exec(run.stdout)?.[1] ?? 0);
  const latencies: number[] = [];
  for (const f of readdirSync(dir).filter((f) => f.startsWith('log'))) {
    for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      const cols = line.split(' ');
      const us = Number(cols[2]);
      if (cols.length >= 3 && Number.isFinite(us)) latencies.push(us / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  const meanMs = latencies.reduce((a, b) => a + b, 0) / latencies.length;
  const p99Ms = quantile(latencies, 0.99);
  const [, machineCpuUs] = cpuUsPerOperation(cpu0, cpu1, latencies.length);
  console.log(`  pgbench same SQL                   c=${String(clients).padStart(3)}  ${fmt(tps, 0).padStart(7)} tps    mean ${fmt(meanMs, 1).padStart(6)} ms  ` +
    `p99 ${fmt(p99Ms, 1)} ms  failed ${failed}  (${latencies.length} transactions in ${fmt(wall, 1)} s); ` +
    `machine CPU per transaction ${fmt(machineCpuUs, 0)} µs`);
  return { clients, tps, meanMs, p99Ms, failed, machineCpuUs };
}

// ---------------------------------------------------------------------------------------------
// (b) reports

interface ReportTarget {
  label: string;
  url: string;
  db: Database;
  app: RunningApp;
  token: string;
  churchId: string;
  classId: string;
}

async function openTarget(label: string, url: string): Promise<ReportTarget> {
  const db = createPostgresDatabase(url, APP_POOL_SIZE);
  const app = await startApp(db);
  const code = churchCode(0);
  const s = await signIn(app.url, code, teacherEmail(0, 0), BENCH_PASSWORD);
  const cls = (await firstClasses(url, [code])).get(code)!;
  return { label, url, db, app, token: s.token, churchId: s.church.id, classId: cls.classId };
}

async function reportsBenchmark(shape: GeneratedShape) {
  // The month before the newest attendance Sunday's month: a complete month of Sundays.
  const newest = shape.dates[0];
  let year = Number(newest.slice(0, 4));
  let month = Number(newest.slice(5, 7)) - 1;
  if (month === 0) { month = 12; year--; }
  heading(`(b) reports of one class (C00000, class of ${shape.classSizes[0]}) for ${year}-${String(month).padStart(2, '0')}: ${REPORT_RUNS} sequential runs each`);

  const targets = [await openTarget(`large (${shape.churches} churches)`, bigUrl), await openTarget('one church', oneUrl)];
  const paths = (t: ReportTarget) => ({
    monthly: `/api/attendance/class/${t.classId}/monthly?year=${year}&month=${month}`,
    calendar: `/api/attendance/class/${t.classId}/calendar?year=${year}&month=${month}`,
  });
  const timings: Record<string, Record<string, number[]>> = {};
  const live: Array<{ t: ReportTarget; name: string; path: string }> = [];
  for (const t of targets) {
    timings[t.label] = {};
    for (const [name, p] of Object.entries(paths(t))) {
      const sample = await call(t.app.url, 'GET', p, { token: t.token, code: churchCode(0) });
      if (sample.status !== 200) {
        console.log(`  ${t.label} ${name}: ${sample.status} ${JSON.stringify(sample.body).slice(0, 200)}`);
        continue;
      }
      if (t === targets[0]) console.log(`  ${name}: ${Array.isArray(sample.body.data) ? sample.body.data.length : '?'} rows, e.g. ${JSON.stringify((sample.body.data as unknown[])?.[0])}`);
      for (let i = 0; i < 5; i++) await call(t.app.url, 'GET', p, { token: t.token, code: churchCode(0) });
      timings[t.label][name] = [];
      live.push({ t, name, path: p });
    }
  }
  // Interleaved (large, one, large, one, ...) so that a change in the machine's load hits both alike.
  for (let i = 0; i < REPORT_RUNS; i++) {
    for (const { t, name, path: p } of live) {
      const t0 = performance.now();
      await call(t.app.url, 'GET', p, { token: t.token, code: churchCode(0) });
      timings[t.label][name].push(performance.now() - t0);
    }
  }
  const rows: Array<Record<string, string | number>> = [];
  for (const name of ['monthly', 'calendar']) {
    const big = timings[targets[0].label][name];
    const one = timings[targets[1].label][name];
    if (!big || !one) continue;
    const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
    rows.push({
      report: `GET .../${name}`,
      [`median ms, ${targets[0].label}`]: Number(median(big).toFixed(2)),
      'median ms, one church': Number(median(one).toFixed(2)),
      'large / one': `${fmt(ratio(median(big), median(one)), 2)}x`,
      'p90 ms large': Number(quantile(sorted(big), 0.9).toFixed(2)),
      'p90 ms one': Number(quantile(sorted(one), 0.9).toFixed(2)),
    });
  }
  console.log();
  printTable(rows);

  heading('(b) EXPLAIN (ANALYZE, BUFFERS) of the statements the report requests ran, as app_tenant in the door');
  for (const t of targets) {
    await t.app.close();
    await t.db.close();
  }
  const sqlTimes: Array<Record<string, { planningMs: number; executionMs: number }>> = [];
  for (const t of targets) {
    const captured = await captureReports(t, paths(t));
    console.log(`\n  --- ${t.label} (${t.url})`);
    sqlTimes.push(await explainAll(t, captured));
  }
  console.log('\n  The report statement alone (EXPLAIN ANALYZE, median of the warm runs):');
  printTable(['monthly', 'calendar'].filter((n) => sqlTimes[0][n] && sqlTimes[1][n]).map((n) => ({
    statement: n,
    'execution ms, large': fmt(sqlTimes[0][n].executionMs, 3),
    'execution ms, one': fmt(sqlTimes[1][n].executionMs, 3),
    'large / one': `${fmt(ratio(sqlTimes[0][n].executionMs, sqlTimes[1][n].executionMs), 2)}x`,
    'planning ms, large': fmt(sqlTimes[0][n].planningMs, 3),
    'planning ms, one': fmt(sqlTimes[1][n].planningMs, 3),
  })));
}

async function captureReports(t: ReportTarget, paths: Record<string, string>) {
  const proxy = await startPgProxy({ target: t.url, capture: true });
  const db = createPostgresDatabase(proxy.urlFor(t.url), 1);
  const app = await startApp(db);
  const out: Record<string, CapturedStatement[]> = {};
  try {
    for (const [name, p] of Object.entries(paths)) {
      await call(app.url, 'GET', p, { token: t.token, code: churchCode(0) });
      proxy.takeStatements();
      await call(app.url, 'GET', p, { token: t.token, code: churchCode(0) });
      out[name] = proxy.takeStatements();
    }
  } finally {
    await app.close();
    await db.close();
    await proxy.close();
  }
  return out;
}

const INDEX_RE = /(Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)(?: on (\S+))?/g;
const SEQ_RE = /Seq Scan on (\S+)/g;

const EXPLAIN_RUNS = 7;

/** EXPLAIN (ANALYZE, BUFFERS) of each captured statement, EXPLAIN_RUNS times (medians; the first
 * run warms the connection's caches); prints the plan of each report statement. */
async function explainAll(t: ReportTarget, captured: Record<string, CapturedStatement[]>) {
  const typeNames = await typeNamesFor(t.url, Object.values(captured).flat());
  const sql = ownerClient(t.url);
  const setup = tenantSetupSql(t.churchId);
  const out: Record<string, { planningMs: number; executionMs: number }> = {};
  try {
    for (const [name, statements] of Object.entries(captured)) {
      const queries = statements.filter((s) => s.kind === 'extended').map((s) => literalSql(s, typeNames));
      for (const [i, q] of queries.entries()) {
        let plan: string[] = [];
        const planning: number[] = [];
        const execution: number[] = [];
        for (let run = 0; run < EXPLAIN_RUNS; run++) {
          const conn = await sql.reserve();
          try {
            await conn.unsafe(`begin; ${setup}`);
            const res = await conn.unsafe(`explain (analyze, buffers) ${q}`);
            plan = res.map((r) => String((r as Record<string, unknown>)['QUERY PLAN']));
          } finally {
            await conn.unsafe('rollback');
            conn.release();
          }
          const text = plan.join('\n');
          planning.push(Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1]));
          execution.push(Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1]));
        }
        const text = plan.join('\n');
        const indexes = [...text.matchAll(INDEX_RE)].map((m) => m[2]);
        const seqs = [...text.matchAll(SEQ_RE)].map((m) => m[1]);
        const isReport = i === queries.length - 1; // the report statement comes last
        const planningMs = median(planning.slice(1));
        const executionMs = median(execution.slice(1));
        console.log(`\n  ${name} statement ${i + 1}/${queries.length}: ${oneLine(q, 110)}`);
        console.log(`    indexes: ${indexes.length ? [...new Set(indexes)].join(', ') : 'none'}` +
          `${seqs.length ? `; SEQ SCAN on ${[...new Set(seqs)].join(', ')}` : ''}; ` +
          `median planning ${fmt(planningMs, 3)} ms, execution ${fmt(executionMs, 3)} ms (first run: ${fmt(planning[0], 3)} / ${fmt(execution[0], 3)} ms)`);
        if (isReport) {
          console.log(plan.map((l) => `      ${l}`).join('\n'));
          out[name] = { planningMs, executionMs };
        }
      }
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return out;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

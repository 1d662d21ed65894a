/**
 * Shared helpers of the benchmarks (scripts/bench/*). Benchmarks print figures; they never assert.
 *
 * - bench databases on the local PostgreSQL server (dropped and recreated, migrated the app's way),
 * - the real app (buildApp) on a random port, or the real server (server/main.ts) in a child process
 *   with its CPU time and resident memory read from /proc,
 * - HTTP load with req/s, mean, p50, p99 and errors: wrk (C, a separate process, as pgbench is) when it
 *   is installed (apt-get install wrk), else autocannon in a worker thread,
 * - timing of an async operation run N times at a given concurrency,
 * - a small PostgreSQL wire proxy that counts round trips, can add network delay, and captures the
 *   SQL (with its parameters) a request really sends.
 */
import net from 'node:net';
import os from 'node:os';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import autocannon from 'autocannon';
import { loadConfig, type Config } from '../../server/config.js';
import { buildApp } from '../../server/app.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import type { Database } from '../../server/db/index.js';

// ---------------------------------------------------------------------------------------------
// Settings

export const BASE_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ss_bench';
/** Duration of each autocannon / pgbench run, seconds. */
export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Pool size of the app under test; defaults to the app's own default (DB_POOL_SIZE). */
export const APP_POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? process.env.DB_POOL_SIZE ?? loadConfig({}).DB_POOL_SIZE);

const here = path.dirname(fileURLToPath(import.meta.url));

/** The URL of BENCH_DATABASE_URL's server with another database name (suffix appended). */
export function databaseUrl(suffix = ''): string {
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1))}${suffix}`;
  return url.toString();
}

export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** Connection parts for command-line tools (pgbench, psql). */
export function connectionArgs(url: string): string[] {
  const u = new URL(url);
  return ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), databaseName(url)];
}

// ---------------------------------------------------------------------------------------------
// Databases

const serverUrl = (url: string) => {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
};

/** The name of a bench database that may be dropped: refuses names not starting with ss_bench (shared server). */
function droppableName(url: string): string {
  const name = databaseName(url);
  if (!/^ss_bench\w*$/.test(name) && process.env.BENCH_ALLOW_ANY_DATABASE !== '1') {
    throw new Error(`Refusing to drop database "${name}": bench databases are named ss_bench* (or set BENCH_ALLOW_ANY_DATABASE=1)`);
  }
  return name;
}

/** Drops and recreates a bench database. */
export async function recreateDatabase(url: string): Promise<void> {
  const name = droppableName(url);
  const admin = postgres(serverUrl(url), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** Drops a bench database (its connections closed by force), if it exists. */
export async function dropDatabase(url: string): Promise<void> {
  const name = droppableName(url);
  const admin = postgres(serverUrl(url), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

export async function databaseExists(url: string): Promise<boolean> {
  const admin = postgres(serverUrl(url), { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${databaseName(url)}`;
    return rows.length > 0;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** Recreated and migrated exactly as the app migrates (drizzle migrator, custom SQL included). */
export async function freshDatabase(url: string, poolSize = APP_POOL_SIZE): Promise<Database> {
  await recreateDatabase(url);
  const db = createPostgresDatabase(url, poolSize);
  await db.migrate();
  return db;
}

/** A superuser ("owner") postgres.js client for setup and EXPLAIN; RLS does not apply to it. */
/** The first class (LKG) of each church of generate-data, with its students in roll order. */
export async function firstClasses(url: string, codes: string[]) {
  const sql = ownerClient(url);
  try {
    const rows = await sql<{ code: string; class_id: string; students: string[] }[]>`
      select ch.code, c.id as class_id, array_agg(s.id order by s.roll_number) as students
      from churches ch
      join classes c on c.church_id = ch.id and c.class_name = 'LKG'
      join students s on s.church_id = c.church_id and s.class_id = c.id
      where ch.code = any(${codes}::text[])
      group by ch.code, c.id`;
    return new Map(rows.map((r) => [r.code, { classId: r.class_id, studentIds: r.students }]));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export const ownerClient = (url: string, max = 1) =>
  postgres(url, { max, onnotice: () => {}, connection: { application_name: 'ss-bench' } });

// ---------------------------------------------------------------------------------------------
// The app

export interface RunningApp {
  url: string;
  config: Config;
  close(): Promise<void>;
}

/** The benchmarks' TOTP seed key (their operators are made and signed in by the bench itself). */
export const BENCH_TOTP_SEED_KEY = 'bench-totp-seed-key-not-a-secret-0123456789';

/** The real server (buildApp) on 127.0.0.1 and a random port, logger off. */
export async function startApp(db: Database, env: Record<string, string> = {}): Promise<RunningApp> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DEMO_SEED: 'false',
    DB_POOL_SIZE: String(APP_POOL_SIZE),
    // Benchmarks sign in one account from one address on 8 connections at once. The throttle counts
    // an attempt before the password check (given back when it is right), so attempts in flight
    // count against the limits: raised here to measure the sign-in itself.
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR: '100000',
    CLIENT_DIST_DIR: path.join(os.tmpdir(), 'ss-bench-no-client'),
    TOTP_SEED_KEY: BENCH_TOTP_SEED_KEY,
    ...env,
  });
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, config, close: () => app.close() };
}

/** A JSON answer as the benchmarks read it: untyped (they check status codes, not shapes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** One JSON call through real HTTP; throws on a non-2xx answer (setup only, not measured). */
export async function call<T = Json>(
  baseUrl: string, method: string, urlPath: string,
  options: { token?: string; code?: string; body?: unknown } = {},
): Promise<{ status: number; body: { success: boolean; data?: T; message?: string } }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.code) headers['x-church-code'] = options.code;
  const res = await fetch(baseUrl + urlPath, {
    method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: { success: boolean; data?: T; message?: string };
  try { body = JSON.parse(text); } catch { body = { success: false, message: text.slice(0, 200) }; }
  return { status: res.status, body };
}

export async function signIn(baseUrl: string, code: string, email: string, password: string) {
  const res = await call(baseUrl, 'POST', '/api/auth/login', { body: { church_code: code, email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.body.message}`);
  return { token: res.body.data.token as string, code, user: res.body.data.user, church: res.body.data.church };
}

export const authHeaders = (token: string, code: string, json = false): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'x-church-code': code,
  ...(json ? { 'content-type': 'application/json' } : {}),
});

// ---------------------------------------------------------------------------------------------
// Load (wrk, else autocannon)

/** wrk when installed (BENCH_LOAD=autocannon forces autocannon). */
export const LOAD_GENERATOR: 'wrk' | 'autocannon' = process.env.BENCH_LOAD === 'autocannon'
  || spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk';
export const LOAD_GENERATOR_TEXT = LOAD_GENERATOR === 'wrk'
  ? 'wrk (one thread, its own process)' : 'autocannon (a worker thread of this process)';

export interface LoadSpec {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  connections: number;
  seconds?: number;
  warmupSeconds?: number;
  /**
   * Several requests (overrides method/headers/body). autocannon: connection k sends plan[k % length];
   * wrk: requests go out in plan order, round and round. Give at least twice as many entries as
   * connections so the same entry (e.g. one church's class) is rarely in flight twice.
   */
  perConnection?: Array<{ method: string; path: string; headers: Record<string, string>; body?: string }>;
  /** wrk only: about this many requests a second in all (each connection waits between its requests)
   * instead of as many as the server answers. */
  ratePerSecond?: number;
  /** The server's process when it is not this one: its CPU from /proc is the "app process" figure. */
  serverPid?: number;
}

export interface LoadResult {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  statusCodes: string;
  /** Event-loop utilisation of this process's main thread during the run, 0..1 (the server's when
   * it runs in this process). */
  serverBusy: number;
  /** Server main-thread busy time per request, µs (event-loop active time / requests). */
  serverUsPerRequest: number;
  /** CPU time per request from /proc, µs: the server's process (this one unless serverPid: the app,
   * and with autocannon also its worker) and the whole machine (app, PostgreSQL, load generator). */
  processCpuUsPerRequest: number;
  machineCpuUsPerRequest: number;
}

// ---------------------------------------------------------------------------------------------
// CPU time from /proc: on a 2-core box a throughput ratio is bounded by whoever shares the cores,
// so every run also reports what a request cost in CPU.

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

export interface CpuSample { processTicks: number; machineBusyTicks: number }

export function cpuSample(): CpuSample {
  try {
    const own = readFileSync('/proc/self/stat', 'utf8');
    const fields = own.slice(own.lastIndexOf(')') + 2).split(' '); // fields[0] is field 3 (state)
    const processTicks = Number(fields[11]) + Number(fields[12]); // utime + stime
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return { processTicks, machineBusyTicks: user + nice + system + irq + softirq + steal };
  } catch {
    return { processTicks: NaN, machineBusyTicks: NaN };
  }
}

/** µs of CPU per operation between two samples: [this process, the whole machine]. */
export function cpuUsPerOperation(before: CpuSample, after: CpuSample, operations: number): [number, number] {
  const us = (ticks: number) => (ticks * 1e6) / CLOCK_TICKS_PER_SECOND / Math.max(1, operations);
  return [us(after.processTicks - before.processTicks), us(after.machineBusyTicks - before.machineBusyTicks)];
}

// ---------------------------------------------------------------------------------------------
// The server in a child process, as `npm start` runs it: its CPU time and memory are its own, not
// mixed with the load generator's.

const ROOT = path.resolve(here, '../..');
/** Clock ticks per second of /proc/<pid>/stat (getconf CLK_TCK). */
export const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** Another process's CPU (utime + stime of /proc/<pid>/stat, all its threads) and the machine's busy
 * ticks, as cpuSample. */
export function processCpu(pid: number): CpuSample {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields[0] is field 3 (state)
  return { processTicks: Number(fields[11]) + Number(fields[12]), machineBusyTicks: cpuSample().machineBusyTicks };
}

/** ms of CPU per operation [process, machine]; cpuUsPerOperation counts 100 ticks a second, scaled to CLK_TCK. */
export const cpuMsPer = (a: CpuSample, b: CpuSample, n: number) => cpuUsPerOperation(a, b, n).map((us) => (us * 100) / CLK_TCK / 1000);

/** A process and its descendants (a server's cluster workers), from the ppid field of /proc/<pid>/stat. */
export function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while the list was read
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, parent] of parentOf) if (parent === tree[i]) tree.push(pid);
  return tree;
}

/** CPU ticks of a PostgreSQL server on this machine, read from /proc: `server` is utime + stime of
 * the postmaster and every process under it plus the postmaster's cutime + cstime (the children it
 * has reaped: closed connections, parallel workers), so nothing that ends between two samples is
 * lost, but the other databases' work on a shared server is in it; `backends` is each live backend
 * of one database (its name in the process title) by pid. */
export interface PostgresCpuSample { server: number; backends: Map<number, number> }

/** The postmaster serving `url`, found as the parent of this connection's backend; undefined when
 * that backend is not on this machine (a remote server: nothing to read). */
export async function postmasterOf(url: string): Promise<number | undefined> {
  const sql = ownerClient(url);
  try {
    const [row] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const stat = readFileSync(`/proc/${row.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export function postgresCpu(postmaster: number, database: string): PostgresCpuSample {
  let server = 0;
  const backends = new Map<number, number>();
  for (const pid of processTree(postmaster)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields[0] is field 3 (state)
      const ticks = Number(fields[11]) + Number(fields[12]);
      server += ticks + (pid === postmaster ? Number(fields[13]) + Number(fields[14]) : 0);
      // A backend's title: "postgres: [cluster: ]user database client activity".
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\s\0]+/).includes(database)) backends.set(pid, ticks);
    } catch {
      // the process ended while it was read; its ticks are in the postmaster's cutime from now on
    }
  }
  return { server, backends };
}

/** ms of PostgreSQL CPU per operation between two samples: [the database's backends, the whole
 * server]. A backend that ended in between is missing from the first (the app's pool keeps its own). */
export function postgresMsPer(before: PostgresCpuSample, after: PostgresCpuSample, operations: number): [number, number] {
  let backends = 0;
  for (const [pid, ticks] of after.backends) backends += ticks - (before.backends.get(pid) ?? 0);
  const ms = (ticks: number) => (ticks * 1000) / CLK_TCK / Math.max(1, operations);
  return [ms(backends), ms(after.server - before.server)];
}

/** Resident memory of a process (VmRSS of /proc/<pid>/status), bytes; NaN when it cannot be read. */
export function residentBytes(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? NaN : Number(kb) * 1024;
  } catch {
    return NaN;
  }
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Child processes started by spawnScript that have not exited; SIGTERM'd when this process exits. */
const liveChildren = new Set<ChildProcess>();
process.on('exit', () => { for (const child of liveChildren) child.kill('SIGTERM'); });

/** A TypeScript script of the repository in a node process (tsx), output appended to logFile. */
function spawnScript(script: string, env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script)], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  closeSync(log);
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  return child;
}
const exitOf = (child: ChildProcess) => new Promise<number>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? 1);
  else child.once('exit', (code) => resolve(code ?? 1));
});
/** SIGTERM (a server finishes requests in flight) and the exit awaited; nothing if it has exited. */
async function stopChild(child: ChildProcess): Promise<void> {
  const exited = exitOf(child);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
}

/** Stops every child process of startServerProcess still running, also one still starting (for a
 * clean-up after a failure or a signal, before the folders it writes to are removed). */
export async function stopChildProcesses(): Promise<void> {
  await Promise.all([...liveChildren].map(stopChild));
}

export interface ServerProcess {
  url: string;
  pid: number;
  logFile: string;
  /** SIGTERM (the server finishes requests in flight) and waits for the exit; idempotent. */
  stop(): Promise<void>;
}

/**
 * server/main.ts in a child process as `npm start` runs it without the client build (NODE_ENV
 * production, LOG_LEVEL silent, output in workDir/server.log) on 127.0.0.1 and a free port: on the
 * PostgreSQL database `databaseUrl` (migrated by the server) or else on an embedded PGlite in
 * workDir, prepared first in a process of its own as scripts/start.ts does. Uploads and the mail
 * outbox go to workDir too. `env` adds to or overrides these settings. Resolves once GET /api/health
 * answers; stops the process when it does not.
 */
export async function startServerProcess(options: { workDir: string; databaseUrl?: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const { workDir } = options;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url,
    PGLITE_DATA_DIR: path.join(workDir, 'pglite'), CLIENT_DIST_DIR: path.join(workDir, 'no-client'),
    UPLOADS_DIR: path.join(workDir, 'uploads'), MAIL_OUTBOX_DIR: path.join(workDir, 'outbox'),
    DATABASE_URL: options.databaseUrl ?? '', DATABASE_TENANT_URL: '', DATABASE_PLATFORM_URL: '',
    ...options.env,
  };
  const logFile = path.join(workDir, 'server.log');
  const logTail = () => readFileSync(logFile, 'utf8').slice(-2000);
  if (!options.databaseUrl && (await exitOf(spawnScript('scripts/prepare-embedded-database.ts', env, logFile))) !== 0) {
    throw new Error(`preparing the embedded database failed:\n${logTail()}`);
  }
  const child = spawnScript('server/main.ts', env, logFile);
  const stop = () => stopChild(child);
  try {
    for (const deadline = Date.now() + 180_000; ;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited:\n${logTail()}`);
      if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error('the server did not answer GET /api/health within 180 s');
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, logFile, stop };
}

let planDir: string | undefined;

async function runAutocannon(spec: LoadSpec, seconds: number) {
  const target = new URL(spec.url);
  const options: Parameters<typeof autocannon>[0] = {
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    // The load generator gets its own thread so it does not share the server's event loop (the
    // machine still has only its cores; the generator's CPU is part of what is measured).
    workers: 1,
    timeout: 30,
  };
  if (spec.perConnection) {
    planDir ??= mkdtempSync(path.join(os.tmpdir(), 'ss-bench-'));
    const file = path.join(planDir, `plan-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(spec.perConnection));
    process.env.BENCH_CONNECTION_PLAN = file;
    options.setupClient = path.join(here, 'per-connection.cjs');
    options.url = `${target.protocol}//${target.host}`;
  } else {
    options.method = spec.method ?? 'GET';
    options.headers = { ...spec.headers, ...(spec.body !== undefined ? { 'content-type': 'application/json' } : {}) };
    if (spec.body !== undefined) options.body = JSON.stringify(spec.body);
  }
  return autocannon(options);
}

/** A Lua string literal (wrk's LuaJIT has no \u escapes): quotes and backslashes escaped, control
 * characters as decimal escapes. */
const luaString = (text: string) =>
  // eslint-disable-next-line no-control-regex -- escaping control characters is the point
  `"${text.replace(/[\\"]/g, '\\$&').replace(/[\x00-\x1f\x7f]/g, (c) => `\\${String(c.charCodeAt(0)).padStart(3, '0')}`)}"`;

type LoadFigures = Omit<LoadResult, 'name' | 'connections' | 'seconds' | 'serverBusy' | 'serverUsPerRequest' | 'processCpuUsPerRequest' | 'machineCpuUsPerRequest'>;

/** wrk in its own process (one thread), with a Lua script sending the requests in turn. Asynchronous,
 * so the app in this process keeps serving. */
async function runWrk(spec: LoadSpec, seconds: number): Promise<LoadFigures> {
  const requests = spec.perConnection ?? [{
    method: spec.method ?? 'GET', path: new URL(spec.url).pathname + new URL(spec.url).search,
    headers: { ...spec.headers, ...(spec.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
  }];
  const format = (r: (typeof requests)[number]) => {
    const headers = Object.entries(r.headers).map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`).join(', ');
    return `wrk.format(${luaString(r.method)}, ${luaString(r.path)}, { ${headers} }${r.body === undefined ? '' : `, ${luaString(r.body)}`})`;
  };
  const script = [
    // wrk.format needs wrk's Host header, which is known only from init on.
    'local requests',
    `init = function() requests = { ${requests.map(format).join(',\n')} } end`,
    'local n = 0',
    'request = function() n = n + 1; return requests[(n - 1) % #requests + 1] end',
    ...(spec.ratePerSecond ? [`delay = function() return ${Math.round((spec.connections * 1000) / spec.ratePerSecond)} end`] : []),
    'done = function(s, latency)',
    '  local e = s.errors',
    '  io.write(string.format("BENCH_JSON {\\"requests\\":%d,\\"duration_us\\":%d,\\"errors\\":%d,\\"non2xx\\":%d,\\"mean_us\\":%f,\\"p50_us\\":%d,\\"p99_us\\":%d}\\n",',
    '    s.requests, s.duration, e.connect + e.read + e.write + e.timeout, e.status, latency.mean, latency:percentile(50), latency:percentile(99)))',
    'end',
  ].join('\n');
  planDir ??= mkdtempSync(path.join(os.tmpdir(), 'ss-bench-'));
  const file = path.join(planDir, `load-${Date.now()}-${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, script);
  const target = new URL(spec.url);
  const args = ['-t1', `-c${spec.connections}`, `-d${seconds}s`, '--timeout', '30s', '-s', file, `${target.protocol}//${target.host}`];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}: ${out.slice(-500)}`))));
  });
  const line = /BENCH_JSON (\{.*\})/.exec(output);
  if (!line) throw new Error(`wrk printed no figures: ${output.slice(-500)}`);
  const r = JSON.parse(line[1]) as { requests: number; duration_us: number; errors: number; non2xx: number; mean_us: number; p50_us: number; p99_us: number };
  return {
    requests: r.requests,
    reqPerSec: r.requests / (r.duration_us / 1e6),
    meanMs: r.mean_us / 1000,
    p50Ms: r.p50_us / 1000,
    p99Ms: r.p99_us / 1000,
    errors: r.errors,
    non2xx: r.non2xx,
    statusCodes: r.non2xx ? `non-2xx:${r.non2xx}` : 'all 2xx',
  };
}

async function autocannonFigures(spec: LoadSpec, seconds: number): Promise<LoadFigures> {
  const r = await runAutocannon(spec, seconds);
  return {
    requests: r.requests.total,
    reqPerSec: r.requests.total / (r.duration || seconds),
    meanMs: r.latency.mean,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    statusCodes: Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}:${s.count}`).join(' '),
  };
}

/** Runs the load (after a short warm-up) and prints one line of figures. */
export async function load(spec: LoadSpec): Promise<LoadResult> {
  const seconds = spec.seconds ?? BENCH_SECONDS;
  const warmup = spec.warmupSeconds ?? Math.min(2, Math.max(1, Math.round(seconds / 5)));
  const run = LOAD_GENERATOR === 'wrk' ? runWrk : autocannonFigures;
  if (warmup > 0) await run(spec, warmup);
  const sample = () => (spec.serverPid === undefined ? cpuSample() : processCpu(spec.serverPid));
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = sample();
  const figures = await run(spec, seconds);
  const [processCpuUsPerRequest, machineCpuUsPerRequest] = cpuMsPer(cpu0, sample(), figures.requests).map((ms) => ms * 1000);
  const elu = performance.eventLoopUtilization(elu0);
  const result: LoadResult = {
    name: spec.name,
    connections: spec.connections,
    seconds,
    ...figures,
    serverBusy: elu.utilization,
    serverUsPerRequest: (elu.active * 1000) / Math.max(1, figures.requests),
    processCpuUsPerRequest,
    machineCpuUsPerRequest,
  };
  console.log(formatLoad(result));
  return result;
}

const formatLoad = (r: LoadResult) =>
  `  ${r.name.padEnd(34)} c=${String(r.connections).padStart(3)}  ${fmt(r.reqPerSec, 0).padStart(7)} req/s  ` +
  `mean ${fmt(r.meanMs, 1).padStart(6)} ms  p50 ${fmt(r.p50Ms, 0).padStart(4)} ms  p99 ${fmt(r.p99Ms, 0).padStart(5)} ms  ` +
  `errors ${r.errors}  non-2xx ${r.non2xx}  [${r.statusCodes}]  server loop ${fmt(100 * r.serverBusy, 0)}% busy, ` +
  `${fmt(r.serverUsPerRequest, 0)} µs/request; CPU per request: app process ${fmt(r.processCpuUsPerRequest, 0)} µs, ` +
  `machine ${fmt(r.machineCpuUsPerRequest, 0)} µs`;

// ---------------------------------------------------------------------------------------------
// Timing of in-process operations

export interface OpsResult {
  ops: number;
  seconds: number;
  opsPerSec: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
}

/** Runs fn `total` times with `concurrency` in flight; per-operation latencies in ms. */
export async function runOps(total: number, concurrency: number, fn: (i: number) => Promise<unknown>): Promise<OpsResult> {
  const latencies = new Float64Array(total);
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, async () => {
    while (next < total) {
      const i = next++;
      const t = performance.now();
      await fn(i);
      latencies[i] = performance.now() - t;
    }
  }));
  const seconds = (performance.now() - start) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    ops: total,
    seconds,
    opsPerSec: total / seconds,
    meanMs: latencies.reduce((a, b) => a + b, 0) / total,
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
  };
}

export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

export const median = (values: number[]) => quantile([...values].sort((a, b) => a - b), 0.5);

export const fmt = (n: number, digits = 1) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : String(n);

export const ratio = (a: number, b: number) => (b ? a / b : NaN);

/** Prints rows as an aligned table. */
export function printTable(rows: Array<Record<string, string | number>>) {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  const cell = (v: string | number) => (typeof v === 'number' ? fmt(v, Number.isInteger(v) ? 0 : 2) : v);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c] ?? '').length)));
  const line = (vals: string[]) => `  ${vals.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ')}`;
  console.log(line(cols));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => cell(r[c] ?? ''))));
}

export const heading = (text: string) => console.log(`\n== ${text} ${'='.repeat(Math.max(0, 90 - text.length))}`);

/** How busy the machine and the database server are, for judging the noise of the figures. */
export async function machineState(url: string): Promise<string> {
  const [l1, l5] = os.loadavg();
  let others = '?';
  const sql = ownerClient(url);
  try {
    const [row] = await sql`select count(*)::int as n from pg_stat_activity
      where state = 'active' and pid <> pg_backend_pid() and datname is distinct from ${databaseName(url)}`;
    others = String(row.n);
  } catch { /* not important */ } finally {
    await sql.end({ timeout: 5 });
  }
  return `${os.cpus().length} cores, load average ${l1.toFixed(2)} (1 min) ${l5.toFixed(2)} (5 min), ` +
    `active queries of other databases on the server: ${others}`;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL wire proxy: round trips, added delay, captured SQL

export interface CapturedStatement {
  /** 'simple' (Query message) or 'extended' (Parse/Bind/Execute). */
  kind: 'simple' | 'extended';
  sql: string;
  params: Array<string | null>;
  /** Parameter type oids from Parse (0: left to the server). */
  paramTypes: number[];
  /** Index of the client "turn" (a send after the server answered) this statement went in. */
  turn: number;
}

export interface PgProxy {
  port: number;
  /** The same database URL, through the proxy. */
  urlFor(databaseUrl: string): string;
  /** Client turns: times a client sent after the server had answered; one per round trip. */
  readonly stats: { turns: number; statements: number; connections: number };
  resetStats(): void;
  /** Statements captured since the last call (capture must be on). */
  takeStatements(): CapturedStatement[];
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of PostgreSQL. With `delayMs`, each direction is delayed by that much
 * (emulating network latency; timers have ~1 ms granularity). With `capture`, it decodes the
 * frontend messages and records each statement with its parameters, so a benchmark can replay
 * exactly what the app sent (pgbench) or EXPLAIN it.
 */
export async function startPgProxy(options: { target: string; delayMs?: number; capture?: boolean }): Promise<PgProxy> {
  const target = new URL(options.target);
  const targetPort = Number(target.port || 5432);
  const delayMs = options.delayMs ?? 0;
  const stats = { turns: 0, statements: 0, connections: 0 };
  let captured: CapturedStatement[] = [];
  const sockets = new Set<net.Socket>();

  const delayed = (to: net.Socket) => {
    if (!delayMs) return (chunk: Buffer) => { to.write(chunk); };
    const queue: Array<{ due: number; chunk: Buffer }> = [];
    let timer: NodeJS.Timeout | undefined;
    const flush = () => {
      timer = undefined;
      const now = performance.now();
      while (queue.length && queue[0].due <= now + 0.05) to.write(queue.shift()!.chunk);
      if (queue.length) timer = setTimeout(flush, Math.max(0, queue[0].due - now));
    };
    return (chunk: Buffer) => {
      queue.push({ due: performance.now() + delayMs, chunk });
      timer ??= setTimeout(flush, delayMs);
    };
  };

  const server = net.createServer((client) => {
    stats.connections++;
    const upstream = net.connect(targetPort, target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const toUpstream = delayed(upstream);
    const toClient = delayed(client);
    let serverSpoke = true;
    const decoder = options.capture ? frontendDecoder((s) => {
      stats.statements++;
      captured.push({ ...s, turn: stats.turns });
    }) : undefined;
    client.on('data', (chunk) => {
      if (serverSpoke) { stats.turns++; serverSpoke = false; }
      decoder?.(chunk);
      toUpstream(chunk);
    });
    upstream.on('data', (chunk) => {
      serverSpoke = true;
      toClient(chunk);
    });
    const end = () => { client.destroy(); upstream.destroy(); sockets.delete(client); sockets.delete(upstream); };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    urlFor(databaseUrl: string) {
      const u = new URL(databaseUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    stats,
    resetStats() { stats.turns = 0; stats.statements = 0; },
    takeStatements() { const out = captured; captured = []; return out; },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Decodes the frontend side of the protocol (after the startup packet): Query, Parse, Bind. */
function frontendDecoder(onStatement: (s: Omit<CapturedStatement, 'turn'>) => void) {
  let buffer: Buffer = Buffer.alloc(0);
  let startupDone = false;
  const prepared = new Map<string, { sql: string; types: number[] }>();
  const cstring = (buf: Buffer, at: number): [string, number] => {
    const end = buf.indexOf(0, at);
    return [buf.toString('utf8', at, end), end + 1];
  };
  return (chunk: Buffer) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (!startupDone) {
        if (buffer.length < 8) return;
        const len = buffer.readInt32BE(0);
        if (buffer.length < len) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(len);
        if (code === 196608) startupDone = true; // StartupMessage (SSLRequest/GSSENC are followed by one)
        continue;
      }
      if (buffer.length < 5) return;
      const type = String.fromCharCode(buffer[0]);
      const len = buffer.readInt32BE(1);
      if (buffer.length < len + 1) return;
      const body = buffer.subarray(5, len + 1);
      buffer = buffer.subarray(len + 1);
      if (type === 'Q') {
        onStatement({ kind: 'simple', sql: cstring(body, 0)[0], params: [], paramTypes: [] });
      } else if (type === 'P') {
        const [name, a] = cstring(body, 0);
        const [sqlText, b] = cstring(body, a);
        const n = body.readInt16BE(b);
        const types = Array.from({ length: n }, (_, i) => body.readInt32BE(b + 2 + 4 * i));
        prepared.set(name, { sql: sqlText, types });
      } else if (type === 'B') {
        const [, a] = cstring(body, 0); // portal
        const [stmt, b] = cstring(body, a);
        let at = b;
        const nFormats = body.readInt16BE(at); at += 2;
        const formats = Array.from({ length: nFormats }, (_, i) => body.readInt16BE(at + 2 * i)); at += 2 * nFormats;
        const nParams = body.readInt16BE(at); at += 2;
        const params: Array<string | null> = [];
        for (let i = 0; i < nParams; i++) {
          const plen = body.readInt32BE(at); at += 4;
          const format = nFormats === 0 ? 0 : nFormats === 1 ? formats[0] : formats[i];
          if (plen < 0) params.push(null);
          else {
            params.push(format === 0 ? body.toString('utf8', at, at + plen) : `\\x${body.subarray(at, at + plen).toString('hex')}`);
            at += plen;
          }
        }
        const p = prepared.get(stmt);
        onStatement({ kind: 'extended', sql: p?.sql ?? `/* unknown statement ${stmt} */`, params, paramTypes: p?.types ?? [] });
      }
    }
  };
}

/**
 * A captured statement as literal SQL ($n replaced by quoted literals, with a cast when the client
 * had named a type). typeNames maps type oid -> format_type name.
 */
export function literalSql(s: CapturedStatement, typeNames: Map<number, string>): string {
  if (s.kind === 'simple') return s.sql;
  return s.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1;
    const v = s.params[i];
    if (v === null || v === undefined) return 'NULL';
    const oid = s.paramTypes[i] ?? 0;
    const lit = `'${v.replace(/'/g, "''")}'`;
    return oid ? `${lit}::${typeNames.get(oid) ?? `oid_${oid}`}` : lit;
  });
}

/** Type names of the oids the captured statements use. */
export async function typeNamesFor(url: string, statements: CapturedStatement[]): Promise<Map<number, string>> {
  const oids = [...new Set(statements.flatMap((s) => s.paramTypes).filter((o) => o > 0))];
  const map = new Map<number, string>();
  if (!oids.length) return map;
  const sql = ownerClient(url);
  try {
    const rows = await sql`select oid::int as oid, format_type(oid, null) as name from pg_type where oid = any(${oids}::oid[])`;
    for (const r of rows) map.set(r.oid, r.name);
  } finally {
    await sql.end({ timeout: 5 });
  }
  return map;
}

/** Splits a simple-protocol string on top-level semicolons (quotes respected). */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) { if (ch === quote) quote = null; cur += ch; continue; }
    if (ch === "'" || ch === '"') { quote = ch; cur += ch; continue; }
    if (ch === ';') { if (cur.trim()) out.push(cur.trim()); cur = ''; continue; }
    cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

// ---------------------------------------------------------------------------------------------
// Query plans

const INDEX_RE = /(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)/g;

/**
 * What the plans of several EXPLAIN (ANALYZE) runs of one statement say: the last plan, the median
 * execution time of the runs after the first (caches warm), the indexes and sequential scans it
 * uses, and whether its order comes from a sort (and of how many rows).
 */
export function summarizePlans(plans: string[][]) {
  const plan = plans[plans.length - 1];
  const executions = plans.slice(1).map((p) => Number(/Execution Time: ([\d.]+) ms/.exec(p.join('\n'))?.[1]));
  const text = plan.join('\n');
  const indexes = [...new Set([...text.matchAll(INDEX_RE)].map((m) => m[1]))];
  const seqScans = [...new Set([...text.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]))];
  // A Sort node: the rows come out of order and are sorted; the first node under it says how many.
  const sortAt = plan.findIndex((l) => l.includes('Sort Key:'));
  const sortInput = sortAt < 0 ? undefined
    : plan.slice(sortAt).find((l) => l.includes('->') && l.includes('actual'))?.match(/actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+)/)?.[1];
  const order = sortAt < 0 ? 'no sort' : `sort of ${sortInput === undefined ? '?' : Math.round(Number(sortInput))} rows`;
  const sorted = [...executions].sort((a, b) => a - b);
  return { plan, executionMs: sorted[Math.floor(sorted.length / 2)] ?? NaN, indexes, seqScans, order };
}

/** What `measureDocument` found of a document's requests. */
export interface DocumentFigures {
  median: number;
  p95: number;
  /** The largest RSS and heap growth over the settled baseline of one request, and the largest RSS seen. */
  peakRss: number;
  rssMax: number;
  peakHeap: number;
  bytes: number;
  /** CPU ms per request: this process, the database's backends, the whole PostgreSQL server. */
  appCpu: number;
  pgCpu: number;
  serverCpu: number;
}

/**
 * Times `runs` requests of a document made by the app in this process (after `warmups` not counted:
 * fonts read, statements prepared, code compiled), sampling this process's memory every 2 ms while
 * each is made and read; then the CPU per request of a second series back to back without the
 * sampler (PostgreSQL's sample read outside this process's, so reading /proc is not counted).
 * `run` answers the document's size. Run node with --expose-gc for a settled baseline.
 */
export async function measureDocument(
  run: () => Promise<number>, postgres: (() => PostgresCpuSample) | undefined, { runs, warmups }: { runs: number; warmups: number },
): Promise<DocumentFigures> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const times: number[] = [];
  let peakRss = 0;
  let rssMax = 0;
  let peakHeap = 0;
  let bytes = 0;
  for (let i = 0; i < runs + warmups; i++) {
    gc?.();
    const base = process.memoryUsage();
    let rss = 0;
    let heap = 0;
    const sample = () => {
      const now = process.memoryUsage();
      rss = Math.max(rss, now.rss - base.rss);
      rssMax = Math.max(rssMax, now.rss);
      heap = Math.max(heap, now.heapUsed - base.heapUsed);
    };
    const sampler = setInterval(sample, 2);
    const started = performance.now();
    bytes = await run();
    const ms = performance.now() - started;
    clearInterval(sampler);
    sample();
    if (i < warmups) continue;
    times.push(ms);
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heap);
  }
  const pg0 = postgres?.();
  const cpu0 = cpuSample();
  for (let i = 0; i < runs; i++) await run();
  const cpu1 = cpuSample();
  const pg1 = postgres?.();
  const [pgCpu, serverCpu] = pg0 && pg1 ? postgresMsPer(pg0, pg1, runs) : [NaN, NaN];
  return {
    median: median(times), p95: quantile([...times].sort((a, b) => a - b), 0.95), peakRss, rssMax, peakHeap, bytes,
    appCpu: cpuMsPer(cpu0, cpu1, runs)[0], pgCpu, serverCpu,
  };
}

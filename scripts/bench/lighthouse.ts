/**
 * Lighthouse benchmark: performance, accessibility and best-practices scores of three screens of the
 * production server, as a phone sees them (Lighthouse's default mobile emulation and simulated
 * throttling, a cold HTTP cache on every load).
 *
 *   npm run lighthouse [-- --strict]
 *
 * It builds the client if needed, starts the server as `npm start` does (scripts/start.ts in a child
 * process, NODE_ENV=production) on a free port with a fresh embedded database and the demo church,
 * launches Chromium and audits:
 * - /login, signed out;
 * - /, the dashboard of the demo teacher;
 * - /attendance, Mark Attendance of the demo teacher (with ?class=<id> of one of the teacher's
 *   classes when the teacher has several; with one class the screen chooses it itself);
 * - the same Mark Attendance in Malayalam (the teacher's own language set through the API first);
 * - Mark Attendance with the app installed ("attendance-installed"): the earlier visit left the
 *   service worker and its precache (scripts/vite-pwa.ts), which Lighthouse keeps for this load (the
 *   HTTP cache is still cleared), so the scripts and styles come from the device.
 * The signed-in screens are loaded as a returning teacher's: the session in localStorage (client/src/
 * lib/session-store.ts) and one earlier visit of the dashboard in another tab before
 * Lighthouse loads them cold, and the run fails when the screen shown was not the signed-in one.
 * Prints scores, metrics and bytes per page and, for a category under its target, the failing audits;
 * the full reports go to test-results/lighthouse/<page>-<http1|h2>.json. Each page is audited as the
 * server serves it and behind a TLS and HTTP/2 front (scripts/bench/tls-front.ts).
 *
 * Options and environment: --strict (exit 1 when a target is missed), LIGHTHOUSE_RUNS (1: each page
 * is audited N times and the run of median performance score is reported), LIGHTHOUSE_ONLY (a comma
 * list of page and way names to audit alone, e.g. `attendance,http1`), LIGHTHOUSE_TRACE (1: the trace
 * of the reported run also goes to test-results/lighthouse/<page>-<way>.trace.json, for Chromium's
 * performance panel), CHROMIUM_PATH
 * (/usr/bin/chromium). Benchmarks print figures: without --strict the exit code is 0 whatever the
 * scores.
 */
// Lighthouse 13 asks for Node 22.19 and its trace engine calls iterator helpers (ES2025:
// `map.values().flatMap(...)`, `.reduce`, `.find`), which Node 20, still supported by this project,
// lacks: several performance insights then end in errors. core-js adds them where they are missing.
import 'core-js/es/iterator/index.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { demoEmail } from '../../server/modules/demo/index.js';
import type { Locale } from '../../common/i18n/locales.js';
import attendanceMl from '../../common/i18n/catalogues/attendance/ml.json';
import { ensureClientBuilt } from '../client-build.js';
import { startTlsFront, type TlsFront } from './tls-front.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REPORT_DIR = path.join(ROOT, 'test-results/lighthouse');
const STRICT = process.argv.includes('--strict');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const TRACE = process.env.LIGHTHOUSE_TRACE === '1';
const ONLY = new Set((process.env.LIGHTHOUSE_ONLY ?? '').split(',').map((name) => name.trim()));
/** LIGHTHOUSE_ONLY=attendance,http1: only the pages and ways named (all of a kind when none is named). */
function only<T extends { name: string }>(items: T[]): T[] {
  const named = items.filter((item) => ONLY.has(item.name));
  return named.length > 0 ? named : items;
}
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  // The machine has no internet: nothing may try to reach Google's services in the background.
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // The TLS front's certificate is self-signed (scripts/bench/tls-front.ts).
  '--ignore-certificate-errors',
];

/** The demo church of `npm start` (server/prepare-database.ts). */
const DEMO_CODE = 'DEMO01';
const DEMO_PASSWORD = 'demo-password-123';
/** The stored sign-in of client/src/lib/session-store.ts. */
const TOKEN_KEY = 'sundayschool.session.token';
const CODE_KEY = 'sundayschool.session.churchCode';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type CategoryId = (typeof CATEGORIES)[number];
/** Targets, as scores of 0-100. */
const TARGETS: Record<CategoryId, number> = { performance: 95, accessibility: 100, 'best-practices': 95 };
/** The report's threshold: an audit scoring below 0.9 is shown as failed. */
const PASS_THRESHOLD = 0.9;
/**
 * What Lighthouse clears before each load (its default in 13.x, given explicitly): the HTTP cache is
 * cleared too, so every load is cold; localStorage is not, so a signed-in load keeps its session.
 * (`disableStorageReset: true` would keep the HTTP cache as well: the hashed assets, cached for a
 * year, would then come from the disk cache after the first page.)
 */
const CLEAR_STORAGE_TYPES: NonNullable<Flags['clearStorageTypes']> = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'];
/** With the app installed: the service worker and its caches stay (the HTTP cache is still cleared). */
const CLEAR_STORAGE_TYPES_INSTALLED = CLEAR_STORAGE_TYPES.filter((type) => type !== 'service_workers' && type !== 'cache_storage');

interface Session { token: string; churchCode: string }

interface PageSpec {
  /** Name of the page in the output and of its report file. */
  name: string;
  path: string;
  /** Signed in as this session, or signed out. */
  session: Session | null;
  /** The heading a signed-in screen must show (proof that it was not the sign-in screen). */
  heading?: string;
  /** The signed-in teacher's language for this page (their own, set through the API first): English by default. */
  language?: Locale;
  /** The app installed: the earlier visit waits for the service worker, which the audited load keeps. */
  installed?: boolean;
}

interface Audited {
  lhr: Result;
  /** The JSON report as Lighthouse wrote it. */
  report: string;
  /** The load's trace, with LIGHTHOUSE_TRACE=1 (what the main thread did, task by task). */
  trace?: unknown;
}

type AuditResult = Result['audits'][string];

// ---------------------------------------------------------------------------------------------
// The server

interface RunningServer {
  url: string;
  /** The server's output (stdout and stderr), for the error message when it fails. */
  logFile: string;
  /** True once the server's process has ended. */
  exited(): boolean;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * The core the server is kept on (the last one, when there are two or more and `taskset` is here):
 * PGlite runs the queries in the server's own process, and whatever of it lands on the browser's
 * main thread is counted four times by the simulated throttling. A phone does not run the server.
 * The browser may still use every core.
 */
const SERVER_CPU = os.cpus().length >= 2 && existsSync('/usr/bin/taskset') ? String(os.cpus().length - 1) : null;

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Signals the server's process group (its own, see `detached`), which includes the database
 * preparation it may still be running. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || exited(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * `npm start` in a child process: scripts/start.ts prepares the embedded database (migrations, demo
 * church) in a process of its own and then runs server/main.ts, in production mode. Its output goes
 * to a file next to the database. Resolves once GET /api/health answers.
 */
async function startServer(workDir: string): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, 'server.log');
  const log = openSync(logFile, 'a');
  const start = [process.execPath, '--import', 'tsx', path.join(ROOT, 'scripts/start.ts')];
  const [command, ...args] = SERVER_CPU === null ? start : ['taskset', '-c', SERVER_CPU, ...start];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      PGLITE_DATA_DIR: path.join(workDir, 'pglite'),
      DEMO_SEED: 'true',
      DEMO_PASSWORD,
      // The embedded database whatever the shell has exported.
      DATABASE_URL: '',
      DATABASE_TENANT_URL: '',
      DATABASE_PLATFORM_URL: '',
    },
    stdio: ['ignore', log, log],
    // Its own process group, so that stopping it also stops a database preparation still running.
    detached: true,
  });
  closeSync(log);
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: RunningServer = {
    url,
    logFile,
    exited: () => exited(child),
    async stop() {
      if (exited(child)) return;
      signalGroup(child, 'SIGTERM'); // server/main.ts finishes requests in flight and closes the database
      const stopped = await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)]);
      if (!stopped) {
        signalGroup(child, 'SIGKILL');
        await exit;
      }
    },
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited(child)) throw new Error(`The server exited (code ${child.exitCode ?? child.signalCode}) before answering:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`The server did not answer GET /api/health within 180 s:\n${tail(logFile)}`);
    }
    await sleep(250);
  }
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).map((l) => `    ${l}`).join('\n');
  } catch {
    return '    (no output)';
  }
}

// ---------------------------------------------------------------------------------------------
// The API: the teacher's session and classes

interface Envelope<T> { success: boolean; data?: T; message?: string }

async function api<T>(baseUrl: string, method: 'GET' | 'POST' | 'PUT', urlPath: string, options: { session?: Session; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.session) {
    headers.authorization = `Bearer ${options.session.token}`;
    headers['x-church-code'] = options.session.churchCode;
  }
  const res = await fetch(baseUrl + urlPath, {
    method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let envelope: Envelope<T> | undefined;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    // not JSON: reported below
  }
  if (!res.ok || !envelope?.success || envelope.data === undefined) {
    throw new Error(`${method} ${urlPath} answered ${res.status}: ${envelope?.message ?? text.slice(0, 200)}`);
  }
  return envelope.data;
}

/**
 * One sign-in for the whole run, whose token every signed-in load reuses. The sign-in throttle
 * counts an attempt before checking the password and gives it back when the password is right, so
 * this successful sign-in never counts against its limits.
 */
async function signInAsTeacher(baseUrl: string): Promise<Session> {
  const data = await api<{ token: string }>(baseUrl, 'POST', '/api/auth/login', {
    body: { church_code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD },
  });
  return { token: data.token, churchCode: DEMO_CODE };
}

/** Mark Attendance of the teacher: the class in the address unless the teacher has only one. */
async function attendancePath(baseUrl: string, session: Session): Promise<string> {
  const classes = await api<Array<{ id: string; class_name: string; section: string }>>(baseUrl, 'GET', '/api/classes/my-classes', { session });
  if (classes.length === 0) throw new Error('The demo teacher has no class: Mark Attendance would show no students.');
  return classes.length === 1 ? '/attendance' : `/attendance?class=${encodeURIComponent(classes[0].id)}`;
}

// ---------------------------------------------------------------------------------------------
// The browser and Lighthouse

/**
 * The page's localStorage: nothing stored (signed out), or a returning teacher's. That is the
 * session's two keys, set on the origin through a page that loads none of the client (GET
 * /api/health), then one earlier visit of the dashboard in another tab, which leaves in localStorage
 * what the app keeps between visits (the church's calendar day, session-store.ts). Lighthouse clears
 * the HTTP cache before its load, so the audited load is still cold.
 */
async function prepareStorage(page: Page, baseUrl: string, session: Session | null, options: { installed?: boolean } = {}) {
  await page.goto(`${baseUrl}/api/health`);
  const entries: Array<[string, string]> = session ? [[TOKEN_KEY, session.token], [CODE_KEY, session.churchCode]] : [];
  await page.evaluate((items) => {
    const { localStorage } = globalThis as unknown as { localStorage: { clear(): void; setItem(key: string, value: string): void } };
    localStorage.clear();
    for (const [key, value] of items) localStorage.setItem(key, value);
  }, entries);
  if (session) {
    // In another tab of the same browser (same localStorage), so that the audited tab is as fresh as a signed-out one's.
    const visit = await page.browser().newPage();
    try {
      await visit.goto(`${baseUrl}/`, { waitUntil: 'networkidle0' });
      // Registered once the page is idle, installed once its precache is filled, then in control.
      if (options.installed) {
        await visit.waitForFunction(() => {
          const { navigator } = globalThis as unknown as { navigator: { serviceWorker: { controller: { state: string } | null } } };
          return navigator.serviceWorker.controller?.state === 'activated';
        }, { timeout: 120_000 });
      }
    } finally {
      await visit.close();
    }
  }
}

/** The texts of the page's headings (h1-h3), once the expected one is there or after 10 s. */
async function headingsOf(page: Page, expected: string): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const texts = await page.evaluate(() => {
      const { document } = globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<{ textContent: string | null }> } };
      return [...document.querySelectorAll('h1, h2, h3')].map((h) => (h.textContent ?? '').trim());
    });
    if (texts.includes(expected) || Date.now() > deadline) return texts;
    await sleep(250);
  }
}

/**
 * One Lighthouse audit of the page at `baseUrl` (the server, or the TLS front before it). `apiUrl`:
 * the server itself, for the API calls made from here (Node does not take the front's self-signed
 * certificate).
 */
async function audit(browser: Browser, baseUrl: string, apiUrl: string, spec: PageSpec): Promise<Audited> {
  const page = await browser.newPage();
  try {
    // The teacher's own language, which the session answers and the page then speaks.
    if (spec.session) await api(apiUrl, 'PUT', '/api/auth/language', { session: spec.session, body: { language: spec.language ?? 'en' } });
    await prepareStorage(page, baseUrl, spec.session, { installed: spec.installed });
    const flags: Flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      clearStorageTypes: spec.installed ? CLEAR_STORAGE_TYPES_INSTALLED : CLEAR_STORAGE_TYPES,
    };
    const result = await lighthouse(baseUrl + spec.path, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned no result for ${spec.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${spec.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (spec.session) {
      const headings = spec.heading ? await headingsOf(page, spec.heading) : [];
      if (finalPath === '/login' || (spec.heading && !headings.includes(spec.heading))) {
        throw new Error(`The signed-in audit of ${spec.path} did not show the signed-in screen: it ended on ${lhr.finalDisplayedUrl} `
          + `with the headings ${JSON.stringify(headings)} (expected "${spec.heading}").`);
      }
    } else if (finalPath !== spec.path) {
      throw new Error(`The audit of ${spec.path} ended on ${lhr.finalDisplayedUrl}.`);
    }
    const report = Array.isArray(result.report) ? result.report[0] : result.report;
    return { lhr, report, trace: TRACE ? result.artifacts.Trace : undefined };
  } finally {
    await page.close();
  }
}

/** Lighthouse's own errors in recording a trace (NO_NAVSTART, NO_FCP, ...): the load is tried again. */
const TRACE_ERRORS = /\b(NO_NAVSTART|NO_FCP|NO_TRACING_STARTED|NO_LCP)\b/;

/** An audit, tried up to three times when Lighthouse fails to record its trace (it does, now and then,
 * on this loaded 2-core machine); any other failure ends the run. */
async function auditWithRetry(browser: Browser, baseUrl: string, apiUrl: string, spec: PageSpec): Promise<Audited> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(browser, baseUrl, apiUrl, spec);
    } catch (error) {
      if (attempt >= 3 || !TRACE_ERRORS.test(String(error))) throw error;
      console.log(`  (${spec.name}: ${String(error).slice(0, 120)}; trying again)`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the results

const score = (lhr: Result, category: CategoryId) => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? NaN : Math.round(value * 100);
};

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows of an audit's table (details.items of a table or opportunity), untyped: each audit has
 * its own columns. Other details (lists of insights, trees, screenshots) are left to the report. */
function itemsOf(result: AuditResult | undefined): Array<Record<string, unknown>> {
  const details: unknown = result?.details;
  if (!isRecord(details) || !['table', 'opportunity'].includes(String(details.type)) || !Array.isArray(details.items)) return [];
  return details.items.filter(isRecord);
}

/** Transferred bytes of the page's requests: all of them, and scripts only (network-requests audit). */
function transferred(lhr: Result): { total: number; script: number } {
  let total = 0;
  let script = 0;
  for (const item of itemsOf(lhr.audits['network-requests'])) {
    const size = typeof item.transferSize === 'number' ? item.transferSize : 0;
    total += size;
    if (item.resourceType === 'Script') script += size;
  }
  return { total, script };
}

/** The run whose performance score is the median (the lower of the two middle ones for an even N). */
function medianRun(runs: Audited[]): Audited {
  const sorted = [...runs].sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The audits of a category the report shows as failed (scored below 0.9, or in error). */
function failingAudits(lhr: Result, category: CategoryId): AuditResult[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is AuditResult => a !== undefined)
    .filter((a) => a.scoreDisplayMode === 'error'
      || (['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode) && a.score !== null && a.score < PASS_THRESHOLD));
}

const oneLine = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const text = (value: unknown): string | null => {
  if (typeof value === 'string' && value) return value;
  if (isRecord(value) && typeof value.value === 'string') return value.value; // code / text values
  if (isRecord(value) && typeof value.url === 'string') return value.url; // source locations
  return null;
};

/** A short description of one row of a failing audit's table: its element (selector, label and
 * snippet), else what it names (URL, group, message) with its figures (time, bytes). */
function describeItem(item: Record<string, unknown>): string | null {
  const node = isRecord(item.node) ? item.node : Object.values(item).find((v) => isRecord(v) && v.type === 'node');
  if (isRecord(node)) {
    const label = typeof node.nodeLabel === 'string' ? ` "${oneLine(node.nodeLabel, 60)}"` : '';
    return `${text(node.selector) ?? ''}${label}  ${oneLine(text(node.snippet) ?? '', 200)}`;
  }
  const name = ['url', 'groupLabel', 'description', 'directive', 'source', 'label'].map((key) => text(item[key])).find(Boolean);
  if (!name) return null;
  const figures = [
    typeof item.wastedBytes === 'number' ? `${kib(item.wastedBytes)} to save` : '',
    typeof item.wastedMs === 'number' ? `${ms(item.wastedMs)} to save` : '',
    typeof item.total === 'number' ? ms(item.total) : '',
    typeof item.duration === 'number' ? ms(item.duration) : '',
  ].filter(Boolean);
  return `${oneLine(name)}${figures.length ? `  (${figures.join(', ')})` : ''}`;
}

/** Lines, identical neighbours collapsed into one with a count. */
function collapse(lines: string[]): string[] {
  const out: Array<{ line: string; count: number }> = [];
  for (const line of lines) {
    const last = out.at(-1);
    if (last?.line === line) last.count++;
    else out.push({ line, count: 1 });
  }
  return out.map(({ line, count }) => (count > 1 ? `${line}  (×${count})` : line));
}

/** Prints one page's figures and, per category under its target, its failing audits. Returns the
 * categories that missed their target. */
function printPage(spec: PageSpec, chosen: Audited, runs: Audited[], reportFile: string): CategoryId[] {
  const { lhr } = chosen;
  const bytes = transferred(lhr);
  console.log(`\n${spec.name}: ${spec.path}${spec.session ? ' (signed in as the demo teacher)' : ' (signed out)'}`);
  if (runs.length > 1) {
    console.log(`  ${runs.length} runs, performance ${runs.map((r) => score(r.lhr, 'performance')).join(', ')}`);
    // Which metric moves between runs: the network is simulated, the CPU time is measured.
    for (const [label, id] of [['FCP', 'first-contentful-paint'], ['LCP', 'largest-contentful-paint'], ['TBT', 'total-blocking-time']]) {
      console.log(`    ${label.padEnd(4)}${runs.map((r) => Math.round(numeric(r.lhr, id))).join(', ')} ms`);
    }
    console.log('  the median run:');
  }
  const scores = CATEGORIES.map((c) => {
    const value = score(lhr, c);
    return `${c} ${value}${value < TARGETS[c] ? ` (target ${c === 'accessibility' ? '' : '≥ '}${TARGETS[c]})` : ''}`;
  });
  console.log(`  scores       ${scores.join('  ')}`);
  console.log(`  metrics      FCP ${ms(numeric(lhr, 'first-contentful-paint'))}  LCP ${ms(numeric(lhr, 'largest-contentful-paint'))}`
    + `  TBT ${ms(numeric(lhr, 'total-blocking-time'))}  CLS ${numeric(lhr, 'cumulative-layout-shift').toFixed(3)}`
    + `  Speed Index ${ms(numeric(lhr, 'speed-index'))}`);
  console.log(`  transferred  ${kib(bytes.total)} in all, JavaScript ${kib(bytes.script)}`);
  for (const warning of lhr.runWarnings) console.log(`  warning      ${oneLine(warning, 200)}`);

  const missed = CATEGORIES.filter((c) => !(score(lhr, c) >= TARGETS[c]));
  for (const category of missed) {
    const failing = failingAudits(lhr, category);
    console.log(`  ${category} ${score(lhr, category)} < ${TARGETS[category]}: ${failing.length} failing audit${failing.length === 1 ? '' : 's'}`);
    for (const result of failing) {
      const shown = result.scoreDisplayMode === 'error' ? `error: ${result.errorMessage ?? ''}`
        : [result.score === null ? '' : `score ${result.score}`, result.displayValue ?? ''].filter(Boolean).join(', ');
      console.log(`    - ${result.id}: ${oneLine(result.title, 120)}${shown ? ` [${oneLine(shown, 120)}]` : ''}`);
      const rows = itemsOf(result).map(describeItem).filter((row): row is string => row !== null);
      // Every element for accessibility (those are the fixes); the first rows elsewhere.
      const limit = category === 'accessibility' ? rows.length : 5;
      for (const row of collapse(rows.slice(0, limit))) console.log(`        ${row}`);
      if (rows.length > limit) console.log(`        … and ${rows.length - limit} more (see the report)`);
    }
  }
  console.log(`  report       ${path.relative(ROOT, reportFile)}`);
  return missed;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number ≥ 1 (got ${process.env.LIGHTHOUSE_RUNS}).`);
  await ensureClientBuilt();

  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ss-lighthouse-'));
  let server: RunningServer | undefined;
  let front: TlsFront | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let browser: Browser | undefined;
  const cleanUp = async () => {
    await browser?.disconnect().catch(() => {});
    browser = undefined;
    chrome?.kill();
    chrome = undefined;
    await front?.close();
    front = undefined;
    await server?.stop();
    server = undefined;
    rmSync(workDir, { recursive: true, force: true });
  };
  // Ctrl-C or a kill: the server (its own process group) and Chromium go too.
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server and Chromium`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    console.log('Starting the server (production, fresh embedded database, demo church)...');
    server = await startServer(workDir);
    front = await startTlsFront(server.url);
    const session = await signInAsTeacher(server.url);
    const pages: PageSpec[] = [
      { name: 'login', path: '/login', session: null },
      { name: 'dashboard', path: '/', session, heading: 'Teacher Dashboard' },
      { name: 'attendance', path: await attendancePath(server.url, session), session, heading: 'Mark Attendance' },
      // Mark Attendance in Malayalam: its texts (and the Malayalam font) fetched beside the screen.
      { name: 'attendance-ml', path: await attendancePath(server.url, session), session, heading: attendanceMl['attendance.title'], language: 'ml' },
      // A returning teacher's phone with the app installed (the service worker and its precache).
      { name: 'attendance-installed', path: await attendancePath(server.url, session), session, heading: 'Mark Attendance', installed: true },
    ];

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent', handleSIGINT: false,
    });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const version = await browser.version();

    const [load1, load5] = os.loadavg();
    console.log(`Lighthouse ${lighthouseVersion()}, ${version}; server ${server.url}, TLS and HTTP/2 front ${front.url}`);
    // Simulated throttling scales the CPU time measured here: other work on the machine shows in TBT.
    console.log(`Machine: ${os.cpus().length} cores, load average ${load1.toFixed(2)} (1 min) ${load5.toFixed(2)} (5 min); server ${SERVER_CPU === null ? "on any core" : `on core ${SERVER_CPU} only`}.`);
    console.log(`Mobile emulation, simulated throttling (slow 4G, 4x CPU), cold cache; ${RUNS} run${RUNS === 1 ? '' : 's'} per page.`);
    console.log(`Targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}.`);

    mkdirSync(REPORT_DIR, { recursive: true });
    const missed: string[] = [];
    const summary: Array<Record<string, string | number>> = [];
    // Each page twice: as `npm start` serves it (plain HTTP/1.1, six connections), and behind TLS
    // and HTTP/2 as a hosting platform or a reverse proxy serves it in production (one connection,
    // every file at once). The targets apply to both.
    const ways = [
      { name: 'http1', label: 'npm start directly, HTTP/1.1', baseUrl: server.url },
      { name: 'h2', label: 'behind TLS and HTTP/2', baseUrl: front.url },
    ];
    for (const way of only(ways)) for (const spec of only(pages)) {
      console.log(`\n[${way.label}]`);
      const runs: Audited[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(browser, way.baseUrl, server.url, spec));
      const chosen = medianRun(runs);
      const reportFile = path.join(REPORT_DIR, `${spec.name}-${way.name}.json`);
      writeFileSync(reportFile, chosen.report);
      if (chosen.trace) writeFileSync(reportFile.replace(/\.json$/, '.trace.json'), JSON.stringify(chosen.trace));
      for (const category of printPage(spec, chosen, runs, reportFile)) missed.push(`${spec.name} (${way.name}) ${category}`);
      const bytes = transferred(chosen.lhr);
      summary.push({
        served: way.name,
        page: spec.name,
        perf: score(chosen.lhr, 'performance'),
        a11y: score(chosen.lhr, 'accessibility'),
        'best pr.': score(chosen.lhr, 'best-practices'),
        'FCP ms': Math.round(numeric(chosen.lhr, 'first-contentful-paint')),
        'LCP ms': Math.round(numeric(chosen.lhr, 'largest-contentful-paint')),
        'TBT ms': Math.round(numeric(chosen.lhr, 'total-blocking-time')),
        CLS: Number(numeric(chosen.lhr, 'cumulative-layout-shift').toFixed(3)),
        'SI ms': Math.round(numeric(chosen.lhr, 'speed-index')),
        'KiB': Number((bytes.total / 1024).toFixed(1)),
        'JS KiB': Number((bytes.script / 1024).toFixed(1)),
      });
    }

    console.log();
    console.table(summary);
    if (missed.length) console.log(`Below target: ${missed.join(', ')}${STRICT ? '' : ' (exit code 0 without --strict)'}.`);
    else console.log('Every page meets every target.');
    return STRICT && missed.length ? 1 : 0;
  } catch (error) {
    if (server?.exited()) console.error(`The server had stopped; its last lines:\n${tail(server.logFile)}`);
    throw error;
  } finally {
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function lighthouseVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'));
  return isRecord(manifest) && typeof manifest.version === 'string' ? manifest.version : '?';
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureClientBuilt } from './client-build.js';
import { TIMINGS_FILE, type ProjectTiming } from './test/timing-reporter.js';

/**
 * `npm test`: the guardrails (type check and lint in one pass, dead code), the client's build and byte budgets, then
 * unit, integration (PGlite always; PostgreSQL too when DATABASE_URL is set) and browser tests.
 * Browser tests need Debian's Chromium; they are required when CI or REQUIRE_BROWSER is set, and
 * skipped with a warning otherwise if Chromium is missing.
 *
 * The guardrails run beside the build and the tests rather than before them: they are single-threaded
 * and the tests wait on I/O much of the time, so together they keep both cores busy. Their output is
 * held and printed after the tests; any failure fails the run all the same.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireBrowser = Boolean(process.env.CI || process.env.REQUIRE_BROWSER);
const haveBrowser = existsSync(CHROMIUM);
if (requireBrowser && !haveBrowser) {
  console.error(`Browser tests are required but ${CHROMIUM} is missing (apt-get install -y chromium).`);
  process.exit(1);
}

interface Step { label: string; seconds: number; ok: boolean; output: string }

/** An npm script in a child process, its output held (or shown as it comes with `inherit`). */
function runScript(script: string, label: string, inherit = false): Promise<Step> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('exit', (code) => resolve({ label, seconds: (Date.now() - started) / 1000, ok: code === 0, output }));
  });
}

const runStarted = Date.now();
// The lint reports TypeScript's own errors too (scripts/lint/type-errors.js), from the programs its typed
// rules build anyway: one program per project instead of a second set for a separate `tsc` run.
const guardrails = Promise.all([
  runScript('lint', 'type check and lint (TypeScript errors, typescript-eslint, module boundaries)'),
  runScript('knip', 'dead code and unused dependencies (knip)'),
]);

const steps: Step[] = [];
const buildStarted = Date.now();
await ensureClientBuilt();
steps.push({ label: 'client build', seconds: (Date.now() - buildStarted) / 1000, ok: true, output: '' });

// The byte budgets of the built client (scripts/bundle-budget.ts prints the figures).
const budget = await runScript('budget', 'client byte budgets', true);
steps.push(budget);

const projects = ['unit', 'integration-pglite'];
if (process.env.DATABASE_URL) projects.push('integration-postgres');
else console.warn('DATABASE_URL is not set: the integration suite runs on PGlite only.');
if (haveBrowser) projects.push('browser');
else console.warn(`${CHROMIUM} not found: browser tests skipped (they are required in CI).`);

mkdirSync('test-results', { recursive: true });
rmSync(TIMINGS_FILE, { force: true });
const vitestStarted = Date.now();
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json',
  '--reporter=./scripts/test/timing-reporter.ts', ...process.argv.slice(2)];
const child = spawn('npx', args, { stdio: 'inherit', env: process.env });
const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
const vitestSeconds = (Date.now() - vitestStarted) / 1000;

const guardrailSteps = await guardrails;
steps.unshift(...guardrailSteps);
for (const step of guardrailSteps) {
  if (step.output.trim()) console.log(`\n--- ${step.label} ---\n${step.output.trimEnd()}`);
}
const failedSteps = steps.filter((step) => !step.ok);

printTimingTable(steps, vitestSeconds);

try {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  for (const step of failedSteps) console.error(`FAILED: ${step.label}`);
  // The plain closing line CI reads; a failed guardrail or budget counts as a failure.
  const failed = report.numFailedTests + failedSteps.length;
  console.log(`\n${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  if (report.numTotalTests === 0) process.exit(1);
} catch {
  console.error('No test report was written.');
  process.exit(code || 1);
}
process.exit(code || (failedSteps.length > 0 ? 1 : 0));

/** One table of where the run's time went: each step, each vitest project, and the whole run. */
function printTimingTable(done: Step[], vitest: number) {
  const rows: string[][] = done.map((step) => [step.label, step.ok ? 'ok' : 'FAILED', step.seconds.toFixed(1), '', '']);
  let timings: ProjectTiming[] = [];
  try { timings = JSON.parse(readFileSync(TIMINGS_FILE, 'utf8')) as ProjectTiming[]; } catch { /* vitest wrote none */ }
  rows.push(['vitest (all projects together)', code === 0 ? 'ok' : 'FAILED', vitest.toFixed(1), '', '']);
  for (const t of timings) {
    rows.push([`  ${t.project}`, `${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`,
      (t.wallMs / 1000).toFixed(1), String(t.files), (t.fileMs / 1000).toFixed(1)]);
  }
  rows.push(['whole run', '', ((Date.now() - runStarted) / 1000).toFixed(1), '', '']);
  const header = ['suite', 'result', 'wall s', 'files', 'file time s'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`\nWhere the time went (guardrails run beside the build and the tests):\n${line(header)}`);
  for (const row of rows) console.log(line(row));
  for (const t of timings) {
    if (t.slowest.length) console.log(`slowest in ${t.project}: ${t.slowest.map((s) => `${s.file} ${(s.ms / 1000).toFixed(1)} s`).join(', ')}`);
  }
}

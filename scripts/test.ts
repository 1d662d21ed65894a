import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { ensureClientBuilt } from './client-build.js';

/**
 * `npm test`: the guardrails (type check, lint, dead code), then unit, integration (PGlite always;
 * PostgreSQL too when DATABASE_URL is set) and browser tests. Browser tests need Debian's Chromium;
 * they are required when CI or REQUIRE_BROWSER is set, and skipped with a warning otherwise if
 * Chromium is missing.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireBrowser = Boolean(process.env.CI || process.env.REQUIRE_BROWSER);
const haveBrowser = existsSync(CHROMIUM);
if (requireBrowser && !haveBrowser) {
  console.error(`Browser tests are required but ${CHROMIUM} is missing (apt-get install -y chromium).`);
  process.exit(1);
}

// The guardrails first, each one an npm script that can also be run alone. All three run, so one
// run shows every kind of problem; any failure ends the run before the tests.
const guardrails = [
  ['typecheck', 'type check (server, tests and client projects)'],
  ['lint', 'lint (typescript-eslint, import cycles, module boundaries)'],
  ['knip', 'dead code and unused dependencies (knip)'],
] as const;
const failed: string[] = [];
for (const [script, label] of guardrails) {
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) console.log(`${label}: ok (${seconds} s)`);
  else {
    console.error(`${label}: FAILED (${seconds} s; npm run ${script})`);
    failed.push(`npm run ${script}`);
  }
}
if (failed.length > 0) {
  console.error(`\nGuardrails failed (${failed.join(', ')}): the tests were not run.`);
  // The closing line CI reads counts each failed guardrail as a failure.
  console.log(`0 passed, ${failed.length} failed`);
  process.exit(1);
}

await ensureClientBuilt();

// The byte budgets of the built client (scripts/bundle-budget.ts prints the figures); over budget
// fails the run like a guardrail.
const budget = spawnSync('npm', ['run', '--silent', 'budget'], { stdio: 'inherit', env: process.env });
if (budget.status !== 0) {
  console.error('\nThe client is over its byte budget (npm run budget): the tests were not run.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const projects = ['unit', 'integration-pglite'];
if (process.env.DATABASE_URL) projects.push('integration-postgres');
else console.warn('DATABASE_URL is not set: the integration suite runs on PGlite only.');
if (haveBrowser) projects.push('browser');
else console.warn(`${CHROMIUM} not found: browser tests skipped (they are required in CI).`);

mkdirSync('test-results', { recursive: true });
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json', ...process.argv.slice(2)];
const child = spawn('npx', args, { stdio: 'inherit', env: process.env });
const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));

try {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  // The plain closing line CI reads.
  console.log(`\n${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
  if (report.numTotalTests === 0) process.exit(1);
} catch {
  console.error('No test report was written.');
  process.exit(code || 1);
}
process.exit(code);

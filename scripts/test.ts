import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { ensureClientBuilt } from './client-build.js';

/**
 * `npm test`: type check, lint and knip, then unit, integration (PGlite always; PostgreSQL too when
 * DATABASE_URL is set) and browser tests. Browser tests need Debian's Chromium; they are required when CI or REQUIRE_BROWSER is set,
 * and skipped with a warning otherwise if Chromium is missing.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireBrowser = Boolean(process.env.CI || process.env.REQUIRE_BROWSER);
const haveBrowser = existsSync(CHROMIUM);
if (requireBrowser && !haveBrowser) {
  console.error(`Browser tests are required but ${CHROMIUM} is missing (apt-get install -y chromium).`);
  process.exit(1);
}

// The guardrails first: a type error, a lint finding or dead code fails the run before any test.
for (const [label, command, args] of [
  ['type check (server and client projects)', 'npm', ['run', '--silent', 'typecheck']],
  ['lint (typescript-eslint, import cycles, module boundaries)', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['dead code and unused dependencies (knip)', 'npx', ['knip']],
] as const) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n${label} failed.\n0 passed, 1 failed`);
    process.exit(1);
  }
  console.log(`${label}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

await ensureClientBuilt();

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

/**
 * `npm run test:citus`: the integration suite against a live Citus cluster (a coordinator and two
 * workers, started here on free ports and removed afterwards; Citus is built first if missing).
 *
 * 1. The schema is migrated on the coordinator, which distributes it (migration 0030).
 * 2. The tenant door's login gets auto_explain (every statement's executed plan in the coordinator's
 *    log), so that the run also tells which statements went to one shard (router-report.ts).
 * 3. The PostgreSQL project of vitest runs with DATABASE_URL set to the coordinator and TEST_CITUS=1.
 *    Arguments are passed to vitest (e.g. one file).
 * 4. The router report is written to test-results/citus-router.txt. The run fails when a statement
 *    the server sent is neither routed to one shard nor known (KNOWN_NOT_ROUTED), unless
 *    CITUS_ROUTER_STRICT=0. A run of named files only reports.
 * CITUS_KEEP=1 leaves the cluster running (npm run citus:down removes it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { startCluster, stopCluster } from './cluster.js';
import { ROUTER_LOG_LINE_PREFIX, routerReport, writeRouterReport } from './router-report.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * What runs on Citus when no file is named: the isolation checks (the catalog's rules and two
 * churches with data, the replay of every route with another church's ids, the hostile-input fuzz,
 * the tenant door) and the tests of each church domain. Left out: tests of processes, outages and
 * logins of a plain server (they start servers or proxies of their own and say nothing about
 * distribution), migrations of old data, and the operator console's and platform tests, which do
 * not pass through the tenant door.
 */
const CITUS_FILES = [
  'isolation', 'isolation-set-local', 'tenant-replay', 'tenant-door', 'input-fuzz', 'sessions', 'auth',
  'academic-year', 'academic-year-config', 'attendance', 'attendance-reports', 'attendance-sync', 'classes',
  'consent', 'digest', 'erasure', 'family-export', 'follow-up', 'forgot-password', 'gallery', 'guardians',
  'languages', 'media-consent', 'media-privacy', 'plan-limits', 'records', 'register', 'registration',
  'retention-access-log', 'rollover', 'student-history', 'student-import', 'student-names', 'students',
  'subscription-changes', 'users', 'payments', 'password-reset', 'consent-links', 'consent-page-limits',
  'access-log-reads', 'family-export-consent', 'erasure-audit', 'erasure-totals', 'student-import-bounds',
  'retention-sweeps', 'pdf-text', 'substitutes', 'dashboard-today', 'class-names', 'student-import-sheets', 'family-summary',
  'register-print', 'rollover-choices', 'student-left', 'exams', 'rollover-held-back', 'exam-pdfs', 'report-card-link', 'certificates', 'associations', 'association-totals', 'officer-auth',
].map((name) => `tests/integration/${name}.test.ts`);
const keep = process.env.CITUS_KEEP === '1';

function citusInstalled(): boolean {
  const libdir = spawnSync('/usr/lib/postgresql/15/bin/pg_config', ['--pkglibdir'], { encoding: 'utf8' }).stdout.trim();
  return existsSync(path.join(libdir || '/usr/lib/postgresql/15/lib', 'citus.so'));
}

if (!citusInstalled()) {
  const build = spawnSync('bash', [path.join(ROOT, 'scripts/citus/build.sh')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
const started = Date.now();
const cluster = await startCluster({
  ...(keep ? { stateFile: process.env.CITUS_STATE_FILE ?? '/tmp/sunday-school-citus.json' } : {}),
  coordinatorSettings: [`log_line_prefix = '${ROUTER_LOG_LINE_PREFIX}'`],
});
console.log(`Citus cluster (coordinator and ${cluster.nodes.length - 1} workers) up in ${seconds(started)} s: ${cluster.coordinatorUrl}`);
let code: number;
try {
  const migrated = Date.now();
  const db = createPostgresDatabase(cluster.coordinatorUrl, 1);
  await db.migrate();
  await db.close();
  console.log(`Schema migrated and distributed in ${seconds(migrated)} s`);

  const owner = postgres(cluster.coordinatorUrl, { max: 1, onnotice: () => {} });
  try {
    for (const { rolname } of await owner<Array<{ rolname: string }>>`select rolname from pg_roles where rolname like 'app_tenant_login_%'`) {
      for (const [name, value] of [
        ['session_preload_libraries', 'auto_explain'], ['auto_explain.log_min_duration', '0'], ['auto_explain.log_format', 'json'],
      ]) {
        // The login's name is ours (app_tenant_login_<oid>), the values constants: no quoting needed.
        await owner.unsafe(`alter role "${rolname}" set ${name} = '${value}'`);
      }
    }
  } finally {
    await owner.end();
  }

  const suite = Date.now();
  const files = process.argv.length > 2 ? process.argv.slice(2) : CITUS_FILES;
  const args = ['vitest', 'run', '--project', 'integration-postgres', ...files];
  const child = spawn('npx', args, {
    stdio: 'inherit', cwd: ROOT,
    env: { ...process.env, DATABASE_URL: cluster.coordinatorUrl, TEST_CITUS: '1' },
  });
  code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  console.log(`Integration suite on Citus: ${seconds(suite)} s`);

  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  const report = routerReport(path.join(cluster.dir, 'coordinator.log'));
  writeRouterReport(report, path.join(ROOT, 'test-results/citus-router.txt'));
  const strict = process.env.CITUS_ROUTER_STRICT !== '0' && files === CITUS_FILES;
  if (strict && report.toFix.length > 0) {
    console.log('Statements of the server that left the church\'s shard: see the report above.');
    code = code || 1;
  }
} finally {
  if (keep) console.log(`Cluster kept: ${cluster.stateFile}`);
  else await stopCluster(cluster);
}
console.log(`test:citus finished in ${seconds(started)} s`);
process.exit(code);

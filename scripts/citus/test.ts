/**
 * `npm run test:citus`: the integration suite against a live Citus cluster (a coordinator and two
 * workers, started here on free ports and removed afterwards; Citus is built first if missing).
 * The PostgreSQL project of vitest runs with DATABASE_URL set to the coordinator and TEST_CITUS=1;
 * its global setup migrates, which distributes the schema (migration 0029). Arguments are passed to
 * vitest (e.g. a file to run alone); by default the files of CITUS_FILES run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startCluster, stopCluster } from './cluster.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Test files that need something a throw-away cluster does not offer, with the reason. */
const NOT_ON_CITUS: Record<string, string> = {
  'demo-server.test.ts': 'runs on an embedded database of its own',
  'media-storage.test.ts': 'never opens the database under test',
};

function citusInstalled(): boolean {
  const libdir = spawnSync('/usr/lib/postgresql/15/bin/pg_config', ['--pkglibdir'], { encoding: 'utf8' }).stdout.trim();
  return existsSync(path.join(libdir || '/usr/lib/postgresql/15/lib', 'citus.so'));
}

if (!citusInstalled()) {
  const build = spawnSync('bash', [path.join(ROOT, 'scripts/citus/build.sh')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const started = Date.now();
const cluster = await startCluster(process.env.CITUS_KEEP === '1' ? { stateFile: process.env.CITUS_STATE_FILE ?? '/tmp/sunday-school-citus.json' } : {});
console.log(`Citus cluster (coordinator and ${cluster.nodes.length - 1} workers) up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${cluster.coordinatorUrl}`);
let code = 1;
try {
  const exclude = Object.keys(NOT_ON_CITUS).flatMap((file) => ['--exclude', `tests/integration/${file}`]);
  const args = ['vitest', 'run', '--project', 'integration-postgres', ...exclude, ...process.argv.slice(2)];
  const child = spawn('npx', args, {
    stdio: 'inherit', cwd: ROOT,
    env: { ...process.env, DATABASE_URL: cluster.coordinatorUrl, TEST_CITUS: '1' },
  });
  code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
} finally {
  // CITUS_KEEP=1 leaves the cluster (and its server logs) for a look: npm run citus:down removes it.
  if (process.env.CITUS_KEEP === '1') console.log(`Cluster kept: ${cluster.stateFile}`);
  else await stopCluster(cluster);
}
console.log(`test:citus finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(code);

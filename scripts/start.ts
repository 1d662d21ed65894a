import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { protectDataRoots } from '../server/data-roots.js';
import { ensureClientBuilt } from './client-build.js';

// `npm start`: build the client if needed and, on the first start of the embedded database, create
// and seed it, each in a child process (both would leave the server process hundreds of MB larger
// for its whole life); then run the server (migrations, demo data, listen) in this process, which
// with WEB_CONCURRENCY > 1 (PostgreSQL and Redis only) forks the serving workers (server/main.ts).

async function run(script: string) {
  const tsx = path.resolve(import.meta.dirname, '../node_modules/tsx/dist/cli.mjs');
  const child = spawn(process.execPath, [tsx, script], { stdio: 'inherit' });
  const code = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  if (code !== 0) throw new Error(`${path.basename(script)} exited with ${code}.`);
}

try {
  await ensureClientBuilt();
  const config = loadConfig();
  // Before the embedded database is created: the child preparing it inherits the umask.
  protectDataRoots(config);
  const embedded = !config.DATABASE_URL && !config.DATABASE_TENANT_URL;
  if (embedded && !existsSync(path.join(config.PGLITE_DATA_DIR, 'PG_VERSION'))) {
    await run(path.resolve(import.meta.dirname, 'prepare-embedded-database.ts'));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import('../server/main.js');

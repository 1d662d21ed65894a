/**
 * The marking benchmarks' server in a process of its own, so that /proc gives the server's CPU time
 * alone (autocannon runs in a worker thread of the benchmark's process, and would be counted with an
 * app started in it).
 *
 * As a child (run by startMarkServer): MARK_SERVER=app serves the real app (startApp: buildApp,
 * logger off, production settings); MARK_SERVER=bare serves bare-mark-server.ts, with the church
 * ids of MARK_CHURCH_IDS (a JSON file of [code, id] pairs). Either on BENCH_DATABASE_URL with the
 * benchmarks' pool size. It prints `LISTENING <url>` once it serves, and exits on SIGTERM after
 * closing, so that `--cpu-prof` writes its profile.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { APP_POOL_SIZE, BASE_DATABASE_URL, startApp } from './lib.js';
import { startBareMarkServer } from './bare-mark-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');

export interface MarkServer { url: string; pid: number; stop(): Promise<void> }

/** Starts this file in a child node process; `nodeArgs` e.g. ['--cpu-prof', '--cpu-prof-dir=...'];
 * `root` another checkout of the project to serve from (e.g. the commit before a change). */
export async function startMarkServer(options: {
  mode: 'app' | 'bare'; databaseUrl: string; churchIdsFile?: string; nodeArgs?: string[]; root?: string;
}): Promise<MarkServer> {
  const root = options.root ?? ROOT;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(root, 'scripts/bench/mark-server.ts')], {
    cwd: root,
    env: {
      ...process.env, MARK_SERVER: options.mode, BENCH_DATABASE_URL: options.databaseUrl,
      BENCH_POOL_SIZE: String(APP_POOL_SIZE), MARK_CHURCH_IDS: options.churchIdsFile ?? '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /LISTENING (\S+)/.exec(out);
      if (line) resolve(line[1]);
    });
    child.once('exit', (code) => reject(new Error(`mark server exited with ${code} before listening: ${out.slice(-500)}`)));
  });
  return {
    url, pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function serve(mode: string) {
  const db = createPostgresDatabase(BASE_DATABASE_URL, APP_POOL_SIZE);
  let server: { url: string; close(): Promise<void> };
  if (mode === 'bare') {
    const app = await startApp(db); // only for its config; the bare server answers the load
    await app.close();
    const ids = new Map<string, string>(JSON.parse(readFileSync(process.env.MARK_CHURCH_IDS!, 'utf8')) as Array<[string, string]>);
    server = await startBareMarkServer(db, app.config, ids);
  } else {
    server = await startApp(db);
  }
  process.once('SIGTERM', () => void (async () => {
    await server.close();
    await db.close();
    process.exit(0);
  })());
  console.log(`LISTENING ${server.url}`);
}

if (process.env.MARK_SERVER && path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  serve(process.env.MARK_SERVER).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * A throw-away Citus cluster: one coordinator and two workers, each a fresh PostgreSQL 15 data
 * directory in a temp folder, on free ports of 127.0.0.1, trusting every local connection.
 *
 *   npm run citus:up      (tsx scripts/citus/cluster.ts start; needs `npm run citus:build` once)
 *   npm run citus:down    (tsx scripts/citus/cluster.ts stop [state file])
 *
 * `start` prints the coordinator's URL and the path of a JSON state file; `stop` reads that file,
 * stops the nodes and removes their folder. A test setup imports startCluster/stopCluster instead.
 * The server on 5432 is never touched: every node gets a port the system hands out as free.
 * PG_BIN overrides the folder of initdb and pg_ctl; CITUS_STATE_FILE the state file of the commands.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';

const run = promisify(execFile);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const DEFAULT_STATE_FILE = process.env.CITUS_STATE_FILE ?? path.join(os.tmpdir(), 'sunday-school-citus.json');
// Citus's node functions compare host names as strings: `localhost` and 127.0.0.1 are different nodes.
const HOST = '127.0.0.1';

interface ClusterNode { name: string; port: number; dataDir: string; url: string }
export interface ClusterState {
  dir: string;
  stateFile: string;
  coordinatorUrl: string;
  nodes: ClusterNode[]; // the coordinator first
}

/** Runs a PostgreSQL program as the postgres user: initdb and the server refuse to run as root. */
function asPostgres(program: string, args: string[]) {
  const file = path.join(PG_BIN, program);
  return process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
}

/** A port the system reports free now (another process could take it before the node starts). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startNode(dir: string, name: string, settings: string[] = []): Promise<ClusterNode> {
  const port = await freePort();
  const dataDir = path.join(dir, name);
  await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  // The socket lives in the data directory so that no node needs the system's socket folder.
  appendFileSync(path.join(dataDir, 'postgresql.conf'), [
    `port = ${port}`,
    `listen_addresses = '${HOST}'`,
    `unix_socket_directories = '${dataDir}'`,
    `shared_preload_libraries = 'citus'`,
    // A throw-away cluster: durability buys nothing and costs time.
    'fsync = off', 'synchronous_commit = off', 'full_page_writes = off',
    ...settings,
    '',
  ].join('\n'));
  await asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(dir, `${name}.log`), '-w', 'start']);
  const url = `postgres://postgres@${HOST}:${port}/postgres`;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`create extension if not exists citus`;
  } finally {
    await sql.end();
  }
  return { name, port, dataDir, url };
}

async function stopNodes(nodes: Pick<ClusterNode, 'dataDir'>[]) {
  await Promise.all(nodes.map(async (node) => {
    if (existsSync(path.join(node.dataDir, 'postmaster.pid'))) {
      await asPostgres('pg_ctl', ['-D', node.dataDir, '-m', 'immediate', '-w', 'stop']);
    }
  }));
}

/** Starts a coordinator and `workers` workers and registers them; on failure removes what it made. */
/** `coordinatorSettings`: postgresql.conf lines for the coordinator alone (e.g. its log format);
 * `nodeSettings`: for every node (e.g. `wal_level = logical`, which moving shards online needs). */
export async function startCluster(
  options: { workers?: number; stateFile?: string; coordinatorSettings?: string[]; nodeSettings?: string[] } = {},
): Promise<ClusterState> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'citus-cluster-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout), Number(gid));
  }
  const names = ['coordinator', ...Array.from({ length: options.workers ?? 2 }, (_, i) => `worker${i + 1}`)];
  const nodes: ClusterNode[] = [];
  try {
    const settled = await Promise.allSettled(names.map((name) => startNode(dir, name, [...(options.nodeSettings ?? []), ...(name === 'coordinator' ? options.coordinatorSettings ?? [] : [])])));
    for (const result of settled) {
      if (result.status === 'fulfilled') nodes.push(result.value);
    }
    const failure = settled.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    const [coordinator, ...workers] = nodes;
    const sql = postgres(coordinator.url, { max: 1, onnotice: () => {} });
    try {
      await sql`select citus_set_coordinator_host(${HOST}, ${coordinator.port})`;
      for (const worker of workers) await sql`select citus_add_node(${HOST}, ${worker.port})`;
    } finally {
      await sql.end();
    }
    const state: ClusterState = { dir, stateFile: options.stateFile ?? path.join(dir, 'cluster.json'), coordinatorUrl: coordinator.url, nodes };
    writeFileSync(state.stateFile, `${JSON.stringify(state, null, 2)}\n`);
    return state;
  } catch (err) {
    await stopNodes(names.map((name) => ({ dataDir: path.join(dir, name) }))).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Starts one more worker in the cluster's folder and adds it to the cluster (it holds no shard until
 * a rebalance moves some there); the state file is rewritten with it. */
export async function addWorker(state: ClusterState, settings: string[] = []): Promise<ClusterNode> {
  const worker = await startNode(state.dir, `worker${state.nodes.length}`, settings);
  state.nodes.push(worker);
  writeFileSync(state.stateFile, `${JSON.stringify(state, null, 2)}\n`);
  const sql = postgres(state.coordinatorUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`select citus_add_node(${HOST}, ${worker.port})`;
  } finally {
    await sql.end();
  }
  return worker;
}

/** Stops the nodes of a cluster (its state or its state file) and removes its folder and state file. */
export async function stopCluster(cluster: ClusterState | string): Promise<void> {
  const state: ClusterState = typeof cluster === 'string' ? JSON.parse(readFileSync(cluster, 'utf8')) : cluster;
  await stopNodes(state.nodes);
  rmSync(state.dir, { recursive: true, force: true });
  rmSync(state.stateFile, { force: true });
}

async function main(command: string | undefined, stateFile: string) {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (command === 'start') {
    if (existsSync(stateFile)) {
      throw new Error(`A cluster is already recorded in ${stateFile}: npm run citus:down first.`);
    }
    const state = await startCluster({ stateFile });
    console.log(`Citus cluster started in ${seconds()} s (coordinator and ${state.nodes.length - 1} workers).`);
    console.log(`Coordinator: ${state.coordinatorUrl}`);
    console.log(`State file:  ${state.stateFile}`);
  } else if (command === 'stop') {
    if (!existsSync(stateFile)) {
      console.log(`No cluster recorded in ${stateFile}: nothing to stop.`);
      return;
    }
    await stopCluster(stateFile);
    console.log(`Citus cluster stopped and removed in ${seconds()} s.`);
  } else {
    throw new Error('Usage: tsx scripts/citus/cluster.ts start | stop [state file]');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv[2], process.argv[3] ?? DEFAULT_STATE_FILE).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}

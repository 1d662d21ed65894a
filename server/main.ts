import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './db/index.js';
import { buildApp } from './app.js';
import { prepareDatabase } from './prepare-database.js';
import { protectDataRoots } from './data-roots.js';
import { startJobs } from './jobs.js';
import { secretKeys } from './secret-keys.js';

/**
 * `npm start`: migrate, seed the demo and the operator, serve app and API, shut down gracefully.
 *
 * With WEB_CONCURRENCY > 1 the server runs as that many processes (node:cluster, one port shared):
 * the primary migrates and seeds once, then forks the workers, which only serve; SIGTERM (or
 * SIGINT) to the primary drains every worker and then exits. Default 1: on the embedded database
 * one process owns its data folder, and on PostgreSQL each process brings its own pools (2 x
 * DB_POOL_SIZE connections), so how many fit is the operator's choice, not the core count.
 */
async function main() {
  const config = loadConfig();
  protectDataRoots(config);
  const processes = config.WEB_CONCURRENCY === 'auto' ? availableParallelism() : config.WEB_CONCURRENCY;
  if (cluster.isWorker) return serve(config, { prepare: false });
  if (processes <= 1) return serve(config, { prepare: true });

  const refusal = clusterRefusal(config);
  if (refusal) throw new Error(`WEB_CONCURRENCY=${config.WEB_CONCURRENCY}: ${refusal}`);
  const db = await openDatabase(config);
  const notice = await prepareDatabase(db, config, secretKeys(config));
  await db.close();
  if (notice) console.log(notice);
  runWorkers(config, processes);
}

/** Why this configuration cannot run as several processes, if it cannot. */
function clusterRefusal(config: Config): string | undefined {
  if (!config.DATABASE_URL && !config.DATABASE_TENANT_URL) {
    return 'the embedded database (PGlite) is owned by one process; run one, or use PostgreSQL (DATABASE_URL)';
  }
  if (!config.REDIS_URL) {
    return 'several processes need REDIS_URL, where they share the sign-in and reset limits (in memory each process would allow the limits again)';
  }
  return undefined;
}

function runWorkers(config: Config, processes: number) {
  // A link to a gallery file signed by one worker must open on any other: without a configured
  // MEDIA_URL_SECRET the primary draws one for all of them.
  const env = { MEDIA_URL_SECRET: config.MEDIA_URL_SECRET ?? randomBytes(32).toString('base64url') };
  let closing = false;
  let listening = 0;
  // Workers run this file itself, not the script that imported it (`npm start` builds the client
  // and prepares the embedded database first: the primary's work, done once).
  cluster.setupPrimary({ exec: import.meta.filename });
  const fork = () => cluster.fork(env);
  cluster.on('listening', () => {
    if (++listening === processes) console.log(`  Sunday School is running on ${config.PUBLIC_URL} (${processes} processes, database: postgres)`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) return;
    // A worker that died is replaced (after a pause, so a worker failing at start does not spin).
    console.error(`  worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(() => { if (!closing) fork(); }, 1_000).unref();
  });
  for (let i = 0; i < processes; i++) fork();

  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`  ${signal}: draining ${Object.keys(cluster.workers ?? {}).length} workers`);
    const timer = setTimeout(() => { console.error('  forced exit after 15 s'); process.exit(1); }, 15_000);
    timer.unref();
    // Each worker finishes its requests in flight and exits (its own handler); then so does the primary.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const done = () => { if (!Object.keys(cluster.workers ?? {}).length) process.exit(0); };
    cluster.on('exit', done);
    done();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** One serving process: the only one, or a worker of the cluster (which neither migrates nor seeds). */
async function serve(config: Config, options: { prepare: boolean }) {
  const db = await openDatabase(config);
  const notice = options.prepare ? await prepareDatabase(db, config, secretKeys(config)) : undefined;
  if (notice) console.log(notice);
  const app = await buildApp({ config, db });
  if (!(await app.services.sharedStoreReady())) {
    console.warn('  Redis (REDIS_URL) is not reachable yet: sign-in answers 503 until it is');
  }

  await app.listen({ host: config.HOST, port: config.PORT });
  // Every serving process runs the job queue: each job is taken by one of them.
  const jobs = config.JOBS ? await startJobs(app, config, db) : undefined;
  if (cluster.isPrimary) {
    console.log(`  Sunday School is running on ${config.PUBLIC_URL} (database: ${db.kind})`);
    // Without SMTP, reset links and welcome mails are files: say where, so they can be found.
    console.log(app.services.mailer.mode === 'smtp'
      ? '  Mail: sent through SMTP\n'
      : `  Mail: no SMTP configured; each message is written to ${path.resolve(config.MAIL_OUTBOX_DIR)}\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness answers 503 from now on, so the load balancer stops sending while jobs and requests finish.
    app.readiness.drain();
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => { app.log.error('forced exit after 10 s'); process.exit(1); }, 10_000);
    timer.unref();
    try {
      await jobs?.stop(); // running jobs finish, no new ones are taken
      await app.close(); // stops accepting, waits for in-flight requests
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

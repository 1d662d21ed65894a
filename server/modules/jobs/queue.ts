import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/index.js';
import { queueDatabase } from './queue-sql.js';

/** What a running job may do besides its own work: queue further jobs. */
interface JobContext {
  /** Queues a job; with a singleton key, not while another job of that key waits or runs (the
   * queue's policy, migrations/0022_job_queue.sql). */
  send(queue: string, data: object, options?: { singletonKey?: string }): Promise<void>;
}

/** One kind of job: its queue (created by a migration), when it is scheduled, and its work. */
export interface JobDefinition<Data = unknown> {
  queue: string;
  /** A cron expression (UTC): pg-boss's scheduler sends one job each time it comes round, once
   * across all processes. */
  cron?: string;
  /** Also sent when a process starts, so work missed while no process ran is not left for the
   * next cron. */
  atStart?: boolean;
  /** The work; a throw fails the job, which the queue tries again (its retry settings). */
  run(data: Data, context: JobContext): Promise<void>;
}

/** Seconds between a worker's looks for new jobs (each is one platform door transaction). */
const POLLING_SECONDS = 2;

/**
 * The job queue of this process: pg-boss on the database's `pgboss` schema, through the platform
 * door (queue-sql.ts). It never creates or migrates its schema (the migrations do, as the owner); it
 * only checks the version. Every process runs one: the scheduler sends each cron job once, and each
 * job is fetched by one worker (FOR UPDATE SKIP LOCKED). `stop()` lets running jobs finish for up to
 * 5 s (shutdown has 10 s in all); one still running then fails and is tried again by the queue.
 */
export async function startJobQueue(db: Database, jobs: JobDefinition[], log: FastifyBaseLogger) {
  const boss = new PgBoss({
    db: queueDatabase(db),
    migrate: false,
    schedule: jobs.some((job) => job.cron),
    supervise: true,
  });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  await boss.start();
  const context: JobContext = {
    async send(queue, data, options = {}) {
      await boss.send(queue, data, options);
    },
  };
  for (const job of jobs) {
    await boss.work(job.queue, { pollingIntervalSeconds: POLLING_SECONDS }, async ([entry]) => {
      await job.run(entry.data, context);
    });
    if (job.cron) await boss.schedule(job.queue, job.cron);
    if (job.atStart) await boss.send(job.queue, {});
  }
  return {
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}

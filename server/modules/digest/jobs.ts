import type { JobDefinition } from '../jobs/index.js';
import { dueDigests, sendChurchDigest, type DigestJob, type DigestSender } from './service.js';

/** Every quarter of an hour: a church's Monday 08:00 is found within 15 minutes, whatever its zone. */
const TICK_CRON = '*/15 * * * *';

/**
 * The digest's jobs: the tick (scheduled, and once at each start) queues one `digest-church` job
 * per church whose digest is due, keyed by church and week so that ticks of several processes queue
 * it once; each job sends that church's digest (sendChurchDigest, which never sends twice).
 * `clock` is the jobs' "now": the real clock, or JOBS_FIXED_CLOCK in tests.
 */
export function digestJobs(sender: DigestSender, clock: () => Date): JobDefinition[] {
  const tick: JobDefinition = {
    queue: 'digest-tick',
    cron: TICK_CRON,
    atStart: true,
    async run(_data, context) {
      for (const job of await dueDigests(sender.db, clock())) {
        await context.send('digest-church', job, { singletonKey: `${job.churchId}:${job.week}` });
      }
    },
  };
  const church: JobDefinition = {
    queue: 'digest-church',
    async run(data) {
      await sendChurchDigest(sender, data as DigestJob, clock());
    },
  };
  return [tick, church];
}

import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { MEDIA_MESSAGES } from '../../../common/media-limits.js';
import { serviceUnavailable } from '../../core/errors.js';

export interface ImageQueue {
  /** Runs the job when a slot is free; refuses (503) at once when `maxWaiting` jobs already wait. */
  run<T>(job: () => Promise<T>): Promise<T>;
}

/**
 * The line photos wait in for their decoding and encoding: `jobs` at a time (by default one per
 * core but one, at least one, so one core stays for the requests: the roll call of a class is not
 * slowed by a burst of uploads), and at most `maxWaiting` behind them. An upload that would wait
 * beyond that is refused with a 503 the user can retry, before anything of it is stored.
 */
export function createImageQueue(options: { jobs?: number; maxWaiting: number }): ImageQueue {
  const limit = pLimit(options.jobs && options.jobs > 0 ? options.jobs : Math.max(1, availableParallelism() - 1));
  return {
    run(job) {
      if (limit.activeCount >= limit.concurrency && limit.pendingCount >= options.maxWaiting) {
        return Promise.reject(serviceUnavailable(MEDIA_MESSAGES.busy, { reason: 'media_busy' }));
      }
      return limit(job);
    },
  };
}

import { availableParallelism } from 'node:os';
import type { AppError } from './errors.js';

/** The refusals of one kind of work, in its own words: the whole line full (503), or this church
 * already holding its share of it (429). */
interface WorkRefusals {
  busy: () => AppError;
  churchBusy: () => AppError;
}

export interface WorkQueue {
  /** Runs `job` for `churchId` when its turn comes; refuses at once (nothing of it run) when the
   * church already has `perChurch` jobs running or waiting, or `maxWaiting` jobs already wait. */
  run<T>(churchId: string, job: () => Promise<T>, refusals: WorkRefusals): Promise<T>;
}

/**
 * The line the server's heavy work waits in (decoding and encoding photos, reading spreadsheets):
 * `jobs` at a time (by default one per core but one, at least one, so one core stays for the
 * requests: the roll call of a class is not slowed by a burst of uploads), at most `maxWaiting`
 * behind them, and at most `perChurch` of one church running or waiting. A free slot goes to the
 * waiting church served least recently: a church's burst waits behind itself, never in front of
 * another church's job.
 */
export function createWorkQueue(options: { jobs?: number; maxWaiting: number; perChurch: number }): WorkQueue {
  const concurrency = options.jobs && options.jobs > 0 ? options.jobs : Math.max(1, availableParallelism() - 1);
  let running = 0;
  let waitingCount = 0;
  /** Jobs running or waiting, per church. */
  const held = new Map<string, number>();
  /** Waiting jobs per church (in the order the churches came), and when each church holding jobs
   * last had one started (a count: 0 never). */
  const waiting = new Map<string, Array<() => void>>();
  const lastStarted = new Map<string, number>();
  let starts = 0;

  function startNext() {
    while (running < concurrency && waiting.size) {
      let churchId = '';
      let oldest = Infinity;
      for (const id of waiting.keys()) {
        const last = lastStarted.get(id) ?? 0;
        if (last < oldest) { oldest = last; churchId = id; }
      }
      const line = waiting.get(churchId)!;
      const start = line.shift()!;
      waitingCount -= 1;
      if (!line.length) waiting.delete(churchId);
      start();
    }
  }

  return {
    run<T>(churchId: string, job: () => Promise<T>, refusals: WorkRefusals): Promise<T> {
      const mine = held.get(churchId) ?? 0;
      if (mine >= options.perChurch) return Promise.reject(refusals.churchBusy());
      if (running >= concurrency && waitingCount >= options.maxWaiting) return Promise.reject(refusals.busy());
      held.set(churchId, mine + 1);
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          running += 1;
          starts += 1;
          lastStarted.set(churchId, starts);
          Promise.resolve().then(job).then(resolve, reject).finally(() => {
            running -= 1;
            const left = (held.get(churchId) ?? 1) - 1;
            if (left > 0) held.set(churchId, left);
            else { held.delete(churchId); lastStarted.delete(churchId); }
            startNext();
          });
        };
        if (running < concurrency) { start(); return; }
        const line = waiting.get(churchId);
        if (line) line.push(start);
        else waiting.set(churchId, [start]);
        waitingCount += 1;
      });
    },
  };
}

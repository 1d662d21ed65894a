import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (the lookups and writes of a password reset, done
 * after answering so the answer's timing says nothing). Failures are logged, never thrown to a
 * caller; `idle()` lets shutdown and tests wait for what is in flight.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  run(name: string, log: FastifyBaseLogger, work: () => Promise<void>): void {
    const task = work()
      .catch((err: unknown) => log.error({ err, task: name }, 'background task failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}

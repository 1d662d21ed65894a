import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundTasks } from '../background-tasks.js';
import type { AfterCommit } from './scopes.js';

/** Work a handler hands to `afterCommit` during a door's transaction: run in the background
 * (failures logged, shutdown waits for it) once the transaction has committed, never after a
 * rollback. The door calls `run` after its transaction. */
export function afterCommitQueue(background: BackgroundTasks, log: FastifyBaseLogger): { add: AfterCommit; run(): void } {
  const tasks: Array<() => Promise<void>> = [];
  return {
    add: (task) => { tasks.push(task); },
    run: () => { for (const task of tasks) background.run('after commit', log, task); },
  };
}

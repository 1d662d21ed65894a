// The job queue's surface: start it with the jobs of the domains; a job's work sees only JobContext.
export { startJobQueue, type JobDefinition } from './queue.js';
export { jobCounts } from './counts.js';

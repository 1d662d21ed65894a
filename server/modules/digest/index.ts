// The weekly digest's surface: its jobs (started with the job queue), and for tests the tick and
// one church's send as functions of an instant.
export { digestJobs } from './jobs.js';
export { dueDigests, sendChurchDigest, type DigestJob, type DigestSender } from './service.js';

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/index.js';
import { jobCounts } from '../jobs/index.js';
import { SIGN_IN_REFUSALS, type SignInRefusal } from '../auth/index.js';

/** Seconds: from a cached read (a few ms) to a slow upload or report (tens of seconds). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a door transaction is a few statements; anything near a second is a problem. */
const DOOR_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/**
 * The metrics of one app instance, in a registry of its own (an app may be built several times in
 * one process, as the tests do; prom-client's global registry would refuse the second set of names).
 * Labels carry only fixed vocabularies (route patterns, methods, statuses, door names, queue names,
 * reasons): never a church's code, name or id, nor a user's e-mail.
 */
export function createMetrics(db: Database) {
  const registry = new Registry();
  const registers = [registry];
  const httpRequests = new Counter({
    name: 'sundayschool_http_requests_total', help: 'Requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const, registers,
  });
  const httpDuration = new Histogram({
    name: 'sundayschool_http_request_duration_seconds', help: 'Time to answer a request, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const, buckets: HTTP_BUCKETS, registers,
  });
  const doorTransactions = new Counter({
    name: 'sundayschool_door_transactions_total', help: 'Transactions of the tenant and platform doors, by door and outcome (commit or rollback).',
    labelNames: ['door', 'outcome'] as const, registers,
  });
  const doorDuration = new Histogram({
    name: 'sundayschool_door_transaction_duration_seconds', help: 'Time a door call held its transaction (waiting for a connection included).',
    labelNames: ['door'] as const, buckets: DOOR_BUCKETS, registers,
  });
  const signInRefusals = new Counter({
    name: 'sundayschool_sign_in_refusals_total', help: 'Password sign-ins refused, by reason.',
    labelNames: ['reason'] as const, registers,
  });
  // Every reason shows from the start, at 0, so a rate over it is defined before the first refusal.
  for (const reason of SIGN_IN_REFUSALS) signInRefusals.inc({ reason }, 0);
  const uploadBytes = new Counter({
    name: 'sundayschool_upload_bytes_total', help: 'Bytes stored by accepted gallery uploads (originals and their copies).', registers,
  });
  new Gauge({
    name: 'sundayschool_db_pool_connections', help: 'Connections of each door\'s pool, in use by a door call or idle (PostgreSQL only).',
    labelNames: ['door', 'state'] as const, registers,
    collect() {
      for (const pool of db.poolUse?.() ?? []) {
        this.set({ door: pool.door, state: 'in_use' }, pool.inUse);
        this.set({ door: pool.door, state: 'idle' }, pool.size - pool.inUse);
      }
    },
  });
  new Gauge({
    name: 'sundayschool_db_pool_waiting', help: 'Door calls waiting for a connection of their pool (PostgreSQL only).',
    labelNames: ['door'] as const, registers,
    collect() {
      for (const pool of db.poolUse?.() ?? []) this.set({ door: pool.door }, pool.waiting);
    },
  });
  const jobs = new Gauge({
    name: 'sundayschool_jobs', help: 'Jobs in the queue\'s table, by queue and state; absent when the database could not be read.',
    labelNames: ['queue', 'state'] as const, registers,
    async collect() {
      this.reset();
      // A scrape still answers while the database is away: the other metrics say why.
      const counts = await jobCounts(db).catch(() => []);
      for (const { queue, state, count } of counts) jobs.set({ queue, state }, count);
    },
  });
  collectDefaultMetrics({ register: registry });

  return {
    registry,
    /** A request answered: its route pattern (never the address itself), method, status and time. */
    request(route: string, method: string, status: number, seconds: number) {
      const labels = { route, method, status: String(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    door(door: 'tenant' | 'platform' | 'association', committed: boolean, seconds: number) {
      doorTransactions.inc({ door, outcome: committed ? 'commit' : 'rollback' });
      doorDuration.observe({ door }, seconds);
    },
    signInRefused(reason: SignInRefusal) {
      signInRefusals.inc({ reason });
    },
    uploadStored(bytes: number) {
      uploadBytes.inc(bytes);
    },
  };
}
export type AppMetrics = ReturnType<typeof createMetrics>;

/** What the rest of the server tells the metrics: no-ops while metrics are off. */
export type MetricsObserver = Pick<AppMetrics, 'door' | 'signInRefused' | 'uploadStored'>;
export const NO_METRICS: MetricsObserver = { door() {}, signInRefused() {}, uploadStored() {} };

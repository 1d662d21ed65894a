import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { createChurchDirectory } from './modules/churches/index.js';
import { createAssociationDirectory } from './modules/associations/index.js';
import { LoginThrottle, MemoryAttemptStore, RedisAttemptStore } from './modules/credentials/index.js';
import { createGoogleProvider } from './modules/google-identity/index.js';
import { BackgroundTasks } from './background-tasks.js';
import { CHILD_DATA } from './child-data.js';
import { createPaymentGateway } from './modules/payments/index.js';
import { createMailer } from './modules/mail/index.js';
import { createMediaStorage, createMediaUrlSigner } from './modules/media-storage/index.js';
import { createWorkQueue } from './core/work-queue.js';
import { closeRedis, createRedis, redisConnected, redisReachable } from './redis.js';
import type { MetricsObserver } from './modules/metrics/index.js';
import { secretKeys } from './secret-keys.js';

/** Long-lived collaborators shared by all requests, built once by the app factory; `metrics` hears
 * sign-in refusals and stored uploads (a no-op while metrics are off). */
export function createServices(config: Config, db: Database, metrics: MetricsObserver) {
  // The counts of every limit (sign-in, password reset, registration, Google flows) and the used
  // Google states: in Redis when REDIS_URL is set, shared by every server process (and failing
  // closed while Redis is unreachable); otherwise in this process's memory, which is right for one
  // process only (see README, "Several processes").
  const redis = config.REDIS_URL
    ? createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, (message) => { if (config.LOG_LEVEL !== 'silent') console.warn(`  ${message}`); })
    : undefined;
  const attempts = redis ? new RedisAttemptStore(redis) : new MemoryAttemptStore(config.THROTTLE_MAX_KEYS);
  const background = new BackgroundTasks();
  const mailer = createMailer(config, background);
  return {
    metrics,
    churchDirectory: createChurchDirectory(db),
    /** Association code -> id, for officers' sign-in and the association door. */
    associationDirectory: createAssociationDirectory(db),
    /** Razorpay with configured keys, else the offline test gateway. */
    gateway: createPaymentGateway(config),
    attempts,
    background,
    /** Google sign-in and registration (OpenID Connect); undefined until a client id and secret are configured. */
    google: createGoogleProvider(config),
    /** SMTP when configured, else .eml files in the outbox folder; sends after the answer, with retries. */
    mailer,
    /** A child's data, owner by owner: what a child's erasure and a family's export walk. */
    childData: CHILD_DATA,
    /** The gallery's files: an S3-compatible bucket when S3_BUCKET is set, else UPLOADS_DIR. */
    mediaStorage: createMediaStorage(config),
    /** Signs and checks the expiring addresses of gallery files. */
    mediaUrls: createMediaUrlSigner({ secret: config.MEDIA_URL_SECRET, ttlMinutes: config.MEDIA_URL_TTL_MINUTES }),
    /** The bounded line of heavy work (photos decoded and encoded, spreadsheets read), fair between churches. */
    workQueue: createWorkQueue({ jobs: config.MEDIA_IMAGE_JOBS, maxWaiting: config.MEDIA_IMAGE_MAX_WAITING, perChurch: config.WORK_JOBS_PER_CHURCH }),
    loginThrottle: new LoginThrottle(attempts, {
      windowMs: config.LOGIN_THROTTLE_WINDOW_MINUTES * 60_000,
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      accountLockMs: config.LOGIN_ACCOUNT_LOCK_MINUTES * 60_000,
      maxFailuresPerAccountPerHour: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR,
      maxFailuresPerSource: config.LOGIN_MAX_FAILURES_PER_IP,
      maxCleanSourceFailuresPerAccountPerHour: config.LOGIN_MAX_CLEAN_SOURCE_FAILURES_PER_HOUR,
    }),
    /** The backup signing key and the TOTP seed key, each read or made at its first use. */
    secretKeys: secretKeys(config),
    /** At start: true once Redis is connected (or not configured); false after its connect timeout. */
    async sharedStoreReady(): Promise<boolean> {
      return redis ? redisConnected(redis) : true;
    },
    /** For readiness: whether Redis answers a PING now; undefined when REDIS_URL is not set. */
    async sharedStoreReachable(): Promise<boolean | undefined> {
      return redis ? redisReachable(redis) : undefined;
    },
    /** On shutdown: mails waiting to be tried again get their last try now, background work
     * finishes, then the mail connections close, the sweeper stops and Redis is let go. */
    async close() {
      mailer.stopRetrying();
      await background.idle();
      mailer.close();
      attempts.close();
      if (redis) await closeRedis(redis);
    },
  };
}
export type Services = ReturnType<typeof createServices>;

import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { createChurchDirectory } from './modules/churches/directory.js';
import { LoginThrottle } from './modules/auth/throttle.js';

/** Long-lived collaborators shared by all requests, built once by the app factory. */
export function createServices(config: Config, db: Database) {
  return {
    churchDirectory: createChurchDirectory(db),
    loginThrottle: new LoginThrottle({
      windowMs: config.LOGIN_THROTTLE_WINDOW_MINUTES * 60_000,
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      accountLockMs: config.LOGIN_ACCOUNT_LOCK_MINUTES * 60_000,
      maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
    }),
  };
}
export type Services = ReturnType<typeof createServices>;

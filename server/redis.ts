import { Redis } from 'ioredis';

/** How long a command may wait for Redis before the request gets its 503: a dead Redis never holds a request longer. */
const COMMAND_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * The one Redis client of a process (REDIS_URL), holding the limits shared by every server process.
 * It never queues: without a connection a command fails at once (no offline queue) and a command
 * sent to a Redis that stops answering fails after COMMAND_TIMEOUT_MS, so the requests that need it
 * answer 503 quickly while everything else goes on. It keeps reconnecting in the background.
 * `report` hears when Redis is lost and when it is back (once per change, not per retry).
 */
export function createRedis(url: string, keyPrefix: string, report: (message: string) => void) {
  const redis = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let lost = false;
  redis.on('error', (error: Error) => {
    if (lost) return;
    lost = true;
    report(`Redis unreachable (${error.message}): sign-in, registration and password resets answer 503 until it is back`);
  });
  redis.on('ready', () => {
    if (lost) report('Redis reachable again');
    lost = false;
  });
  return redis;
}

/** At start: waits until the client is connected, at most the connect timeout (the server starts
 * anyway; the limited routes answer 503 until Redis is there). An error meanwhile (a refused
 * connection, a ready check that timed out) is no reason to stop waiting: the client keeps trying
 * and reports it itself. (events.once would reject on the client's first 'error'.) */
export async function redisConnected(redis: Redis): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise<boolean>((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(done, CONNECT_TIMEOUT_MS, false);
    timer.unref();
    redis.on('ready', onReady);
  });
}

/** Whether Redis answers a PING (within the command timeout; at once false while disconnected). */
export async function redisReachable(redis: Redis): Promise<boolean> {
  return redis.ping().then(() => true, () => false);
}

/** QUIT when connected (waits for the replies in flight), otherwise just drop the connection. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

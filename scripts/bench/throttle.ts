/**
 * The sign-in throttle under a flood of distinct failing sources: memory and time per call.
 *
 *   node --expose-gc --import tsx scripts/bench/throttle.ts     (npm run bench:throttle)
 *
 * Feeds SOURCES (100,000) distinct addresses, each failing a sign-in for its own account, through
 * the real LoginThrottle and its in-memory store (the cap as configured, THROTTLE_MAX_KEYS), then
 * prints the heap and resident-memory growth and the time each admit + failed pair took. A warm-up
 * of WARMUP (10,000) other sources comes first (compiled code, a grown young generation: a server
 * that has run a while), and a plain loop of the same length shows the machine's own pauses (a
 * virtual machine's CPU may be taken away for a few milliseconds now and then).
 */
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { loadConfig } from '../../server/config.js';
import { MemoryAttemptStore, LoginThrottle } from '../../server/modules/credentials/index.js';
import { fmt, heading, quantile } from './lib.js';

const SOURCES = Number(process.env.SOURCES ?? 100_000);
const WARMUP = Number(process.env.WARMUP ?? 10_000);
const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => { gc?.(); gc?.(); const m = process.memoryUsage(); return { heap: m.heapUsed, rss: m.rss }; };
const mb = (bytes: number) => fmt(bytes / 1_048_576, 1);

heading(`throttle: ${SOURCES.toLocaleString('en-US')} distinct failing sources`);
if (!gc) console.log('  (run with node --expose-gc for exact heap figures)');
const config = loadConfig({});
const store = new MemoryAttemptStore(config.THROTTLE_MAX_KEYS);
const throttle = new LoginThrottle(store, {
  windowMs: config.LOGIN_THROTTLE_WINDOW_MINUTES * 60_000,
  maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  accountLockMs: config.LOGIN_ACCOUNT_LOCK_MINUTES * 60_000,
  maxFailuresPerAccountPerHour: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR,
  maxFailuresPerSource: config.LOGIN_MAX_FAILURES_PER_IP,
});

const source = (i: number) => ({
  // Half IPv4, half IPv6 in distinct /64s; each its own church code and email.
  ip: i % 2 ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` : `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`,
  account: `C${String(i % 1_000_000).padStart(5, '0')}:user${i}@example.org`,
});
for (let i = 0; i < WARMUP; i++) {
  const { ip, account } = source(SOURCES + i);
  if ((await throttle.admit(account, ip)).admitted) await throttle.failed(account, ip);
}

// Garbage-collection pauses stop every call in the process; they are told apart from the throttle's own time.
const pauses: Array<[number, number]> = [];
const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) pauses.push([e.startTime, e.startTime + e.duration]); });
observer.observe({ entryTypes: ['gc'] });
const starts = new Float64Array(SOURCES);

const before = memory();
const sizeBefore = store.size;
const times = new Float64Array(SOURCES);
const runStart = performance.now();
for (let i = 0; i < SOURCES; i++) {
  const { ip, account } = source(i);
  const t0 = performance.now();
  const admission = await throttle.admit(account, ip);
  if (admission.admitted) await throttle.failed(account, ip);
  starts[i] = t0;
  times[i] = performance.now() - t0;
}
const runMs = performance.now() - runStart;
await new Promise((resolve) => setTimeout(resolve, 50)); // let the observer deliver
observer.disconnect();
const after = memory();
store.close();
// The control: a loop that allocates nothing, as long as the run, and its longest gap between two turns.
let noise = 0;
for (let last = performance.now(), end = last + runMs; last < end;) {
  const now = performance.now();
  noise = Math.max(noise, now - last);
  last = now;
}
const sorted = Float64Array.from(times).sort();
const duringPause = (i: number) => pauses.some(([from, to]) => from < starts[i] + times[i] && to > starts[i]);
const over = [...times.keys()].filter((i) => times[i] > 5);
const ownOver = over.filter((i) => !duringPause(i));
const ownMax = Math.max(...[...times.keys()].filter((i) => !duringPause(i)).map((i) => times[i]));
console.log(`  windows kept: ${store.size.toLocaleString('en-US')}, ${(store.size - sizeBefore).toLocaleString('en-US')} of them from the run (cap ${config.THROTTLE_MAX_KEYS.toLocaleString('en-US')})`);
console.log(`  heap growth ${mb(after.heap - before.heap)} MB, resident growth ${mb(after.rss - before.rss)} MB (target < 50 MB)`);
console.log(`  per attempt (admit + failed): median ${fmt(quantile(sorted, 0.5), 3)} ms, p99 ${fmt(quantile(sorted, 0.99), 3)} ms, ` +
  `max ${fmt(sorted[sorted.length - 1], 2)} ms`);
console.log(`  calls over 5 ms: ${over.length}, of which ${over.length - ownOver.length} overlapped a garbage-collection pause ` +
  `(${pauses.length} pauses in the run); the slowest call without a pause: ${fmt(ownMax, 2)} ms (target: none over 5 ms)`);
console.log(`  the machine itself: longest gap in a plain loop of the same length (${fmt(runMs / 1000, 1)} s): ${fmt(noise, 2)} ms`);

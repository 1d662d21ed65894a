/**
 * Issue 2 benchmark: sign-in, session verification and a tenant read through the real HTTP server,
 * then the cost of the tenant door itself.
 *
 *   npx tsx scripts/bench/auth-and-tenant.ts            (npm run bench)
 *
 * Environment: BENCH_DATABASE_URL (server + base name; this script uses <name>_auth, default
 * ss_bench_auth), BENCH_SECONDS (10), BENCH_CONNECTIONS (64), LOGIN_CONNECTIONS (8),
 * BENCH_POOL_SIZE (the app's DB_POOL_SIZE default), DOOR_OPS (20000), DOOR_CONCURRENCY (32),
 * DOOR_DELAY_MS (1: one-way delay of the emulated network for the last table; 0 skips it).
 */
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { createPostgresDatabase, preparingClient } from '../../server/db/postgres.js';
import { tenantSetupSql, type Database } from '../../server/db/database.js';
import { demoEmail, seedDemoChurch } from '../../server/modules/demo/index.js';
import {
  APP_POOL_SIZE, BENCH_SECONDS, LOAD_GENERATOR, LOAD_GENERATOR_TEXT, authHeaders, call, databaseUrl, fmt, freshDatabase, heading, load,
  machineState, printTable, ratio, runOps, signIn, startApp, startPgProxy, type LoadResult, type OpsResult,
} from './lib.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const LOGIN_CONNECTIONS = Number(process.env.LOGIN_CONNECTIONS ?? 8);
const DOOR_OPS = Number(process.env.DOOR_OPS ?? 20_000);
const DOOR_CONCURRENCY = Number(process.env.DOOR_CONCURRENCY ?? 32);
const DOOR_DELAY_MS = Number(process.env.DOOR_DELAY_MS ?? 1);
const CODE = 'BENCH1';
const PASSWORD = 'bench-password-123';

const url = databaseUrl('_auth');

async function main() {
  heading('auth-and-tenant (issue 2)');
  console.log(`  database ${url}`);
  console.log(`  ${await machineState(url)}`);
  console.log(`  runs of ${BENCH_SECONDS} s after a short warm-up; app pool ${APP_POOL_SIZE} connections; HTTP load from ${LOAD_GENERATOR_TEXT}`);

  const db = await freshDatabase(url);
  const demo = await seedDemoChurch(db, { code: CODE, password: PASSWORD });
  const churchId = demo.churchId;
  const app = await startApp(db);
  const email = demoEmail('principal', CODE);
  const session = await signIn(app.url, CODE, email, PASSWORD);
  const usage = await call(app.url, 'GET', '/api/subscription/usage', { token: session.token, code: CODE });
  console.log(`  demo church ${CODE} (${churchId}); usage answer: ${JSON.stringify(usage.body.data?.usage)}`);

  await roundTripsPerRequest(url, session.token, email);

  heading(`HTTP load (real server, ${LOAD_GENERATOR})`);
  const results: LoadResult[] = [];
  results.push(await load({
    name: 'POST /api/auth/login (argon2id)', url: `${app.url}/api/auth/login`, method: 'POST',
    body: { church_code: CODE, email, password: PASSWORD }, connections: LOGIN_CONNECTIONS,
  }));
  results.push(await load({
    name: 'GET /api/auth/verify', url: `${app.url}/api/auth/verify`,
    headers: authHeaders(session.token, CODE), connections: CONNECTIONS,
  }));
  results.push(await load({
    name: 'GET /api/subscription/usage', url: `${app.url}/api/subscription/usage`,
    headers: authHeaders(session.token, CODE), connections: CONNECTIONS,
  }));
  results.push(await load({
    name: 'GET /api/health (no database)', url: `${app.url}/api/health`, connections: CONNECTIONS,
  }));
  await app.close();
  await db.close();

  console.log();
  printTable(results.map((r) => ({
    endpoint: r.name, connections: r.connections, 'req/s': Math.round(r.reqPerSec), 'mean ms': Number(r.meanMs.toFixed(2)),
    'p50 ms': r.p50Ms, 'p99 ms': r.p99Ms, errors: r.errors, 'non-2xx': r.non2xx,
  })));
  const health = results[3].reqPerSec;
  console.log(`\n  Share of the no-database ceiling (GET /api/health): verify ${fmt(100 * results[1].reqPerSec / health, 0)}%, usage ${fmt(100 * results[2].reqPerSec / health, 0)}%`);
  const cores = (await import('node:os')).cpus().length;
  console.log(`  Sign-in: if the ${cores} cores are saturated, one login costs ~${fmt(1000 * cores / results[0].reqPerSec, 0)} ms of CPU (argon2id 19 MiB, t=2, plus two door transactions)`);

  await doorOverhead(url, churchId);
  console.log(`\n  machine at the end: ${await machineState(url)} (the load average includes this benchmark's own load)`);
}

/** Round trips one REST call costs, counted on the wire by the proxy (steady state, pool of 1). */
async function roundTripsPerRequest(dbUrl: string, token: string, email: string) {
  heading('Round trips per request (counted on the wire)');
  const proxy = await startPgProxy({ target: dbUrl });
  const proxied = createPostgresDatabase(proxy.urlFor(dbUrl), 1);
  const app = await startApp(proxied);
  const rows: Array<Record<string, string | number>> = [];
  const measure = async (name: string, fn: () => Promise<unknown>, times = 5) => {
    for (let i = 0; i < 3; i++) await fn(); // warm: directory cache, prepared statements
    proxy.resetStats();
    for (let i = 0; i < times; i++) await fn();
    rows.push({ request: name, 'round trips': proxy.stats.turns / times, 'statements sent': proxy.stats.statements / times });
  };
  await measure('GET /api/auth/verify', () => call(app.url, 'GET', '/api/auth/verify', { token, code: CODE }));
  await measure('GET /api/subscription/usage', () => call(app.url, 'GET', '/api/subscription/usage', { token, code: CODE }));
  await measure('POST /api/auth/login', () => call(app.url, 'POST', '/api/auth/login', { body: { church_code: CODE, email, password: PASSWORD } }), 2);
  // Statements are only decoded by a capturing proxy; count them with one.
  await app.close();
  await proxied.close();
  await proxy.close();

  const capturing = await startPgProxy({ target: dbUrl, capture: true });
  const db2 = createPostgresDatabase(capturing.urlFor(dbUrl), 1);
  const app2 = await startApp(db2);
  const statementsOf = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < 3; i++) await fn();
    capturing.takeStatements();
    await fn();
    return capturing.takeStatements().length;
  };
  rows[0]['statements sent'] = await statementsOf(() => call(app2.url, 'GET', '/api/auth/verify', { token, code: CODE }));
  rows[1]['statements sent'] = await statementsOf(() => call(app2.url, 'GET', '/api/subscription/usage', { token, code: CODE }));
  rows[2]['statements sent'] = await statementsOf(() => call(app2.url, 'POST', '/api/auth/login', { body: { church_code: CODE, email, password: PASSWORD } }));
  await app2.close();
  await db2.close();
  await capturing.close();
  printTable(rows);
  console.log('  (a simple-protocol "begin; select set_config(...)" counts as one statement; login opens the door twice)');
}

type Variant = { name: string; trips: string; run: () => Promise<unknown> };

function doorVariants(database: Database, pool: postgres.Sql, churchId: string): Variant[] {
  const setup = tenantSetupSql(churchId);
  const query = sql`select count(*)::int as n from students where church_id = ${churchId}`;
  const direct = drizzle(preparingClient(pool, pool.options));
  // as the door does: drizzle over a client that prepares its statements
  const bind = (t: postgres.TransactionSql) => drizzle(preparingClient(t, pool.options));
  return [
    {
      name: 'pool, postgres.js tagged query', trips: '1',
      run: () => pool`select count(*)::int as n from students where church_id = ${churchId}`,
    },
    { name: 'pool, drizzle (prepared)', trips: '1', run: () => direct.execute(query) },
    { name: 'db.withTenant + drizzle (the app)', trips: '2', run: () => database.withTenant(churchId, (tx) => tx.execute(query)) },
    {
      name: 'sql.begin + pipelined set_config', trips: '3',
      run: () => pool.begin((t) => {
        const s = t.unsafe(setup);
        return Promise.all([s, bind(t).execute(query)]);
      }),
    },
    {
      name: 'sql.begin + awaited set_config', trips: '4',
      run: () => pool.begin(async (t) => {
        await t.unsafe(setup);
        return bind(t).execute(query);
      }),
    },
  ];
}

async function doorOverhead(dbUrl: string, churchId: string) {
  heading(`Tenant door overhead: ${DOOR_OPS} x "select count(*) from students where church_id = $1", concurrency ${DOOR_CONCURRENCY}`);
  const pool = postgres(dbUrl, { max: DOOR_CONCURRENCY, onnotice: () => {} });
  const database = createPostgresDatabase(dbUrl, DOOR_CONCURRENCY);
  const variants = doorVariants(database, pool, churchId);
  const results: Array<{ v: Variant; r: OpsResult }> = [];
  for (const v of variants) {
    await runOps(Math.min(2000, DOOR_OPS), DOOR_CONCURRENCY, v.run); // warm-up: connections, prepared statements
    results.push({ v, r: await runOps(DOOR_OPS, DOOR_CONCURRENCY, v.run) });
  }
  await pool.end({ timeout: 5 });
  await database.close();

  // Round trips, counted on the wire with one connection and one operation at a time.
  const proxy = await startPgProxy({ target: dbUrl });
  const pPool = postgres(proxy.urlFor(dbUrl), { max: 1, onnotice: () => {} });
  const pDatabase = createPostgresDatabase(proxy.urlFor(dbUrl), 1);
  const trips: number[] = [];
  for (const v of doorVariants(pDatabase, pPool, churchId)) {
    await runOps(20, 1, v.run);
    proxy.resetStats();
    await runOps(200, 1, v.run);
    trips.push(proxy.stats.turns / 200);
  }
  await pPool.end({ timeout: 5 });
  await pDatabase.close();
  await proxy.close();

  const base = results[1].r.opsPerSec; // the same query through the same layer (drizzle), no door
  printTable(results.map(({ v, r }, i) => ({
    variant: v.name, 'round trips: expected': v.trips, counted: trips[i], 'ops/s': Math.round(r.opsPerSec), 'mean ms': Number(r.meanMs.toFixed(3)),
    'p50 ms': Number(r.p50Ms.toFixed(3)), 'p99 ms': Number(r.p99Ms.toFixed(3)), 'vs pool+drizzle': `${fmt(ratio(r.opsPerSec, base), 2)}x`,
  })));
  const door = results[2].r.opsPerSec;
  console.log(`\n  door / pool throughput ratio (both drizzle): ${fmt(ratio(door, base), 2)} ` +
    `(the door costs ${fmt(100 * (1 - door / base), 0)}% of the plain query's throughput)`);
  console.log(`  door / plain postgres.js pool query: ${fmt(ratio(door, results[0].r.opsPerSec), 2)}`);
  console.log(`  app door vs sql.begin + pipelined set_config: ${fmt(ratio(door, results[3].r.opsPerSec), 2)}x; ` +
    `vs sql.begin + awaited set_config: ${fmt(ratio(door, results[4].r.opsPerSec), 2)}x`);
  console.log('  (the door pipelines "begin; set_config" with the first query and prepares statements, so it adds one');
  console.log('   round trip, the COMMIT; sql.begin awaits BEGIN before anything else.)');

  if (DOOR_DELAY_MS > 0) {
    const ops = Math.max(1000, Math.round(DOOR_OPS / 10));
    heading(`Same, through an emulated network: +${DOOR_DELAY_MS} ms each way (~${2 * DOOR_DELAY_MS} ms round trip), ${ops} ops, concurrency ${DOOR_CONCURRENCY}`);
    const slow = await startPgProxy({ target: dbUrl, delayMs: DOOR_DELAY_MS });
    const sPool = postgres(slow.urlFor(dbUrl), { max: DOOR_CONCURRENCY, onnotice: () => {} });
    const sDatabase = createPostgresDatabase(slow.urlFor(dbUrl), DOOR_CONCURRENCY);
    const measured: Array<{ v: Variant; r: OpsResult }> = [];
    for (const v of doorVariants(sDatabase, sPool, churchId)) {
      await runOps(DOOR_CONCURRENCY * 4, DOOR_CONCURRENCY, v.run);
      measured.push({ v, r: await runOps(ops, DOOR_CONCURRENCY, v.run) });
    }
    const slowBase = measured[1].r.opsPerSec;
    const rows = measured.map(({ v, r }, i) => ({
      variant: v.name, 'round trips': trips[i], 'ops/s': Math.round(r.opsPerSec), 'p50 ms': Number(r.p50Ms.toFixed(2)),
      'p99 ms': Number(r.p99Ms.toFixed(2)), 'vs pool+drizzle': `${fmt(ratio(r.opsPerSec, slowBase), 2)}x`,
    }));
    await sPool.end({ timeout: 5 });
    await sDatabase.close();
    await slow.close();
    printTable(rows);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

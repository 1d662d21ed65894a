/**
 * The mark benchmark on a Citus cluster beside plain PostgreSQL.
 *
 *   npm run bench:citus    (tsx scripts/bench/citus-mark.ts)
 *
 * The same generated data (generate-data, shape from CHURCHES / STUDENTS_PER_CHURCH / DAYS ...,
 * default CHURCHES=100) goes into two targets:
 *   1. plain PostgreSQL: the bench database ss_bench_citus_plain on BENCH_DATABASE_URL's server
 *      (dropped and recreated, dropped again at the end);
 *   2. Citus: a throw-away coordinator and 2 workers (scripts/citus/cluster.ts), the data in the
 *      coordinator's own `postgres` database (never recreated: a database created on a coordinator
 *      has no Citus), migrated first so the tables are distributed before the COPY.
 * On each, the app in this process signs in one teacher per church and POST /api/attendance/mark for
 * a class of 15 runs on BENCH_CONNECTIONS connections, each its own church, for BENCH_SECONDS, with
 * lib.ts's load generator. Printed: requests/s, p50/p99, CPU per mark of the app and of the machine,
 * of the database server(s) (for the cluster the 3 postmasters' process trees), and the statements and
 * round trips one mark sends to the database it is given (on Citus, the coordinator; what the
 * coordinator sends on to a worker is not counted). The cluster is stopped at the end, also on failure.
 *
 * Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (32, fewer when there are too few churches for
 * each connection to have its own), CHURCHES (100) and the other settings of generate-data.
 */
import { readFileSync } from 'node:fs';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { startCluster, stopCluster, type ClusterState } from '../citus/cluster.js';
import {
  APP_POOL_SIZE, BENCH_SECONDS, CLK_TCK, LOAD_GENERATOR, LOAD_GENERATOR_TEXT, call, databaseName, databaseUrl, dropDatabase, firstClasses,
  fmt, heading, load, machineState, postgresCpu, postgresMsPer, postmasterOf, printTable, signIn, startApp, startPgProxy,
  type LoadResult, type PostgresCpuSample,
} from './lib.js';
import { BENCH_PASSWORD, attendanceDates, churchCode, generateData, paramsFromEnv, teacherEmail } from './generate-data.js';

const params = { ...paramsFromEnv(), churches: Number(process.env.CHURCHES ?? 100) };
// wrk sends the requests in turn, so it needs twice as many churches as connections for no church to
// be marked twice at once (row locks); autocannon gives each connection one church.
const churchesPerConnection = LOAD_GENERATOR === 'wrk' ? 2 : 1;
const CONNECTIONS = Math.max(1, Math.min(
  Number(process.env.BENCH_CONNECTIONS ?? 32), Math.floor((params.churches - 1) / churchesPerConnection)));
const plainUrl = databaseUrl('_citus_plain');

interface Target {
  name: string;
  url: string;
  /** The `url`s of the database servers whose CPU is counted (the coordinator and workers). */
  serverUrls: string[];
  database: string;
  /** Whether generate-data drops and recreates the database (never on the coordinator). */
  recreate: boolean;
}

interface Measured {
  target: string;
  run: LoadResult;
  /** ms of the database's own backends and of the whole server(s), per mark. */
  databaseMs: [number, number];
  mainThreadUs: number;
  statements: number;
  roundTrips: number;
}

/** CPU ticks of this process's main thread (the app's event loop), from /proc/self/task/<pid>/stat:
 * without the load generator's worker thread, which the process figure includes. */
function mainThreadTicks(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Statements and round trips of one mark (the second of a church, caches warm), through a counting
 * proxy in front of the target's database. */
async function countOneMark(url: string, mark: { token: string; code: string; body: unknown }) {
  const proxy = await startPgProxy({ target: url, capture: true });
  const db = createPostgresDatabase(proxy.urlFor(url), 1);
  const app = await startApp(db);
  try {
    await call(app.url, 'POST', '/api/attendance/mark', mark);
    proxy.takeStatements();
    const before = proxy.stats.turns;
    const res = await call(app.url, 'POST', '/api/attendance/mark', mark);
    if (res.status !== 200) throw new Error(`counting: the mark answered ${res.status} ${res.body.message}`);
    return { statements: proxy.takeStatements().length, roundTrips: proxy.stats.turns - before };
  } finally {
    await app.close();
    await db.close();
    await proxy.close();
  }
}

async function measure(target: Target): Promise<Measured> {
  heading(`${target.name}: generate ${params.churches} churches, then mark`);
  const generated = await generateData(target.url, params, undefined, { recreate: target.recreate });
  console.log(`  generated in ${fmt(generated.seconds, 1)} s`);

  const codes = Array.from({ length: CONNECTIONS * churchesPerConnection }, (_, k) => churchCode(1 + k));
  const classes = await firstClasses(target.url, codes);
  const date = attendanceDates(1)[0];
  const db = createPostgresDatabase(target.url, APP_POOL_SIZE);
  const app = await startApp(db);
  try {
    const marks = [];
    for (const code of codes) {
      const session = await signIn(app.url, code, teacherEmail(Number(code.slice(1)), 0), BENCH_PASSWORD);
      const cls = classes.get(code)!;
      marks.push({
        token: session.token, code,
        body: {
          classId: cls.classId, date,
          attendanceData: cls.studentIds.map((studentId, j) => ({ studentId, status: j % 6 === 5 ? 'absent' : 'present' })),
        },
      });
    }
    const first = await call(app.url, 'POST', '/api/attendance/mark', marks[0]);
    if (first.status !== 200) throw new Error(`the mark answered ${first.status} ${first.body.message}`);
    const counted = await countOneMark(target.url, marks[0]);
    console.log(`  one mark = ${counted.statements} statements in ${counted.roundTrips} round trips (app to ${target.name === 'PostgreSQL' ? 'server' : 'coordinator'})`);

    const perConnection = marks.map((m) => ({
      method: 'POST', path: '/api/attendance/mark',
      headers: { authorization: `Bearer ${m.token}`, 'x-church-code': m.code, 'content-type': 'application/json' },
      body: JSON.stringify(m.body),
    }));
    const spec = { url: app.url, connections: CONNECTIONS, perConnection, warmupSeconds: 0 };
    // The warm-up is a run of its own so that the database CPU below is sampled around the measured run only.
    await load({ ...spec, name: 'warm-up', seconds: Math.min(2, BENCH_SECONDS) });
    const postmasters = (await Promise.all(target.serverUrls.map(postmasterOf))).filter((pid): pid is number => pid !== undefined);
    const sampleDatabase = () => postmasters.map((pid) => postgresCpu(pid, target.database));
    const db0: PostgresCpuSample[] = sampleDatabase();
    const thread0 = mainThreadTicks();
    const run = await load({ ...spec, name: `${target.name} POST /api/attendance/mark` });
    const thread1 = mainThreadTicks();
    const db1 = sampleDatabase();
    const databaseMs = db0.reduce<[number, number]>((sum, before, i) => {
      const [backends, server] = postgresMsPer(before, db1[i], run.requests);
      return [sum[0] + backends, sum[1] + server];
    }, [0, 0]);
    return {
      target: target.name, run, databaseMs, ...counted,
      mainThreadUs: ((thread1 - thread0) * 1e6) / CLK_TCK / Math.max(1, run.requests),
    };
  } finally {
    await app.close();
    await db.close();
  }
}

async function main() {
  heading('mark on Citus beside plain PostgreSQL');
  console.log(`  ${params.churches} churches x ${params.studentsPerChurch} students in ${params.classesPerChurch} classes x ${params.days} Sundays; ` +
    `${CONNECTIONS} connections, each its own church; runs of ${BENCH_SECONDS} s; app pool ${APP_POOL_SIZE}; load from ${LOAD_GENERATOR_TEXT}`);
  console.log(`  machine: ${await machineState(plainUrl.replace(/\/[^/]*$/, '/postgres'))}`);

  let cluster: ClusterState | undefined;
  const stop = async () => {
    const running = cluster;
    cluster = undefined;
    if (!running) return;
    for (const node of running.nodes) stoppedPorts.add(node.port);
    await stopCluster(running);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => { void stop().finally(() => process.exit(130)); });
  }
  const results: Measured[] = [];
  try {
    results.push(await measure({ name: 'PostgreSQL', url: plainUrl, serverUrls: [plainUrl], database: databaseName(plainUrl), recreate: true }));
    const started = Date.now();
    cluster = await startCluster();
    console.log(`\n  Citus cluster (coordinator + ${cluster.nodes.length - 1} workers) up in ${fmt((Date.now() - started) / 1000, 1)} s: ${cluster.coordinatorUrl}`);
    results.push(await measure({
      name: 'Citus', url: cluster.coordinatorUrl, serverUrls: cluster.nodes.map((n) => n.url), database: 'postgres', recreate: false,
    }));
  } finally {
    await stop();
    await dropDatabase(plainUrl);
  }

  heading('mark: plain PostgreSQL and Citus (coordinator + 2 workers), same data and load');
  printTable(results.map((r) => ({
    target: r.target,
    'req/s': Math.round(r.run.reqPerSec),
    'p50 ms': r.run.p50Ms,
    'p99 ms': r.run.p99Ms,
    errors: r.run.errors + r.run.non2xx,
    'app thread µs': Math.round(r.mainThreadUs),
    'app proc µs': Math.round(r.run.processCpuUsPerRequest),
    'machine µs': Math.round(r.run.machineCpuUsPerRequest),
    'db backends µs': Math.round(r.databaseMs[0] * 1000),
    'db servers µs': Math.round(r.databaseMs[1] * 1000),
    statements: r.statements,
    'round trips': r.roundTrips,
  })));
  console.log(`
  CPU per mark from /proc. app thread: this process's main thread (the app's event loop); app proc:
  the whole process${LOAD_GENERATOR === 'wrk' ? '' : ', with the load generator\'s worker thread'}; machine: every process on the machine, others' work
  included. db backends: the target database's backends; db servers: the whole PostgreSQL server for
  plain PostgreSQL (other databases' work on the shared server included), the coordinator's and both
  workers' process trees for Citus. Statements and round trips: from the app to the database it is
  given; on Citus the coordinator's own traffic to the workers is not in them.
  machine at the end: ${await machineState(plainUrl.replace(/\/[^/]*$/, '/postgres'))}`);
}

/**
 * Seen on the coordinator: closing the app's database (db.close()) starts new connections to it that
 * are still trying when the cluster stops, and their refused connects reject with no handler. They
 * are counted here, not a crash; anything else unhandled still ends the process.
 */
const stoppedPorts = new Set<number>();
let lateConnects = 0;
process.on('unhandledRejection', (error) => {
  const refused = error as { code?: string; port?: number };
  if (refused?.code === 'ECONNREFUSED' && stoppedPorts.has(refused.port ?? -1)) {
    lateConnects++;
    return;
  }
  throw error;
});
process.on('exit', () => {
  if (lateConnects) console.log(`  note: ${lateConnects} connects to the stopped cluster were refused after it stopped (started by db.close())`);
});

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

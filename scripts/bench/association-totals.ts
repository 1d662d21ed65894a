/**
 * Issue 45 benchmark: what an association sees of its member churches, on the 1,000-church database.
 *
 *   npx tsx scripts/bench/association-totals.ts    (npm run bench:association)
 *
 * The database: generate-data's 1,000 churches (100 students in 6 classes, DAYS (50) Sundays of
 * marks), made once and kept (REGENERATE=1 makes it again), plus enrolment consent for about 70 % of
 * the children (a few withdrawn later), written as the owner. Marks are laid out in two ways, each its
 * own database (ORDERS, default both): `student` (generate-data's default: each child's Sundays
 * together, so a month's marks are spread over the whole table, the worst case for these reads) and
 * `week` (Sunday by Sunday, as roll calls arrive in a church's life: a month's marks sit together).
 *
 * Measured, RUNS (20) sequential calls each after 3 to warm the caches, each in its own transaction as
 * app_platform (the owner of the functions, as the association's functions call them): the month's
 * totals of 820 member churches (platform_church_month_totals, the latest month with marks) and the
 * academic year's trend (platform_church_year_trend), each beside the same call for 1 church (the
 * control). Median and 95th percentile wall time, and CPU per call of the database's backends and of
 * the whole machine, from /proc. Then the same through the real HTTP server (in this process), as an
 * association admin: GET /api/association/totals and /api/association/trend of an association of 820
 * member churches in 40 sections, beside an association of 1 (made as the owner: officers, sections,
 * active memberships). The bar: the totals of 820 churches under 500 ms on PostgreSQL.
 *
 * CITUS=1: the same on a throw-away Citus cluster (coordinator + 2 workers, scripts/citus/cluster.ts),
 * the data generated into the coordinator's `postgres` database after the migrations distributed its
 * tables (marks laid out Sunday by Sunday); CPU is then the three servers' process trees, and each
 * function call is counted for the multi-shard statements Citus ran for it
 * (citus.multi_task_query_log_level raises a notice for each). The cluster is stopped at the end.
 */
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { startCluster, stopCluster, type ClusterState } from '../citus/cluster.js';
import { hashPassword } from '../../server/modules/credentials/index.js';
import {
  BASE_DATABASE_URL, call, cpuSample, cpuUsPerOperation, databaseExists, databaseName, fmt, heading, machineState, ownerClient,
  postgresCpu, postgresMsPer, postmasterOf, printTable, quantile, startApp,
} from './lib.js';
import { BENCH_PASSWORD, generateData, paramsFromEnv, readShape, type GeneratedShape } from './generate-data.js';

const RUNS = Number(process.env.RUNS ?? 20);
const MEMBERS = Number(process.env.MEMBERS ?? 820);
const ORDERS = (process.env.ORDERS ?? 'student,week').split(',').filter((o): o is 'student' | 'week' => o === 'student' || o === 'week');

/** The database of one layout, made when missing (or REGENERATE=1), migrated, with consent answers. */
async function prepare(order: 'student' | 'week', coordinatorUrl?: string): Promise<{ url: string; shape: GeneratedShape }> {
  const url = coordinatorUrl ?? `${BASE_DATABASE_URL}_association${order === 'week' ? '_week' : ''}`;
  let shape = coordinatorUrl === undefined && (await databaseExists(url)) ? await readShape(url) : undefined;
  if (!shape || (shape.attendanceOrder ?? 'student') !== order || process.env.REGENERATE === '1') {
    const t = performance.now();
    // A coordinator's database is never recreated (one created later has no Citus): migrated, then filled.
    await generateData(url, { ...paramsFromEnv(), attendanceOrder: order }, () => {}, { recreate: coordinatorUrl === undefined });
    shape = (await readShape(url))!;
    console.log(`  generated ${databaseName(url)} in ${fmt((performance.now() - t) / 1000)} s`);
  }
  const db = createPostgresDatabase(url, 1);
  await db.migrate(); // the functions of this branch's migrations on a database made before them
  await db.close();
  const sql = ownerClient(url);
  try {
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from student_consents`;
    if (n === 0) {
      // ~70 % given on paper in the first month of marks; one in 20 of those withdrawn a month later.
      await sql`insert into student_consents (church_id, student_id, purpose, given, guardian_name, guardian_relation, method, recorded_by_name, recorded_at)
        select s.church_id, s.id, 'enrolment', true, 'Parent', 'parent', 'paper_form', 'Bench', ${shape.dates[1]}::timestamptz
        from students s where abs(hashtext(s.id::text)) % 10 < 7`;
      await sql`insert into student_consents (church_id, student_id, purpose, given, guardian_name, guardian_relation, method, recorded_by_name, recorded_at)
        select s.church_id, s.id, 'enrolment', false, 'Parent', 'parent', 'paper_form', 'Bench', ${shape.dates[1]}::timestamptz + interval '30 days'
        from students s where abs(hashtext(s.id::text)) % 10 < 7 and abs(hashtext(s.id::text)) % 20 = 0`;
      await sql`vacuum analyze student_consents`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return { url, shape };
}

/** Where the figures are read: the database and the servers whose CPU counts. Plain PostgreSQL: the
 * database's own backends; Citus: the whole process trees of the coordinator and the workers. */
interface Target {
  url: string;
  postmasters: number[];
  citus: boolean;
}

type CpuSample = ReturnType<typeof postgresCpu>[];
const sampleServers = (target: Target): CpuSample => target.postmasters.map((pm) => postgresCpu(pm, databaseName(target.url)));
/** ms per call: the database's backends on PostgreSQL, the servers' trees on Citus. */
function databaseMsPer(target: Target, before: CpuSample, after: CpuSample, runs: number) {
  let ms = 0;
  before.forEach((sample, i) => { ms += postgresMsPer(sample, after[i], runs)[target.citus ? 1 : 0]; });
  return ms;
}
const databaseCpuColumn = (target: Target) => (target.citus ? 'servers (coordinator + workers)' : 'backend');

/** On Citus: the multi-shard statements Citus runs for one call (one notice each). */
async function multiShardStatements(target: Target, statement: string, args: unknown[]) {
  let notices = 0;
  const sql = postgres(target.url, { max: 1, onnotice: () => { notices++; } });
  try {
    await sql.begin(async (tx) => {
      await tx`select set_config('role', 'app_platform', true)`;
      await tx`select set_config('citus.multi_task_query_log_level', 'notice', true)`;
      await tx.unsafe(statement, args as never[]);
    });
    return notices;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function measure(target: Target, label: string, size: string, statement: string, args: unknown[]) {
  const sql = ownerClient(target.url);
  try {
    const once = async () => sql.begin(async (tx) => {
      await tx`select set_config('role', 'app_platform', true)`;
      return tx.unsafe(statement, args as never[]);
    });
    let rows = 0;
    for (let i = 0; i < 3; i++) rows = (await once()).length;
    const times: number[] = [];
    const before = cpuSample();
    const pgBefore = sampleServers(target);
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await once();
      times.push(performance.now() - started);
    }
    const [, machineUs] = cpuUsPerOperation(before, cpuSample(), RUNS);
    const databaseMs = target.postmasters.length ? databaseMsPer(target, pgBefore, sampleServers(target), RUNS) : NaN;
    times.sort((a, b) => a - b);
    return {
      call: label, churches: size, rows, 'median ms': fmt(quantile(times, 0.5)), 'p95 ms': fmt(quantile(times, 0.95)),
      [`CPU ms/call (database ${databaseCpuColumn(target)})`]: fmt(databaseMs), 'CPU ms/call (machine)': fmt(machineUs / 1000),
      ...(target.citus ? { 'multi-shard statements': await multiShardStatements(target, statement, args) } : {}),
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** An association (code, name) with an admin (admin@<code>.bench, BENCH_PASSWORD) and these active
 * member churches spread over `sections` sections, made again from nothing as the owner. */
async function makeAssociation(url: string, code: string, churchIds: string[], sections: number) {
  const sql = ownerClient(url);
  try {
    await sql`delete from associations where code = ${code}`;
    const [{ id }] = await sql<{ id: string }[]>`insert into associations (code, name, kind) values (${code}, ${`Bench ${code}`}, 'diocese') returning id`;
    await sql`insert into association_officers (association_id, name, email, password_hash, role)
      values (${id}, 'Bench admin', ${`admin@${code.toLowerCase()}.bench`}, ${await hashPassword(BENCH_PASSWORD)}, 'association_admin')`;
    await sql`insert into association_sections (association_id, name) select ${id}, 'Section ' || g from generate_series(1, ${sections}) g`;
    await sql`insert into association_memberships (association_id, church_id, section_id, status, invited_by_name, answered_at)
      select ${id}, m.church_id, s.id, 'active', 'Bench', now()
      from unnest(${churchIds}::uuid[]) with ordinality as m(church_id, n)
      join (select id, row_number() over (order by name) as k from association_sections where association_id = ${id}) s
        on s.k = 1 + (m.n - 1) % ${sections}`;
    await sql`analyze association_memberships, association_sections`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function measureHttp(target: Target, label: string, size: string, base: string, path: string, session: { token: string; code: string }) {
  const once = async () => {
    const res = await call(base, 'GET', path, session);
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${res.body.message}`);
    return res;
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  const before = cpuSample();
  const pgBefore = sampleServers(target);
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  const [processUs, machineUs] = cpuUsPerOperation(before, cpuSample(), RUNS);
  const databaseMs = target.postmasters.length ? databaseMsPer(target, pgBefore, sampleServers(target), RUNS) : NaN;
  times.sort((a, b) => a - b);
  return {
    request: label, churches: size, 'median ms': fmt(quantile(times, 0.5)), 'p95 ms': fmt(quantile(times, 0.95)),
    'CPU ms/request (this process)': fmt(processUs / 1000), [`CPU ms/request (database ${databaseCpuColumn(target)})`]: fmt(databaseMs),
    'CPU ms/request (machine)': fmt(machineUs / 1000),
  };
}

/** Both layouts on PostgreSQL, or (CITUS=1) one on a throw-away cluster. */
async function main() {
  heading(`association totals (issue 45)${process.env.CITUS === '1' ? ' on Citus' : ''}`);
  if (process.env.CITUS !== '1') {
    for (const order of ORDERS) {
      const { url, shape } = await prepare(order);
      const postmaster = await postmasterOf(url);
      await measureTarget({ url, postmasters: postmaster ? [postmaster] : [], citus: false }, shape, order);
    }
    return;
  }
  let cluster: ClusterState | undefined;
  try {
    cluster = await startCluster();
    const { url, shape } = await prepare('week', cluster.coordinatorUrl);
    const postmasters = (await Promise.all(cluster.nodes.map((node) => postmasterOf(node.url)))).filter((pm): pm is number => pm !== undefined);
    await measureTarget({ url, postmasters, citus: true }, shape, 'week');
  } finally {
    if (cluster) await stopCluster(cluster);
  }
}

async function measureTarget(target: Target, shape: GeneratedShape, order: 'student' | 'week') {
  const { url } = target;
  console.log(`\n  ${target.citus ? 'Citus coordinator + 2 workers' : databaseName(url)}: ${shape.churches} churches x ${shape.studentsPerChurch} students x ${shape.days} Sundays `
    + `(${shape.dates[1]} .. ${shape.dates[0]}), marks laid out by ${order}; academic year ${shape.academicYear}`);
  console.log(`  ${await machineState(url.replace(/\/[^/]*$/, '/postgres'))}`);
  const sql = ownerClient(url);
  const churchIds = (await sql<{ id: string }[]>`select id from churches order by code limit ${MEMBERS + 1}`).map((r) => r.id);
  const ids = churchIds.slice(0, MEMBERS);
  const outsider = churchIds[MEMBERS]; // the one-church association's member (a church is a member of one association at most)
  await sql.end({ timeout: 5 });
  const month = `${shape.dates[0].slice(0, 7)}-01`; // the latest month with marks
  const totals = 'select * from platform_church_month_totals($1::uuid[], $2, $3::date)';
  const trend = 'select * from platform_church_year_trend($1::uuid[], $2)';
  const all = `{${ids.join(',')}}`;
  const one = `{${ids[0]}}`;
  printTable([
    await measure(target, `month totals ${month.slice(0, 7)}`, String(ids.length), totals, [all, shape.academicYear, month]),
    await measure(target, `month totals ${month.slice(0, 7)}`, '1', totals, [one, shape.academicYear, month]),
    await measure(target, `year trend ${shape.academicYear}`, String(ids.length), trend, [all, shape.academicYear]),
    await measure(target, `year trend ${shape.academicYear}`, '1', trend, [one, shape.academicYear]),
  ]);

  await makeAssociation(url, 'ABENCH', ids, 40);
  await makeAssociation(url, 'ABENC1', [outsider], 1);
  const db = createPostgresDatabase(url, 10);
  const app = await startApp(db);
  try {
    const signIn = async (code: string) => {
      const res = await call(app.url, 'POST', '/api/auth/login', { body: { church_code: code, email: `admin@${code.toLowerCase()}.bench`, password: BENCH_PASSWORD } });
      if (res.status !== 200) throw new Error(`association sign-in ${code}: ${res.status} ${res.body.message}`);
      return { token: res.body.data.token as string, code };
    };
    const many = await signIn('ABENCH');
    const single = await signIn('ABENC1');
    const totalsPath = `/api/association/totals?academic_year=${shape.academicYear}&month=${month.slice(0, 7)}`;
    const trendPath = `/api/association/trend?academic_year=${shape.academicYear}`;
    printTable([
      await measureHttp(target, 'GET /api/association/totals', String(ids.length), app.url, totalsPath, many),
      await measureHttp(target, 'GET /api/association/totals', '1', app.url, totalsPath, single),
      await measureHttp(target, 'GET /api/association/trend', String(ids.length), app.url, trendPath, many),
      await measureHttp(target, 'GET /api/association/trend', '1', app.url, trendPath, single),
    ]);
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

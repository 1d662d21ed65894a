/**
 * The printed attendance documents: time, memory and CPU to make the monthly register of a 60-child
 * class and the church's yearly summary, through the real HTTP server on PostgreSQL.
 *
 *   node --expose-gc --import tsx scripts/bench/register.ts                  (npm run bench:register)
 *   SHAPE=thousand node --expose-gc --import tsx scripts/bench/register.ts   (npm run bench:register:thousand)
 *
 * SHAPE=one (the default) makes <BENCH_DATABASE_URL>_register with generate-data: one church,
 * CLASSES (12) classes over STUDENTS (600) children, the first class of 60, DAYS (52) Sundays of
 * marks up to the latest one. SHAPE=thousand makes <BENCH_DATABASE_URL>_register_thousand: the
 * 1,000-church database of generate-data's settings (CHURCHES 1000, STUDENTS_PER_CHURCH 100,
 * CLASSES_PER_CHURCH 6, DAYS 50), except that its first church (C00000, the one measured) has CLASSES
 * classes over STUDENTS children, the first of 60; a database of that very shape and latest Sunday is
 * kept from an earlier run unless REGENERATE=1.
 *
 * The app runs in this process, so its memory is measured here: the RSS and heap growth over the
 * settled baseline, sampled every 2 ms while each answer is made and read (peak of the run). The time
 * is the request's round trip on the loopback (the server's work: the door, the queries and the
 * drawing, since the PDF is drawn while it is sent). CPU per request comes from a second series of
 * RUNS requests back to back, without the sampler: this process's utime + stime from /proc/self/stat
 * (the app, and the fetch reading the answer) and PostgreSQL's from /proc/<pid>/stat, both of the
 * database's backends and of the whole server (with its ended children; other databases' work on a
 * shared server is in it too).
 *
 * Environment: SHAPE (one), RUNS (30), STUDENTS (600), CLASSES (12), DAYS (52 for one; for thousand
 * generate-data's), REGENERATE (0), and generate-data's CHURCHES, STUDENTS_PER_CHURCH,
 * CLASSES_PER_CHURCH, COPY_STREAMS for thousand.
 */
import { createPostgresDatabase } from '../../server/db/postgres.js';
import {
  APP_POOL_SIZE, databaseExists, databaseName, databaseUrl, fmt, heading, machineState,
  measureDocument, postgresCpu, postmasterOf, printTable, signIn, startApp, type DocumentFigures, type PostgresCpuSample,
} from './lib.js';
import {
  BENCH_PASSWORD, attendanceDates, churchCode, generateData, paramsFromEnv, principalEmail, readShape,
  type GenerateParams, type GeneratedShape,
} from './generate-data.js';

const RUNS = Number(process.env.RUNS ?? 30);
const SHAPE = process.env.SHAPE ?? 'one';
const STUDENTS = Number(process.env.STUDENTS ?? 600);
const CLASSES = Number(process.env.CLASSES ?? 12);
const MB = 1024 * 1024;

/** The database to measure, generated unless the thousand shape's is already there. */
async function prepare(): Promise<{ url: string; shape: GeneratedShape; classes: number }> {
  if (SHAPE === 'one') {
    const url = databaseUrl('_register');
    const days = Number(process.env.DAYS ?? 52);
    console.log(`  generating ${url}: 1 church, ${STUDENTS} children in ${CLASSES} classes (the first of 60), ${days} Sundays`);
    await generateData(url, { churches: 1, studentsPerChurch: STUDENTS, classesPerChurch: CLASSES, days, firstClassSize: 60, copyStreams: 1 }, () => {});
    return { url, shape: (await readShape(url))!, classes: CLASSES };
  }
  if (SHAPE !== 'thousand') throw new Error(`SHAPE is one or thousand, not "${SHAPE}"`);
  const url = databaseUrl('_register_thousand');
  const params: GenerateParams = { ...paramsFromEnv(), firstChurch: { students: STUDENTS, classes: CLASSES, firstClassSize: 60 } };
  const old = (await databaseExists(url)) ? await readShape(url) : undefined;
  const same = old && process.env.REGENERATE !== '1'
    && (['churches', 'studentsPerChurch', 'classesPerChurch', 'days', 'firstClassSize'] as const).every((k) => old[k] === params[k])
    && JSON.stringify(old.firstChurch) === JSON.stringify(params.firstChurch)
    && old.dates[0] === attendanceDates(params.days)[0];
  if (same) {
    console.log(`  ${url}: kept from ${old.generatedAt} (REGENERATE=1 makes it again)`);
  } else {
    console.log(`  generating ${url}: ${params.churches} churches x ${params.studentsPerChurch} children in ${params.classesPerChurch} classes ` +
      `x ${params.days} Sundays, the first church ${STUDENTS} children in ${CLASSES} classes (the first of 60)`);
    const generated = await generateData(url, params);
    console.log(`  generated ${Object.entries(generated.rows).map(([t, n]) => `${n.toLocaleString('en-US')} ${t}`).join(', ')} in ${fmt(generated.seconds, 1)} s`);
  }
  return { url, shape: (await readShape(url))!, classes: CLASSES };
}

const measure = (run: () => Promise<number>, postgres: (() => PostgresCpuSample) | undefined) =>
  measureDocument(run, postgres, { runs: RUNS, warmups: 3 });

async function main() {
  heading(`register (printed attendance PDFs), SHAPE=${SHAPE}`);
  if (!gc) console.log('  (run with node --expose-gc for a settled memory baseline)');
  const { url, shape, classes } = await prepare();
  console.log(`  ${shape.churches} church(es); the measured church's classes ${(shape.firstChurchClassSizes ?? shape.classSizes).join('/')}; ` +
    `Sundays ${shape.dates[1]} .. ${shape.dates[0]}`);
  const postmaster = await postmasterOf(url);
  if (postmaster === undefined) console.log('  (PostgreSQL is not on this machine: its CPU is not read)');
  const postgres = postmaster === undefined ? undefined : () => postgresCpu(postmaster, databaseName(url));
  const db = createPostgresDatabase(url, APP_POOL_SIZE);
  const app = await startApp(db);
  try {
    console.log(`  before: ${await machineState(url)}`);
    const code = churchCode(0);
    const s = await signIn(app.url, code, principalEmail(0), BENCH_PASSWORD);
    const headers = { authorization: `Bearer ${s.token}`, 'x-church-code': code };
    const list = await (await fetch(`${app.url}/api/classes`, { headers })).json() as { data: Array<{ id: string; student_count: number; academic_year: string }> };
    const big = list.data.find((c) => c.student_count === 60)!;
    const latest = shape.dates[0];
    const get = (path: string) => async () => {
      const res = await fetch(app.url + path, { headers });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.arrayBuffer()).byteLength;
    };
    const register = await measure(get(`/api/attendance/class/${big.id}/register.pdf?year=${latest.slice(0, 4)}&month=${Number(latest.slice(5, 7))}`), postgres);
    const classYear = await measure(get(`/api/attendance/class/${big.id}/year-summary.pdf`), postgres);
    const churchYear = await measure(get(`/api/attendance/year-summary.pdf?academic_year=${big.academic_year}`), postgres);
    console.log(`  after:  ${await machineState(url)} (the load average includes this benchmark's own load)`);
    console.log(`\n  ${RUNS} runs each after 3 warm-up runs, then ${RUNS} more for CPU; month ${latest.slice(0, 7)}, academic year ${big.academic_year}\n`);
    const row = (what: string, r: DocumentFigures) => ({
      document: what, 'median ms': fmt(r.median), 'p95 ms': fmt(r.p95), 'peak RSS +MB': fmt(r.peakRss / MB), 'peak heap +MB': fmt(r.peakHeap / MB),
      'PDF KB': fmt(r.bytes / 1024), 'app CPU ms': fmt(r.appCpu), 'PG CPU ms': fmt(r.pgCpu), 'PG server CPU ms': fmt(r.serverCpu),
    });
    printTable([
      row('monthly register, 60 children', register),
      row('class year summary, 60 children', classYear),
      row(`church year summary, ${classes} classes`, churchYear),
    ]);
    console.log('\n  CPU per request from /proc: app = this process (the app and the fetch reading the answer); PG = the backends of ' +
      `${databaseName(url)}; PG server = every PostgreSQL process with its ended children (other databases' work included)`);
    console.log(`  goal: the register under 300 ms of server time: ${register.median < 300 ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

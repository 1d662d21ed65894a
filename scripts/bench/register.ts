/**
 * The printed attendance documents: time and memory to make the monthly register of a 60-child class
 * and the church's yearly summary, through the real HTTP server on PostgreSQL.
 *
 *   node --expose-gc --import tsx scripts/bench/register.ts
 *
 * Makes <BENCH_DATABASE_URL>_register with generate-data: one church, CLASSES (12) classes over
 * STUDENTS (600) children, the first class of 60, DAYS (52) Sundays of marks up to the latest one.
 * The app runs in this process, so its memory is measured here: the RSS and heap growth over the
 * settled baseline, sampled every 2 ms while each answer is made and read (peak of the run). The time
 * is the request's round trip on the loopback (the server's work: the door, the queries and the
 * drawing, since the PDF is drawn while it is sent).
 *
 * Environment: RUNS (30), STUDENTS (600), CLASSES (12), DAYS (52).
 */
import { performance } from 'node:perf_hooks';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { APP_POOL_SIZE, databaseUrl, fmt, heading, median, printTable, quantile, signIn, startApp } from './lib.js';
import { BENCH_PASSWORD, churchCode, generateData, principalEmail, readShape } from './generate-data.js';

const RUNS = Number(process.env.RUNS ?? 30);
const url = databaseUrl('_register');
const MB = 1024 * 1024;

const gc = (globalThis as { gc?: () => void }).gc;

async function measure(run: () => Promise<number>) {
  const times: number[] = [];
  let peakRss = 0;
  let peakHeap = 0;
  let bytes = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    gc?.();
    const base = process.memoryUsage();
    let rss = 0;
    let heap = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      rss = Math.max(rss, now.rss - base.rss);
      heap = Math.max(heap, now.heapUsed - base.heapUsed);
    }, 2);
    const started = performance.now();
    bytes = await run();
    const ms = performance.now() - started;
    clearInterval(sampler);
    const end = process.memoryUsage();
    rss = Math.max(rss, end.rss - base.rss);
    heap = Math.max(heap, end.heapUsed - base.heapUsed);
    if (i < 3) continue; // warm-up: fonts read, statements prepared, code compiled
    times.push(ms);
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heap);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(times), p95: quantile(sorted, 0.95), peakRss, peakHeap, bytes };
}

async function main() {
  heading('register (printed attendance PDFs)');
  if (!gc) console.log('  (run with node --expose-gc for a settled memory baseline)');
  const students = Number(process.env.STUDENTS ?? 600);
  const classes = Number(process.env.CLASSES ?? 12);
  const days = Number(process.env.DAYS ?? 52);
  console.log(`  generating ${url}: 1 church, ${students} children in ${classes} classes (the first of 60), ${days} Sundays`);
  await generateData(url, { churches: 1, studentsPerChurch: students, classesPerChurch: classes, days, firstClassSize: 60, copyStreams: 1 }, () => {});
  const shape = (await readShape(url))!;
  const db = createPostgresDatabase(url, APP_POOL_SIZE);
  const app = await startApp(db);
  try {
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
    const register = await measure(get(`/api/attendance/class/${big.id}/register.pdf?year=${latest.slice(0, 4)}&month=${Number(latest.slice(5, 7))}`));
    const classYear = await measure(get(`/api/attendance/class/${big.id}/year-summary.pdf`));
    const churchYear = await measure(get(`/api/attendance/year-summary.pdf?academic_year=${big.academic_year}`));
    console.log(`\n  ${RUNS} runs each after 3 warm-up runs; month ${latest.slice(0, 7)}, academic year ${big.academic_year}\n`);
    const row = (what: string, r: Awaited<ReturnType<typeof measure>>) => ({
      document: what, 'median ms': fmt(r.median), 'p95 ms': fmt(r.p95), 'peak RSS +MB': fmt(r.peakRss / MB), 'peak heap +MB': fmt(r.peakHeap / MB),
      'PDF KB': fmt(r.bytes / 1024),
    });
    printTable([
      row('monthly register, 60 children', register),
      row('class year summary, 60 children', classYear),
      row(`church year summary, ${classes} classes`, churchYear),
    ]);
    console.log(`\n  goal: the register under 300 ms of server time: ${register.median < 300 ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

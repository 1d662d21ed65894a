/**
 * The turn of the academic year: time and CPU to preview, commit and undo the rollover of a church
 * with 20 classes and 600 children, through the real HTTP server on PostgreSQL.
 *
 *   npx tsx scripts/bench/rollover.ts         (npm run bench:rollover)
 *
 * Makes <BENCH_DATABASE_URL>_rollover: one church whose ending academic year (the one before its
 * current year) has CLASSES (20) classes (LKG to 10th in section A, then section B from LKG up), each
 * with its teacher, CHILDREN (600) children spread evenly, and SUNDAYS (40) Sundays of marks for each
 * child. Each run previews the default plan (every class to the next grade, the 10ths leaving), commits
 * it (one transaction) and undoes it, so every run starts from the same rows. With EXAMS=1, the year
 * also has a published half-yearly and annual (Scripture of 100 in each class, every child's marks;
 * about one child in five fails the year), so the proposal's, preview's and commit's final results are read
 * and the failed children are held back. The time is the
 * request's round trip on the loopback; the CPU is the server's (this process, /proc/self/stat) and
 * PostgreSQL's (the database's backends, /proc/<pid>/stat, when the server runs on this machine) per request.
 *
 * Environment: RUNS (20), CLASSES (20), CHILDREN (600), SUNDAYS (40), EXAMS (0).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { academicYearOf } from '../../common/academic-year.js';
import { addDays, todayIn } from '../../common/dates.js';
import { previousYear } from '../../common/rollover.js';
import { DEFAULT_CLASS_NAMES as CLASS_NAMES } from '../../common/school.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { hashPassword } from '../../server/modules/credentials/index.js';
import {
  APP_POOL_SIZE, authHeaders, cpuSample, databaseName, databaseUrl, fmt, freshDatabase, heading, median, ownerClient, postgresCpu,
  postgresMsPer, postmasterOf, printTable, quantile, signIn, startApp,
} from './lib.js';

const RUNS = Number(process.env.RUNS ?? 20);
const CLASSES = Number(process.env.CLASSES ?? 20);
const CHILDREN = Number(process.env.CHILDREN ?? 600);
const SUNDAYS = Number(process.env.SUNDAYS ?? 40);
const EXAMS = process.env.EXAMS === '1';
const PASSWORD = 'bench-password-123';
const CODE = 'ROLL01';
const url = databaseUrl('_rollover');

/** The church, its ending year's classes and children and their marks, written as the owner. */
async function seed(fromYear: string) {
  const sql = ownerClient(url);
  try {
    const churchId = randomUUID();
    const hash = await hashPassword(PASSWORD);
    await sql`insert into churches (id, code, name, email, phone, address, pincode, owner_email, time_zone, subscription_tier, subscription_status, subscription_end_date)
      values (${churchId}, ${CODE}, 'Rollover Bench Church', 'office@roll.test', '+91 98765 00000', 'Kochi', '682001', 'admin@roll.test',
        'Asia/Kolkata', 'premium', 'active', ${new Date(Date.now() + 365 * 86_400_000)})`;
    const principalId = randomUUID();
    const teachers = Array.from({ length: CLASSES }, (_, i) => ({ church_id: churchId, id: randomUUID(), name: `Teacher ${i + 1}`, email: `t${i + 1}@roll.test`, role: 'teacher', password_hash: hash }));
    await sql`insert into users ${sql([
      { church_id: churchId, id: principalId, name: 'Priya Principal', email: 'principal@roll.test', role: 'principal', password_hash: hash },
      ...teachers,
    ])}`;
    const classes = Array.from({ length: CLASSES }, (_, i) => ({
      church_id: churchId, id: randomUUID(), class_name: CLASS_NAMES[i % CLASS_NAMES.length],
      section: String.fromCharCode(65 + Math.floor(i / CLASS_NAMES.length)), teacher_id: teachers[i].id, academic_year: fromYear,
    }));
    await sql`insert into classes ${sql(classes)}`;
    const children = Array.from({ length: CHILDREN }, (_, i) => ({
      church_id: churchId, id: randomUUID(), class_id: classes[i % CLASSES].id, name: `Child ${i + 1}`, date_of_birth: '2015-06-01',
      roll_number: Math.floor(i / CLASSES) + 1, academic_year: fromYear,
    }));
    for (let i = 0; i < children.length; i += 200) await sql`insert into students ${sql(children.slice(i, i + 200))}`;
    // Sundays of the ending year, counted back from its last month.
    const lastSunday = (() => { let d = `${Number(fromYear.slice(5))}-05-31`; while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 0) d = addDays(d, -1); return d; })();
    const dates = Array.from({ length: SUNDAYS }, (_, i) => addDays(lastSunday, -7 * i));
    for (const date of dates) {
      await sql`insert into attendance ${sql(children.map((c, i) => ({
        church_id: churchId, student_id: c.id, date, class_id: c.class_id, status: (i + date.length) % 7 === 0 ? 'absent' : 'present',
      })))}`;
    }
    if (EXAMS) {
      // Half-yearly and annual, published; child i: 20 + (i × 7) % 80 in both, so 15 children in 80 (below 35) fail the year.
      for (const kind of ['half_yearly', 'annual']) {
        const examId = randomUUID();
        await sql`insert into exams (church_id, id, academic_year, name, kind, published_at, published_by, created_by)
          values (${churchId}, ${examId}, ${fromYear}, ${kind}, ${kind}, now(), ${principalId}, ${principalId})`;
        const papers = classes.map((c) => ({ church_id: churchId, id: randomUUID(), exam_id: examId, class_id: c.id, name: 'Scripture', max_marks: 100 }));
        await sql`insert into exam_papers ${sql(papers)}`;
        const paperOf = new Map(papers.map((p) => [p.class_id, p.id]));
        await sql`insert into exam_marks ${sql(children.map((c, i) => ({
          church_id: churchId, exam_id: examId, paper_id: paperOf.get(c.class_id)!, student_id: c.id, marks: 20 + ((i * 7) % 80), entered_by: principalId,
        })))}`;
      }
    }
    await sql`analyze`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

interface Step { times: number[]; app: number; db: number }

/** ms of CPU per run of one step: the app's ticks (this process; 100 a second) and PostgreSQL's ms. */
const perRun = (ticks: number) => (ticks * 10) / RUNS;

async function main() {
  heading('rollover (the turn of the academic year)');
  const fromYear = previousYear(academicYearOf(todayIn('Asia/Kolkata'), 6));
  console.log(`  generating ${url}: 1 church, ${CLASSES} classes and ${CHILDREN} children in ${fromYear}, ${SUNDAYS} Sundays of marks`
    + (EXAMS ? ', two published exams' : ''));
  const setup = await freshDatabase(url, 1);
  await setup.close();
  await seed(fromYear);
  const db = createPostgresDatabase(url, APP_POOL_SIZE);
  const app = await startApp(db);
  try {
    const s = await signIn(app.url, CODE, 'principal@roll.test', PASSWORD);
    const headers = authHeaders(s.token, CODE, true);
    const post = async (path: string, body: unknown, status: number) => {
      const started = performance.now();
      const res = await fetch(app.url + path, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await res.text();
      const ms = performance.now() - started;
      if (res.status !== status) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
      return { ms, body: JSON.parse(text) as { data: { id?: string; totals?: Record<string, number> } } };
    };
    const plan = { from_year: fromYear };
    // Warm-up: statements prepared, code compiled.
    const warm = await post('/api/rollover', plan, 201);
    await post(`/api/rollover/${warm.body.data.id}/undo`, {}, 200);
    const postmaster = await postmasterOf(url);
    const database = databaseName(url);
    const dbSample = () => (postmaster ? postgresCpu(postmaster, database) : undefined);
    const steps: Record<'preview' | 'commit' | 'undo', Step> = {
      preview: { times: [], app: 0, db: 0 }, commit: { times: [], app: 0, db: 0 }, undo: { times: [], app: 0, db: 0 },
    };
    const measured = async (step: Step, fn: () => Promise<{ ms: number }>) => {
      const appBefore = cpuSample();
      const dbBefore = dbSample();
      const { ms } = await fn();
      step.times.push(ms);
      step.app += cpuSample().processTicks - appBefore.processTicks;
      const dbAfter = dbSample();
      if (dbBefore && dbAfter) step.db += postgresMsPer(dbBefore, dbAfter, 1)[0];
    };
    let totals: Record<string, number> | undefined;
    for (let i = 0; i < RUNS; i++) {
      await measured(steps.preview, () => post('/api/rollover/preview', plan, 200));
      let id = '';
      await measured(steps.commit, async () => {
        const r = await post('/api/rollover', plan, 201);
        id = r.body.data.id!;
        totals = r.body.data.totals;
        return r;
      });
      await measured(steps.undo, () => post(`/api/rollover/${id}/undo`, {}, 200));
    }
    console.log(`\n  ${RUNS} runs after one warm-up; each commit: ${JSON.stringify(totals)}\n`);
    printTable((['preview', 'commit', 'undo'] as const).map((name) => {
      const step = steps[name];
      const sorted = [...step.times].sort((a, b) => a - b);
      return {
        request: name, 'median ms': fmt(median(step.times)), 'p95 ms': fmt(quantile(sorted, 0.95)),
        'app CPU ms/req': fmt(perRun(step.app)), 'PostgreSQL CPU ms/req': postmaster ? fmt(step.db / RUNS) : 'n/a',
      };
    }));
    const commitMedian = median(steps.commit.times);
    console.log(`\n  goal: the rollover of ${CLASSES} classes and ${CHILDREN} children under 2 s, one transaction: ${commitMedian < 2000 ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * Issue 44: the printed exam documents. Time, memory and CPU to make a 60-child class's report cards
 * as one PDF (60 pages, two exams of three papers each, the year's attendance, a third of the pages
 * in Malayalam and a third in Tamil) and its result sheet, through the real HTTP server on PostgreSQL.
 *
 *   node --expose-gc --import tsx scripts/bench/exam-pdfs.ts    (npm run bench:exam-pdfs)
 *
 * Makes <BENCH_DATABASE_URL>_exam_pdfs with generate-data (dropped and recreated): one church, CLASSES
 * (12) classes over STUDENTS (600) children, the first class of 60, DAYS (52) Sundays of marks. As
 * the owner: a half-yearly and an annual exam of the current year with three papers in every class
 * (Scripture 100, Catechism 50 with half marks, Songs 50), every child's marks (about 3 % absent), a
 * remark for each child of the 60 in each exam, and the first guardian's language: Malayalam for
 * every third child, Tamil for the next, none (the church's) for the rest.
 *
 * The app runs in this process, so its memory is measured here: the process's peak RSS, and the RSS
 * and heap growth over the settled baseline, sampled every 2 ms while each answer is made and read (peak of the run). The time
 * is the request's round trip on the loopback (the door, the queries and the drawing: the PDF is
 * drawn while it is sent). CPU per request from a second series of RUNS requests back to back without
 * the sampler: this process's utime + stime from /proc/self/stat (the app, and the fetch reading the
 * answer) and PostgreSQL's from /proc/<pid>/stat (the database's backends, and the whole server).
 *
 * Environment: RUNS (10), STUDENTS (600), CLASSES (12), DAYS (52).
 */
import { createPostgresDatabase } from '../../server/db/postgres.js';
import {
  APP_POOL_SIZE, databaseName, databaseUrl, fmt, heading, machineState, ownerClient,
  measureDocument, postgresCpu, postmasterOf, printTable, signIn, startApp, type DocumentFigures, type PostgresCpuSample,
} from './lib.js';
import { BENCH_PASSWORD, churchCode, generateData, principalEmail, readShape } from './generate-data.js';

const RUNS = Number(process.env.RUNS ?? 10);
const STUDENTS = Number(process.env.STUDENTS ?? 600);
const CLASSES = Number(process.env.CLASSES ?? 12);
const MB = 1024 * 1024;
/** The bar of issue 44: a class's report cards as one PDF. */
const BAR_MS = 3000;

/** Two exams of the class's year with three papers in every class, every child's marks, remarks and guardians' languages; answers the class's first child. */
async function writeExams(url: string, academicYear: string, classId: string): Promise<string> {
  const sql = ownerClient(url);
  try {
    const start = Number(academicYear.slice(0, 4));
    await sql`insert into exams (church_id, academic_year, name, kind, starts_on, ends_on, created_by)
      select u.church_id, ${academicYear}, e.name, e.kind, e.day::date, e.day::date, u.id from users u
      cross join (values ('Half-yearly', 'half_yearly', ${`${start}-12-06`}), ('Annual', 'annual', ${`${start + 1}-03-07`})) e(name, kind, day)
      where u.role = 'principal'`;
    await sql`insert into exam_papers (church_id, exam_id, class_id, name, max_marks, half_marks_allowed, position)
      select e.church_id, e.id, c.id, p.name, p.max_marks, p.half, p.position
      from exams e join classes c on c.church_id = e.church_id and c.academic_year = e.academic_year
      cross join (values ('Scripture', 100, false, 1), ('Catechism', 50, true, 2), ('Songs', 50, false, 3)) p(name, max_marks, half, position)`;
    await sql`insert into exam_marks (church_id, exam_id, paper_id, student_id, marks, absent, entered_by)
      select p.church_id, p.exam_id, p.id, s.id, m.v, m.v is null, c.teacher_id
      from exam_papers p
      join classes c on c.church_id = p.church_id and c.id = p.class_id
      join students s on s.church_id = p.church_id and s.class_id = p.class_id
      cross join lateral (select case when random() < 0.03 then null else floor(random() * (p.max_marks + 1) + 0 * length(s.id::text))::numeric end as v) m`;
    await sql`insert into exam_remarks (church_id, exam_id, student_id, remark, written_by)
      select e.church_id, e.id, s.id, 'Attentive in class; learns the memory verses well.', c.teacher_id
      from exams e join classes c on c.church_id = e.church_id and c.id = ${classId}
      join students s on s.church_id = c.church_id and s.class_id = c.id`;
    await sql`update student_guardians g set language = case s.roll_number % 3 when 1 then 'ml' when 2 then 'ta' end
      from students s where s.church_id = g.church_id and s.id = g.student_id and s.class_id = ${classId} and g.position = 1`;
    await sql`analyze exams, exam_papers, exam_marks, exam_remarks`;
    const [first] = await sql<Array<{ id: string }>>`select id from students where class_id = ${classId} order by roll_number limit 1`;
    return first.id;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const measure = (run: () => Promise<number>, postgres: (() => PostgresCpuSample) | undefined) =>
  measureDocument(run, postgres, { runs: RUNS, warmups: 2 });

async function main() {
  heading('exam PDFs: a class\'s report cards and result sheet (issue 44)');
  if (!gc) console.log('  (run with node --expose-gc for a settled memory baseline)');
  const url = databaseUrl('_exam_pdfs');
  const days = Number(process.env.DAYS ?? 52);
  console.log(`  generating ${url}: 1 church, ${STUDENTS} children in ${CLASSES} classes (the first of 60), ${days} Sundays`);
  await generateData(url, { churches: 1, studentsPerChurch: STUDENTS, classesPerChurch: CLASSES, days, firstClassSize: 60, copyStreams: 1 }, () => {});
  const shape = (await readShape(url))!;
  const postmaster = await postmasterOf(url);
  if (postmaster === undefined) console.log('  (PostgreSQL is not on this machine: its CPU is not read)');
  const postgres = postmaster === undefined ? undefined : () => postgresCpu(postmaster, databaseName(url));
  const db = createPostgresDatabase(url, APP_POOL_SIZE);
  const app = await startApp(db);
  try {
    const code = churchCode(0);
    const s = await signIn(app.url, code, principalEmail(0), BENCH_PASSWORD);
    const headers = { authorization: `Bearer ${s.token}`, 'x-church-code': code };
    const list = await (await fetch(`${app.url}/api/classes`, { headers })).json() as { data: Array<{ id: string; student_count: number; academic_year: string }> };
    const big = list.data.find((c) => c.student_count === 60)!;
    const first = await writeExams(url, big.academic_year, big.id);
    const exams = await (await fetch(`${app.url}/api/exams?academic_year=${big.academic_year}`, { headers })).json() as { data: { exams: Array<{ id: string; name: string }> } };
    const halfYearly = exams.data.exams.find((e) => e.name === 'Half-yearly')!;
    console.log(`  before: ${await machineState(url)}`);
    const get = (path: string) => async () => {
      const res = await fetch(app.url + path, { headers });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.arrayBuffer()).byteLength;
    };
    const cards = await measure(get(`/api/exams/classes/${big.id}/report-cards.pdf`), postgres);
    const oneCard = await measure(get(`/api/exams/classes/${big.id}/report-cards.pdf?student_id=${first}`), postgres);
    const sheet = await measure(get(`/api/exams/${halfYearly.id}/classes/${big.id}/result-sheet.pdf`), postgres);
    console.log(`  after:  ${await machineState(url)} (the load average includes this benchmark's own load)`);
    console.log(`\n  ${RUNS} runs each after 2 warm-up runs, then ${RUNS} more for CPU; academic year ${big.academic_year}, `
      + `Sundays ${shape.dates.at(-1)} .. ${shape.dates[0]}\n`);
    const row = (what: string, r: DocumentFigures) => ({
      document: what, 'median ms': fmt(r.median), 'p95 ms': fmt(r.p95), 'peak RSS MB': fmt(r.rssMax / MB), 'peak RSS +MB': fmt(r.peakRss / MB), 'peak heap +MB': fmt(r.peakHeap / MB),
      'PDF KB': fmt(r.bytes / 1024), 'app CPU ms': fmt(r.appCpu), 'PG CPU ms': fmt(r.pgCpu), 'PG server CPU ms': fmt(r.serverCpu),
    });
    printTable([
      row('report cards, 60 children (60 pages)', cards),
      row('report card, one child', oneCard),
      row('result sheet, 60 children, 3 papers', sheet),
    ]);
    console.log('\n  CPU per request from /proc: app = this process (the app and the fetch reading the answer); PG = the backends of ' +
      `${databaseName(url)}; PG server = every PostgreSQL process with its ended children (other databases' work included)`);
    console.log(`  bar: the class's report cards under ${BAR_MS / 1000} s: ${cards.p95 < BAR_MS ? 'met' : 'NOT met'} (p95 ${fmt(cards.p95)} ms)`);
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

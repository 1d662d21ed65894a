/**
 * Issue 44 benchmark: exams and results on the 1,000-church database.
 *
 *   npx tsx scripts/bench/exams.ts    (npm run bench:exams)
 *
 * Makes <BENCH_DATABASE_URL>_exams with generate-data (dropped and recreated): CHURCHES (1000)
 * churches of the usual shape (100 students in 6 classes, DAYS (20) Sundays of marks), the first one
 * of 12 classes and 720 students whose first class (LKG) has 60 children. Every church gets a
 * half-yearly exam of the current year with three papers in each class (Scripture 100, Catechism 50
 * with half marks, Songs 50) and every child's marks (about 3 % absent), written as the owner.
 *
 * Then, through the real HTTP server (in this process) on PostgreSQL, RUNS (100) sequential calls of
 * each, by the first church's LKG teacher or principal: the save of the class's whole mark list (60
 * children × 3 papers, every mark changed, a new write id each time), its result sheet, and the
 * church-wide results page of the exam (12 classes). Median and 95th percentile time, and CPU time
 * per call of this process (the server and the client) and of the whole machine (PostgreSQL
 * included), from /proc.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import {
  BASE_DATABASE_URL, call, cpuSample, cpuUsPerOperation, firstClasses, fmt, heading, machineState, ownerClient, printTable, quantile, signIn, startApp,
} from './lib.js';
import { BENCH_PASSWORD, churchCode, generateData, principalEmail, teacherEmail } from './generate-data.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';

const url = `${BASE_DATABASE_URL}_exams`;
const RUNS = Number(process.env.RUNS ?? 100);

/** Every church's half-yearly exam, its three papers in each class and every child's marks. */
async function writeExams(academicYear: string): Promise<number> {
  const sql = ownerClient(url);
  try {
    await sql`insert into exams (church_id, academic_year, name, kind, created_by)
      select u.church_id, ${academicYear}, 'Half-yearly', 'half_yearly', u.id from users u where u.role = 'principal'`;
    await sql`insert into exam_papers (church_id, exam_id, class_id, name, max_marks, half_marks_allowed, position)
      select e.church_id, e.id, c.id, p.name, p.max_marks, p.half, p.position
      from exams e join classes c on c.church_id = e.church_id and c.academic_year = e.academic_year
      cross join (values ('Scripture', 100, false, 1), ('Catechism', 50, true, 2), ('Songs', 50, false, 3)) p(name, max_marks, half, position)`;
    const [{ n }] = await sql<{ n: number }[]>`with written as (
        insert into exam_marks (church_id, exam_id, paper_id, student_id, marks, absent, entered_by)
        select p.church_id, p.exam_id, p.id, s.id, m.v, m.v is null, c.teacher_id
        from exam_papers p
        join classes c on c.church_id = p.church_id and c.id = p.class_id
        join students s on s.church_id = p.church_id and s.class_id = p.class_id
        cross join lateral (select case when random() < 0.03 then null else floor(random() * (p.max_marks + 1) + 0 * length(s.id::text))::numeric end as v) m
        returning 1)
      select count(*)::int as n from written`;
    await sql`analyze exams, exam_papers, exam_marks`;
    return n;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function timed(label: string, detail: string, fn: (i: number) => Promise<{ status: number; body: { message?: string } }>) {
  for (let i = 0; i < 10; i++) await fn(-1 - i); // warm: prepared statements, caches
  const times: number[] = [];
  const before = cpuSample();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const answer = await fn(i);
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${label}: ${answer.status} ${answer.body.message}`);
  }
  const [processUs, machineUs] = cpuUsPerOperation(before, cpuSample(), RUNS);
  times.sort((a, b) => a - b);
  return {
    request: label, size: detail, 'median ms': fmt(quantile(times, 0.5)), 'p95 ms': fmt(quantile(times, 0.95)),
    'CPU ms/request (this process)': fmt(processUs / 1000, 2), 'CPU ms/request (machine)': fmt(machineUs / 1000, 2),
  };
}

async function main() {
  heading('exams and results (issue 44)');
  console.log(`  ${await machineState(url.replace(/\/[^/]*$/, '/postgres'))}`);
  const generated = await generateData(url, {
    churches: Number(process.env.CHURCHES ?? 1000),
    studentsPerChurch: 100,
    classesPerChurch: 6,
    days: Number(process.env.DAYS ?? 20),
    firstClassSize: 15,
    copyStreams: 2,
    firstChurch: { students: 720, classes: 12, firstClassSize: 60 },
  }, () => {});
  const t = performance.now();
  const marks = await writeExams(generated.academicYear);
  console.log(`  ${generated.rows.churches} churches, ${generated.rows.students} students, ${generated.rows.attendance} attendance marks `
    + `(${fmt(generated.seconds)} s); ${marks} exam marks (${fmt((performance.now() - t) / 1000)} s)`);

  const code = churchCode(0);
  const lkg = (await firstClasses(url, [code])).get(code)!;
  const db = createPostgresDatabase(url, 10);
  await db.migrate();
  const app = await startApp(db);
  try {
    const teacher = await signIn(app.url, code, teacherEmail(0, 0), BENCH_PASSWORD);
    const principal = await signIn(app.url, code, principalEmail(0), BENCH_PASSWORD);
    const exams = await call(app.url, 'GET', '/api/exams', principal);
    const examId = exams.body.data.exams[0].id as string;
    const sheet = await call(app.url, 'GET', `/api/exams/${examId}/classes/${lkg.classId}/marks`, teacher);
    const paperIds = (sheet.body.data.papers as Array<{ id: string }>).map((p) => p.id);
    const marksPath = `/api/exams/${examId}/classes/${lkg.classId}/marks`;
    // Every mark changes at each save: 20..49 and one more, by turns (whole marks fit every paper).
    const entries = (turn: number) => lkg.studentIds.flatMap((studentId, s) => paperIds.map((paperId, p) => ({
      student_id: studentId, paper_id: paperId, value: 20 + ((s * 7 + p * 3) % 30) + (turn & 1),
    })));
    const rows = [
      await timed('PUT mark list (save whole)', `${lkg.studentIds.length} × ${paperIds.length}`, (i) =>
        call(app.url, 'PUT', marksPath, { ...teacher, body: { write_id: randomUUID(), entries: entries(i) } })),
      await timed('GET result sheet', `${lkg.studentIds.length} children`, () =>
        call(app.url, 'GET', `/api/exams/${examId}/classes/${lkg.classId}/results`, teacher)),
      await timed('GET church-wide results', '12 classes', () => call(app.url, 'GET', `/api/exams/${examId}/summary`, principal)),
      await timed('GET year\'s final results', `${lkg.studentIds.length} children`, () =>
        call(app.url, 'GET', `/api/exams/classes/${lkg.classId}/final-results`, teacher)),
    ];
    printTable(rows);
  } finally {
    await app.close();
    await db.close();
  }
}

await main();

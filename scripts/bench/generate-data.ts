/**
 * Issue 3 data generator: many churches in one bench database, loaded with COPY.
 *
 *   npx tsx scripts/bench/generate-data.ts             (npm run bench:data)
 *   CHURCHES=20 npx tsx scripts/bench/generate-data.ts (a small run)
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ss_bench; the
 * database is dropped and recreated), CHURCHES (1000), STUDENTS_PER_CHURCH (100),
 * CLASSES_PER_CHURCH (6), DAYS (50 Sundays of attendance per student), COPY_STREAMS (2).
 *
 * Shape per church (code C00000, C00001, ...): a super admin, a principal and one teacher per class
 * (all with the password BENCH_PASSWORD), an academic-year config, CLASSES_PER_CHURCH classes of the
 * current academic year each taught by its teacher, STUDENTS_PER_CHURCH students spread over the
 * classes (roll numbers 1..n per class), and one attendance row per student for each of the last
 * DAYS Sundays (about 85% present), marked by the class teacher. A caller may give the first church
 * (C00000) a shape of its own (`firstChurch`: its students, classes and first class), so one church
 * of a benchmark can have the sizes it measures among many churches of the usual shape.
 *
 * Runs as the owner (a superuser: row-level security does not apply). The attendance table's keys,
 * index and foreign keys are dropped for the load and recreated from their own definitions
 * afterwards (so they are validated once, in bulk); check constraints stay in place throughout.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../common/academic-year.js';
import { addDays, dayOfWeek, todayIn } from '../../common/dates.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { hashPassword } from '../../server/modules/credentials/index.js';
import {
  BASE_DATABASE_URL, databaseName, fmt, heading, machineState, ownerClient, printTable, recreateDatabase,
} from './lib.js';

export const BENCH_PASSWORD = 'bench-password-123';
const TIME_ZONE = 'Asia/Kolkata';
const CLASS_NAMES = ['LKG', 'UKG', '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];
const FIRST = ['Aarav', 'Diya', 'Ishaan', 'Ananya', 'Vihaan', 'Saanvi', 'Arjun', 'Meera', 'Kabir', 'Anika', 'Joel', 'Grace'];
const LAST = ['Thomas', 'Mathew', 'George', 'Joseph', 'Varghese', 'Kurian', 'Philip', 'Jacob', 'Abraham', 'John'];

/** One church's students, classes and the size of its first class. */
export interface ChurchShape {
  students: number;
  classes: number;
  firstClassSize: number;
}

export interface GenerateParams {
  churches: number;
  studentsPerChurch: number;
  classesPerChurch: number;
  days: number;
  firstClassSize: number;
  copyStreams: number;
  /** The first church's own shape (the others have the shape of the fields above). */
  firstChurch?: ChurchShape;
  /** 'week': attendance rows are written Sunday by Sunday, oldest first, as a church's roll calls arrive
   * (a month's marks then sit together in the table); 'student' (the default): each student's marks
   * together, every Sunday of the year on a few pages. */
  attendanceOrder?: 'student' | 'week';
}

export const paramsFromEnv = (env = process.env): GenerateParams => ({
  churches: Number(env.CHURCHES ?? 1000),
  studentsPerChurch: Number(env.STUDENTS_PER_CHURCH ?? 100),
  classesPerChurch: Math.min(CLASS_NAMES.length, Number(env.CLASSES_PER_CHURCH ?? 6)),
  days: Number(env.DAYS ?? 50),
  firstClassSize: Number(env.FIRST_CLASS_SIZE ?? 15),
  copyStreams: Math.max(1, Number(env.COPY_STREAMS ?? 2)),
  attendanceOrder: env.ATTENDANCE_ORDER === 'week' ? 'week' : 'student',
});

export const churchCode = (i: number) => `C${String(i).padStart(5, '0')}`;
const domain = (i: number) => `${churchCode(i).toLowerCase()}.bench.example.org`;
export const teacherEmail = (church: number, cls: number) => `teacher${cls + 1}@${domain(church)}`;
export const principalEmail = (church: number) => `principal@${domain(church)}`;
const superAdminEmail = (church: number) => `superadmin@${domain(church)}`;

/** The Sundays carrying attendance, newest first (the last one is today's or the latest past Sunday). */
export function attendanceDates(days: number, now = new Date()): string[] {
  const today = todayIn(TIME_ZONE, now);
  const last = addDays(today, -dayOfWeek(today));
  return Array.from({ length: days }, (_, k) => addDays(last, -7 * k));
}

/** Class sizes: the first class (the one the marking benchmark uses) has FIRST_CLASS_SIZE students
 * (15 by default), the others share the rest as evenly as possible: 100 in 6 gives 15, 17 x 5. */
function classSizes(students: number, classes: number, firstClassSize = 15): number[] {
  if (classes === 1) return [students];
  const first = Math.min(firstClassSize, students);
  const rest = students - first;
  const others = classes - 1;
  return [first, ...Array.from({ length: others }, (_, c) => Math.floor(rest / others) + (c < rest % others ? 1 : 0))];
}

/** Where each church's rows are: its classes' sizes, each student's class, and the number of the
 * church's first student among all (names and phone numbers are drawn from it). */
interface ChurchLayout extends ChurchShape {
  sizes: number[];
  classOfStudent: number[];
  firstStudent: number;
}

function churchLayouts(p: GenerateParams): ChurchLayout[] {
  const layout = (shape: ChurchShape) => {
    const classes = Math.min(CLASS_NAMES.length, shape.classes);
    const sizes = classSizes(shape.students, classes, shape.firstClassSize);
    return { ...shape, classes, sizes, classOfStudent: sizes.flatMap((n, c) => new Array<number>(n).fill(c)) };
  };
  const usual = layout({ students: p.studentsPerChurch, classes: p.classesPerChurch, firstClassSize: p.firstClassSize });
  const first = p.firstChurch ? layout(p.firstChurch) : usual;
  const layouts: ChurchLayout[] = [];
  for (let i = 0, firstStudent = 0; i < p.churches; firstStudent += layouts[i].students, i++) {
    layouts.push({ ...(i === 0 ? first : usual), firstStudent });
  }
  return layouts;
}

export interface GenerateSummary {
  params: GenerateParams;
  seconds: number;
  rows: Record<string, number>;
  academicYear: string;
  dates: string[];
}

/** COPY rows (already formatted lines of text) into a table. */
async function copyLines(sql: postgres.Sql, table: string, columns: string[], lines: Iterable<string> | AsyncIterable<string>) {
  const stream = await sql.unsafe(`copy ${table} (${columns.join(', ')}) from stdin`).writable();
  await pipeline(Readable.from(lines), stream);
}

/** Groups lines into chunks of text, so the stream sees few large writes. */
function* chunked(lines: Iterable<string>, size = 5000): Generator<string> {
  let buf: string[] = [];
  for (const line of lines) {
    buf.push(line);
    if (buf.length >= size) { yield buf.join(''); buf = []; }
  }
  if (buf.length) yield buf.join('');
}

/** `recreate: false` migrates the database as it is instead of dropping and recreating it: for a
 * Citus coordinator's own database, since a database created on a coordinator has no Citus. */
export async function generateData(
  url: string, p: GenerateParams, log = console.log, options: { recreate?: boolean } = {},
): Promise<GenerateSummary> {
  const recreate = options.recreate ?? true;
  const t0 = performance.now();
  const timed = async <T>(phase: string, rows: number, fn: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const out = await fn();
    const seconds = (performance.now() - t) / 1000;
    log(`  ${phase.padEnd(56)} ${String(rows).padStart(10)} rows  ${fmt(seconds, 1).padStart(6)} s` +
      (rows ? `  ${fmt(rows / seconds, 0).padStart(10)} rows/s` : ''));
    return out;
  };

  await timed(recreate ? 'recreate + migrate database' : 'migrate database', 0, async () => {
    if (recreate) await recreateDatabase(url);
    const db = createPostgresDatabase(url, 1);
    await db.migrate();
    await db.close();
  });

  const sql = postgres(url, {
    max: p.copyStreams + 1,
    onnotice: () => {},
    connection: { application_name: 'ss-bench-generate', synchronous_commit: 'off', maintenance_work_mem: '512MB' },
  });
  try {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const today = todayIn(TIME_ZONE);
    const year = academicYearOf(today, DEFAULT_ACADEMIC_YEAR_CONFIG.start_month);
    const dates = attendanceDates(p.days);
    const layouts = churchLayouts(p);
    const sizes = classSizes(p.studentsPerChurch, p.classesPerChurch, p.firstClassSize);
    const now = new Date().toISOString();
    const endDate = new Date(Date.now() + 365 * 86_400_000).toISOString();

    // Ids are made here so every table can be written without reading anything back.
    const churchIds = Array.from({ length: p.churches }, () => randomUUID());
    const teacherIds = layouts.map((l) => Array.from({ length: l.classes }, () => randomUUID()));
    const classIds = layouts.map((l) => Array.from({ length: l.classes }, () => randomUUID()));
    const studentIds = layouts.map((l) => Array.from({ length: l.students }, () => randomUUID()));
    const total = (count: (l: ChurchLayout) => number) => layouts.reduce((sum, l) => sum + count(l), 0);

    await timed('churches', p.churches, () => copyLines(sql, 'churches',
      ['id', 'code', 'name', 'email', 'phone', 'address', 'pincode', 'owner_email', 'time_zone',
        'subscription_tier', 'subscription_status', 'subscription_end_date', 'is_lifetime'],
      chunked(churchIds.map((id, i) =>
        `${id}\t${churchCode(i)}\tBench Church ${i}\toffice@${domain(i)}\t+91 98765 ${String(i % 100000).padStart(5, '0')}\t` +
        `${i} Church Street, Kochi\t682001\t${superAdminEmail(i)}\t${TIME_ZONE}\tpremium\tactive\t${endDate}\tf\n`))));

    const userLines = function* () {
      for (let i = 0; i < p.churches; i++) {
        const c = churchIds[i];
        yield `${c}\t${randomUUID()}\tSam Superadmin ${i}\t${superAdminEmail(i)}\tsuper_admin\t${passwordHash}\tt\t${now}\t${now}\n`;
        yield `${c}\t${randomUUID()}\tPriya Principal ${i}\t${principalEmail(i)}\tprincipal\t${passwordHash}\tf\t${now}\t${now}\n`;
        for (let t = 0; t < layouts[i].classes; t++) {
          yield `${c}\t${teacherIds[i][t]}\tTeacher ${t + 1} of ${i}\t${teacherEmail(i, t)}\tteacher\t${passwordHash}\tf\t${now}\t${now}\n`;
        }
      }
    };
    const userCount = total((l) => 2 + l.classes);
    await timed('users', userCount, () => copyLines(sql, 'users',
      ['church_id', 'id', 'name', 'email', 'role', 'password_hash', 'is_church_owner', 'created_at', 'updated_at'],
      chunked(userLines())));

    await timed('academic_year_configs', p.churches, () => copyLines(sql, 'academic_year_configs',
      ['church_id', 'start_month', 'years_ahead', 'years_back'],
      chunked(churchIds.map((c) => `${c}\t${DEFAULT_ACADEMIC_YEAR_CONFIG.start_month}\t${DEFAULT_ACADEMIC_YEAR_CONFIG.years_ahead}\t${DEFAULT_ACADEMIC_YEAR_CONFIG.years_back}\n`))));

    const classLines = function* () {
      for (let i = 0; i < p.churches; i++) {
        for (let c = 0; c < layouts[i].classes; c++) {
          yield `${churchIds[i]}\t${classIds[i][c]}\t${CLASS_NAMES[c]}\tA\t${teacherIds[i][c]}\t${year}\n`;
        }
      }
    };
    const classCount = total((l) => l.classes);
    await timed('classes', classCount, () => copyLines(sql, 'classes',
      ['church_id', 'id', 'class_name', 'section', 'teacher_id', 'academic_year'], chunked(classLines())));

    const birthYear = Number(year.slice(0, 4));
    const studentLines = function* () {
      for (let i = 0; i < p.churches; i++) {
        const { classes, students, classOfStudent, firstStudent } = layouts[i];
        const roll = new Array<number>(classes).fill(0);
        for (let s = 0; s < students; s++) {
          const c = classOfStudent[s];
          const n = firstStudent + s;
          const dob = `${birthYear - 4 - c}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;
          yield `${churchIds[i]}\t${studentIds[i][s]}\t${classIds[i][c]}\t${FIRST[n % FIRST.length]} ${LAST[(n * 7) % LAST.length]}\t` +
            `${dob}\t${++roll[c]}\t${year}\n`;
        }
      }
    };
    const studentCount = total((l) => l.students);
    await timed('students', studentCount, () => copyLines(sql, 'students',
      ['church_id', 'id', 'class_id', 'name', 'date_of_birth', 'roll_number', 'academic_year'],
      chunked(studentLines())));
    // Each student's primary guardian: the parent phone and email of the student API.
    const guardianLines = function* () {
      for (let i = 0; i < p.churches; i++) {
        for (let s = 0; s < layouts[i].students; s++) {
          const n = layouts[i].firstStudent + s;
          yield `${churchIds[i]}\t${studentIds[i][s]}\t1\tParent\tparent\t+919${String(100000000 + (n * 7919) % 900000000).slice(0, 9)}\t` +
            `${s % 3 === 0 ? '\\N' : `parent${s}@${domain(i)}`}\n`;
        }
      }
    };
    await timed('student_guardians', studentCount, () => copyLines(sql, 'student_guardians',
      ['church_id', 'student_id', 'position', 'name', 'relation', 'phone', 'email'], chunked(guardianLines())));

    // Attendance: take the keys off, COPY in parallel streams (by church), put the keys back.
    const constraints = await sql<{ name: string; type: string; def: string }[]>`
      select conname as name, contype as type, pg_get_constraintdef(oid) as def
      from pg_constraint where conrelid = 'attendance'::regclass and contype in ('p', 'u', 'f')
      order by contype desc`; // p, u before f
    const indexes = await sql<{ name: string; def: string }[]>`
      select indexname as name, indexdef as def from pg_indexes
      where schemaname = 'public' and tablename = 'attendance'
        and indexname not in (select conname from pg_constraint where conrelid = 'attendance'::regclass)`;
    await timed('attendance: drop keys, index, foreign keys', 0, async () => {
      for (const c of constraints.filter((c) => c.type === 'f')) await sql.unsafe(`alter table attendance drop constraint "${c.name}"`);
      for (const i of indexes) await sql.unsafe(`drop index "${i.name}"`);
      for (const c of constraints.filter((c) => c.type !== 'f')) await sql.unsafe(`alter table attendance drop constraint "${c.name}"`);
    });

    const markedAt = (date: string) => `${date} 10:30:00+05:30`;
    const attendanceLine = (i: number, s: number, d: number) => {
      const c = layouts[i].classOfStudent[s];
      const present = (s * 31 + d * 17 + i * 13) % 7 !== 0;
      return `${churchIds[i]}\t${studentIds[i][s]}\t${dates[d]}\t${classIds[i][c]}\t${present ? 'present' : 'absent'}\t`
        + `${teacherIds[i][c]}\t${markedAt(dates[d])}\n`;
    };
    const attendanceLines = function* (from: number, to: number) {
      if (p.attendanceOrder === 'week') {
        for (let d = dates.length - 1; d >= 0; d--) {
          for (let i = from; i < to; i++) for (let s = 0; s < layouts[i].students; s++) yield attendanceLine(i, s, d);
        }
        return;
      }
      for (let i = from; i < to; i++) {
        for (let s = 0; s < layouts[i].students; s++) for (let d = 0; d < dates.length; d++) yield attendanceLine(i, s, d);
      }
    };
    const attendanceRows = studentCount * dates.length;
    await timed(`attendance COPY (${p.copyStreams} streams)`, attendanceRows, async () => {
      const per = Math.ceil(p.churches / p.copyStreams);
      await Promise.all(Array.from({ length: p.copyStreams }, (_, k) => copyLines(sql, 'attendance',
        ['church_id', 'student_id', 'date', 'class_id', 'status', 'marked_by', 'marked_at'],
        chunked(attendanceLines(k * per, Math.min(p.churches, (k + 1) * per)), 10_000))));
    });
    for (const c of constraints.filter((c) => c.type !== 'f')) {
      await timed(`attendance: add ${c.name}`, attendanceRows, () => sql.unsafe(`alter table attendance add constraint "${c.name}" ${c.def}`));
    }
    for (const i of indexes) {
      await timed(`attendance: create ${i.name}`, attendanceRows, () => sql.unsafe(i.def));
    }
    for (const c of constraints.filter((c) => c.type === 'f')) {
      await timed(`attendance: validate ${c.name}`, attendanceRows, () => sql.unsafe(`alter table attendance add constraint "${c.name}" ${c.def}`));
    }
    await timed('vacuum (analyze) all tables', 0, () => sql.unsafe('vacuum (analyze)'));
    // What was generated, for the benchmarks that use this database.
    const shape = { ...p, classSizes: sizes, firstChurchClassSizes: layouts[0]?.sizes, academicYear: year, dates: [dates[0], dates.at(-1)], generatedAt: now };
    await sql.unsafe(`comment on database "${databaseName(url)}" is '${JSON.stringify(shape)}'`);

    const seconds = (performance.now() - t0) / 1000;
    const rows = {
      churches: p.churches,
      users: userCount,
      classes: classCount,
      students: studentCount,
      attendance: attendanceRows,
    };
    return { params: p, seconds, rows, academicYear: year, dates };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export interface GeneratedShape extends GenerateParams {
  classSizes: number[];
  /** The first church's class sizes (those of classSizes unless it had a shape of its own). */
  firstChurchClassSizes?: number[];
  academicYear: string;
  /** Newest and oldest attendance Sunday. */
  dates: [string, string];
  generatedAt: string;
}

/** What generate-data wrote into the database's comment, or undefined for another database. */
export async function readShape(url: string): Promise<GeneratedShape | undefined> {
  const sql = ownerClient(url);
  try {
    const [row] = await sql`select shobj_description(oid, 'pg_database') as c from pg_database where datname = current_database()`;
    return row?.c ? JSON.parse(row.c) as GeneratedShape : undefined;
  } catch {
    return undefined;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function main() {
  const params = paramsFromEnv();
  const url = BASE_DATABASE_URL;
  heading('generate-data (issue 3)');
  console.log(`  database ${url} (dropped and recreated)`);
  console.log(`  ${params.churches} churches x ${params.studentsPerChurch} students in ${params.classesPerChurch} classes ` +
    `(${classSizes(params.studentsPerChurch, params.classesPerChurch, params.firstClassSize).join('/')}) x ${params.days} Sundays; ${params.copyStreams} COPY streams`);
  console.log(`  ${await machineState(url.replace(/\/[^/]*$/, '/postgres'))}\n`);
  const summary = await generateData(url, params);
  const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  console.log();
  printTable(Object.entries(summary.rows).map(([table, n]) => ({ table, rows: n })));
  console.log(`\n  total ${total.toLocaleString('en-US')} rows in ${fmt(summary.seconds, 1)} s = ${fmt(total / summary.seconds, 0)} rows/s overall`);
  console.log(`  academic year ${summary.academicYear}; attendance Sundays ${summary.dates.at(-1)} .. ${summary.dates[0]}`);
  console.log(`  sign in with church code C00000..${churchCode(params.churches - 1)}, e.g. ${teacherEmail(0, 0)} / ${principalEmail(0)}, password ${BENCH_PASSWORD}`);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [size] = await sql`select pg_size_pretty(pg_database_size(current_database())) as db,
    pg_size_pretty(pg_total_relation_size('attendance')) as attendance`;
  await sql.end();
  console.log(`  database size ${size.db} (attendance with indexes ${size.attendance})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { attendance, churches, classes, enrolments, erasedEnrolments, users } from '../../../drizzle/schema/index.js';
import { rowsOf, type Tx } from '../../db/index.js';
import { classNameOrder } from '../classes/index.js';
import { percentagePresent } from './percentage.js';

// The printed register and the yearly summaries count what the monthly summary counts: a class's
// marks (attendance.class_id) of the children enrolled in that class. A child who moved to another
// class of the year is in neither; a child whose data was erased is in both, as an erased child (their
// marks stay under an id no student has, enrolled in erased_enrolments), so a percentage printed here
// is the one the monthly summary answers for the same class and month, before and after an erasure.


/** Each mark of the class in [first, next), by date: the register's cells. */
export function registerMarks(tx: Tx, churchId: string, classId: string, first: string, next: string) {
  return tx
    .select({ studentId: attendance.studentId, date: attendance.date, status: attendance.status })
    .from(attendance)
    .where(and(eq(attendance.churchId, churchId), eq(attendance.classId, classId), gte(attendance.date, first), lt(attendance.date, next)))
    .orderBy(asc(attendance.date));
}

/** The weekdays the church's classes meet (ISO, 7 Sunday): the register pre-prints each of them. */
export async function classDaysOf(tx: Tx, churchId: string): Promise<number[]> {
  const [row] = await tx.select({ classDays: churches.classDays }).from(churches).where(eq(churches.id, churchId)).limit(1);
  return row?.classDays ?? [7];
}

/** The name of a class's teacher, or undefined when it has none. */
export async function teacherName(tx: Tx, churchId: string, teacherId: string | null): Promise<string | undefined> {
  if (!teacherId) return undefined;
  const [row] = await tx.select({ name: users.name }).from(users).where(and(eq(users.churchId, churchId), eq(users.id, teacherId))).limit(1);
  return row?.name;
}

const monthOf = sql<string>`to_char(${attendance.date}, 'YYYY-MM')`;
const presentCount = sql`count(*) filter (where ${attendance.status} = 'present')`;
const markCount = sql`count(*)`;

/** Per student of the class and month (YYYY-MM) of [first, next) with marks: the percentage present;
 * and per student the percentage over the whole range (month '*'). One statement (grouping sets). */
export function classYearRows(tx: Tx, churchId: string, classId: string, first: string, next: string) {
  return tx
    .select({
      studentId: attendance.studentId,
      month: sql<string>`coalesce(${monthOf}, '*')`,
      percentage: percentagePresent(presentCount, markCount),
    })
    .from(attendance)
    .where(and(eq(attendance.churchId, churchId), eq(attendance.classId, classId), gte(attendance.date, first), lt(attendance.date, next)))
    .groupBy(sql`grouping sets ((${attendance.studentId}, ${monthOf}), (${attendance.studentId}))`);
}

/** The classes of an academic year in school order, with their teacher's name. */
export function classesOfYear(tx: Tx, churchId: string, academicYear: string) {
  return tx
    .select({ id: classes.id, className: classes.className, section: classes.section, teacherName: users.name })
    .from(classes)
    .leftJoin(users, and(eq(users.churchId, classes.churchId), eq(users.id, classes.teacherId)))
    .where(and(eq(classes.churchId, churchId), eq(classes.academicYear, academicYear)))
    .orderBy(classNameOrder(churchId), asc(classes.section), asc(classes.id));
}

/**
 * Per class of the academic year and month of [first, next): the percentage present of the class's
 * marks of its enrolled children and erased children (the monthly summary's rows summed); month '*'
 * for the whole range.
 * The church's year in one statement: a few hundred small rows however many children it has.
 *
 * The marks are counted per class, child and month first (a materialized step, read class by class
 * on the attendance key), and only those counts are matched to the enrolments: the statement is
 * prepared, and the generic plan PostgreSQL settles on after a few runs misjudges both sides as one
 * row and would otherwise walk every mark of a class once per child (190 ms against 40 ms on the
 * 1,000-church benchmark database).
 */
export async function churchYearRows(tx: Tx, churchId: string, academicYear: string, first: string, next: string) {
  const month = sql`to_char(a.date, 'YYYY-MM')`;
  return rowsOf<{ classId: string | null; month: string; percentage: number | null }>(await tx.execute(sql`
    with counted as materialized (
      select a.class_id, a.student_id, c.academic_year, ${month} as month,
        count(*) filter (where a.status = 'present') as present, count(*) as total
      from ${attendance} a join ${classes} c on c.church_id = a.church_id and c.id = a.class_id
      where a.church_id = ${churchId}::uuid and c.academic_year = ${academicYear} and a.date >= ${first}::date and a.date < ${next}::date
      group by a.class_id, a.student_id, c.academic_year, ${month}
    )
    select m.class_id as "classId", coalesce(m.month, '*') as "month", ${percentagePresent(sql`sum(m.present)`, sql`sum(m.total)`)} as "percentage"
    from counted m join (
      select student_id, academic_year, class_id from ${enrolments}
      where church_id = ${churchId}::uuid and academic_year = ${academicYear}
      union all
      select marks_id, academic_year, class_id from ${erasedEnrolments}
      where church_id = ${churchId}::uuid and academic_year = ${academicYear}
    ) e on e.student_id = m.student_id and e.academic_year = m.academic_year and e.class_id = m.class_id
    group by grouping sets ((m.class_id, m.month), (m.class_id), (m.month), ())`));
}

/** The enrolments of an academic year and its erased children's (an erased child stays on the roll,
 * under the id its marks are kept by): the children the reports count. */
const countedChildren = (churchId: string, academicYear: string) => sql`(
  select student_id, class_id from ${enrolments} where church_id = ${churchId}::uuid and academic_year = ${academicYear}
  union all
  select marks_id, class_id from ${erasedEnrolments} where church_id = ${churchId}::uuid and academic_year = ${academicYear})`;

/**
 * The year's return per class of the academic year and for the whole Sunday School (classId null):
 * children on roll, days with a roll call, marks present and all marks, counting what the monthly
 * summaries count (the class's marks of its enrolled and erased children, dated in [first, next)).
 * The Sunday School's roll calls are the days any of its classes had one. The whole-school row is
 * always there (the empty grouping set answers a row even without marks).
 */
export async function yearReturnRows(tx: Tx, churchId: string, academicYear: string, first: string, next: string) {
  return rowsOf<{ classId: string | null; onRoll: number; rollCalls: number; present: number; marks: number }>(await tx.execute(sql`
    with roll as (
      select e.class_id, count(*)::int as on_roll from ${countedChildren(churchId, academicYear)} e group by e.class_id
    ), days as materialized (
      select a.class_id, a.date, count(*) filter (where a.status = 'present') as present, count(*) as total
      from ${attendance} a join ${countedChildren(churchId, academicYear)} e on e.student_id = a.student_id and e.class_id = a.class_id
      where a.church_id = ${churchId}::uuid and a.date >= ${first}::date and a.date < ${next}::date
      group by a.class_id, a.date
    ), counted as (
      select d.class_id, count(distinct d.date)::int as roll_calls, coalesce(sum(d.present), 0)::int as present,
        coalesce(sum(d.total), 0)::int as marks
      from days d group by grouping sets ((d.class_id), ())
    )
    select c.class_id as "classId",
      (case when c.class_id is null then (select coalesce(sum(on_roll), 0) from roll) else coalesce(r.on_roll, 0) end)::int as "onRoll",
      c.roll_calls as "rollCalls", c.present, c.marks
    from counted c left join roll r on r.class_id = c.class_id
    union all
    select r.class_id, r.on_roll, 0, 0, 0 from roll r where not exists (select 1 from days d where d.class_id = r.class_id)`));
}

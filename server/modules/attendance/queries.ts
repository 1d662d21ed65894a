import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { attendance, classes, enrolments, students } from '../../../drizzle/schema/index.js';
import type { AttendanceStatus } from '../../../common/constants.js';
import { byName, type Tx } from '../../db/index.js';
import { fixedStatement } from '../../db/fixed-statement.js';
import { classAccessibleTo } from '../classes/index.js';
import { percentagePresent } from './percentage.js';

// Every query names church_id explicitly (row-level security filters it as well), so PostgreSQL
// can use the church-leading keys: attendance (church_id, class_id, date) for a class's dates and
// enrolments (church_id, class_id, roll_number) for a class's children. A class's children are its
// enrolments, so a class of a past year keeps its roll call and reports after its children moved up.

export interface ClassMarks {
  churchId: string;
  classId: string;
  /** seesAllClasses(user): false limits the statement to a class the user teaches. */
  seesAllClasses: boolean;
  userId: string;
  date: string;
  /** The statuses chosen in the request; students of the class left out are saved absent. */
  chosen: Array<{ studentId: string; status: AttendanceStatus }>;
}

export interface MarkOutcome {
  /** 0 when the class does not exist in this church or the user may not reach it. */
  class_found: number;
  class_students: number;
  /** Chosen students who are not in the class. When there is any, nothing is written. */
  strangers: number;
  marked: number;
  present: number;
}

/**
 * Marking a class for a date in one statement (one round trip): it finds the class the user may
 * reach (the rule of classes/access.ts), its active students now (a child who moved away is off the
 * roll call, so choosing one is choosing a student not in the class), and writes one row per student with the
 * chosen status or absent, by INSERT ... ON CONFLICT (church_id, student_id, date) DO UPDATE, so
 * marking again overwrites instead of duplicating. It writes nothing when a chosen student is not in
 * the class, and returns what the service needs to answer. The marks travel as two arrays (ids and
 * present flags), so the text is the same for every class size, and for a class of up to ~20 the
 * statement and the COMMIT behind it (commitEarly) fit in one network write. Rows are written in student-id order, so two
 * concurrent marks of one class lock rows in the same order and cannot deadlock.
 */
/** The arrays go as PostgreSQL array literals ('{a,b}'): the drivers would send a JS array of
 * booleans as one boolean. The ids are validated UUIDs, so they need no quoting. */
type MarkValues = Omit<ClassMarks, 'chosen'> & { chosenIds: string; chosenPresent: string };

const markClassStatement = fixedStatement<MarkOutcome, MarkValues>(() => {
  const p = (name: keyof MarkValues) => sql.placeholder(name);
  return sql`
    with target as (
      select ${classes.id} as id from ${classes}
      where ${classes.churchId} = ${p('churchId')}::uuid and ${classes.id} = ${p('classId')}::uuid
        and ${classAccessibleTo(sql`${p('seesAllClasses')}::boolean`, sql`${p('userId')}::uuid`)}
    ), roster as (
      select s.id from ${enrolments} e join target t on e.class_id = t.id
        join ${students} s on s.church_id = e.church_id and s.id = e.student_id
      where e.church_id = ${p('churchId')}::uuid and s.active
    ), chosen as (
      select m.student_id, case when m.present then 'present' else 'absent' end as status
      from unnest(${p('chosenIds')}::uuid[], ${p('chosenPresent')}::boolean[]) as m(student_id, present)
    ), checks as (
      select (select count(*) from target)::int as class_found,
        (select count(*) from roster)::int as class_students,
        (select count(*) from chosen c where not exists (select 1 from roster r where r.id = c.student_id))::int as strangers
    ), written as (
      insert into ${attendance} (church_id, student_id, date, class_id, status, marked_by, marked_at)
      select ${p('churchId')}::uuid, r.id, ${p('date')}::date, ${p('classId')}::uuid, coalesce(c.status, 'absent'), ${p('userId')}::uuid, now()
      from roster r left join chosen c on c.student_id = r.id
      where (select strangers from checks) = 0
      order by r.id
      on conflict (church_id, student_id, date) do update
        -- excluded.marked_at is now(): Citus takes no function that is not immutable here.
        set status = excluded.status, class_id = excluded.class_id, marked_by = excluded.marked_by, marked_at = excluded.marked_at
      returning status
    )
    select k.class_found, k.class_students, k.strangers,
      (select count(*) from written)::int as marked,
      (select count(*) from written where status = 'present')::int as present
    from checks k`;
});

export async function markClass(tx: Tx, input: ClassMarks): Promise<MarkOutcome> {
  const { chosen, ...rest } = input;
  const [outcome] = await markClassStatement(tx, {
    ...rest,
    chosenIds: `{${chosen.map((m) => m.studentId).join(',')}}`,
    chosenPresent: `{${chosen.map((m) => (m.status === 'present' ? 't' : 'f')).join(',')}}`,
  });
  return outcome;
}

/** The stored marks of a class on one date, in roll-number order (a child since moved to another class
 * of the year, whose marks stay filed under this one, last). */
export function recordsForDate(tx: Tx, churchId: string, classId: string, date: string) {
  return tx
    .select({ student_id: attendance.studentId, status: attendance.status })
    .from(attendance)
    .innerJoin(students, and(eq(students.churchId, attendance.churchId), eq(students.id, attendance.studentId)))
    .leftJoin(enrolments, and(eq(enrolments.churchId, attendance.churchId), eq(enrolments.studentId, attendance.studentId),
      eq(enrolments.classId, attendance.classId)))
    .where(and(eq(attendance.churchId, churchId), eq(attendance.classId, classId), eq(attendance.date, date)))
    .orderBy(sql`${enrolments.rollNumber} asc nulls last`, asc(attendance.studentId));
}

const presentCount = () => sql<number>`(count(*) filter (where ${attendance.status} = 'present'))::int`;
const absentCount = () => sql<number>`(count(*) filter (where ${attendance.status} = 'absent'))::int`;
const markCount = () => sql<number>`count(*)::int`;

/** A class's marks dated in [first, next): the range the church-leading (church_id, class_id, date) index serves. */
const classMarksIn = (churchId: string, classId: string, first: string, next: string) => and(
  eq(attendance.churchId, churchId),
  eq(attendance.classId, classId),
  gte(attendance.date, first),
  lt(attendance.date, next),
);

/**
 * Monthly summary in one statement: the class's marks in [first, next) are counted per student
 * (index range scan on church_id, class_id, date), then joined to the class's children (its enrolments),
 * so a student with no mark that month has zeros and a null percentage.
 */
export function monthlySummaryRows(tx: Tx, churchId: string, classId: string, first: string, next: string) {
  const marks = tx.$with('marks').as(
    tx.select({
      studentId: attendance.studentId,
      present: presentCount().as('present'),
      absent: absentCount().as('absent'),
      total: markCount().as('total'),
    })
      .from(attendance)
      .where(classMarksIn(churchId, classId, first, next))
      .groupBy(attendance.studentId),
  );
  return tx.with(marks)
    .select({
      student_id: students.id,
      student_name: students.name,
      roll_number: enrolments.rollNumber,
      present_days: sql<number>`coalesce(${marks.present}, 0)::int`,
      absent_days: sql<number>`coalesce(${marks.absent}, 0)::int`,
      total_days: sql<number>`coalesce(${marks.total}, 0)::int`,
      percentage: percentagePresent(marks.present, marks.total),
    })
    .from(enrolments)
    .innerJoin(students, and(eq(students.churchId, enrolments.churchId), eq(students.id, enrolments.studentId)))
    .leftJoin(marks, eq(marks.studentId, enrolments.studentId))
    .where(and(eq(enrolments.churchId, churchId), eq(enrolments.classId, classId)))
    .orderBy(asc(enrolments.rollNumber), asc(byName(students.name)));
}

/** Calendar view in one statement: per date of [first, next) that has marks for the class. */
export function calendarRows(tx: Tx, churchId: string, classId: string, first: string, next: string) {
  return tx
    .select({
      date: attendance.date,
      present_count: presentCount(),
      absent_count: absentCount(),
      total_students: markCount(),
    })
    .from(attendance)
    .where(classMarksIn(churchId, classId, first, next))
    .groupBy(attendance.date)
    .orderBy(asc(attendance.date));
}

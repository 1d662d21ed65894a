import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { attendance, classSubstitutes, classes, enrolments, erasedEnrolments, students, users } from '../../../drizzle/schema/index.js';
import { PRIVACY_MESSAGES } from '../../../common/schemas/privacy.js';
import type { AttendanceStatus } from '../../../common/constants.js';
import { byName, type Tx } from '../../db/index.js';
import { fixedStatement } from '../../db/fixed-statement.js';
import { classAccessibleTo } from '../classes/index.js';
import { substituteOn } from '../substitutes/index.js';
import { percentagePresent } from './percentage.js';
import { isoUtc } from './sql-time.js';

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
  /** The church's today: a substitute reaches the class on the day they stand in, when it is today. */
  today: string;
  /** The statuses chosen in the request; students of the class left out are saved absent. */
  chosen: Array<{ studentId: string; status: AttendanceStatus }>;
}

export interface MarkOutcome {
  /** 0 when the class does not exist in this church or the user may not reach it. */
  class_found: number;
  /** The user stands in for the class on some day (the refusal of another day is then a 403). */
  substitute_of_class: boolean;
  class_students: number;
  /** Chosen students who are not in the class. When there is any, nothing is written. */
  strangers: number;
  marked: number;
  present: number;
}

/** The marks go as two PostgreSQL array literals ('{a,b}'), the ids and their present flags in
 * the same order: the drivers would send a JS array as one value of another type. The ids are
 * validated UUIDs, so they need no quoting. */
type MarkValues = Omit<ClassMarks, 'chosen'> & { chosenIds: string; chosenPresent: string };
const p = (name: keyof MarkValues) => sql.placeholder(name);

/** Who may mark the class: the rule of classes/access.ts, or the user stands in for it on the date,
 * which is the church's today (substitutes/). */
const markableBy = () => sql`(${classAccessibleTo(sql`${p('seesAllClasses')}::boolean`, sql`${p('userId')}::uuid`)}
  or (${p('date')}::date = ${p('today')}::date
    and ${substituteOn(sql`${p('churchId')}::uuid`, sql`${classes.id}`, sql`${p('userId')}::uuid`, sql`${p('date')}::date`)}))`;

/**
 * The roll call of the class as the user may reach it (the rule of classes/access.ts): its active
 * children now, from its enrolments (a child who moved away is off the roll call, so choosing one
 * is choosing a student not in the class). Every table names the church as a constant: on Citus
 * the statement then routes whole to the church's shard.
 */
const rollCallFrom = () => sql`${enrolments} e
  join ${classes} on ${classes.churchId} = ${p('churchId')}::uuid and ${classes.id} = e.class_id
    and ${markableBy()}
  join ${students} s on s.church_id = ${p('churchId')}::uuid and s.id = e.student_id
  where e.church_id = ${p('churchId')}::uuid and e.class_id = ${p('classId')}::uuid and s.active`;

/**
 * Writes the marks: one row per child of the roll call, present when chosen present, absent
 * otherwise, by INSERT ... ON CONFLICT (church_id, student_id, date) DO UPDATE, so marking again
 * overwrites instead of duplicating. It writes nothing (and answers no row) unless every chosen
 * child is on the roll call, which also means the class exists here and the user reaches it. Rows
 * are written in student-id order, so two concurrent marks of one class lock rows in the same order
 * and cannot deadlock. No CTE and no function in FROM: Citus routes a plain INSERT ... SELECT whole
 * to one shard, never one with a writing CTE. The update takes excluded.marked_at (now()): Citus
 * takes no function that is not immutable in ON CONFLICT's SET.
 */
const writeMarksStatement = fixedStatement<{ status: AttendanceStatus }, MarkValues>(() => sql`
  insert into ${attendance} (church_id, student_id, date, class_id, status, marked_by, marked_at)
  select s.church_id, s.id, ${p('date')}::date, e.class_id,
    case when (${p('chosenPresent')}::boolean[])[array_position(${p('chosenIds')}::uuid[], s.id)] then 'present' else 'absent' end,
    ${p('userId')}::uuid, now()
  from ${rollCallFrom()}
    and ${p('chosenIds')}::uuid[] <@ array(select s.id from ${rollCallFrom()})
  order by s.id
  on conflict (church_id, student_id, date) do update
    set status = excluded.status, class_id = excluded.class_id, marked_by = excluded.marked_by, marked_at = excluded.marked_at
  returning status`);

type RollCallValues = Pick<MarkValues, 'churchId' | 'classId' | 'seesAllClasses' | 'userId' | 'date' | 'today'>;

/** What the service needs when the marks were not written: whether the class was found, and the
 * ids of its roll call (lower case, comma-separated). It takes no marks, so that with the write and
 * the COMMIT it stays within one network write of the driver. */
const rollCallStatement = fixedStatement<{ class_found: boolean; roll_call: string; substitute_of_class: boolean }, RollCallValues>(() => sql`
  select exists (select 1 from ${classes} where ${classes.churchId} = ${p('churchId')}::uuid and ${classes.id} = ${p('classId')}::uuid
      and ${markableBy()}) as class_found,
    exists (select 1 from ${classSubstitutes} where ${classSubstitutes.churchId} = ${p('churchId')}::uuid
      and ${classSubstitutes.classId} = ${p('classId')}::uuid and ${classSubstitutes.substituteId} = ${p('userId')}::uuid) as substitute_of_class,
    coalesce((select string_agg(s.id::text, ',') from ${rollCallFrom()}), '') as roll_call`);

/**
 * Marking a class for a date: the write and the roll call are sent together (one round trip, and
 * the COMMIT behind them with commitEarly); both are single-shard on Citus. The roll call answers
 * only what the service needs to refuse (the write enforces the rule itself).
 */
export async function markClass(tx: Tx, input: ClassMarks): Promise<MarkOutcome> {
  const { chosen, ...rest } = input;
  const [written, [rollCall]] = await Promise.all([
    writeMarksStatement(tx, {
      ...rest,
      chosenIds: `{${chosen.map((m) => m.studentId).join(',')}}`,
      chosenPresent: `{${chosen.map((m) => (m.status === 'present' ? 't' : 'f')).join(',')}}`,
    }),
    rollCallStatement(tx, {
      churchId: rest.churchId, classId: rest.classId, seesAllClasses: rest.seesAllClasses, userId: rest.userId, date: rest.date, today: rest.today,
    }),
  ]);
  const onRollCall = new Set(rollCall.roll_call ? rollCall.roll_call.split(',') : []);
  return {
    class_found: rollCall.class_found ? 1 : 0,
    substitute_of_class: rollCall.substitute_of_class,
    class_students: onRollCall.size,
    strangers: chosen.filter((m) => !onRollCall.has(m.studentId.toLowerCase())).length,
    marked: written.length,
    present: written.filter((row) => row.status === 'present').length,
  };
}

/** The stored marks of a class on one date, in roll-number order (a child since moved to another class
 * of the year, whose marks stay filed under this one, last), each with when it was written and the
 * name of who wrote it (null once that user is deleted): the sheet says "Saved at 10:04 by Thomas". */
export function recordsForDate(tx: Tx, churchId: string, classId: string, date: string) {
  return tx
    .select({
      student_id: attendance.studentId,
      status: attendance.status,
      marked_at: isoUtc(sql`${attendance.markedAt}`),
      marked_by_name: users.name,
    })
    .from(attendance)
    .innerJoin(students, and(eq(students.churchId, attendance.churchId), eq(students.id, attendance.studentId)))
    .leftJoin(users, and(eq(users.churchId, attendance.churchId), eq(users.id, attendance.markedBy)))
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
 * Monthly summary: the class's marks in [first, next) are counted per student (index range scan on
 * church_id, class_id, date), then joined to the class's children (its enrolments), so a student
 * with no mark that month has zeros and a null percentage. Then, after them, one row per erased
 * child of the class (their marks kept under an id no student has, their enrolment in
 * erased_enrolments): no name ('Erased child'), no roll number, so the class's totals and rows are
 * those it had before the erasure.
 */
export async function monthlySummaryRows(tx: Tx, churchId: string, classId: string, first: string, next: string): Promise<MonthlySummaryRow[]> {
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
  const enrolled = await tx.with(marks)
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
  const erased = await tx.with(marks)
    .select({
      student_id: erasedEnrolments.marksId,
      present_days: sql<number>`coalesce(${marks.present}, 0)::int`,
      absent_days: sql<number>`coalesce(${marks.absent}, 0)::int`,
      total_days: sql<number>`coalesce(${marks.total}, 0)::int`,
      percentage: percentagePresent(marks.present, marks.total),
    })
    .from(erasedEnrolments)
    .leftJoin(marks, eq(marks.studentId, erasedEnrolments.marksId))
    .where(and(eq(erasedEnrolments.churchId, churchId), eq(erasedEnrolments.classId, classId)))
    .orderBy(asc(erasedEnrolments.marksId));
  return [...enrolled, ...erased.map((row) => ({ ...row, student_name: PRIVACY_MESSAGES.erasedChild, roll_number: null }))];
}

/** A row of the monthly summary: a child of the class, or an erased child (roll_number null). */
interface MonthlySummaryRow {
  student_id: string;
  student_name: string;
  roll_number: number | null;
  present_days: number;
  absent_days: number;
  total_days: number;
  percentage: number | null;
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

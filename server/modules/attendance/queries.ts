import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { attendance, students } from '../../../drizzle/schema/index.js';
import type { AttendanceStatus } from '../../../common/constants.js';
import type { Tx } from '../../db/index.js';

// Every query names church_id explicitly (row-level security filters it as well), so PostgreSQL
// can use the church-leading keys: attendance (church_id, class_id, date) for a class's dates and
// students (church_id, class_id, roll_number) for a class's students.

/** Ids of the students now in a class, in id order (the order rows are then written in, so two
 * concurrent marks of the same class lock rows in the same order and cannot deadlock). */
export async function classStudentIds(tx: Tx, churchId: string, classId: string): Promise<string[]> {
  const rows = await tx.select({ id: students.id }).from(students)
    .where(and(eq(students.churchId, churchId), eq(students.classId, classId)))
    .orderBy(asc(students.id));
  return rows.map((r) => r.id);
}

export interface ClassMarks {
  churchId: string;
  classId: string;
  date: string;
  markedBy: string;
  marks: Array<{ studentId: string; status: AttendanceStatus }>;
}

/**
 * One INSERT ... ON CONFLICT (church_id, student_id, date) DO UPDATE for the whole class: marking
 * again overwrites the day's status instead of duplicating it. The marks travel as one JSON
 * parameter, so the statement text is the same for every class size: prepared once per connection
 * and cheap to build (a multi-row VALUES list cost more CPU than the database work). Rows are written
 * in student-id order, so two concurrent marks of one class lock rows in the same order.
 */
export async function upsertAttendance(tx: Tx, input: ClassMarks): Promise<void> {
  const marks = JSON.stringify(input.marks.map((m) => ({ student_id: m.studentId, status: m.status })));
  await tx.execute(sql`
    insert into ${attendance} (church_id, student_id, date, class_id, status, marked_by)
    select ${input.churchId}::uuid, m.student_id, ${input.date}::date, ${input.classId}::uuid, m.status, ${input.markedBy}::uuid
    from json_to_recordset(${marks}::json) as m(student_id uuid, status text)
    order by m.student_id
    on conflict (church_id, student_id, date) do update
      set status = excluded.status, class_id = excluded.class_id, marked_by = excluded.marked_by, marked_at = now()`);
}

/** The stored marks of a class on one date, in roll-number order. */
export function recordsForDate(tx: Tx, churchId: string, classId: string, date: string) {
  return tx
    .select({ student_id: attendance.studentId, status: attendance.status })
    .from(attendance)
    .innerJoin(students, and(eq(students.churchId, attendance.churchId), eq(students.id, attendance.studentId)))
    .where(and(eq(attendance.churchId, churchId), eq(attendance.classId, classId), eq(attendance.date, date)))
    .orderBy(asc(students.rollNumber), asc(attendance.studentId));
}

const presentCount = () => sql<number>`(count(*) filter (where ${attendance.status} = 'present'))::int`;
const absentCount = () => sql<number>`(count(*) filter (where ${attendance.status} = 'absent'))::int`;
const markCount = () => sql<number>`count(*)::int`;

/**
 * Monthly summary in one statement: the class's marks in [first, next) are counted per student
 * (index range scan on church_id, class_id, date), then joined to the class's current students,
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
      .where(and(
        eq(attendance.churchId, churchId),
        eq(attendance.classId, classId),
        gte(attendance.date, first),
        lt(attendance.date, next),
      ))
      .groupBy(attendance.studentId),
  );
  return tx.with(marks)
    .select({
      student_id: students.id,
      student_name: students.name,
      roll_number: students.rollNumber,
      present_days: sql<number>`coalesce(${marks.present}, 0)::int`,
      absent_days: sql<number>`coalesce(${marks.absent}, 0)::int`,
      total_days: sql<number>`coalesce(${marks.total}, 0)::int`,
      percentage: sql<number | null>`round(100.0 * ${marks.present} / nullif(${marks.total}, 0), 1)::float8`,
    })
    .from(students)
    .leftJoin(marks, eq(marks.studentId, students.id))
    .where(and(eq(students.churchId, churchId), eq(students.classId, classId)))
    .orderBy(asc(students.rollNumber), asc(students.name));
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
    .where(and(
      eq(attendance.churchId, churchId),
      eq(attendance.classId, classId),
      gte(attendance.date, first),
      lt(attendance.date, next),
    ))
    .groupBy(attendance.date)
    .orderBy(asc(attendance.date));
}

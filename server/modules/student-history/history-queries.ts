import { and, desc, eq, sql } from 'drizzle-orm';
import { attendance, classes, enrolments } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import { percentagePresent } from '../attendance/index.js';

/**
 * A child's years in one statement: one row per enrolment, newest year first, with the marks of that
 * year. The marks are counted by the academic year of the class each is filed under
 * (attendance.class_id), not by the enrolment's class: a child moved to another class within a year
 * has one enrolment for the year (its class the latest), and every mark of that year counts in it.
 * The marks are read by the attendance key (church_id, student_id, date), so the child's own rows
 * only. The percentage is the attendance module's; null when the year has no mark.
 */
export function selectStudentHistory(tx: Tx, churchId: string, studentId: string) {
  const marks = tx.$with('marks').as(
    tx.select({
      academicYear: sql<string>`${classes.academicYear}`.as('marks_year'),
      present: sql<number>`(count(*) filter (where ${attendance.status} = 'present'))::int`.as('present'),
      absent: sql<number>`(count(*) filter (where ${attendance.status} = 'absent'))::int`.as('absent'),
      total: sql<number>`count(*)::int`.as('total'),
    })
      .from(attendance)
      .innerJoin(classes, and(eq(classes.churchId, attendance.churchId), eq(classes.id, attendance.classId)))
      .where(and(eq(attendance.churchId, churchId), eq(attendance.studentId, studentId)))
      .groupBy(classes.academicYear),
  );
  return tx.with(marks)
    .select({
      academic_year: enrolments.academicYear,
      class_id: enrolments.classId,
      class_name: classes.className,
      section: classes.section,
      roll_number: enrolments.rollNumber,
      present: sql<number>`coalesce(${marks.present}, 0)::int`,
      absent: sql<number>`coalesce(${marks.absent}, 0)::int`,
      total: sql<number>`coalesce(${marks.total}, 0)::int`,
      percentage: percentagePresent(marks.present, marks.total),
    })
    .from(enrolments)
    .innerJoin(classes, and(eq(classes.churchId, enrolments.churchId), eq(classes.id, enrolments.classId)))
    .leftJoin(marks, eq(marks.academicYear, enrolments.academicYear))
    .where(and(eq(enrolments.churchId, churchId), eq(enrolments.studentId, studentId)))
    .orderBy(desc(enrolments.academicYear));
}

import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { attendance, attendanceSyncBatches, classes, enrolments, erasedEnrolments } from '../../../drizzle/schema/index.js';
import { toCsv } from '../../../common/csv.js';
import type { ChildData } from '../../core/child-data.js';
import type { Tx } from '../../db/index.js';
import { attendanceSummaryPdf, monthsOf } from './child-summary-pdf.js';

/** Gives the child's attendance marks a new id that names nobody: they still count in their class's
 * calendar and totals, and no longer belong to anyone. Answers how many marks were kept. */
async function reKeyAttendance(tx: Tx, churchId: string, studentId: string, marksId: string): Promise<number> {
  const rows = await tx.update(attendance).set({ studentId: marksId })
    .where(and(eq(attendance.churchId, churchId), eq(attendance.studentId, studentId)))
    .returning({ date: attendance.date });
  return rows.length;
}

/** Files the child's enrolments (class of each academic year) under the marks' new id, so every
 * report counts the class's marks as before. Read, then written as multi-row VALUES: Citus cannot
 * plan this INSERT ... SELECT with RETURNING on one shard. */
async function keepErasedEnrolments(tx: Tx, churchId: string, studentId: string, marksId: string): Promise<void> {
  const enrolled = await tx.select({ academicYear: enrolments.academicYear, classId: enrolments.classId }).from(enrolments)
    .where(and(eq(enrolments.churchId, churchId), eq(enrolments.studentId, studentId)));
  if (enrolled.length > 0) await tx.insert(erasedEnrolments).values(enrolled.map((row) => ({ churchId, marksId, ...row })));
}

/**
 * The offline sync ledger keeps each batch's answer, which lists the refused marks by student id:
 * the child's id becomes the marks' new id (the answer stays well-formed for the device that asks
 * again). The tenant role may change a batch's answer and nothing else of it. Answers how many.
 */
async function scrubSyncLedger(tx: Tx, churchId: string, studentId: string, marksId: string): Promise<number> {
  const rows = await tx.update(attendanceSyncBatches)
    .set({ answer: sql`replace(${attendanceSyncBatches.answer}::text, ${studentId}, ${marksId})::jsonb` })
    .where(and(eq(attendanceSyncBatches.churchId, churchId), sql`${attendanceSyncBatches.answer}::text like ${`%${studentId}%`}`))
    .returning({ id: attendanceSyncBatches.id });
  return rows.length;
}

/** Every attendance mark of the child, oldest first, with the class it was taken in. */
function selectMarks(tx: Tx, churchId: string, studentId: string) {
  return tx.select({ date: attendance.date, className: classes.className, section: classes.section, status: attendance.status })
    .from(attendance)
    .innerJoin(classes, and(eq(classes.churchId, attendance.churchId), eq(classes.id, attendance.classId)))
    .where(and(eq(attendance.churchId, churchId), eq(attendance.studentId, studentId)))
    .orderBy(asc(attendance.date));
}

/** The child's attendance marks. An erasure keeps them, and the child's enrolments, under one new
 * random id (attendance has no foreign key to students), so every report keeps its totals. */
export const attendanceChildData: ChildData = {
  owner: 'attendance',
  tables: [
    { table: attendance, erasure: 'rewritten: the marks kept under one new random id that names nobody' },
    { table: erasedEnrolments, erasure: 'written: the child\'s enrolments under the marks\' new id, without name or roll number' },
    { table: attendanceSyncBatches, erasure: 'rewritten: the child\'s id in the stored answers becomes the marks\' new id', purge: true },
  ],
  async erase(tx, { churchId, studentId }) {
    const marksId = randomUUID();
    const marksKept = await reKeyAttendance(tx, churchId, studentId, marksId);
    await keepErasedEnrolments(tx, churchId, studentId, marksId);
    const batchesScrubbed = await scrubSyncLedger(tx, churchId, studentId, marksId);
    return { counts: { attendance_marks_kept: marksKept, sync_batches_scrubbed: batchesScrubbed } };
  },
  async export(tx, { churchId, studentId, name, language, church }) {
    const marks = await selectMarks(tx, churchId, studentId);
    const months = monthsOf(marks);
    return [
      {
        name: 'attendance.csv',
        bytes: () => Buffer.from(toCsv(['date', 'class', 'status'], marks.map((m) => [m.date, `${m.className} ${m.section}`.trim(), m.status])), 'utf8'),
      },
      {
        name: 'attendance-summary.pdf',
        bytes: () => attendanceSummaryPdf({ language, churchName: church.name, childName: name, months }),
      },
      {
        summary: {
          heading: 'privacy.family.attendance',
          table: {
            columns: ['privacy.summary.month', 'privacy.summary.present', 'privacy.summary.absent', 'privacy.summary.total'],
            rows: months.map((m) => [{ month: m.month }, { number: m.present }, { number: m.absent }, { number: m.total }]),
          },
          empty: 'privacy.summary.none',
        },
      },
    ];
  },
};

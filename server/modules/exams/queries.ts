import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  classes, enrolments, examMarkAmendments, examMarkWrites, examMarks, examPapers, examRemarks, examSchemes, exams, students,
} from '../../../drizzle/schema/index.js';
import { DEFAULT_RESULT_SCHEME, type ResultScheme } from '../../../common/exams.js';
import { byName, type Tx } from '../../db/index.js';
import { classNameOrder } from '../classes/index.js';

// Every query names the church (church-leading keys; one shard on Citus); row-level security filters as well.

export type ExamRow = typeof exams.$inferSelect;
export type PaperRow = typeof examPapers.$inferSelect;

export async function findExam(tx: Tx, churchId: string, examId: string, lock?: 'update' | 'share'): Promise<ExamRow | undefined> {
  const query = tx.select().from(exams).where(and(eq(exams.churchId, churchId), eq(exams.id, examId)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** The exams of an academic year, by start date then name, with how many papers each has (the church
 * named as a value in the subquery too: on Citus the statement then goes whole to one shard). */
export function examsOfYear(tx: Tx, churchId: string, academicYear: string) {
  return tx.select({
    id: exams.id, academic_year: exams.academicYear, name: exams.name, kind: exams.kind, starts_on: exams.startsOn, ends_on: exams.endsOn,
    weight: exams.weight, published_at: exams.publishedAt,
    papers: sql<number>`(select count(*) from ${examPapers} p where p.church_id = ${churchId}::uuid and p.exam_id = "exams"."id")::int`,
  }).from(exams)
    .where(and(eq(exams.churchId, churchId), eq(exams.academicYear, academicYear)))
    .orderBy(sql`${exams.startsOn} asc nulls last`, asc(exams.name), asc(exams.id));
}

/** The exams of the academic years given: what the year's final result weighs, and whether published. */
export function examsOfYears(tx: Tx, churchId: string, academicYears: readonly string[]) {
  return tx.select({ id: exams.id, academic_year: exams.academicYear, kind: exams.kind, weight: exams.weight, published_at: exams.publishedAt })
    .from(exams)
    .where(and(eq(exams.churchId, churchId), inArray(exams.academicYear, [...academicYears])));
}

export function insertExam(tx: Tx, row: typeof exams.$inferInsert) {
  return tx.insert(exams).values(row).onConflictDoNothing().returning();
}

export function updateExamRow(tx: Tx, churchId: string, examId: string, set: Partial<typeof exams.$inferInsert>) {
  return tx.update(exams).set({ ...set, updatedAt: new Date() }).where(and(eq(exams.churchId, churchId), eq(exams.id, examId))).returning();
}

export function deleteExamRow(tx: Tx, churchId: string, examId: string) {
  return tx.delete(exams).where(and(eq(exams.churchId, churchId), eq(exams.id, examId)));
}

/** The classes of an academic year, in school order. */
export function classesOfYear(tx: Tx, churchId: string, academicYear: string) {
  return tx.select({ id: classes.id, class_name: classes.className, section: classes.section, teacher_id: classes.teacherId })
    .from(classes)
    .where(and(eq(classes.churchId, churchId), eq(classes.academicYear, academicYear)))
    .orderBy(classNameOrder(churchId), asc(classes.section), asc(classes.id));
}

export function insertPapers(tx: Tx, rows: Array<typeof examPapers.$inferInsert>) {
  if (rows.length === 0) return Promise.resolve([]);
  return tx.insert(examPapers).values(rows).onConflictDoNothing().returning();
}

/** The papers of an exam (of one class, or of the classes given; all when neither), in order. */
export function papersOf(tx: Tx, churchId: string, examId: string, classIds?: readonly string[]) {
  return tx.select().from(examPapers)
    .where(and(eq(examPapers.churchId, churchId), eq(examPapers.examId, examId), classIds ? inArray(examPapers.classId, [...classIds]) : undefined))
    .orderBy(asc(examPapers.classId), asc(examPapers.position), asc(examPapers.name), asc(examPapers.id));
}

export async function findPaper(tx: Tx, churchId: string, paperId: string): Promise<PaperRow | undefined> {
  const [row] = await tx.select().from(examPapers).where(and(eq(examPapers.churchId, churchId), eq(examPapers.id, paperId)));
  return row;
}

export function updatePaperRow(tx: Tx, churchId: string, paperId: string, set: Partial<typeof examPapers.$inferInsert>) {
  return tx.update(examPapers).set({ ...set, updatedAt: new Date() })
    .where(and(eq(examPapers.churchId, churchId), eq(examPapers.id, paperId))).returning();
}

export function deletePaperRow(tx: Tx, churchId: string, paperId: string) {
  return tx.delete(examPapers).where(and(eq(examPapers.churchId, churchId), eq(examPapers.id, paperId)));
}

/** How many marks are entered for an exam, or for one paper of it. */
export async function countMarks(tx: Tx, churchId: string, where: { examId: string } | { paperId: string }): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(examMarks)
    .where(and(eq(examMarks.churchId, churchId), 'examId' in where ? eq(examMarks.examId, where.examId) : eq(examMarks.paperId, where.paperId)));
  return Number(row.n);
}

/** Of a paper's marks, the highest, and whether any is a half mark. */
export async function paperMarkFacts(tx: Tx, churchId: string, paperId: string) {
  const [row] = await tx.select({
    highest: sql<number | null>`max(${examMarks.marks})::float8`,
    halves: sql<boolean>`coalesce(bool_or(${examMarks.marks} <> trunc(${examMarks.marks})), false)`,
  }).from(examMarks).where(and(eq(examMarks.churchId, churchId), eq(examMarks.paperId, paperId)));
  return row;
}

export async function selectScheme(tx: Tx, churchId: string): Promise<ResultScheme> {
  const [row] = await tx.select().from(examSchemes).where(eq(examSchemes.churchId, churchId));
  if (!row) return DEFAULT_RESULT_SCHEME;
  return {
    pass_percent: Number(row.passPercent),
    distinction_percent: Number(row.distinctionPercent),
    first_class_percent: Number(row.firstClassPercent),
    second_class_percent: Number(row.secondClassPercent),
    grade_bands: row.gradeBands,
    weights: { test: row.testWeight, half_yearly: row.halfYearlyWeight, annual: row.annualWeight },
  };
}

export function upsertScheme(tx: Tx, churchId: string, scheme: ResultScheme, userId: string) {
  const values = {
    churchId,
    passPercent: String(scheme.pass_percent),
    distinctionPercent: String(scheme.distinction_percent),
    firstClassPercent: String(scheme.first_class_percent),
    secondClassPercent: String(scheme.second_class_percent),
    gradeBands: scheme.grade_bands,
    testWeight: scheme.weights.test,
    halfYearlyWeight: scheme.weights.half_yearly,
    annualWeight: scheme.weights.annual,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  const { churchId: _key, ...set } = values;
  return tx.insert(examSchemes).values(values).onConflictDoUpdate({ target: examSchemes.churchId, set });
}

/**
 * The children of a class's mark list, in roll-number order (as Mark Attendance's sheet): its
 * enrolments, active children and any child who left with marks in this exam already.
 */
export function markListChildren(tx: Tx, churchId: string, examId: string, classId: string) {
  return tx.select({ student_id: students.id, name: students.name, roll_number: enrolments.rollNumber, active: students.active })
    .from(enrolments)
    .innerJoin(students, and(eq(students.churchId, enrolments.churchId), eq(students.id, enrolments.studentId)))
    .where(and(eq(enrolments.churchId, churchId), eq(enrolments.classId, classId), or(eq(students.active, true), sql`exists (select 1 from ${examMarks} m
      where m.church_id = ${churchId}::uuid and m.exam_id = ${examId}::uuid and m.student_id = ${students.id})`)))
    .orderBy(asc(enrolments.rollNumber), asc(byName(students.name)));
}

/** The marks of some papers, as the mark list shows them. */
export function marksOfPapers(tx: Tx, churchId: string, paperIds: string[]) {
  if (paperIds.length === 0) return Promise.resolve([]);
  return tx.select({
    paper_id: examMarks.paperId, student_id: examMarks.studentId, marks: sql<number | null>`${examMarks.marks}::float8`, absent: examMarks.absent,
  }).from(examMarks).where(and(eq(examMarks.churchId, churchId), inArray(examMarks.paperId, paperIds)));
}

export function remarksOf(tx: Tx, churchId: string, examId: string, studentIds: string[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return tx.select({ student_id: examRemarks.studentId, remark: examRemarks.remark }).from(examRemarks)
    .where(and(eq(examRemarks.churchId, churchId), eq(examRemarks.examId, examId), inArray(examRemarks.studentId, studentIds)));
}

/** Claims a save's write id: false when it was claimed before (the same save, sent again). */
export async function claimWrite(tx: Tx, row: typeof examMarkWrites.$inferInsert): Promise<boolean> {
  const claimed = await tx.insert(examMarkWrites).values(row).onConflictDoNothing().returning({ id: examMarkWrites.id });
  return claimed.length > 0;
}

export type MarkInsert = typeof examMarks.$inferInsert;

/**
 * Writes marks in one statement: a mark already there is overwritten only when its value changes (so
 * who entered it, and when, stay with an unchanged mark). Rows go in (paper, student) order, so two
 * saves of one class lock rows in the same order and cannot deadlock. The update takes excluded's
 * entered_at (Citus takes no function that is not immutable in ON CONFLICT's SET).
 */
export function upsertMarks(tx: Tx, rows: MarkInsert[]) {
  if (rows.length === 0) return Promise.resolve();
  return tx.insert(examMarks).values(rows).onConflictDoUpdate({
    target: [examMarks.churchId, examMarks.paperId, examMarks.studentId],
    set: {
      marks: sql`excluded.marks`, absent: sql`excluded.absent`, writeId: sql`excluded.write_id`,
      enteredBy: sql`excluded.entered_by`, enteredAt: sql`excluded.entered_at`,
    },
    setWhere: sql`(${examMarks.marks}, ${examMarks.absent}) is distinct from (excluded.marks, excluded.absent)`,
  });
}

const pairIn = (pairs: Array<{ paperId: string; studentId: string }>): SQL =>
  sql`(${examMarks.paperId}, ${examMarks.studentId}) in (${sql.join(pairs.map((p) => sql`(${p.paperId}::uuid, ${p.studentId}::uuid)`), sql`, `)})`;

export function deleteMarks(tx: Tx, churchId: string, pairs: Array<{ paperId: string; studentId: string }>) {
  if (pairs.length === 0) return Promise.resolve();
  return tx.delete(examMarks).where(and(eq(examMarks.churchId, churchId), pairIn(pairs)));
}

export function upsertRemarks(tx: Tx, rows: Array<typeof examRemarks.$inferInsert>) {
  if (rows.length === 0) return Promise.resolve();
  return tx.insert(examRemarks).values(rows).onConflictDoUpdate({
    target: [examRemarks.churchId, examRemarks.examId, examRemarks.studentId],
    set: { remark: sql`excluded.remark`, writtenBy: sql`excluded.written_by`, updatedAt: sql`excluded.updated_at` },
  });
}

export function deleteRemarks(tx: Tx, churchId: string, examId: string, studentIds: string[]) {
  if (studentIds.length === 0) return Promise.resolve();
  return tx.delete(examRemarks).where(and(eq(examRemarks.churchId, churchId), eq(examRemarks.examId, examId), inArray(examRemarks.studentId, studentIds)));
}

export function insertAmendments(tx: Tx, rows: Array<typeof examMarkAmendments.$inferInsert>) {
  return tx.insert(examMarkAmendments).values(rows).returning({ id: examMarkAmendments.id, studentId: examMarkAmendments.studentId, paperId: examMarkAmendments.paperId });
}

/** The corrections made to a published exam, newest first. */
export function amendmentsOf(tx: Tx, churchId: string, examId: string) {
  return tx.select({
    id: examMarkAmendments.id, paper_id: examMarkAmendments.paperId, student_id: examMarkAmendments.studentId,
    old_marks: sql<number | null>`${examMarkAmendments.oldMarks}::float8`, old_absent: examMarkAmendments.oldAbsent,
    new_marks: sql<number | null>`${examMarkAmendments.newMarks}::float8`, new_absent: examMarkAmendments.newAbsent,
    reason: examMarkAmendments.reason, amended_by: examMarkAmendments.amendedByName, amended_at: examMarkAmendments.amendedAt,
  }).from(examMarkAmendments)
    .where(and(eq(examMarkAmendments.churchId, churchId), eq(examMarkAmendments.examId, examId)))
    .orderBy(sql`${examMarkAmendments.amendedAt} desc`, asc(examMarkAmendments.id));
}

/** A class's active children in roll-number order (the report cards of a year with no exam yet). */
export function activeChildrenOf(tx: Tx, churchId: string, classId: string) {
  return tx.select({ student_id: students.id, name: students.name, roll_number: enrolments.rollNumber })
    .from(enrolments)
    .innerJoin(students, and(eq(students.churchId, enrolments.churchId), eq(students.id, enrolments.studentId)))
    .where(and(eq(enrolments.churchId, churchId), eq(enrolments.classId, classId), eq(students.active, true)))
    .orderBy(asc(enrolments.rollNumber), asc(byName(students.name)));
}

/** The class a child was enrolled in in an academic year (undefined: none that year). */
export async function classOfChildInYear(tx: Tx, churchId: string, studentId: string, academicYear: string) {
  const [row] = await tx.select({ id: classes.id, academicYear: classes.academicYear, className: classes.className, section: classes.section })
    .from(enrolments)
    .innerJoin(classes, and(eq(classes.churchId, enrolments.churchId), eq(classes.id, enrolments.classId)))
    .where(and(eq(enrolments.churchId, churchId), eq(enrolments.studentId, studentId), eq(enrolments.academicYear, academicYear)))
    .limit(1);
  return row;
}

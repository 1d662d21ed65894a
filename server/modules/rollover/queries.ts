import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { academicYearRollovers, attendance, churches, classes, enrolments, students, users } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import { classNameOrder } from '../classes/index.js';

/** The classes of an academic year in school order, with their teacher's name. With `lock`, their
 * rows are locked (FOR NO KEY UPDATE, as a student added to a class locks it), so no child is added to
 * them while the year turns; marks, which only reference a class, are not held up. */
export function selectYearClasses(tx: Tx, churchId: string, academicYear: string, { lock = false } = {}) {
  const query = tx.select({
    id: classes.id, className: classes.className, section: classes.section, teacherId: classes.teacherId, teacherName: users.name,
  }).from(classes)
    .leftJoin(users, and(eq(users.churchId, classes.churchId), eq(users.id, classes.teacherId)))
    .where(and(eq(classes.churchId, churchId), eq(classes.academicYear, academicYear)))
    .orderBy(classNameOrder(churchId), asc(classes.section), asc(classes.id));
  return lock ? query.for('no key update', { of: classes }) : query;
}
export type YearClassRow = Awaited<ReturnType<typeof selectYearClasses>>[number];

/** The children the turn of the year moves: active, and now in a class of `academicYear` (their
 * current enrolment). With `lock`, their rows are locked until the transaction ends. */
export function selectChildrenOfYear(tx: Tx, churchId: string, academicYear: string, { lock = false } = {}) {
  const query = tx.select({ id: students.id, name: students.name, classId: students.classId, rollNumber: students.rollNumber })
    .from(students)
    .where(and(eq(students.churchId, churchId), eq(students.academicYear, academicYear), eq(students.active, true)))
    .orderBy(asc(students.rollNumber), asc(students.id));
  return lock ? query.for('no key update') : query;
}
export type YearChildRow = Awaited<ReturnType<typeof selectChildrenOfYear>>[number];

/** The highest roll number each class of `academicYear` ever gave (its enrolments). */
export async function highestRollNumbers(tx: Tx, churchId: string, academicYear: string): Promise<Map<string, number>> {
  const rows = await tx.select({ classId: enrolments.classId, highest: sql<number>`max(${enrolments.rollNumber})::int` })
    .from(enrolments).where(and(eq(enrolments.churchId, churchId), eq(enrolments.academicYear, academicYear))).groupBy(enrolments.classId);
  return new Map(rows.map((r) => [r.classId, Number(r.highest)]));
}

const rolloverColumns = {
  id: academicYearRollovers.id,
  fromYear: academicYearRollovers.fromYear,
  toYear: academicYearRollovers.toYear,
  leftStudentIds: academicYearRollovers.leftStudentIds,
  summary: academicYearRollovers.summary,
  createdAt: academicYearRollovers.createdAt,
  createdByName: users.name,
  undoneAt: academicYearRollovers.undoneAt,
};

/** The rollover of `fromYear` that stands (not undone), if any. */
export async function findStandingRollover(tx: Tx, churchId: string, fromYear: string) {
  const [row] = await tx.select(rolloverColumns).from(academicYearRollovers)
    .leftJoin(users, and(eq(users.churchId, academicYearRollovers.churchId), eq(users.id, academicYearRollovers.createdBy)))
    .where(and(eq(academicYearRollovers.churchId, churchId), eq(academicYearRollovers.fromYear, fromYear), isNull(academicYearRollovers.undoneAt)))
    .orderBy(desc(academicYearRollovers.createdAt)).limit(1);
  return row;
}

/** A rollover by id, its row locked (two undos of it go one after the other). */
export async function lockRollover(tx: Tx, churchId: string, id: string) {
  const [row] = await tx.select({
    id: academicYearRollovers.id, fromYear: academicYearRollovers.fromYear, toYear: academicYearRollovers.toYear,
    leftStudentIds: academicYearRollovers.leftStudentIds, undoneAt: academicYearRollovers.undoneAt,
  }).from(academicYearRollovers).where(and(eq(academicYearRollovers.churchId, churchId), eq(academicYearRollovers.id, id))).for('update');
  return row;
}

export async function insertRollover(tx: Tx, values: typeof academicYearRollovers.$inferInsert): Promise<string> {
  const [row] = await tx.insert(academicYearRollovers).values(values).returning({ id: academicYearRollovers.id });
  return row.id;
}

export async function markRolloverUndone(tx: Tx, churchId: string, id: string, userId: string) {
  await tx.update(academicYearRollovers).set({ undoneAt: new Date(), undoneBy: userId })
    .where(and(eq(academicYearRollovers.churchId, churchId), eq(academicYearRollovers.id, id)));
}

/** Makes the new year's classes; answers their ids in the order given. */
export async function insertClasses(tx: Tx, values: Array<typeof classes.$inferInsert>): Promise<string[]> {
  if (!values.length) return [];
  const made = await tx.insert(classes).values(values).returning({ id: classes.id, className: classes.className, section: classes.section });
  // Matched by (name, section), unique in a year: RETURNING does not promise the input's order.
  const idOf = new Map(made.map((m) => [`${m.className}\n${m.section}`, m.id]));
  return values.map((v) => idOf.get(`${v.className}\n${v.section ?? ''}`)!);
}

export interface Placement { studentId: string; classId: string; rollNumber: number }

/**
 * Enrols the children in the new year's classes (marked as the rollover's) and makes those
 * enrolments their current one: two statements whatever the number of children. The enrolments are
 * written first, so the students trigger finds each already in place.
 */
export async function placeChildren(tx: Tx, churchId: string, rolloverId: string, toYear: string, placements: Placement[]) {
  if (!placements.length) return;
  const ids = `{${placements.map((p) => p.studentId).join(',')}}`;
  const classIds = `{${placements.map((p) => p.classId).join(',')}}`;
  const rolls = `{${placements.map((p) => p.rollNumber).join(',')}}`;
  // A multi-row VALUES rather than INSERT ... SELECT from unnest: Citus runs the latter through the
  // coordinator with COPY, which row-level security refuses; VALUES of one church go to its shard.
  await tx.insert(enrolments).values(placements.map((p) => ({
    churchId, studentId: p.studentId, academicYear: toYear, classId: p.classId, rollNumber: p.rollNumber, rolloverId,
  })));
  await tx.execute(sql`
    update ${students} s set class_id = p.class_id, roll_number = p.roll_number, academic_year = ${toYear}, updated_at = now()
    from unnest(${ids}::uuid[], ${classIds}::uuid[], ${rolls}::int[]) as p(student_id, class_id, roll_number)
    where s.church_id = ${churchId}::uuid and s.id = p.student_id`);
}

/** Sets children active or not (leaving at the turn of the year, and back on its undo). */
export async function setChildrenActive(tx: Tx, churchId: string, ids: string[], active: boolean) {
  if (!ids.length) return;
  await tx.update(students).set({ active, updatedAt: new Date() }).where(and(eq(students.churchId, churchId), inArray(students.id, ids)));
}

/** The classes a rollover made. With `lock` (for its undo), locked FOR UPDATE: a mark being written in
 * one (its foreign-key check holds the row) is waited for, and no new mark can reference them until the
 * undo ends. */
export async function classesOfRollover(tx: Tx, churchId: string, rolloverId: string, { lock }: { lock: boolean }): Promise<string[]> {
  const query = tx.select({ id: classes.id }).from(classes).where(and(eq(classes.churchId, churchId), eq(classes.rolloverId, rolloverId)));
  const rows = await (lock ? query.for('update') : query);
  return rows.map((r) => r.id);
}

/** Whether any mark is filed under a class of `academicYear`: per class of the year, one probe of the
 * attendance key (church_id, class_id, date), so a year without marks costs a few index lookups. */
export async function yearHasMarks(tx: Tx, churchId: string, academicYear: string): Promise<boolean> {
  const [row] = await tx.select({ one: sql<number>`1` }).from(classes)
    .where(and(eq(classes.churchId, churchId), eq(classes.academicYear, academicYear), sql`exists (select 1 from ${attendance} a
      where a.church_id = ${classes.churchId} and a.class_id = ${classes.id})`)).limit(1);
  return Boolean(row);
}

/** Children now in the classes a rollover made whom that rollover did not place there. */
export async function countChildrenAddedSince(tx: Tx, churchId: string, rolloverId: string, classIds: string[]): Promise<number> {
  if (!classIds.length) return 0;
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(students)
    .where(and(eq(students.churchId, churchId), inArray(students.classId, classIds), sql`not exists (select 1 from ${enrolments} e
      where e.church_id = ${students.churchId} and e.student_id = ${students.id} and e.rollover_id = ${rolloverId}::uuid)`));
  return Number(row.n);
}

/**
 * Puts back the children a rollover placed: each child's current class, roll number and year become
 * again those of their enrolment in `fromYear` (the students trigger finds that enrolment unchanged),
 * then the rollover's enrolments go. A child moved by hand within the new year since is put back too.
 */
export async function restorePlacedChildren(tx: Tx, churchId: string, rolloverId: string, fromYear: string, toYear: string) {
  await tx.execute(sql`
    update ${students} s set class_id = old.class_id, roll_number = old.roll_number, academic_year = old.academic_year, updated_at = now()
    from ${enrolments} old, ${enrolments} placed
    where old.church_id = s.church_id and old.student_id = s.id and old.academic_year = ${fromYear}
      and placed.church_id = s.church_id and placed.student_id = s.id and placed.rollover_id = ${rolloverId}::uuid
      and s.church_id = ${churchId}::uuid and s.academic_year = ${toYear}`);
  await tx.delete(enrolments).where(and(eq(enrolments.churchId, churchId), eq(enrolments.rolloverId, rolloverId)));
}

export async function deleteClassesOfRollover(tx: Tx, churchId: string, rolloverId: string) {
  await tx.delete(classes).where(and(eq(classes.churchId, churchId), eq(classes.rolloverId, rolloverId)));
}


/** The church's rollover month (null: its academic year's start month). */
export async function rolloverMonthOf(tx: Tx, churchId: string): Promise<number | null> {
  const [row] = await tx.select({ month: churches.rolloverMonth }).from(churches).where(eq(churches.id, churchId));
  return row?.month ?? null;
}

/** Sets it, answering the month it replaced (the church row locked, so two saves at once each audit
 * the value they really replaced). */
export async function setRolloverMonth(tx: Tx, churchId: string, month: number | null): Promise<number | null> {
  const [old] = await tx.select({ month: churches.rolloverMonth }).from(churches).where(eq(churches.id, churchId)).for('update');
  await tx.update(churches).set({ rolloverMonth: month, updatedAt: new Date() }).where(eq(churches.id, churchId));
  return old?.month ?? null;
}

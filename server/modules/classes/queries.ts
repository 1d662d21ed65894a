import { and, asc, count, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { attendance, churches, classes, enrolments, students, users } from '../../../drizzle/schema/index.js';
import { byName, type Tx } from '../../db/index.js';

/**
 * Orders class names as the church's class list does (say LKG, UKG, 1st ... 12th, or Beginner ...
 * Senior), not alphabetically; names no longer in the list come after it, by name. Two order terms.
 * The list is read from `churches` (a reference table on Citus) by the church's id given as a value.
 */
export const classNameOrder = (churchId: string, column: SQL | typeof classes.className = classes.className) =>
  sql`coalesce(array_position((select ${churches.classNames} from ${churches} where ${churches.id} = ${churchId}::uuid), ${column}), 1000), ${column}`;

/** The church's class list, in its order. */
export async function selectClassNames(tx: Tx, churchId: string): Promise<string[]> {
  const [row] = await tx.select({ names: churches.classNames }).from(churches).where(eq(churches.id, churchId));
  return row.names;
}

/** Sets the class list, answering the one it replaced (the church row locked, so two saves at once
 * each audit the list they really replaced). */
export async function setClassNames(tx: Tx, churchId: string, names: string[]): Promise<string[]> {
  const [old] = await tx.select({ names: churches.classNames }).from(churches).where(eq(churches.id, churchId)).for('update');
  await tx.update(churches).set({ classNames: names, updatedAt: new Date() }).where(eq(churches.id, churchId));
  return old.names;
}

/** Of `names`, those a class of `fromYear` or a later academic year is named. */
export async function classNamesUsedSince(tx: Tx, churchId: string, names: string[], fromYear: string): Promise<string[]> {
  if (!names.length) return [];
  const rows = await tx.selectDistinct({ name: classes.className }).from(classes)
    .where(and(eq(classes.churchId, churchId), inArray(classes.className, names), gte(classes.academicYear, fromYear)));
  return rows.map((r) => r.name);
}

const classColumns = (churchId: string) => ({
  id: classes.id,
  className: classes.className,
  section: classes.section,
  teacherId: classes.teacherId,
  teacherName: users.name,
  teacherEmail: users.email,
  academicYear: classes.academicYear,
  // Its children: those enrolled in it (a past year's class keeps its count after they moved up).
  // The church named as a value, not through classes.church_id: on PostgreSQL 15 Citus refuses this
  // outer join once the planner derives a constant condition from the correlation and the policy.
  studentCount: sql<number>`(select count(*) from ${enrolments}
    where ${eq(enrolments.churchId, churchId)} and ${enrolments.classId} = ${classes.id})::int`,
});
export type ClassListRow = {
  id: string; className: string; section: string; teacherId: string | null; teacherName: string | null;
  teacherEmail: string | null; academicYear: string; studentCount: number;
};

/** Classes with their teacher and student count, in school order (newest academic year first). */
export function selectClasses(tx: Tx, churchId: string, where: SQL | undefined): Promise<ClassListRow[]> {
  return tx.select(classColumns(churchId)).from(classes)
    .leftJoin(users, and(eq(users.churchId, classes.churchId), eq(users.id, classes.teacherId)))
    .where(and(eq(classes.churchId, churchId), where))
    .orderBy(desc(classes.academicYear), classNameOrder(churchId), asc(classes.section), asc(classes.id));
}

export async function findClassRow(tx: Tx, churchId: string, id: string): Promise<ClassListRow | undefined> {
  const [row] = await selectClasses(tx, churchId, eq(classes.id, id));
  return row;
}

/** Another class of the same year, name and section (sections compared without case). */
export async function findDuplicateClass(
  tx: Tx, churchId: string,
  fields: { academicYear: string; className: string; section: string },
  exceptId?: string,
) {
  const [row] = await tx.select({ id: classes.id }).from(classes).where(and(
    eq(classes.churchId, churchId),
    eq(classes.academicYear, fields.academicYear),
    eq(classes.className, fields.className),
    sql`lower(${classes.section}) = lower(${fields.section})`,
    exceptId ? ne(classes.id, exceptId) : undefined,
  )).limit(1);
  return row;
}

/** An active teacher of the church (row-level security limits users to the church). */
export async function findActiveTeacher(tx: Tx, churchId: string, id: string) {
  const [row] = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.churchId, churchId), eq(users.id, id), eq(users.role, 'teacher'), eq(users.isActive, true))).limit(1);
  return row;
}

/** GET /api/classes/teachers/available: the church's active teachers. */
export function selectAvailableTeachers(tx: Tx, churchId: string) {
  return tx.select({ id: users.id, name: users.name, email: users.email, phone: users.phone }).from(users)
    .where(and(eq(users.churchId, churchId), eq(users.role, 'teacher'), eq(users.isActive, true)))
    .orderBy(asc(byName(users.name)), asc(users.id));
}

/**
 * Locks one class row until the transaction ends and answers it as it is now (undefined when it is gone).
 * - 'no key update' serializes roll-number assignment and edits per class without blocking inserts that
 *   only reference the class (attendance, other transactions' foreign-key checks).
 * - 'update' is for deleting the class: it waits for those references and keeps new ones out.
 */
export async function lockClass(tx: Tx, churchId: string, id: string, strength: 'no key update' | 'update') {
  const [row] = await tx.select({ id: classes.id, academicYear: classes.academicYear }).from(classes)
    .where(and(eq(classes.churchId, churchId), eq(classes.id, id))).for(strength);
  return row;
}

/** The children enrolled in a class, of its year (a past year's class keeps them after they moved up). */
export async function countStudentsOfClass(tx: Tx, churchId: string, classId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(enrolments).where(and(eq(enrolments.churchId, churchId), eq(enrolments.classId, classId)));
  return row.n;
}

/** Children enrolled in a class who have since moved on to another academic year (its history). */
export async function countChildrenMovedOn(tx: Tx, churchId: string, classId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(enrolments)
    .innerJoin(students, and(eq(students.churchId, enrolments.churchId), eq(students.id, enrolments.studentId)))
    .where(and(eq(enrolments.churchId, churchId), eq(enrolments.classId, classId), ne(students.academicYear, enrolments.academicYear)));
  return row.n;
}

export async function insertClass(
  tx: Tx,
  values: { churchId: string; className: string; section: string; teacherId: string | null; academicYear: string },
) {
  const [row] = await tx.insert(classes).values(values).returning({ id: classes.id });
  return row.id;
}

export async function updateClassRow(
  tx: Tx, churchId: string,
  id: string,
  values: { className: string; section: string; teacherId: string | null; academicYear: string },
) {
  await tx.update(classes).set({ ...values, updatedAt: new Date() }).where(and(eq(classes.churchId, churchId), eq(classes.id, id)));
}

/** The students of a class follow its academic year (a student's year is always its class's). */
export async function setStudentsAcademicYear(tx: Tx, churchId: string, classId: string, academicYear: string) {
  await tx.update(students).set({ academicYear, updatedAt: new Date() })
    .where(and(eq(students.churchId, churchId), eq(students.classId, classId), ne(students.academicYear, academicYear)));
}

/** Deletes an empty class with the attendance rows still filed under it (those of students who
 * moved to another class since; their attendance in their new class stays). */
export async function deleteClassRow(tx: Tx, churchId: string, id: string) {
  await tx.delete(attendance).where(and(eq(attendance.churchId, churchId), eq(attendance.classId, id)));
  await tx.delete(classes).where(and(eq(classes.churchId, churchId), eq(classes.id, id)));
}

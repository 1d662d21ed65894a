import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { classes, students } from '../../../drizzle/schema/index.js';
import { byName, type Tx } from '../../db/index.js';
import type { STUDENT_SORTS } from '../../../common/schemas/students.js';
import { classNameOrder } from '../classes/index.js';

const studentColumns = {
  id: students.id,
  name: students.name,
  parentPhone: students.parentPhone,
  parentEmail: students.parentEmail,
  dateOfBirth: students.dateOfBirth,
  classId: students.classId,
  className: classes.className,
  classSection: classes.section,
  classTeacherId: classes.teacherId,
  rollNumber: students.rollNumber,
  academicYear: students.academicYear,
};
export type StudentListRow = {
  id: string; name: string; parentPhone: string; parentEmail: string | null; dateOfBirth: string; classId: string;
  className: string; classSection: string; classTeacherId: string | null; rollNumber: number; academicYear: string;
};

type StudentSort = (typeof STUDENT_SORTS)[number];

/** The school's order: newest academic year first, then school order of classes, then roll number. */
const schoolOrder = () => [desc(students.academicYear), classNameOrder(), asc(classes.section), asc(students.rollNumber)];

/** Students with their class, in the school's order, or by name (in any script: `byName`) and then the
 * school's order. `where` may use columns of classes (the teacher rule is `classes.teacher_id = me`). */
export function selectStudents(tx: Tx, where: SQL | undefined, sort: StudentSort = 'roll_number'): Promise<StudentListRow[]> {
  return tx.select(studentColumns).from(students)
    .innerJoin(classes, and(eq(classes.churchId, students.churchId), eq(classes.id, students.classId)))
    .where(where)
    .orderBy(...(sort === 'name' ? [asc(byName(students.name)), ...schoolOrder()] : schoolOrder()));
}

export async function findStudentRow(tx: Tx, id: string): Promise<StudentListRow | undefined> {
  const [row] = await selectStudents(tx, eq(students.id, id));
  return row;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive substring search over name, parent phone and parent email, as one LIKE over the
 * generated `search_text` column (lower-cased fields, then the phone's digits). Substring search cannot
 * use a b-tree index and pg_trgm is not guaranteed on PGlite; the scan stays within the church's rows
 * (church-leading index) and a plain LIKE over pre-lowered text is several times cheaper than three
 * ILIKEs. A search made only of phone characters also matches the phone's digits whatever its spacing
 * ('98765 43210' finds '+91 9876543210').
 */
export function studentSearchWhere(search: string): SQL {
  const contains = (text: string) => sql`${students.searchText} like lower(${`%${escapeLike(text)}%`})`;
  const digits = search.replace(/\D/g, '');
  const phoneLike = /^[0-9\s\-+().]+$/.test(search) && digits.length >= 3 && digits !== search;
  return phoneLike ? or(contains(search), contains(digits))! : contains(search);
}

/** The next roll number of a class: one more than the highest (gaps are not reused). The caller holds
 * the class row lock, so no two transactions compute the same number. */
export async function nextRollNumber(tx: Tx, classId: string): Promise<number> {
  const [row] = await tx.select({ next: sql<number>`coalesce(max(${students.rollNumber}), 0)::int + 1` })
    .from(students).where(eq(students.classId, classId));
  return Number(row.next);
}

export async function insertStudent(tx: Tx, values: typeof students.$inferInsert): Promise<string> {
  const [row] = await tx.insert(students).values(values).returning({ id: students.id });
  return row.id;
}

export async function updateStudentRow(tx: Tx, id: string, values: Partial<typeof students.$inferInsert>) {
  await tx.update(students).set({ ...values, updatedAt: new Date() }).where(eq(students.id, id));
}

/** Deletes a student; their attendance goes with them (foreign key on delete cascade). */
export async function deleteStudentRow(tx: Tx, id: string) {
  await tx.delete(students).where(eq(students.id, id));
}

import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { attendance, churches, classes, enrolments, studentCare, studentGuardians, students } from '../../../drizzle/schema/index.js';
import { DEFAULT_GUARDIAN_NAME, PRIMARY_GUARDIAN_POSITION } from '../../../common/schemas/guardians.js';
import { byName, type Tx } from '../../db/index.js';
import type { STUDENT_SORTS } from '../../../common/schemas/students.js';
import { classNameOrder } from '../classes/index.js';

const studentColumns = {
  id: students.id,
  name: students.name,
  // The student's parent phone and email are the primary guardian's (every student has one: made with
  // the student, and the guardians list is never emptied); coalesce keeps the type honest.
  parentPhone: sql<string>`coalesce(${studentGuardians.phone}, '')`,
  parentEmail: studentGuardians.email,
  dateOfBirth: students.dateOfBirth,
  classId: enrolments.classId,
  className: classes.className,
  classSection: classes.section,
  classTeacherId: classes.teacherId,
  rollNumber: enrolments.rollNumber,
  academicYear: enrolments.academicYear,
  active: students.active,
  /** Whether an allergy or medical note is recorded (the red badge); never the note itself. */
  hasMedicalNote: sql<boolean>`(${studentCare.medicalNote} is not null)`,
};
export type StudentListRow = {
  id: string; name: string; parentPhone: string; parentEmail: string | null; dateOfBirth: string; classId: string;
  className: string; classSection: string; classTeacherId: string | null; rollNumber: number; academicYear: string;
  active: boolean;
  hasMedicalNote: boolean;
};

type StudentSort = (typeof STUDENT_SORTS)[number];

/** The school's order: newest academic year first, then school order of classes, then roll number. */
const schoolOrder = (churchId: string) => [desc(enrolments.academicYear), classNameOrder(churchId), asc(classes.section), asc(enrolments.rollNumber)];

/** Which of a student's enrolments a list reads: 'current', the one of the student's own year (one row
 * per child); 'any year', every enrolment the filter keeps (a past year's or a past class's children,
 * each with the class, roll number and year of that enrolment). */
export type EnrolmentScope = 'current' | 'any year';

/** Students with their class, in the school's order, or by name (in any script: `byName`) and then the
 * school's order. `where` may use columns of classes (the teacher rule is `classes.teacher_id = me`)
 * and of enrolments (a year's or a class's children). */
export function selectStudents(
  tx: Tx, churchId: string, where: SQL | undefined, sort: StudentSort = 'roll_number', scope: EnrolmentScope = 'current',
): Promise<StudentListRow[]> {
  return tx.select(studentColumns).from(students)
    .innerJoin(enrolments, and(eq(enrolments.churchId, students.churchId), eq(enrolments.studentId, students.id),
      scope === 'current' ? eq(enrolments.academicYear, students.academicYear) : undefined))
    .innerJoin(classes, and(eq(classes.churchId, enrolments.churchId), eq(classes.id, enrolments.classId)))
    .leftJoin(studentGuardians, and(eq(studentGuardians.churchId, students.churchId), eq(studentGuardians.studentId, students.id),
      eq(studentGuardians.position, PRIMARY_GUARDIAN_POSITION)))
    .leftJoin(studentCare, and(eq(studentCare.churchId, students.churchId), eq(studentCare.studentId, students.id)))
    .where(and(eq(students.churchId, churchId), where))
    .orderBy(...(sort === 'name' ? [asc(byName(students.name)), ...schoolOrder(churchId)] : schoolOrder(churchId)));
}

export async function findStudentRow(tx: Tx, churchId: string, id: string): Promise<StudentListRow | undefined> {
  const [row] = await selectStudents(tx, churchId, eq(students.id, id));
  return row;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive substring search over name, parent phone and parent email (the primary guardian's):
 * LIKEs over the lower-cased name and the guardian's generated `search_text` (lower-cased phone and
 * email, then the phone's digits). Substring search cannot use a b-tree index and pg_trgm is not
 * guaranteed on PGlite; the scan stays within the church's rows (church-leading index) and a plain
 * LIKE over pre-lowered text is several times cheaper than ILIKEs. A search made only of phone
 * characters also matches the phone's digits whatever its spacing ('98765 43210' finds '+91 9876543210'), and
 * without a leading trunk 0 ('0484-22' finds '+914842222222').
 */
export function studentSearchWhere(search: string): SQL {
  const contains = (text: string) => {
    const pattern = `%${escapeLike(text)}%`;
    return or(sql`lower(${students.name}) like lower(${pattern})`, sql`${studentGuardians.searchText} like lower(${pattern})`)!;
  };
  const digits = search.replace(/\D/g, '');
  if (!/^[0-9\s\-+().]+$/.test(search) || digits.length < 3) return contains(search);
  // Phones are stored in E.164: a number written with its trunk 0 ('0484-22') is found without it.
  const variants = new Set([search, digits, digits.replace(/^0+/, '')].filter((v) => v.length >= 3));
  return or(...[...variants].map(contains))!;
}

/** The next roll number of a class: one more than the highest it ever gave (its enrolments, so a
 * past year's class never repeats a number; gaps are not reused). The caller holds the class row
 * lock, so no two transactions compute the same number. */
export async function nextRollNumber(tx: Tx, churchId: string, classId: string): Promise<number> {
  const [row] = await tx.select({ next: sql<number>`coalesce(max(${enrolments.rollNumber}), 0)::int + 1` })
    .from(enrolments).where(and(eq(enrolments.churchId, churchId), eq(enrolments.classId, classId)));
  return Number(row.next);
}

type StudentValues = typeof students.$inferInsert;
/** The primary contact of the student API: the primary guardian's phone and email. */
export interface PrimaryContact { parentPhone: string; parentEmail: string | null }

/** Inserts a student with their primary guardian, made from the parent phone and email. */
export async function insertStudent(tx: Tx, values: StudentValues, contact: PrimaryContact): Promise<string> {
  const [row] = await tx.insert(students).values(values).returning({ id: students.id });
  await tx.insert(studentGuardians).values({
    churchId: values.churchId, studentId: row.id, position: PRIMARY_GUARDIAN_POSITION, name: DEFAULT_GUARDIAN_NAME,
    relation: 'parent', phone: contact.parentPhone, email: contact.parentEmail,
  });
  return row.id;
}

/** The students of one class as the import compares them: name, date of birth and roll number. */
export function selectClassStudentKeys(tx: Tx, churchId: string, classId: string) {
  return tx.select({ name: students.name, dateOfBirth: students.dateOfBirth, rollNumber: enrolments.rollNumber })
    .from(enrolments)
    .innerJoin(students, and(eq(students.churchId, enrolments.churchId), eq(students.id, enrolments.studentId)))
    .where(and(eq(enrolments.churchId, churchId), eq(enrolments.classId, classId)));
}

/** Inserts many students of one class, each with their primary guardian, in two statements (the
 * import of a whole list); answers the ids in the order given. */
export async function insertStudents(tx: Tx, rows: Array<{ values: StudentValues; contact: PrimaryContact }>): Promise<string[]> {
  if (!rows.length) return [];
  const made = await tx.insert(students).values(rows.map((r) => r.values))
    .returning({ id: students.id, classId: students.classId, rollNumber: students.rollNumber });
  // Matched by (class, roll number), unique in a church: RETURNING does not promise the input's order.
  const idOf = new Map(made.map((m) => [`${m.classId}/${m.rollNumber}`, m.id]));
  const ids = rows.map((r) => idOf.get(`${r.values.classId}/${r.values.rollNumber}`)!);
  await tx.insert(studentGuardians).values(rows.map((r, i) => ({
    churchId: r.values.churchId, studentId: ids[i], position: PRIMARY_GUARDIAN_POSITION, name: DEFAULT_GUARDIAN_NAME,
    relation: 'parent', phone: r.contact.parentPhone, email: r.contact.parentEmail,
  })));
  return ids;
}

/** Whether the student was enrolled in the class in an earlier academic year than their current one
 * (a class of their history, as a past year's list shows them in it). */
export async function wasEnrolledBefore(tx: Tx, churchId: string, studentId: string, classId: string): Promise<boolean> {
  const [row] = await tx.select({ one: sql<number>`1` }).from(enrolments)
    .innerJoin(students, and(eq(students.churchId, enrolments.churchId), eq(students.id, enrolments.studentId)))
    .where(and(eq(enrolments.churchId, churchId), eq(enrolments.studentId, studentId), eq(enrolments.classId, classId), sql`${enrolments.academicYear} < ${students.academicYear}`))
    .limit(1);
  return Boolean(row);
}

export async function updateStudentRow(tx: Tx, churchId: string, id: string, values: Partial<StudentValues>) {
  await tx.update(students).set({ ...values, updatedAt: new Date() }).where(and(eq(students.churchId, churchId), eq(students.id, id)));
}

/** Locks the student's row until the transaction ends, so writes of their guardians (the guardians
 * list, the student API's parent phone and email) and care rows happen one at a time. */
export async function lockStudent(tx: Tx, churchId: string, id: string): Promise<void> {
  await tx.select({ id: students.id }).from(students).where(and(eq(students.churchId, churchId), eq(students.id, id))).for('no key update');
}

/**
 * Puts a child back on the roll (active) or marks them as left (a family that moved away): a child who
 * is not active is off the roll call and the follow-up list, and stays in the lists and reports with
 * every mark kept. Answers whether it changed anything (false: the child was so already).
 */
export async function setStudentActive(tx: Tx, churchId: string, id: string, active: boolean): Promise<boolean> {
  const rows = await tx.update(students).set({ active, updatedAt: new Date() })
    .where(and(eq(students.churchId, churchId), eq(students.id, id), ne(students.active, active)))
    .returning({ id: students.id });
  return rows.length > 0;
}

/** Writes the parent phone (in E.164, as the student schema gives it) or email of the student API into the primary guardian. */
export async function updatePrimaryContact(tx: Tx, churchId: string, studentId: string, contact: Partial<PrimaryContact>) {
  await tx.update(studentGuardians)
    .set({ phone: contact.parentPhone, email: contact.parentEmail, updatedAt: new Date() })
    .where(and(eq(studentGuardians.churchId, churchId), eq(studentGuardians.studentId, studentId), eq(studentGuardians.position, PRIMARY_GUARDIAN_POSITION)));
}

/** Deletes a student and their attendance (attendance has no foreign key to students: an erased
 * child's marks stay under an id that names nobody); the rest of the child's rows go with the
 * student by their foreign keys. */
export async function deleteStudentRow(tx: Tx, churchId: string, id: string): Promise<void> {
  await tx.delete(attendance).where(and(eq(attendance.churchId, churchId), eq(attendance.studentId, id)));
  await tx.delete(students).where(and(eq(students.churchId, churchId), eq(students.id, id)));
}

/** The columns of the church's last import, by header (null: none yet). */
export async function selectImportMapping(tx: Tx, churchId: string): Promise<Record<string, string | null> | null> {
  const [row] = await tx.select({ mapping: churches.importMapping }).from(churches).where(eq(churches.id, churchId));
  return row?.mapping ?? null;
}

/** Remembers the columns of the church's import (the church row is already locked by the import's plan check). */
export async function saveImportMapping(tx: Tx, churchId: string, mapping: Record<string, string | null>) {
  await tx.update(churches).set({ importMapping: mapping }).where(eq(churches.id, churchId));
}

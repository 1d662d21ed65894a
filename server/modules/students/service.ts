import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { enrolments } from '../../../drizzle/schema/index.js';
import {
  STUDENT_MESSAGES, type studentCreateInput, type studentListInput, type studentUpdateInput,
} from '../../../common/schemas/students.js';
import { CLASS_MESSAGES } from '../../../common/class-messages.js';
import type { Tx } from '../../db/index.js';
import { badRequest, notFound } from '../../core/errors.js';
import { churchToday } from '../../../common/dates.js';
import { childrenLackingConsent } from '../consent-records/index.js';
import {
  findAccessibleClass, listClasses, lockClass, seesAllClasses, visibleClassesWhere, type ClassRow,
} from '../classes/index.js';
import type { TenantScope } from '../../core/scopes.js';
import { assertWithinPlanLimit } from '../subscription/index.js';
import { findRollCallClass } from '../substitutes/index.js';
import { toRosterStudentDto, toStudentDto, type RosterStudentDto, type StudentDto } from './dto.js';
import {
  deleteStudentRow, findStudentRow, insertStudent, lockStudent, nextRollNumber, selectStudents, studentSearchWhere, updatePrimaryContact,
  updateStudentRow, wasEnrolledBefore,
  type StudentListRow,
} from './queries.js';

type ListFilter = NonNullable<z.output<typeof studentListInput>>;

/** GET /api/students: everyone for principals and super admins, students of own classes for teachers. */
export async function listStudents(scope: TenantScope, filter: ListFilter = {}): Promise<StudentDto[]> {
  const { tx, user, church } = scope;
  if (filter.class_id) await findAccessibleClass(tx, church.id, user, filter.class_id); // 404 for a class not theirs
  // A year or a class asked for: the children enrolled in it, a past year's too (with the class and
  // roll number of that year). Otherwise each child once, in their current class.
  const rows = await selectStudents(tx, church.id, and(
    visibleClassesWhere(user),
    filter.academic_year ? eq(enrolments.academicYear, filter.academic_year) : undefined,
    filter.class_id ? eq(enrolments.classId, filter.class_id) : undefined,
    filter.search ? studentSearchWhere(filter.search) : undefined,
  ), filter.sort, filter.academic_year || filter.class_id ? 'any year' : 'current');
  const today = churchToday(church);
  const lacking = await lackingEnrolmentConsent(tx, church.id, rows);
  return rows.map((row) => toStudentDto(row, today, lacking.has(row.id)));
}

/** Of these students, those without enrolment consent in force: one statement for the whole list. */
const lackingEnrolmentConsent = (tx: Tx, churchId: string, rows: StudentListRow[]) => childrenLackingConsent(tx, churchId, rows.map((r) => r.id), 'enrolment');

/** GET /api/students/class/{classId}: the students of one class the user may reach, by roll number: the
 * roll call's list, so each carries hasMedicalNote and consent_missing (the device keeps this list, so
 * both badges show offline too). */
export async function studentsOfClass(scope: TenantScope, classId: string): Promise<RosterStudentDto[]> {
  const { cls, substitute } = await findRollCallClass(scope, classId);
  const today = churchToday(scope.church);
  const rows = await selectStudents(scope.tx, scope.church.id, eq(enrolments.classId, cls.id), 'roll_number', 'any year');
  const lacking = await lackingEnrolmentConsent(scope.tx, scope.church.id, rows);
  const roster = rows.map((row) => toRosterStudentDto(row, today, lacking.has(row.id)));
  // A substitute of the day reads what the roll call shows (name, roll number, the badges), never the
  // family's phone and mail or the child's date of birth: those are empty.
  return substitute ? roster.map((s) => ({ ...s, parent_phone: '', parent_email: null, date_of_birth: '', age: 0 })) : roster;
}

/** GET /api/students/classes/available: the classes the user may put students in. */
export const classesForStudents = (scope: TenantScope, filter: { academic_year?: string } = {}) => listClasses(scope, filter);

function assertNotFuture(dateOfBirth: string | undefined, today: string) {
  if (dateOfBirth && dateOfBirth > today) throw badRequest(STUDENT_MESSAGES.dateOfBirthFuture);
}

function assertYearOfClass(academicYear: string | undefined, cls: ClassRow) {
  if (academicYear && academicYear !== cls.academicYear) throw badRequest(STUDENT_MESSAGES.academicYearMismatch(cls.academicYear));
}

/** A student the user may reach: any of the church for principals and super admins, only students of
 * own classes for teachers. Anything else is "not found". */
export async function findAccessibleStudent({ tx, user, church }: TenantScope, id: string): Promise<StudentListRow> {
  const row = await findStudentRow(tx, church.id, id);
  if (!row || (!seesAllClasses(user) && row.classTeacherId !== user.id)) throw notFound(STUDENT_MESSAGES.notFound);
  return row;
}

/**
 * Locks the class row, then takes max + 1 within it. Every roll-number assignment goes through here,
 * so parallel additions to one class are numbered one after the other (unique key as the backstop).
 * Answers the class's academic year as read under the lock (a parallel edit of the class may have
 * changed it since the access check).
 */
async function takeRollNumber(tx: Tx, churchId: string, classId: string, academicYear: string | undefined) {
  const locked = await lockClass(tx, churchId, classId, 'no key update');
  if (!locked) throw notFound(CLASS_MESSAGES.notFound);
  if (academicYear && academicYear !== locked.academicYear) throw badRequest(STUDENT_MESSAGES.academicYearMismatch(locked.academicYear));
  return { rollNumber: await nextRollNumber(tx, churchId, classId), academicYear: locked.academicYear };
}

async function studentDto(scope: TenantScope, id: string, today: string): Promise<StudentDto> {
  const row = await findStudentRow(scope.tx, scope.church.id, id);
  if (!row) throw notFound(STUDENT_MESSAGES.notFound);
  return toStudentDto(row, today, (await lackingEnrolmentConsent(scope.tx, scope.church.id, [row])).has(row.id));
}

/** POST /api/students (super_admin, principal; a teacher into own classes). */
export async function createStudent(scope: TenantScope, input: z.output<typeof studentCreateInput>): Promise<StudentDto> {
  const { tx, user, church } = scope;
  const today = churchToday(church);
  assertNotFuture(input.date_of_birth, today);
  const cls = await findAccessibleClass(tx, church.id, user, input.class_id);
  await assertWithinPlanLimit(tx, church, 'students');
  const { rollNumber, academicYear } = await takeRollNumber(tx, church.id, cls.id, input.academic_year);
  const id = await insertStudent(tx, {
    churchId: church.id,
    classId: cls.id,
    name: input.name,
    dateOfBirth: input.date_of_birth,
    rollNumber,
    academicYear,
  }, { parentPhone: input.parent_phone, parentEmail: input.parent_email ?? null });
  return studentDto(scope, id, today);
}

/** PUT /api/students/{id}. Fields left out keep their values; another class_id moves the student,
 * who gets the next roll number of the new class and its academic year. */
export async function updateStudent(scope: TenantScope, input: z.output<typeof studentUpdateInput>): Promise<StudentDto> {
  const { tx, user, church } = scope;
  const today = churchToday(church);
  const current = await findAccessibleStudent(scope, input.id);
  assertNotFuture(input.date_of_birth, today);

  const changes: Parameters<typeof updateStudentRow>[3] = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.date_of_birth !== undefined) changes.dateOfBirth = input.date_of_birth;

  // A class of the child's earlier years named without a year (a past year's list shows them there,
  // and its edit form sends that class back) is their history, not a move: the child stays in their
  // current class. Named with a year, it is checked and moved to as any class.
  const namesPastClass = input.class_id !== undefined && input.class_id !== current.classId && !input.academic_year
    && await wasEnrolledBefore(tx, church.id, current.id, input.class_id);
  const targetClassId = namesPastClass ? current.classId : input.class_id ?? current.classId;
  const target = targetClassId === current.classId && !input.academic_year
    ? undefined
    : await findAccessibleClass(tx, church.id, user, targetClassId);
  if (target) assertYearOfClass(input.academic_year, target);
  if (target && target.id !== current.classId) {
    const taken = await takeRollNumber(tx, church.id, target.id, input.academic_year);
    changes.classId = target.id;
    changes.academicYear = taken.academicYear;
    changes.rollNumber = taken.rollNumber;
  }
  if (Object.keys(changes).length) await updateStudentRow(tx, church.id, current.id, changes);
  if (input.parent_phone !== undefined || input.parent_email !== undefined) {
    await lockStudent(tx, church.id, current.id); // a concurrent replacement of the guardians list goes first or after
    await updatePrimaryContact(tx, church.id, current.id, { parentPhone: input.parent_phone, parentEmail: input.parent_email });
  }
  return studentDto(scope, current.id, today);
}

/** DELETE /api/students/{id} (super_admin, principal). Their attendance goes with them. */
export async function deleteStudent(scope: TenantScope, input: { id: string }) {
  const current = await findAccessibleStudent(scope, input.id);
  await deleteStudentRow(scope.tx, scope.church.id, current.id);
  return { id: current.id, message: STUDENT_MESSAGES.deleted };
}


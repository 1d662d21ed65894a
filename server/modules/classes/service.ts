import { and, eq, inArray } from 'drizzle-orm';
import { classes } from '../../../drizzle/schema/index.js';
import { CLASS_MESSAGES } from '../../../common/class-messages.js';
import type { classCreateInput, classNamesInput, classUpdateInput } from '../../../common/schemas/classes.js';
import { listedClassName } from '../../../common/school.js';
import type { z } from 'zod';
import type { TenantScope } from '../../core/scopes.js';
import type { Tx } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { academicYearSettings } from '../academic-year/index.js';
import { auditChurchChange } from '../audit/index.js';
import { assertWithinPlanLimit } from '../subscription/index.js';
import { findAccessibleClass, visibleClassesWhere } from './access.js';
import { toClassDto, type ClassDto } from './dto.js';
import {
  classNamesUsedSince, countChildrenMovedOn, countStudentsOfClass, selectClassNames, setClassNames, deleteClassRow, findActiveTeacher, findClassRow, findDuplicateClass, insertClass, lockClass,
  selectAvailableTeachers, selectClasses, setStudentsAcademicYear, updateClassRow,
} from './queries.js';


/** Classes the user may see (all for principals and super admins, own for teachers), optionally of one year. */
export async function listClasses({ tx, user, church }: TenantScope, filter: { academic_year?: string } = {}): Promise<ClassDto[]> {
  const rows = await selectClasses(tx, church.id, and(
    visibleClassesWhere(user),
    filter.academic_year ? eq(classes.academicYear, filter.academic_year) : undefined,
  ));
  return rows.map(toClassDto);
}

/** The refusal of a class that exists, with the values its English message names (for a client that
 * says it in its user's language). */
const duplicateClass = (fields: { academicYear: string; className: string; section: string }) =>
  conflict(CLASS_MESSAGES.duplicate(fields.className, fields.section, fields.academicYear), {
    reason: 'class_duplicate',
    values: { className: fields.className, section: fields.section, academicYear: fields.academicYear },
  });

/** GET /api/classes/my-classes: the classes whose teacher is the signed-in user. */
export async function myClasses({ tx, user, church }: TenantScope): Promise<ClassDto[]> {
  return (await selectClasses(tx, church.id, eq(classes.teacherId, user.id))).map(toClassDto);
}

/** The classes with these ids, as the client shows them (a substitute's classes of the day). */
export async function classesWithIds(tx: Tx, churchId: string, ids: string[]): Promise<ClassDto[]> {
  if (ids.length === 0) return [];
  return (await selectClasses(tx, churchId, inArray(classes.id, ids))).map(toClassDto);
}

export const availableTeachers = ({ tx, church }: TenantScope) => selectAvailableTeachers(tx, church.id);

async function classDto(tx: Tx, churchId: string, id: string): Promise<ClassDto> {
  const row = await findClassRow(tx, churchId, id);
  if (!row) throw notFound(CLASS_MESSAGES.notFound);
  return toClassDto(row);
}

async function assertTeacher(tx: Tx, churchId: string, teacherId: string | null) {
  if (teacherId && !(await findActiveTeacher(tx, churchId, teacherId))) throw badRequest(CLASS_MESSAGES.teacherNotFound);
}

async function assertNoDuplicate(tx: Tx, churchId: string, fields: { academicYear: string; className: string; section: string }, exceptId?: string) {
  if (await findDuplicateClass(tx, churchId, fields, exceptId)) {
    throw duplicateClass(fields);
  }
}

/** A unique violation of the (year, name, section) key: two requests raced past the duplicate check. */
function isDuplicateKey(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint_name: a, constraint: b } = e as { code?: string; constraint_name?: string; constraint?: string };
    if (code === '23505' && (a ?? b ?? 'classes_church_year_name_section_key') === 'classes_church_year_name_section_key') return true;
  }
  return false;
}

async function duplicateAware<T>(fields: { academicYear: string; className: string; section: string }, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (error) {
    if (isDuplicateKey(error)) throw duplicateClass(fields);
    throw error;
  }
}

/** GET /api/classes/names (any staff role): the church's class list, in its order. */
export async function classNames({ tx, church }: TenantScope) {
  return { class_names: await selectClassNames(tx, church.id) };
}

/**
 * PUT /api/classes/names (super_admin, principal), audited in the same transaction. A name may leave the
 * list (or be renamed, which is the same) only while no class of the current or a later academic year
 * is named it: 409 otherwise. Past years' classes keep their names (they sort after the list).
 */
export async function updateClassNames(scope: TenantScope, input: z.output<typeof classNamesInput>) {
  const { tx, user, church } = scope;
  const names = input.class_names;
  const old = await setClassNames(tx, church.id, names);
  const removed = old.filter((name) => !names.includes(name));
  const { current } = await academicYearSettings(scope);
  const [inUse] = await classNamesUsedSince(tx, church.id, removed, current);
  if (inUse !== undefined) {
    throw conflict(CLASS_MESSAGES.classNameInUse(inUse), { reason: 'class_name_in_use', values: { className: inUse } });
  }
  await auditChurchChange(tx, {
    user, action: 'church.class_names_updated', resourceType: 'church', resourceId: church.id,
    details: { old: old, new: names },
    description: `Class list set to ${names.join(', ')}`,
  });
  return { class_names: names };
}

/** The church's class list (for the rollover and the student import). */
export const churchClassNames = (tx: Tx, churchId: string) => selectClassNames(tx, churchId);

/** A name of the church's class list, as the list spells it; 400 for any other. */
async function listedName(tx: Tx, churchId: string, name: string): Promise<string> {
  const listed = listedClassName(await selectClassNames(tx, churchId), name);
  if (listed === undefined) throw badRequest(CLASS_MESSAGES.classNameInvalid, { reason: 'class_name_not_listed' });
  return listed;
}

/** POST /api/classes (super_admin, principal). */
export async function createClass({ tx, church }: TenantScope, input: z.output<typeof classCreateInput>): Promise<ClassDto> {
  const fields = {
    className: await listedName(tx, church.id, input.class_name),
    section: input.section ?? '',
    teacherId: input.teacher_id ?? null,
    academicYear: input.academic_year,
  };
  await assertTeacher(tx, church.id, fields.teacherId);
  await assertNoDuplicate(tx, church.id, fields);
  await assertWithinPlanLimit(tx, church, { resource: 'classes', academicYear: fields.academicYear });
  const id = await duplicateAware(fields, () => insertClass(tx, { churchId: church.id, ...fields }));
  return classDto(tx, church.id, id);
}

/** PUT /api/classes/{id} (super_admin, principal). Fields left out keep their values; a new academic
 * year moves the class's students with it. */
export async function updateClass({ tx, user, church }: TenantScope, input: z.output<typeof classUpdateInput>): Promise<ClassDto> {
  // Locked first, then read: two edits of one class (or an edit and a new student) go one after the other.
  if (!(await lockClass(tx, church.id, input.id, 'no key update'))) throw notFound(CLASS_MESSAGES.notFound);
  const current = await findAccessibleClass(tx, church.id, user, input.id);
  const fields = {
    // A class keeps a name no longer in the list; a new name comes from the list.
    className: input.class_name === undefined || input.class_name === current.className
      ? current.className : await listedName(tx, church.id, input.class_name),
    section: input.section ?? current.section,
    teacherId: input.teacher_id === undefined ? current.teacherId : input.teacher_id,
    academicYear: input.academic_year ?? current.academicYear,
  };
  if (fields.teacherId !== current.teacherId) await assertTeacher(tx, church.id, fields.teacherId);
  // A class whose children moved on to another year (the rollover) is that year's record of them.
  if (fields.academicYear !== current.academicYear && await countChildrenMovedOn(tx, church.id, current.id) > 0) {
    throw conflict(CLASS_MESSAGES.yearKept(current.academicYear), { reason: 'class_year_kept', values: { academicYear: current.academicYear } });
  }
  await assertNoDuplicate(tx, church.id, fields, current.id);
  await duplicateAware(fields, () => updateClassRow(tx, church.id, current.id, fields));
  await setStudentsAcademicYear(tx, church.id, current.id, fields.academicYear);
  return classDto(tx, church.id, current.id);
}

/** DELETE /api/classes/{id} (super_admin). Refused while the class has students. */
export async function deleteClass({ tx, user, church }: TenantScope, input: { id: string }) {
  const current = await findAccessibleClass(tx, church.id, user, input.id);
  // Locked so no student can be added between the count and the delete.
  if (!(await lockClass(tx, church.id, current.id, 'update'))) throw notFound(CLASS_MESSAGES.notFound);
  const studentCount = await countStudentsOfClass(tx, church.id, current.id);
  if (studentCount > 0) {
    throw conflict(CLASS_MESSAGES.hasStudents(studentCount), { reason: 'class_has_students', values: { count: studentCount } });
  }
  await deleteClassRow(tx, church.id, current.id);
  return { id: current.id, message: CLASS_MESSAGES.deleted };
}

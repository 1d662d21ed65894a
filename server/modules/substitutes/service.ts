import type { z } from 'zod';
import { and } from 'drizzle-orm';
import type { TenantScope } from '../../core/scopes.js';
import type { Tx } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { churchToday } from '../../../common/dates.js';
import { monthRange } from '../../../common/attendance.js';
import { can } from '../../../common/permissions.js';
import { classDaysOfMonth, isoWeekdayOf, SUBSTITUTE_MESSAGES as M } from '../../../common/substitutes.js';
import type {
  absenceRefInput, assignSubstituteInput, reportAbsenceInput, rotaInput,
} from '../../../common/schemas/substitutes.js';
import { auditChurchChange } from '../audit/index.js';
import { academicYearOfDate } from '../academic-year/index.js';
import { classesWithIds, classNotFound } from '../classes/index.js';
import {
  absenceWithId, absencesWithIds, absencesFrom, absencesIn, absencesOf, absencesOn, churchClassDays, classesOfYear, deleteAbsence, findCandidate,
  insertAbsences, lockAbsence, ownClasses, selectAbsences, selectCandidates, setSubstitute, substituteClassIds, type AbsenceRow,
} from './queries.js';

const arranges = (scope: TenantScope) => can(scope.user.role, 'arrangeSubstitutes');

/**
 * POST /api/substitutes/absences: the signed-in teacher cannot come on a class day (today or later,
 * a weekday of the church's class_days) to one or more of their own classes. One row per class and
 * date; a class already reported for that date is a 409 and nothing is written. Audited.
 */
export async function reportAbsence(scope: TenantScope, input: z.output<typeof reportAbsenceInput>) {
  const { tx, church, user } = scope;
  if (input.date < churchToday(church)) throw badRequest(M.pastDate, { reason: 'absence_past' });
  if (!(await churchClassDays(tx, church.id)).includes(isoWeekdayOf(input.date))) {
    throw badRequest(M.notClassDay, { reason: 'not_class_day' });
  }
  const own = await ownClasses(tx, church.id, user.id, input.class_ids);
  // A class that is not theirs (another teacher's, another church's, none) is not found, as elsewhere.
  if (own.length !== input.class_ids.length) throw classNotFound();
  const written = await insertAbsences(tx, input.class_ids.map((classId) => ({
    churchId: church.id, classId, date: input.date, absentTeacherId: user.id, reportedBy: user.id,
  })));
  if (written.length !== input.class_ids.length) throw conflict(M.alreadyReported, { reason: 'absence_exists' });
  for (const row of written) {
    await auditChurchChange(tx, {
      user, action: 'substitute.absence_reported', resourceType: 'class_substitute', resourceId: row.id,
      details: { class_id: row.classId, date: input.date, absent_teacher_id: user.id },
      description: `Absence reported for class ${row.classId} on ${input.date}`,
    });
  }
  return { absences: await selectAbsences(tx, church.id, absencesWithIds(written.map((r) => r.id))), message: M.reported };
}

/** GET /api/substitutes/absences: the coming absences (today and later): every class's for those who
 * arrange substitutes, one's own for a teacher; with the church's class days (for the report's dates). */
export async function upcomingAbsences(scope: TenantScope) {
  const { tx, church, user } = scope;
  const today = churchToday(church);
  const absences = await selectAbsences(tx, church.id, and(absencesFrom(today), arranges(scope) ? undefined : absencesOf(user.id)));
  return { today, class_days: await churchClassDays(tx, church.id), absences };
}

/** GET /api/substitutes/candidates: who may stand in (active teachers, principals, super admins). */
export const substituteCandidates = ({ tx, church }: TenantScope) => selectCandidates(tx, church.id);

async function upcomingAbsence(scope: TenantScope, id: string) {
  const row = await lockAbsence(scope.tx, scope.church.id, id);
  if (!row) throw notFound(M.absenceNotFound);
  if (row.date < churchToday(scope.church)) throw badRequest(M.absencePast, { reason: 'absence_past' });
  return row;
}

/** PUT /api/substitutes/absences/{absence_id}/substitute: choose, change or (null) remove the substitute
 * of a coming absence. Audited with the one before and after. */
export async function assignSubstitute(scope: TenantScope, input: z.output<typeof assignSubstituteInput>) {
  const { tx, church, user } = scope;
  const row = await upcomingAbsence(scope, input.absence_id);
  let name: string | null = null;
  if (input.substitute_id !== null) {
    if (input.substitute_id === row.absentTeacherId) throw badRequest(M.substituteIsAbsent, { reason: 'substitute_is_absent' });
    const candidate = await findCandidate(tx, church.id, input.substitute_id);
    if (!candidate) throw badRequest(M.substituteNotFound, { reason: 'substitute_not_found' });
    name = candidate.name;
  }
  await setSubstitute(tx, church.id, row.id, input.substitute_id, user.id);
  await auditChurchChange(tx, {
    user, action: input.substitute_id ? 'substitute.assigned' : 'substitute.removed', resourceType: 'class_substitute', resourceId: row.id,
    details: { class_id: row.classId, date: row.date, old_substitute_id: row.substituteId, substitute_id: input.substitute_id },
    description: input.substitute_id ? `Substitute ${name} for class ${row.classId} on ${row.date}` : `Substitute removed for class ${row.classId} on ${row.date}`,
  });
  const [absence] = await selectAbsences(tx, church.id, absenceWithId(row.id));
  return absence;
}

/** DELETE /api/substitutes/absences/{absence_id}: the teacher can come after all. Those who arrange
 * substitutes remove any coming absence; a teacher their own. Audited. */
export async function removeAbsence(scope: TenantScope, input: z.output<typeof absenceRefInput>) {
  const { tx, church, user } = scope;
  const row = await lockAbsence(tx, church.id, input.absence_id);
  if (!row || (!arranges(scope) && row.absentTeacherId !== user.id)) throw notFound(M.absenceNotFound);
  if (row.date < churchToday(church)) throw badRequest(M.absencePast, { reason: 'absence_past' });
  await deleteAbsence(tx, church.id, row.id);
  await auditChurchChange(tx, {
    user, action: 'substitute.absence_removed', resourceType: 'class_substitute', resourceId: row.id,
    details: { class_id: row.classId, date: row.date, absent_teacher_id: row.absentTeacherId, substitute_id: row.substituteId },
    description: `Absence removed for class ${row.classId} on ${row.date}`,
  });
  return { removed: true };
}

/** One cell of the rota: who takes the class that day. */
type RotaCell =
  | { kind: 'teacher'; name: string | null }
  | { kind: 'substitute'; name: string | null; absent_teacher_name: string | null }
  | { kind: 'uncovered'; absent_teacher_name: string | null };

/**
 * GET /api/substitutes/rota: the month's class days (rows) and the classes of its academic year
 * (columns), each cell the class's teacher, its substitute, or absent with no substitute.
 */
export async function monthRota(scope: TenantScope, input: z.output<typeof rotaInput>) {
  const { tx, church } = scope;
  const { first, next } = monthRange(input.year, input.month);
  const [classDays, academicYear] = await Promise.all([churchClassDays(tx, church.id), academicYearOfDate(tx, church.id, first)]);
  const [classList, absences] = await Promise.all([
    classesOfYear(tx, church.id, academicYear), selectAbsences(tx, church.id, absencesIn(first, next)),
  ]);
  const byKey = new Map(absences.map((a) => [`${a.class_id} ${a.date}`, a]));
  const days = classDaysOfMonth(input.year, input.month, classDays).map((date) => ({
    date,
    cells: classList.map((c): RotaCell => {
      const a = byKey.get(`${c.id} ${date}`);
      if (!a) return { kind: 'teacher', name: c.teacher_name };
      if (a.substitute_id) return { kind: 'substitute', name: a.substitute_name, absent_teacher_name: a.absent_teacher_name };
      return { kind: 'uncovered', absent_teacher_name: a.absent_teacher_name };
    }),
  }));
  return {
    academic_year: academicYear,
    today: churchToday(church),
    classes: classList.map((c) => ({ id: c.id, class_name: c.class_name, section: c.section, teacher_name: c.teacher_name })),
    days,
  };
}

/** GET /api/substitutes/today: the classes the signed-in user stands in for today (their roll call's
 * class picker adds them to their own). */
export async function todaysSubstituteClasses({ tx, church, user }: TenantScope) {
  return classesWithIds(tx, church.id, await substituteClassIds(tx, church.id, user.id, churchToday(church)));
}

/**
 * The substitute of each class on a date (the principal's "Sunday at a glance" shows "Substitute:
 * Anu"): every absence of that date with its class, absent teacher and substitute (null: none yet).
 * For a door's transaction of the church.
 */
export function substitutesForDate(tx: Tx, churchId: string, date: string): Promise<AbsenceRow[]> {
  return selectAbsences(tx, churchId, absencesOn(date));
}

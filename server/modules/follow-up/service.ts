import type { z } from 'zod';
import { FOLLOW_UP_MESSAGES as M, weekOf } from '../../../common/follow-up.js';
import type { followUpContactInput, followUpListInput, followUpSettingsInput } from '../../../common/schemas/follow-up.js';
import type { TenantScope } from '../../core/scopes.js';
import type { Tx } from '../../db/index.js';
import { conflict } from '../../core/errors.js';
import { academicYearSettings } from '../academic-year/index.js';
import { recordChildDataReads } from '../access-log/index.js';
import { auditChurchChange } from '../audit/index.js';
import { churchToday } from '../../../common/dates.js';
import { guardiansToContact, type GuardianDto } from '../guardians/index.js';
import { findAccessibleStudent, lockStudent, setStudentActive } from '../students/index.js';
import { findAccessibleClass, seesAllClasses } from '../classes/index.js';
import {
  contactedPerClass, contactsOf, followUpRows, followUpRule, insertContact,
  setFollowUpRule, type ClassFilter, type FollowUpRow, type FollowUpRule, type Reader,
} from './queries.js';

const readerOf = ({ church, user }: TenantScope): Reader =>
  ({ churchId: church.id, seesAllClasses: seesAllClasses(user), userId: user.id });

/** One class the user may reach (404 otherwise), or, without one, every class of the current
 * academic year: last year's classes keep their last marks, and their children are not followed up. */
async function classFilter(scope: TenantScope, classId: string | undefined): Promise<ClassFilter> {
  if (classId) return { classId: (await findAccessibleClass(scope.tx, scope.church.id, scope.user, classId)).id };
  return { academicYear: (await academicYearSettings(scope)).current };
}

const toFollowUpDto = (row: FollowUpRow) => ({
  student_id: row.student_id,
  student_name: row.student_name,
  roll_number: row.roll_number,
  class_id: row.class_id,
  class_name: row.class_name,
  class_section: row.class_section,
  weeks_missed: row.weeks_missed,
  streak_since: row.streak_since,
  last_present: row.last_present,
  contacted: row.contacts_since_streak > 0,
  contacts_since_streak: row.contacts_since_streak,
  last_contact: row.last_contacted_at === null ? null : {
    outcome: row.last_outcome,
    note: row.last_note,
    contacted_at: row.last_contacted_at,
    contacted_by: { id: row.last_contacted_by_id, name: row.last_contacted_by_name },
  },
});

/** A child on the list, with their guardians to call (and, those who agreed to be contacted, to message). */
export type FollowUpStudent = ReturnType<typeof toFollowUpDto> & { guardians: GuardianDto[] };

/** The settings as the API answers them. */
const settingsDto = (rule: FollowUpRule) => ({ absences_in_a_row: rule.absences, class_days: rule.classDays });

/** GET /api/follow-up/settings (any staff role). */
export async function followUpSettings({ tx, church }: TenantScope) {
  return settingsDto(await followUpRule(tx, church.id));
}

/** PUT /api/follow-up/settings (super_admin, principal), audited in the same transaction. The list
 * is computed on every read, so the new rule applies at once. */
export async function updateFollowUpSettings({ tx, user, church }: TenantScope, input: z.output<typeof followUpSettingsInput>) {
  const old = await setFollowUpRule(tx, church.id, { absences: input.absences_in_a_row, classDays: input.class_days });
  const rule = { absences: input.absences_in_a_row, classDays: input.class_days ?? old.classDays };
  await auditChurchChange(tx, {
    user, action: 'church.follow_up_absences_updated', resourceType: 'church', resourceId: church.id,
    details: { old: old.absences, new: rule.absences, old_class_days: old.classDays, class_days: rule.classDays },
    description: `Follow-up set to ${rule.absences} absences in a row at roll calls of weekdays ${rule.classDays.join(', ')}`,
  });
  return settingsDto(rule);
}

/**
 * The follow-up list of every class of one academic year, for the church's weekly digest (which its
 * principals and super admins read): in the church's tenant transaction, no signed-in user.
 */
export async function followUpOfYear(tx: Tx, churchId: string, academicYear: string, timeZone: string) {
  const rule = await followUpRule(tx, churchId);
  const rows = await followUpRows(tx, { churchId, seesAllClasses: true, userId: null }, { academicYear }, rule, timeZone);
  return { ...settingsDto(rule), students: rows.map(toFollowUpDto) };
}

/** GET /api/follow-up: the children absent at least N of their class's roll calls in a row, longest
 * streak first; a teacher's own classes, everyone's for principals and super admins. Each child
 * listed is in the access log. */
export async function followUpList(scope: TenantScope, input: z.output<typeof followUpListInput>) {
  const filter = await classFilter(scope, input?.classId);
  const rule = await followUpRule(scope.tx, scope.church.id);
  const rows = await followUpRows(scope.tx, readerOf(scope), filter, rule, scope.church.time_zone);
  const guardians = await guardiansToContact(scope.tx, scope.church.id, rows.map((row) => row.student_id));
  // Every child of the list is a read of that child's contacts: one INSERT for the whole list.
  await recordChildDataReads(scope.tx, { churchId: scope.church.id, studentIds: rows.map((row) => row.student_id), kind: 'follow_up', reader: scope.user });
  return {
    ...settingsDto(rule),
    students: rows.map((row): FollowUpStudent => ({ ...toFollowUpDto(row), guardians: guardians.get(row.student_id) ?? [] })),
  };
}

/**
 * GET /api/follow-up/summary: per class of the current academic year (the user's own for a teacher),
 * how many children are on the list and how many children had a contact recorded this week (Monday
 * to Sunday in the church's time zone); only classes with either figure above zero, and the totals.
 */
export async function followUpSummary(scope: TenantScope, now = new Date()) {
  const filter = await classFilter(scope, undefined);
  const reader = readerOf(scope);
  const rule = await followUpRule(scope.tx, scope.church.id);
  const week = weekOf(churchToday(scope.church, now));
  const listed = await followUpRows(scope.tx, reader, filter, rule, scope.church.time_zone);
  const contacted = await contactedPerClass(scope.tx, reader, filter, week, scope.church.time_zone);

  const perClass = new Map<string, { class_id: string; class_name: string; class_section: string; follow_up: number; contacted_this_week: number }>();
  const entry = (row: { class_id: string; class_name: string; class_section: string }) => {
    const found = perClass.get(row.class_id)
      ?? { class_id: row.class_id, class_name: row.class_name, class_section: row.class_section, follow_up: 0, contacted_this_week: 0 };
    perClass.set(row.class_id, found);
    return found;
  };
  for (const row of listed) entry(row).follow_up += 1;
  for (const row of contacted) entry(row).contacted_this_week = row.contacted;
  const classes = [...perClass.values()];
  return {
    ...settingsDto(rule),
    week,
    follow_up: listed.length,
    contacted_this_week: classes.reduce((sum, c) => sum + c.contacted_this_week, 0),
    classes,
  };
}

const toContactDto = (row: Awaited<ReturnType<typeof insertContact>>) => ({
  id: row.id,
  student_id: row.studentId,
  outcome: row.outcome,
  note: row.note,
  contacted_at: row.contactedAt.toISOString(),
  contacted_by: { id: row.contactedBy, name: row.contactedByName },
});

/**
 * POST /api/follow-up/{studentId}/contacts (any staff role; a teacher for their own classes' children):
 * records a call to the child's family, audited in the same transaction. `moved_away` also makes the
 * child inactive: off the roll call and the follow-up list, still in the lists (flagged) and reports.
 * A child need not be on the list to be called; an inactive child is not followed up any more (409).
 */
export async function recordContact(scope: TenantScope, input: z.output<typeof followUpContactInput>) {
  const { tx, user, church } = scope;
  // Locked before it is read, so a contact and a concurrent change of the flag happen in one order.
  await lockStudent(tx, church.id, input.studentId);
  const student = await findAccessibleStudent(scope, input.studentId);
  if (!student.active) throw conflict(M.studentInactive, { reason: 'student_inactive' });
  const row = await insertContact(tx, {
    churchId: church.id, studentId: student.id, outcome: input.outcome, note: input.note ?? null,
    contactedBy: user.id, contactedByName: user.name,
  });
  const deactivated = input.outcome === 'moved_away';
  if (deactivated) await setStudentActive(tx, church.id, student.id, false);
  await auditChurchChange(tx, {
    user, action: 'follow_up.contact_recorded', resourceType: 'student', resourceId: student.id,
    details: { contact_id: row.id, outcome: row.outcome, note: row.note, student_deactivated: deactivated },
    description: `Follow-up contact with the family of ${student.name}: ${row.outcome}${deactivated ? ' (now inactive)' : ''}`,
  });
  return { contact: toContactDto(row), student_active: !deactivated, message: M.contactRecorded };
}

/** GET /api/follow-up/{studentId}/contacts: a child's contact records, newest first (also of an
 * inactive child: their history stays). */
export async function studentContacts(scope: TenantScope, studentId: string) {
  const student = await findAccessibleStudent(scope, studentId);
  return (await contactsOf(scope.tx, scope.church.id, student.id)).map(toContactDto);
}

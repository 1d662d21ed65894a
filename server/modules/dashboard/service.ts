import { classDayAfter, classDayOnOrBefore, isoWeekday } from '../../../common/follow-up.js';
import { churchToday } from '../../../common/dates.js';
import { can } from '../../../common/permissions.js';
import { toE164 } from '../../../common/phone.js';
import type { TenantScope } from '../../core/scopes.js';
import { translatorFor } from '../../core/i18n.js';
import { academicYearSettings } from '../academic-year/index.js';
import { seesAllClasses } from '../classes/index.js';
import { consentSummary } from '../consent/index.js';
import { followUpSummary } from '../follow-up/index.js';
import { substitutesForDate } from '../substitutes/index.js';
import { classesOnDay } from './queries.js';

/** '3rd A', or '5th' for a class without a section (as the screens write a class). */
const classLabel = (row: { class_name: string; class_section: string }) =>
  (row.class_section ? `${row.class_name} ${row.class_section}` : row.class_name);

/**
 * GET /api/dashboard/today: the Sunday at a glance for the staff's dashboard. The church's today
 * (its time zone) and its class days decide the day shown: today when it is a class day, else the
 * last class day before it (and the next one is said). For that day, each class of the current
 * academic year the user reaches (a teacher: their own; principals and super admins: all) with its
 * teacher, whether its roll call was taken, present of marked, and its children on the follow-up
 * list; the follow-up totals of the week (the follow-up module's figures, its own rule); and, for
 * those who see it (principals, super admins), how many children lack enrolment consent. On a class
 * day, a class not marked yet whose teacher has a phone number carries, for those who oversee every
 * class, a WhatsApp link to nudge the teacher, its message in the reader's language.
 */
export async function dayAtAGlance(scope: TenantScope, now = new Date()) {
  const { user, church } = scope;
  const today = churchToday(church, now);
  const academicYear = (await academicYearSettings(scope)).current;
  // The follow-up module's week: its list's count (its rule) and the church's class days.
  const followUp = await followUpSummary(scope, now);
  const classDays = followUp.class_days;
  const isClassDay = classDays.includes(isoWeekday(today));
  const day = classDayOnOrBefore(today, classDays);
  const oversees = seesAllClasses(user);
  const rows = await classesOnDay(scope.tx, { churchId: church.id, seesAllClasses: oversees, userId: user.id }, academicYear, day);
  const consent = can(user.role, 'viewConsentSummary') ? await consentSummary(scope) : null;
  const followUpOf = new Map(followUp.classes.map((c) => [c.class_id, c.follow_up]));
  // The substitutes module's absences of the day: a class's teacher away, and who stands in.
  const absenceOf = new Map((await substitutesForDate(scope.tx, church.id, day)).map((a) => [a.class_id, a]));
  const t = translatorFor(user.language);

  const nudgeUrl = (row: (typeof rows)[number]) => {
    if (!oversees || !isClassDay || row.marked > 0 || !row.teacher_phone || row.teacher_id === user.id) return null;
    const e164 = toE164(row.teacher_phone);
    if (!e164) return null;
    const message = t('dashboard.glance.nudgeMessage', { class: classLabel(row) });
    return `https://wa.me/${e164.slice(1)}?text=${encodeURIComponent(message)}`;
  };

  return {
    today,
    /** The day the classes' marks are of: today on a class day, else the last class day. */
    day,
    is_class_day: isClassDay,
    /** The church's next class day after today. */
    next_class_day: classDayAfter(today, classDays),
    class_days: classDays,
    academic_year: academicYear,
    sees_all_classes: oversees,
    classes: rows.map((row) => ({
      class_id: row.class_id,
      class_name: row.class_name,
      class_section: row.class_section,
      teacher_id: row.teacher_id,
      teacher_name: row.teacher_name,
      /** Whether the class's teacher said they cannot come on the day, and who stands in (null: nobody yet). */
      teacher_absent: absenceOf.has(row.class_id),
      substitute_name: absenceOf.get(row.class_id)?.substitute_name ?? null,
      children: row.children,
      marked: row.marked > 0,
      /** Marks stored for the day (the roll call's size when it was taken) and the present among them. */
      marked_count: row.marked,
      present: row.present,
      marked_at: row.marked_at,
      follow_up: followUpOf.get(row.class_id) ?? 0,
      nudge_url: nudgeUrl(row),
    })),
    follow_up: { count: followUp.follow_up, contacted_this_week: followUp.contacted_this_week, week: followUp.week },
    /** Children of the year without enrolment consent in force; null for those who do not see it. */
    consent_gaps: consent ? { missing_enrolment_consent: consent.missing_enrolment_consent, children: consent.children } : null,
  };
}

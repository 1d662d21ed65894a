import { INTL_LOCALE, type Locale } from '../../../common/i18n/locales.js';
import type { Translate } from '../../core/i18n.js';
import type { Tx } from '../../db/index.js';
import { academicYearOfDate } from '../academic-year/index.js';
import { followUpOfYear } from '../follow-up/index.js';
import type { DigestMailSection } from '../mail/index.js';
import { birthdaysOn, classesOfYear, rollCalls } from './queries.js';
import { digestDays } from './week.js';
import { classDaysWord } from '../../../common/follow-up.js';

/** What every section is built for: one church's digest of one week, and the classes it covers
 * (those of the academic year the week that ended belongs to). */
export interface DigestScope {
  tx: Tx;
  churchId: string;
  /** The Monday the digest is sent for. */
  week: string;
  /** The academic year the week that ended belongs to, and its classes. */
  academicYear: string;
  classes: Array<{ id: string; label: string }>;
  /** The church's time zone (its calendar days). */
  timeZone: string;
}

/** A section of the digest: reads its figures once (in the church's tenant transaction), then
 * writes them in each recipient's language. */
export type DigestSection = (scope: DigestScope) => Promise<(t: Translate, locale: Locale) => DigestMailSection>;

/** The classes a digest covers. */
export async function digestScope(tx: Tx, church: { id: string; timeZone: string }, week: string): Promise<DigestScope> {
  const academicYear = await academicYearOfDate(tx, church.id, digestDays(week).lastSunday);
  const rows = await classesOfYear(tx, church.id, academicYear);
  return {
    tx, churchId: church.id, week, academicYear, timeZone: church.timeZone,
    classes: rows.map((c) => ({ id: c.id, label: `${c.className} ${c.section}`.trim() })),
  };
}

/** A calendar date ('YYYY-MM-DD') as the recipient's language writes a day: "29 November". */
const dayAndMonth = (date: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** With the year: the digest's week in its subject. */
export const fullDay = (date: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * Attendance: per class, its most recent roll call of the week that ended (present of marked), and
 * the children present at the most recent roll call of each of the last four weeks ("–" for a week
 * without one).
 */
const attendanceSection: DigestSection = async ({ tx, churchId, week, classes }) => {
  const { lastSunday, trendWeeks } = digestDays(week);
  const calls = classes.length ? await rollCalls(tx, churchId, classes.map((c) => c.id), trendWeeks[0], lastSunday) : [];
  /** The latest roll call of a class in the week starting `monday`. */
  const latestIn = (classId: string, monday: string) => calls
    .filter((call) => call.classId === classId && call.date >= monday && call.date < (trendWeeks[trendWeeks.indexOf(monday) + 1] ?? week))
    .reduce<(typeof calls)[number] | undefined>((latest, call) => (!latest || call.date > latest.date ? call : latest), undefined);
  const figures = classes.map((c) => ({
    label: c.label,
    last: latestIn(c.id, trendWeeks[3]),
    trend: trendWeeks.map((monday) => latestIn(c.id, monday)?.present),
  }));
  return (t, locale) => ({
    heading: t('mail.digest.attendance.heading'),
    blocks: figures.length ? [{
      rows: figures.map(({ label, last, trend }): [string, string] => [label, [
        last ? t('mail.digest.attendance.present', { present: last.present, marked: last.marked, date: dayAndMonth(last.date, locale) })
          : t('mail.digest.attendance.none'),
        t('mail.digest.attendance.trend', { counts: trend.map((n) => (n === undefined ? '–' : String(n))).join(', ') }),
      ].join('; ')]),
    }] : [t('mail.digest.attendance.noClasses')],
  });
};

/** 'MM-DD' of each coming day, with its date; in a year without 29 February, children born on it
 * have their birthday on the 28th. */
function birthdayKeys(days: string[]): Map<string, string> {
  const keys = new Map(days.map((day) => [day.slice(5), day]));
  const feb28 = keys.get('02-28');
  const year = Number(feb28?.slice(0, 4));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (feb28 && !leap) keys.set('02-29', feb28);
  return keys;
}

/** Birthdays: the children of the covered classes whose birthday falls in the coming Monday to Sunday. */
const birthdaysSection: DigestSection = async ({ tx, churchId, week, classes }) => {
  const keys = birthdayKeys(digestDays(week).comingDays);
  const rows = classes.length ? await birthdaysOn(tx, churchId, classes.map((c) => c.id), [...keys.keys()]) : [];
  const labels = new Map(classes.map((c) => [c.id, c.label]));
  const birthdays = rows.map((row) => ({ name: row.name, className: labels.get(row.classId) ?? '', day: keys.get(row.dateOfBirth.slice(5))! }))
    .sort((a, b) => a.day.localeCompare(b.day));
  return (t, locale) => ({
    heading: t('mail.digest.birthdays.heading'),
    blocks: birthdays.length ? [{
      rows: birthdays.map((b): [string, string] => [b.name, t('mail.digest.birthdays.day', { date: dayAndMonth(b.day, locale), className: b.className })]),
    }] : [t('mail.digest.birthdays.none')],
  });
};

/**
 * Follow-up: the children on the follow-up list as the digest is written (absent at the church's
 * number of their class's roll calls in a row), with what was done: the last contact since their
 * streak began, or none yet.
 */
const followUpSection: DigestSection = async ({ tx, churchId, academicYear, timeZone }) => {
  const { absences_in_a_row: n, class_days: classDays, students } = await followUpOfYear(tx, churchId, academicYear, timeZone);
  const days = classDaysWord(classDays);
  return (t, locale) => ({
    heading: t('mail.digest.followUp.heading'),
    blocks: students.length ? [{
      rows: students.map((child): [string, string] => [child.student_name, t('mail.digest.followUp.row', {
        className: `${child.class_name} ${child.class_section}`.trim(),
        weeks: child.weeks_missed,
        days,
        done: child.last_contact
          ? t('mail.digest.followUp.contacted', {
            outcome: child.last_contact.outcome ?? 'other',
            date: dayAndMonth(child.last_contact.contacted_at.slice(0, 10), locale),
            by: child.last_contact.contacted_by.name ?? '',
          })
          : t('mail.digest.followUp.notContacted'),
      })]),
    }] : [t('mail.digest.followUp.none', { n, days })],
  });
};

/** The digest's sections, in the order the mail shows them. */
export const DIGEST_SECTIONS: DigestSection[] = [attendanceSection, followUpSection, birthdaysSection];

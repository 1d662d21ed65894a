/**
 * A substitute when a teacher cannot come (issue 43, item 10): the texts the server answers with,
 * shared with the client (its catalogue area `substitutes` holds the same English).
 */
export const SUBSTITUTE_MESSAGES = {
  notClassDay: 'The Sunday School does not meet on that day. Please choose one of its class days.',
  pastDate: 'That day has passed. Please choose today or a later class day.',
  alreadyReported: 'An absence is already reported for this class on that day.',
  absenceNotFound: 'Absence not found.',
  substituteNotFound: 'Please choose an active teacher, principal or super admin of your church.',
  substituteIsAbsent: 'The teacher who cannot come cannot be the substitute.',
  absencePast: 'That day has passed, so its substitute can no longer be changed.',
  substituteOtherDay: 'You can take this class\'s roll call only on the day you are its substitute.',
  reported: 'Your absence is reported. The principal will arrange a substitute.',
  classesRequired: 'Please choose at least one class.',
} as const;

/** The roles a substitute may have: those who may take a roll call (a guest holds no capability for
 * children's data and is never made one for a day). */
export const SUBSTITUTE_ROLES = ['teacher', 'principal', 'super_admin'] as const;

/** The ISO weekday (1 Monday ... 7 Sunday) of a 'YYYY-MM-DD' date. */
export function isoWeekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The class days of a month (its dates on the church's class weekdays), in order. */
export function classDaysOfMonth(year: number, month: number, classDays: readonly number[]): string[] {
  const dates: string[] = [];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  for (let d = 1; d <= last; d++) {
    const date = `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    if (classDays.includes(isoWeekdayOf(date))) dates.push(date);
  }
  return dates;
}

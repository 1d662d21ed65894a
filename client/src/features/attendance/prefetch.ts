import { todayFromEarlierDay } from '../../../../common/dates';
import type { ScreenPrefetch } from '../../lib/screen-prefetch';
import { churchToday } from '../auth';
import { lastChurchDay } from '../../lib/session-store';
import { sheetClassId, sheetDate } from './sheet-selection';

/**
 * Mark Attendance's data (a teacher's screen). With the session check: the teacher's classes and,
 * for the class in the address, its students and the stored marks of the sheet's date (the church's
 * today worked out from its calendar day at the last visit). Once the session and the classes are known, the same
 * for the sheet they select, which asks nothing again when the guesses were right.
 */
export const prefetchMarkAttendance: ScreenPrefetch = ({ utils, params, session }) => {
  const requestedClass = params.get('class');
  const requestedDate = params.get('date');
  const prefetchSheet = (classId: string, today: string) => {
    void utils.students.byClass.prefetch({ classId });
    void utils.attendance.byDate.prefetch({ classId, date: sheetDate(requestedDate, today) });
  };

  const classes = utils.classes.myClasses.fetch();
  // The classes a teacher stands in for today (a substitute's), in the same batch as their own.
  void utils.substitutes.today.prefetch();
  const earlierDay = lastChurchDay();
  if (requestedClass && earlierDay) prefetchSheet(requestedClass, todayFromEarlierDay(earlierDay));
  Promise.all([session, classes]).then(([{ church }, myClasses]) => {
    const classId = sheetClassId(myClasses, requestedClass);
    if (classId) prefetchSheet(classId, churchToday(church));
  }).catch(() => undefined); // the screen asks again and shows the error
};

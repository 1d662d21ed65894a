import { todayWithin } from '../../../../common/dates';
import type { SessionChurch } from './useSession';

/** The church's today (never the browser's), from the calendar day the server sent with the church. */
export const churchToday = (church: SessionChurch, now = new Date()) =>
  todayWithin(church.calendar_day, church.time_zone, now);

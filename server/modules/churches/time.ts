import { todayIn } from '../../../common/dates.js';
import type { ChurchDto } from './dto.js';

/** "Today" for a church, in its own time zone, never the browser's. */
export const churchToday = (church: Pick<ChurchDto, 'time_zone'>, now = new Date()) => todayIn(church.time_zone, now);

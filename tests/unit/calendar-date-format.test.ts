import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { addDays } from '../../common/dates.js';
import { formatCalendarDate } from '../../client/src/lib/format.js';

// Mark Attendance shows the date as a plain button until the calendar's code is fetched, then as
// Mantine's picker with valueFormat 'ddd, D MMM YYYY' (dayjs): the two must read the same.
describe('formatCalendarDate', () => {
  it("matches dayjs's 'ddd, D MMM YYYY' on every day of a leap year and its neighbours", () => {
    for (let date = '2027-12-01'; date <= '2029-01-31'; date = addDays(date, 1)) {
      expect(formatCalendarDate(date), date).toBe(dayjs(date).format('ddd, D MMM YYYY'));
    }
    expect(formatCalendarDate('2028-02-29')).toBe('Tue, 29 Feb 2028');
  });
});

import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { addDays } from '../../common/dates.js';
import { formatCalendarDate, formatCount, formatMonth } from '../../client/src/lib/format.js';

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

describe('formatCount', () => {
  it("groups digits as toLocaleString('en-IN') does, for every length and sign", () => {
    const samples = [0, 7, 42, 999, 1_000, 12_345, 99_999, 1_00_000, 12_34_567, 1_23_45_678, 98_76_54_32_101, -1_234, -5];
    for (let n = 1; n < 1e15; n = n * 10 + (n % 7)) samples.push(n);
    for (const n of samples) expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-IN'));
  });
});

describe('formatMonth', () => {
  it("names a month as the analytics chart does ('Nov 2026'), as dayjs's 'MMM YYYY' would", () => {
    for (let month = 1; month <= 12; month++) {
      const yearMonth = `2026-${String(month).padStart(2, '0')}`;
      expect(formatMonth(yearMonth), yearMonth).toBe(dayjs(`${yearMonth}-01`).format('MMM YYYY'));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { academicYearChoices, academicYearOf } from '../../common/academic-year.js';
import { addDays, calendarDayIn, todayFromEarlierDay, todayIn, todayWithin } from '../../common/dates.js';
import { isConsumerMail } from '../../common/constants.js';

describe('dates in the church time zone', () => {
  it('takes today from the time zone, not from UTC', () => {
    const late = new Date('2026-11-21T20:00:00Z'); // 01:30 on the 22nd in Kolkata
    expect(todayIn('Asia/Kolkata', late)).toBe('2026-11-22');
    expect(todayIn('UTC', late)).toBe('2026-11-21');
  });
  it('adds days across months and years', () => {
    expect(addDays('2026-12-25', 10)).toBe('2027-01-04');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('academic years', () => {
  it('starts in the configured month; before it the year is the previous one', () => {
    expect(academicYearOf('2026-05-31', 6)).toBe('2025-2026');
    expect(academicYearOf('2026-06-01', 6)).toBe('2026-2027');
    expect(academicYearOf('2026-01-15', 1)).toBe('2026-2027');
  });
  it('offers years back and ahead around the current one', () => {
    expect(academicYearChoices('2026-2027', { start_month: 6, years_back: 2, years_ahead: 3 }))
      .toEqual(['2024-2025', '2025-2026', '2026-2027', '2027-2028', '2028-2029', '2029-2030']);
  });
});

describe('consumer mail', () => {
  it('recognises gmail addresses whatever their case', () => {
    expect(isConsumerMail('Someone@GMAIL.com')).toBe(true);
    expect(isConsumerMail('office@church.org')).toBe(false);
    expect(isConsumerMail('x@gmail.com.evil.org')).toBe(false);
  });
});

describe("a church's calendar day", () => {
  const minutesBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 60_000;

  it('runs from local midnight to local midnight', () => {
    expect(calendarDayIn('Asia/Kolkata', new Date('2026-11-21T20:00:00Z'))).toEqual({
      date: '2026-11-22', starts_at: '2026-11-21T18:30:00.000Z', ends_at: '2026-11-22T18:30:00.000Z',
    });
    // Nepal is 5:45 ahead: bounds fall on whole minutes, not hours.
    expect(calendarDayIn('Asia/Kathmandu', new Date('2026-11-22T18:14:59Z')))
      .toMatchObject({ date: '2026-11-22', ends_at: '2026-11-22T18:15:00.000Z' });
  });

  it('lasts 23 or 25 hours when the clocks change, and agrees with todayIn at every bound', () => {
    const spring = calendarDayIn('America/New_York', new Date('2026-03-08T15:00:00Z'));
    const autumn = calendarDayIn('America/New_York', new Date('2026-11-01T15:00:00Z'));
    expect(minutesBetween(spring.starts_at, spring.ends_at)).toBe(23 * 60);
    expect(minutesBetween(autumn.starts_at, autumn.ends_at)).toBe(25 * 60);
    for (const day of [spring, autumn]) {
      const start = Date.parse(day.starts_at);
      const end = Date.parse(day.ends_at);
      expect(todayIn('America/New_York', new Date(start - 1))).not.toBe(day.date);
      expect(todayIn('America/New_York', new Date(start))).toBe(day.date);
      expect(todayIn('America/New_York', new Date(end - 1))).toBe(day.date);
      expect(todayIn('America/New_York', new Date(end))).not.toBe(day.date);
    }
  });

  it('answers from the day while it lasts and from the zone after it', () => {
    const day = calendarDayIn('Asia/Kolkata', new Date('2026-11-22T12:00:00Z'));
    expect(todayWithin(day, 'Asia/Kolkata', new Date('2026-11-22T18:29:59Z'))).toBe('2026-11-22');
    expect(todayWithin(day, 'Asia/Kolkata', new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23');
    expect(todayWithin(day, 'Asia/Kolkata', new Date('2026-11-21T18:29:59Z'))).toBe('2026-11-21');
  });

  it('guesses a later today from a day seen earlier, exactly while the offset from UTC stays the same', () => {
    const seenLastSunday = calendarDayIn('Asia/Kolkata', new Date('2026-11-15T03:00:00Z'));
    for (const now of ['2026-11-22T03:00:00Z', '2026-11-22T18:29:59Z', '2026-11-22T18:30:00Z', '2027-01-01T00:00:00Z']) {
      expect(todayFromEarlierDay(seenLastSunday, new Date(now))).toBe(todayIn('Asia/Kolkata', new Date(now)));
    }
    const kathmandu = calendarDayIn('Asia/Kathmandu', new Date('2026-11-01T12:00:00Z'));
    expect(todayFromEarlierDay(kathmandu, new Date('2026-11-22T18:14:59Z'))).toBe('2026-11-22');
    expect(todayFromEarlierDay(kathmandu, new Date('2026-11-22T18:15:00Z'))).toBe('2026-11-23');
    // Across a change of the clocks it is an hour off near midnight: a guess, checked by its user.
    const winter = calendarDayIn('America/New_York', new Date('2026-03-01T15:00:00Z'));
    expect(todayFromEarlierDay(winter, new Date('2026-03-15T04:30:00Z'))).toBe('2026-03-14');
    expect(todayIn('America/New_York', new Date('2026-03-15T04:30:00Z'))).toBe('2026-03-15');
  });
});

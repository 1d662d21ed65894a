import { describe, expect, it } from 'vitest';
import { academicYearChoices, academicYearOf } from '../../common/academic-year.js';
import { addDays, todayIn } from '../../common/dates.js';
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

import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, LOCALES } from '../../common/i18n/locales.js';
import { formatDateAndTime, formatTimeOfDay } from '../../common/i18n/time-of-day.js';

// Every time of day a user reads goes through common/i18n/time-of-day.ts: Intl in the reader's
// language, the 12-hour clock with the language's own day-period words, never a Latin AM/PM outside
// English.

const ZONE = 'Asia/Kolkata';
/** 4 January 2026 at hh:mm in India (UTC+5:30). */
const inIndia = (hours: number, minutes: number) => Date.UTC(2026, 0, 4, hours, minutes) - 330 * 60_000;

describe('formatTimeOfDay', () => {
  it.each([
    ['en', ['4:04 am', '10:04 am', '12:04 pm', '1:04 pm', '5:04 pm', '8:04 pm', '12:04 am']],
    ['ml', ['പുലർച്ചെ 4:04', 'രാവിലെ 10:04', 'ഉച്ചയ്ക്ക് 12:04', 'ഉച്ചയ്ക്ക് 1:04', 'വൈകുന്നേരം 5:04', 'രാത്രി 8:04', 'രാത്രി 12:04']],
    ['ta', ['அதிகாலை 4:04', 'காலை 10:04', 'மதியம் 12:04', 'மதியம் 1:04', 'மாலை 5:04', 'அந்தி மாலை 8:04', 'இரவு 12:04']],
    ['hi', ['सुबह 4:04', 'सुबह 10:04', 'दोपहर 12:04', 'दोपहर 1:04', 'शाम 5:04', 'रात 8:04', 'रात 12:04']],
  ] as const)('in %s: the language\'s own clock words, before the time outside English', (locale, expected) => {
    const hours = [4, 10, 12, 13, 17, 20, 0];
    expect(hours.map((h) => formatTimeOfDay(locale, inIndia(h, 4), ZONE))).toEqual(expected);
  });

  it('never writes a Latin AM or PM in Malayalam, Tamil or Hindi, at any hour', () => {
    for (const locale of ['ml', 'ta', 'hi'] as const) {
      for (let h = 0; h < 24; h++) {
        const time = formatTimeOfDay(locale, inIndia(h, 30), ZONE);
        expect(time, `${locale} ${h}:30`).not.toMatch(/[a-z]/i);
        expect(time, `${locale} ${h}:30`).toMatch(/^\S.* \d{1,2}:30$/u);
      }
    }
  });

  it('writes English on a device without Intl exactly as Intl writes en-IN, every minute of a day', () => {
    const midnight = new Date(2026, 0, 4).getTime();
    const intl = new Intl.DateTimeFormat(INTL_LOCALE.en, { hour: 'numeric', minute: '2-digit' });
    for (let minute = 0; minute < 24 * 60; minute++) {
      const at = midnight + minute * 60_000;
      expect(formatTimeOfDay('en', at), String(minute)).toBe(intl.format(at));
    }
  });

  it('is in the time zone it is given (the church\'s on the server), else in the device\'s', () => {
    const at = inIndia(10, 4);
    expect(formatTimeOfDay('en', at, 'UTC')).toBe('4:34 am');
    expect(formatTimeOfDay('ml', at, 'UTC')).toBe('പുലർച്ചെ 4:34');
    for (const locale of LOCALES) {
      expect(formatTimeOfDay(locale, at), locale).toBe(formatTimeOfDay(locale, at, Intl.DateTimeFormat().resolvedOptions().timeZone));
    }
  });
});

describe('formatDateAndTime', () => {
  it.each([
    ['en', '4 Jan 2026, 10:04 am'],
    ['ml', '2026 ജനു 4, രാവിലെ 10:04'],
    ['ta', '4 ஜன., 2026, காலை 10:04'],
    ['hi', '4 जन॰ 2026, सुबह 10:04'],
  ] as const)('in %s: the date, then the time of day as formatTimeOfDay writes it', (locale, expected) => {
    const at = inIndia(10, 4);
    expect(formatDateAndTime(locale, at, ZONE)).toBe(expected);
    expect(formatDateAndTime(locale, at, ZONE).endsWith(formatTimeOfDay(locale, at, ZONE))).toBe(true);
  });
});

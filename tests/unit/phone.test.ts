import { parsePhoneNumberFromString as withFullMetadata } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { phoneLinks, readablePhone } from '../../common/phone.js';

// A phone shown anywhere (the safety card, the student lists, the follow-up list, the console, the
// family summary PDF) is read through readablePhone: grouped for reading, as the number's country
// writes it, while links and storage keep E.164.

describe('a phone for reading', () => {
  it('an Indian mobile in E.164 reads +91 98470 12345; its links keep the digits', () => {
    expect(readablePhone('+919847012345')).toBe('+91 98470 12345');
    expect(phoneLinks('+919847012345', true)).toEqual({
      display: '+91 98470 12345', tel: 'tel:+919847012345', whatsapp: 'https://wa.me/919847012345',
    });
  });

  it('a number kept as written before E.164, without a country code, reads as an Indian one', () => {
    expect(readablePhone('98470 12345')).toBe('+91 98470 12345');
    expect(readablePhone('09847012345')).toBe('+91 98470 12345');
    expect(phoneLinks('98470-12345', false).display).toBe('+91 98470 12345');
  });

  it('landlines by their area code, and other countries as they write them', () => {
    expect(readablePhone('+914842345678')).toBe('+91 484 234 5678');
    expect(readablePhone('+911123456789')).toBe('+91 11 2345 6789');
    expect(readablePhone('+971501234567')).toBe('+971 50 123 4567');
    expect(readablePhone('+14155552671')).toBe('+1 415 555 2671');
  });

  it('the small metadata the client ships groups these numbers as the full metadata does', () => {
    for (const number of ['+919847012345', '+918012345678', '+917012345678', '+916282123456', '+914842345678', '+911123456789', '+971501234567']) {
      expect(readablePhone(number), number).toBe(withFullMetadata(number)!.formatInternational());
    }
  });

  it('text that cannot be a phone is shown as stored', () => {
    expect(readablePhone('12345')).toBe('12345');
    expect(readablePhone('call the office')).toBe('call the office');
    expect(readablePhone('')).toBe('');
    expect(phoneLinks('12345', true)).toEqual({ display: '12345', tel: 'tel:12345', whatsapp: null });
  });
});

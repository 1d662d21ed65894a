import { describe, expect, it } from 'vitest';
import { whatsAppHref } from '../../client/src/features/follow-up/whatsapp.js';

describe('the WhatsApp link with a message typed in', () => {
  it('takes the digits of the guardian\'s wa.me link and the message, encoded', () => {
    expect(whatsAppHref('https://wa.me/919876543210', 'We missed Anu & Binu? 100% - Thomas, St. Mary\'s'))
      .toBe('https://wa.me/919876543210?text=We%20missed%20Anu%20%26%20Binu%3F%20100%25%20-%20Thomas%2C%20St.%20Mary\'s');
  });

  it('takes a written number as wa.me wants it: digits alone, no plus, spaces or dashes', () => {
    expect(whatsAppHref('+91 98765-43210', 'Hi')).toBe('https://wa.me/919876543210?text=Hi');
  });

  it('keeps a message in any script and on several lines whole through the encoding', () => {
    const message = 'കഴിഞ്ഞ 2 ഞായറാഴ്ചകളിൽ\nनमस्ते - தமிழ்';
    const href = whatsAppHref('https://wa.me/919876543210', message);
    expect(href).toMatch(/^https:\/\/wa\.me\/919876543210\?text=[^\s]+$/);
    expect(decodeURIComponent(href.split('?text=')[1])).toBe(message);
    expect(new URL(href).searchParams.get('text')).toBe(message);
  });
});

import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';

/**
 * Phone numbers, shared by the server and the client so both read a number the same way. A number
 * written without a country code is Indian (+91). The `min` metadata keeps the client's bundle small:
 * it checks a number's length for its country, not the digit patterns of each number range, which is
 * enough to refuse text that cannot be a phone; its formats group an Indian mobile as the full
 * metadata does (+91 98470 12345), a landline by its area code (+91 484 234 5678).
 */
const DEFAULT_PHONE_COUNTRY = 'IN';

/** The number `text` holds, or undefined when it cannot be a phone number. */
function validNumber(text: string): PhoneNumber | undefined {
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: DEFAULT_PHONE_COUNTRY });
  return parsed?.isValid() ? parsed : undefined;
}

/** The number in E.164 (+919847012345), or undefined when `text` cannot be a phone number. */
export function toE164(text: string): string | undefined {
  return validNumber(text)?.number;
}

/**
 * A stored phone as people read it, wherever one is shown (screens, PDFs): the international format,
 * grouped as its country writes it (+91 98470 12345); text that is not a valid number as stored.
 */
export function readablePhone(stored: string): string {
  return validNumber(stored)?.formatInternational() ?? stored;
}

export interface PhoneLinks {
  /** What to show: the number for reading (`readablePhone`). */
  display: string;
  /** `tel:` link; the stored text's digits (and a leading +) when it is not a valid number. */
  tel: string;
  /** `https://wa.me/<digits>` for a valid number whose owner uses WhatsApp on it, else null. */
  whatsapp: string | null;
}

/**
 * The links of a stored phone: E.164 for numbers entered since every way in (the student form and
 * API, the import, the guardians API) stores them through `toE164`, or a number kept as written from
 * before (the migration), read with the same +91 default.
 */
export function phoneLinks(stored: string, hasWhatsapp: boolean): PhoneLinks {
  const e164 = toE164(stored);
  const dialable = e164 ?? `${stored.trim().startsWith('+') ? '+' : ''}${stored.replace(/\D/g, '')}`;
  return {
    display: readablePhone(stored),
    tel: `tel:${dialable}`,
    whatsapp: hasWhatsapp && e164 ? `https://wa.me/${e164.slice(1)}` : null,
  };
}

import { phoneLinks, toE164 } from '../../../common/phone.js';
import { PRIMARY_GUARDIAN_POSITION } from '../../../common/schemas/guardians.js';
import type { GuardianRow, PickupRow } from './queries.js';

/** A guardian is messaged on WhatsApp only on the phone that has it, and only if they agreed to be contacted. */
const messagesOn = (row: GuardianRow, phone: 'phone' | 'phone2') => row.contactConsent && row.whatsapp === phone;

/** Why a guardian has no WhatsApp link: they use no WhatsApp, did not agree to be contacted, or its
 * number cannot be a phone; null when they have one. */
function whatsappUnavailable(row: GuardianRow): 'no_whatsapp' | 'no_consent' | 'invalid_number' | null {
  if (row.whatsapp === 'none') return 'no_whatsapp';
  if (!row.contactConsent) return 'no_consent';
  const number = row.whatsapp === 'phone2' ? row.phone2 : row.phone;
  return number !== null && toE164(number) ? null : 'invalid_number';
}

/** A guardian with the links to call them (anyone may be called) and to message them on WhatsApp. */
export const toGuardianDto = (row: GuardianRow) => ({
  id: row.id,
  position: row.position,
  primary: row.position === PRIMARY_GUARDIAN_POSITION,
  name: row.name,
  relation: row.relation,
  phone: row.phone,
  phone2: row.phone2,
  whatsapp: row.whatsapp,
  email: row.email,
  language: row.language,
  contact_consent: row.contactConsent,
  consent_recorded_at: row.consentRecordedAt?.toISOString() ?? null,
  consent_recorded_by: row.consentRecordedBy ? { id: row.consentRecordedBy, name: row.consentRecordedByName } : null,
  links: {
    phone: phoneLinks(row.phone, messagesOn(row, 'phone')),
    phone2: row.phone2 === null ? null : phoneLinks(row.phone2, messagesOn(row, 'phone2')),
  },
  whatsapp_unavailable: whatsappUnavailable(row),
});
export type GuardianDto = ReturnType<typeof toGuardianDto>;

export const toPickupDto = (row: PickupRow) => ({
  id: row.id,
  position: row.position,
  name: row.name,
  relation: row.relation,
  phone: row.phone,
  links: phoneLinks(row.phone, false),
});
export type PickupDto = ReturnType<typeof toPickupDto>;

export const toEmergencyContactDto = (care: { emergencyName: string | null; emergencyPhone: string | null } | undefined) =>
  care?.emergencyName && care.emergencyPhone
    ? { name: care.emergencyName, phone: care.emergencyPhone, links: phoneLinks(care.emergencyPhone, false) }
    : null;

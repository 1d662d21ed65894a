import type { Tx } from '../../db/index.js';
import { selectCare, selectGuardians, selectPickups } from './queries.js';

/** Everything the safety card keeps of a child's family, as plain values (no links). */
export interface FamilyContacts {
  guardians: Array<{ name: string; relation: string; phone: string; phone2: string | null; email: string | null; contact_consent: boolean }>;
  pickups: Array<{ name: string; relation: string; phone: string }>;
  emergency_contact: { name: string; phone: string } | null;
  medical_note: string | null;
}

/**
 * A child's guardians, pickups, emergency contact and medical note, for the family's own copy of
 * their data (the export) and the consent form. The caller has checked that the user may reach the
 * child, and records the read in the access log itself (it reads the medical note).
 */
export async function familyContactsOf(tx: Tx, churchId: string, studentId: string): Promise<FamilyContacts> {
  const [guardians, pickups, care] = [await selectGuardians(tx, churchId, studentId), await selectPickups(tx, churchId, studentId), await selectCare(tx, churchId, studentId)];
  return {
    guardians: guardians.map((g) => ({
      name: g.name, relation: g.relation, phone: g.phone, phone2: g.phone2, email: g.email, contact_consent: g.contactConsent,
    })),
    pickups: pickups.map((p) => ({ name: p.name, relation: p.relation, phone: p.phone })),
    emergency_contact: care?.emergencyName && care.emergencyPhone ? { name: care.emergencyName, phone: care.emergencyPhone } : null,
    medical_note: care?.medicalNote ?? null,
  };
}

/** The guardians module's public surface: the shapes of its answers (a guardian, a pickup, with their links), the
 * guardians to contact of children another module lists, one guardian of a child (consent), and the consent to be
 * contacted that a consent answer for messages sets. */
export type { GuardianDto, PickupDto } from './dto.js';
export { guardianOfStudent, guardiansToContact, setContactConsent } from './service.js';
// What this module keeps of a child, for a child's erasure and the family's export (server/child-data.ts).
export { guardiansChildData } from './child-data.js';

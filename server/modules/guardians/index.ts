/** The guardians module's public surface: the shapes of its answers (a guardian, a pickup, with their links), the
 * guardians to contact of children another module lists, one guardian of a child (consent), the consent to be
 * contacted that a consent answer for messages sets, the guardians of children the student import makes, and
 * the language of a family's documents. */
export type { GuardianDto, PickupDto } from './dto.js';
export { guardianOfStudent, guardiansToContact, setContactConsent, setImportedGuardians } from './service.js';
export { familyLanguage } from './family-language.js';
// What this module keeps of a child, for a child's erasure and the family's export (server/child-data.ts).
export { guardiansChildData } from './child-data.js';

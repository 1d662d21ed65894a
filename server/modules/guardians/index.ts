/** The guardians module's public surface: the shapes of its answers (a guardian, a pickup, with their links), and the
 * guardians to contact of children another module lists. */
export type { GuardianDto, PickupDto } from './dto.js';
export { guardiansToContact } from './service.js';
export { familyContactsOf, type FamilyContacts } from './family.js';

// The consent-records module's surface: what other modules read and change of a child's consent on
// record. Recording answers; whether consent is in force for a purpose (the latest answer is "given"; no answer is no
// consent), for a list of children or as a condition inside another statement; and stopping a
// child's open consent links (a guardian removed, or their phones changed). It imports no other
// module: the consent module (answers, links, the guardian's page) and the students, guardians,
// gallery and family-export modules build on it.
import type { ConsentPurpose } from '../../../common/consent.js';
import type { Tx } from '../../db/index.js';
import { selectLackingConsent } from './queries.js';

/** The same rule as a condition for other statements' SQL (no answer = no consent). */
export { lacksConsent } from './queries.js';

/** Of these children, those without consent in force for the purpose (never given, or withdrawn). */
export function childrenLackingConsent(tx: Tx, churchId: string, studentIds: readonly string[], purpose: ConsentPurpose): Promise<Set<string>> {
  return selectLackingConsent(tx, churchId, studentIds, purpose);
}

/** Records answers, one row each: staff's (the consent module), a guardian's through a link, and the
 * "agreed to be contacted" tick of the guardians' form (a messages answer given in person). */
export { insertConsents as recordConsentAnswers } from './queries.js';

/** Stops a child's open consent links (the guardians module: a guardian removed or their phones
 * changed; the consent module: a link revoked or replaced). */
export { revokeOpenLinks as revokeConsentLinks } from './queries.js';

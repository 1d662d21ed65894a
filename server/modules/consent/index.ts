import type { ConsentPurpose } from '../../../common/consent.js';
import type { Tx } from '../../db/index.js';
import { selectLackingConsent } from './queries.js';

/** The same rule as a condition for other statements' SQL (no answer = no consent). */
export { lacksConsent } from './queries.js';

export { privacyNoticeOf, type PrivacyNotice } from './notice.js';

/** Of these children, those without consent in force for the purpose (never given, or withdrawn). */
export function childrenLackingConsent(tx: Tx, churchId: string, studentIds: readonly string[], purpose: ConsentPurpose): Promise<Set<string>> {
  return selectLackingConsent(tx, churchId, studentIds, purpose);
}

/** Stops a child's open consent links (the guardians module: a guardian removed or their phones changed). */
export { revokeOpenLinks as revokeConsentLinks } from './queries.js';
// What this module keeps of a child, for a child's erasure and the family's export (server/child-data.ts).
export { consentChildData } from './child-data.js';

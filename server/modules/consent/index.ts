import type { ConsentPurpose } from '../../../common/consent.js';
import type { Tx } from '../../db/index.js';
import { selectCurrentConsents, selectLackingConsent } from './queries.js';

/** The same rule as a condition for other statements' SQL (no answer = no consent). */
export { lacksConsent } from './queries.js';

export { privacyNoticeOf, type PrivacyNotice } from './notice.js';

/** The answer in force of each purpose, per child: true given, false withdrawn, null never answered. */
export type ConsentState = Record<ConsentPurpose, boolean | null>;

/** The consent in force of each of these children (children never answered for: every purpose null). */
export async function consentStatesOf(tx: Tx, studentIds: readonly string[]): Promise<Map<string, ConsentState>> {
  const states = new Map<string, ConsentState>(studentIds.map((id) => [id, { enrolment: null, photos: null, messages: null }]));
  for (const row of await selectCurrentConsents(tx, studentIds)) {
    const state = states.get(row.studentId);
    if (state) state[row.purpose as ConsentPurpose] = row.given;
  }
  return states;
}

/** Of these children, those without consent in force for the purpose (never given, or withdrawn). */
export function childrenLackingConsent(tx: Tx, studentIds: readonly string[], purpose: ConsentPurpose): Promise<Set<string>> {
  return selectLackingConsent(tx, studentIds, purpose);
}

/** Every consent answer of one child, newest first (their export, their consent screen). */
export { selectConsentHistory as consentHistoryOf, type ConsentRow } from './queries.js';

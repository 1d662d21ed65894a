import { isConsumerMail, mailDomain } from '../../../common/constants.js';
import type { GoogleIdentity } from './provider.js';

/**
 * Whether Google may vouch for `email` on its own: it is the mail provider of Gmail addresses and of
 * a Workspace domain it names in the token (`hd`). For any other domain a verified address only says
 * that someone once proved it to Google, not that the mailbox is theirs today (an expired domain
 * bought again, a former employee's alias), so it does not take over an account found by address
 * (a church user's or an association officer's).
 */
export function googleIsAuthorityFor(identity: GoogleIdentity, email: string): boolean {
  return isConsumerMail(email) || (identity.hostedDomain !== undefined && identity.hostedDomain === mailDomain(email));
}

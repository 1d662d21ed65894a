import { PASSWORD_MESSAGES } from '../../../common/schemas/password.js';
import { badRequest } from '../../core/errors.js';

/** A password reset link (a church user's or an association officer's) works for this long, once. */
export const RESET_TTL_MS = 60 * 60_000;
/** Dead reset tokens (used or expired) of a person are deleted once they are this old: the reset
 * lookup crosses tenants by the token's hash alone, so the tables are kept small. */
export const DEAD_RESET_TOKEN_KEEP_MS = 24 * 3_600_000;

/** The one answer to a reset token that is unknown, used, expired, or whose person is inactive. */
export const invalidResetLink = () => badRequest(PASSWORD_MESSAGES.invalidResetLink, { reason: 'invalid_reset_token' });

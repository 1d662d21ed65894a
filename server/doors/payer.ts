import { MESSAGES } from '../../common/constants.js';
import { can } from '../../common/permissions.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { authenticateChurchSession } from '../modules/auth/index.js';
import { loadChurch, type ChurchDirectory } from '../modules/churches/index.js';
import { paymentTokenState } from '../modules/payments/index.js';
import { forbidden, unauthorized } from '../core/errors.js';
import type { Credentials } from '../core/request.js';
import type { ChurchPayer } from '../core/scopes.js';

/** What finding the payer needs: the database, the church directory and the session settings; the
 * church code and the session or payment token. */
export interface PayerDoorRequest extends Pick<Credentials, 'token' | 'churchCode' | 'paymentToken'> {
  db: Database;
  config: Pick<Config, 'SESSION_TTL_HOURS' | 'SESSION_MAX_AGE_HOURS'>;
  services: { churchDirectory: ChurchDirectory };
}

/**
 * Who may pay for a church: its super admin, signed in, or the browser that has just registered it,
 * with the payment token of that registration and the church code (a token spent by the church's
 * payment only reads where its orders stand: the payments module refuses it anything else). Also
 * with an invalid subscription: paying is how it becomes valid. The caller is checked in a short
 * tenant transaction; the payment work then runs in the platform door, limited to `church.id`.
 */
export async function findChurchPayer(request: PayerDoorRequest): Promise<ChurchPayer> {
  const { token, churchCode, paymentToken } = request;
  if (!churchCode || (!token && !paymentToken)) throw unauthorized(MESSAGES.signInRequired);
  const churchId = await request.services.churchDirectory.idForCode(churchCode);
  if (!churchId) throw unauthorized(MESSAGES.sessionExpired);
  return request.db.withTenant(churchId, async (tx): Promise<ChurchPayer> => {
    if (paymentToken) {
      const state = await paymentTokenState(tx, churchId, paymentToken);
      if (!state) throw unauthorized(MESSAGES.sessionExpired);
      return { church: await loadChurch(tx, churchId), userId: null, spentToken: state === 'spent' };
    }
    const auth = await authenticateChurchSession(tx, churchId, token!, request.config);
    if (!auth) throw unauthorized(MESSAGES.sessionExpired);
    if (!can(auth.user.role, 'managePlan')) throw forbidden(MESSAGES.notAllowed);
    return { church: auth.church, userId: auth.user.id, spentToken: false };
  });
}

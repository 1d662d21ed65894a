import { signsInWithGoogleOnly } from '../../../common/constants.js';
import type { Services } from '../../services.js';

/** Which ways of signing in this server offers; the client asks before it hides a password field. */
export const signInOptions = (services: Pick<Services, 'google'>) => ({ google: services.google !== undefined });

/** The Gmail rule (`signsInWithGoogleOnly`) as this server applies it: sign-in, registration and
 * the users' passwords all decide through here. */
export const googleOnly = (services: Pick<Services, 'google'>, email: string) =>
  signsInWithGoogleOnly(email, signInOptions(services).google);

import { signsInWithGoogleOnly } from '../../../common/constants.js';
import type { GoogleProvider } from './provider.js';

/** The Google provider among the services: undefined until a client id and secret are configured. */
export interface GoogleSignIn {
  google: GoogleProvider | undefined;
}

/** Which ways of signing in this server offers; the client asks before it hides a password field. */
export const signInOptions = (services: GoogleSignIn) => ({ google: services.google !== undefined });

/** The Gmail rule (`signsInWithGoogleOnly`) as this server applies it: sign-in, registration and
 * the users' passwords all decide through here. */
export const googleOnly = (services: GoogleSignIn, email: string) =>
  signsInWithGoogleOnly(email, signInOptions(services).google);

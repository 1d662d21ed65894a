/**
 * Sign-in and the church session: what other features may use of auth. The sign-in screen is in the
 * first chunk (it is what a new visitor sees); the reset screen is fetched when first opened.
 */
import { lazyScreen } from '../../lib/lazy-screen';

export { LoginPage } from './LoginPage';
export const ResetPasswordPage = lazyScreen(() => import('./ResetPasswordPage').then((m) => m.ResetPasswordPage));

export {
  prefetchSession, SignedInSessionContext, useSession, useSignedInSession,
  type Session, type SessionChurch, type SessionData, type SignedInSession,
} from './useSession';
export { useCan } from './useCan';
export { useSignedIn } from './useSignedIn';
export { useSaveLanguage } from './useSaveLanguage';
export { useSessionLanguage } from './useSessionLanguage';
export { churchToday } from './church-today';
export {
  forgetGoogleFlow, googleErrorOf, leaveForGoogle, pendingGoogleFlow, rememberGoogleFlow,
  type GoogleReturnState, type PendingGoogleFlow, type RegistrationDraft,
} from './google-flow';
export { GoogleAlerts } from './GoogleAlerts';
export { useGoogleConfigured, useSignsInWithGoogleOnly } from './sign-in-options';

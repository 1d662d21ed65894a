/** Constants shared by the client and the server. One copy of each rule. */

export const CHURCH_ROLES = ['super_admin', 'principal', 'teacher', 'guest'] as const;
export type ChurchRole = (typeof CHURCH_ROLES)[number];

export const SUBSCRIPTION_TIERS = ['free', 'basic', 'premium', 'lifetime'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const CHURCH_CODE_LENGTH = 6;

/** Addresses on these domains must sign in with Google (01 section 5). */
export const CONSUMER_MAIL_DOMAINS = ['gmail.com', 'googlemail.com'] as const;
export const isConsumerMail = (email: string) => {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return (CONSUMER_MAIL_DOMAINS as readonly string[]).includes(domain);
};

export const FREE_TRIAL_DAYS = 30;
export const ATTENDANCE_EDIT_WINDOW_DAYS = 14;
export const MOBILE_BREAKPOINT_PX = 768;
export const SUPPORT_EMAIL = 'support@sundayschool.example.org';

export const MESSAGES = {
  loginFailed: 'Login failed. Please check your credentials.',
  invalidCredentials: 'Invalid church code, email or password.',
  useGoogleSignIn: 'Please use Google Sign-In for Gmail accounts.',
  googleNotConfigured: 'Sign-in with Google is not configured on this server yet. Please sign in with email and password.',
  resetLinkSent: 'Password reset link sent to your email.',
  resetEmailFailed: 'Failed to send reset email',
  signInRequired: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  accountInactive: 'This account has been deactivated. Please contact your church administrator.',
  notAllowed: 'You do not have permission to do this.',
} as const;

/** Constants shared by the client and the server. One copy of each rule. */

export type ChurchRole = 'super_admin' | 'principal' | 'teacher' | 'guest';

export const CHURCH_CODE_LENGTH = 6;

/** Google's own mail domains: addresses there must sign in with Google (while the server has
 * Google sign-in configured), and Google is the authority for them. */
const CONSUMER_MAIL_DOMAINS = ['gmail.com', 'googlemail.com'] as const;
/** The domain of an address, lowercased. */
export const mailDomain = (email: string) => email.trim().toLowerCase().split('@').pop() ?? '';
export const isConsumerMail = (email: string) => (CONSUMER_MAIL_DOMAINS as readonly string[]).includes(mailDomain(email));
/**
 * Whether an address signs in with Google only, and so has no password: a Gmail address, while the
 * server has Google sign-in configured. Until it is, Gmail addresses sign in with their password
 * like any other. The server answers whether it is (`auth.signInOptions`) and decides by this rule.
 */
export const signsInWithGoogleOnly = (email: string, googleConfigured: boolean) => googleConfigured && isConsumerMail(email);

/** The client screen the provider sends the browser back to: `${PUBLIC_URL}/auth/google/callback`,
 * the redirect URI registered with Google. */
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

export const FREE_TRIAL_DAYS = 30;
/** Attendance dates from (church today - 14 days) to church today, both inclusive, can be marked. */
export const ATTENDANCE_EDIT_WINDOW_DAYS = 14;
export const ATTENDANCE_STATUSES = ['present', 'absent'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** Most students one attendance request may carry. */
export const ATTENDANCE_MAX_STUDENTS_PER_REQUEST = 1000;
/** The most marks one batch of a device's offline queue carries (a longer queue goes as several batches). */
export const ATTENDANCE_SYNC_MAX_MARKS = 500;
/** Years a monthly or calendar attendance report may be asked for. */
export const REPORT_YEAR_MIN = 2000;
export const REPORT_YEAR_MAX = 2100;
export const MOBILE_BREAKPOINT_PX = 768;
export const SUPPORT_EMAIL = 'support@sundayschool.example.org';

/** The ribbon every page of a demo server shows (the server writes it into the page it serves). */
export const DEMO_SERVER_RIBBON = 'Demo server: payments are simulated, demo passwords are public';

/** Texts of the operator console's sign-in and session. */
export const OPERATOR_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  signInRequired: 'Please sign in to the admin console.',
  sessionExpired: 'Your admin session has expired. Please sign in again.',
  invalidCode: 'Invalid authentication code.',
  challengeExpired: 'Your sign-in has expired. Please enter your email and password again.',
  csrfRefused: 'This request was refused: reload the admin console and try again.',
  secondFactorLocked: 'Too many wrong codes: authenticator codes are locked for this account. Sign in with one of your recovery codes, '
    + 'or have the operator reset with npm run admin:create.',
} as const;

export const MESSAGES = {
  loginFailed: 'Login failed. Please check your credentials.',
  invalidCredentials: 'Invalid church code, email or password.',
  useGoogleSignIn: 'Please use Google Sign-In for Gmail accounts.',
  googleNotConfigured: 'Sign-in with Google is not available yet: an administrator of this server must configure it first.',
  // Google sign-in and registration (server/modules/google-identity/, server/modules/auth/google-login.ts, the callback screen).
  googleLoginFailed: 'Google login failed. Please try again.',
  googleTokenInvalid: 'Error decoding Google token.',
  googleEmailUnverified: 'Your Google account\'s email address is not verified. Please verify it with Google and try again.',
  googleUnavailable: 'Google sign-in is not reachable right now. Please try again in a moment.',
  /** A Google account that is not the authority for an existing password account's address. */
  googleLinkRefused: 'This account signs in with its password. Please sign in with your email and password.',
  /** Fallback of the callback screen when the server sent no message. */
  googleFailedFallback: 'Google login failed',
  /** 503 of sign-in, registration and password resets while the shared store of their limits (Redis) cannot be reached. */
  limitsUnavailable: 'Sign-in, registration and password resets are temporarily unavailable. Please try again in a moment.',
  resetLinkSent: 'Password reset link sent to your email.',
  resetEmailFailed: 'Failed to send reset email',
  signInRequired: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  accountInactive: 'This account has been deactivated. Please contact your church administrator.',
  notAllowed: 'You do not have permission to do this.',
  attendanceMarked: 'Attendance marked successfully!',
  attendanceTooOld: 'Cannot edit attendance older than 2 weeks. Please contact administrator.',
  attendanceFutureDate: 'Attendance cannot be marked for a future date.',
  attendanceStudentNotInClass: 'Some of the students are not in this class. Reload the class and try again.',
  attendanceNoStudents: 'This class has no students to mark attendance for.',
  /** The answer of an offline batch (POST /api/attendance/sync); its counts say what became of the marks. */
  attendanceSynced: 'Attendance synced.',
  /** 409 of a batch id that another user of the church already sent. */
  attendanceBatchOfAnotherUser: 'This batch of marks was already sent by another user.',
  // Client texts: sign-in screen, session restore, dashboard overview, subscription page.
  renewMailSubject: 'Renew our subscription',
  sessionCheckFailed: 'Could not verify your session. Please check your connection and try again.',
  usageLoadFailed: 'Failed to load resource usage',
  usageLimitsMissing: 'The limits of this plan are not available.',
  usageNothingYet: 'No classes or students have been added yet.',
  subscriptionLoadFailed: 'Failed to load subscription details',
  plansEmpty: 'No plans are available right now.',
  logoutConfirm: 'Log out now? You can sign in again later to choose a plan.',
} as const;

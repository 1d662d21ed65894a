import { eq } from 'drizzle-orm';
import { academicYearConfigs, associations, auditLog, churches, users } from '../../../drizzle/schema/index.js';
import { DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../../common/academic-year.js';
import { MESSAGES } from '../../../common/constants.js';
import { SOURCE_LOCALE } from '../../../common/i18n/locales.js';
import { REGISTRATION_MESSAGES, type RegisterChurchInput } from '../../../common/schemas/churches.js';
import type { Tx } from '../../db/index.js';
import type { PublicScope } from '../../core/scopes.js';
import { badRequest } from '../../core/errors.js';
import { admitFromSource, hashPassword } from '../credentials/index.js';
import { googleOnly, takeGoogleFlow, type GoogleFlowServices } from '../google-identity/index.js';
import { findPlan } from '../subscription/index.js';
import { issuePaymentToken } from '../payments/index.js';
import { welcomeMail, type Mailer } from '../mail/index.js';
import { newChurchCode } from './code.js';
import type { ChurchDirectory } from './directory.js';

const REGISTER_WINDOW_MS = 60 * 60_000;
/** Draws of a new code before giving up: with 887 million codes a second draw is already rare. */
const CODE_DRAWS = 8;
const DAY_MS = 86_400_000;

/** What a registration uses of the services: Google's flow and the limits' counts, the code lookup
 * (told of the new code) and the mailer. */
type RegisterScope = PublicScope<GoogleFlowServices & { churchDirectory: ChurchDirectory; mailer: Mailer }>;

/**
 * A new church with its super admin and its academic-year settings, in one transaction of the
 * platform door (the church does not exist yet, so no tenant door can be opened for it): a failure
 * anywhere leaves nothing behind. Free: active at once for the plan's days (the 30-day trial).
 * Paid: `pending_payment`, without an end date, until a verified payment activates it.
 */
export async function registerChurch(scope: RegisterScope, input: RegisterChurchInput) {
  const admit = () => admitFromSource(scope.services.attempts, {
    name: 'register', what: 'church registrations', windowMs: REGISTER_WINDOW_MS, max: scope.config.REGISTER_MAX_PER_IP,
  }, scope.ip);
  const admin = await adminAccount(scope, input, admit);
  // The registration limit holds per mail address as well as per source address: however many
  // sources register with one address, it gets at most that many welcome mails an hour (the
  // registrations go on; each answer carries its code). Counted before the transaction, so a store
  // that cannot count refuses the request instead of failing it after the commit.
  const welcomes = await scope.services.attempts.add(`register:email:${admin.email.toLowerCase()}`, REGISTER_WINDOW_MS);

  const registered = await scope.db.withPlatform(async (tx) => {
    const plan = await findPlan(tx, input.subscription_tier);
    if (!plan) throw badRequest(REGISTRATION_MESSAGES.planRequired);
    const free = plan.pricePaise === 0;
    const church = await insertChurchWithNewCode(tx, {
      name: input.name,
      email: admin.email,
      phone: input.phone,
      address: input.address,
      pincode: input.pincode,
      ownerEmail: admin.email,
      subscriptionTier: plan.tier,
      subscriptionStatus: free ? 'active' : 'pending_payment',
      subscriptionEndDate: free ? new Date(Date.now() + plan.durationDays * DAY_MS) : null,
    });
    const [superAdmin] = await tx.insert(users).values({
      churchId: church.id,
      role: 'super_admin',
      name: admin.name,
      email: admin.email,
      passwordHash: admin.passwordHash,
      googleSubject: admin.googleSubject,
      phone: input.phone,
      isChurchOwner: true,
    }).returning({ id: users.id });
    await tx.insert(academicYearConfigs).values({
      churchId: church.id,
      startMonth: DEFAULT_ACADEMIC_YEAR_CONFIG.start_month,
      yearsAhead: DEFAULT_ACADEMIC_YEAR_CONFIG.years_ahead,
      yearsBack: DEFAULT_ACADEMIC_YEAR_CONFIG.years_back,
    });
    await tx.insert(auditLog).values({
      targetChurchId: church.id,
      action: 'church.registered',
      resourceType: 'church',
      resourceId: church.id,
      details: {
        by_user_id: superAdmin.id,
        old: null,
        new: { tier: church.subscriptionTier, status: church.subscriptionStatus, end_date: church.subscriptionEndDate },
      },
      description: `Church ${church.code} registered on the ${plan.name} plan`,
    });
    // Nobody is signed in after a paid registration: this token lets the registering browser pay.
    const paymentToken = free ? null : await issuePaymentToken(tx, church.id, scope.config.PAYMENT_TOKEN_TTL_MINUTES);
    return { church, free, paymentToken };
  });

  const { church, free, paymentToken } = registered;
  // Sign-in looks codes up through a cache that may remember this code as unknown.
  scope.services.churchDirectory.forget(church.code);
  scope.log.info({ churchId: church.id, tier: church.subscriptionTier }, 'church registered');
  // After the commit and without waiting for it: a mail that cannot be sent never undoes a registration.
  if (welcomes.count <= scope.config.REGISTER_MAX_PER_IP) {
    scope.services.mailer.send(welcomeMail(scope.config.PUBLIC_URL, { email: admin.email, language: input.language ?? SOURCE_LOCALE }, { code: church.code, pendingPayment: !free }), scope.log);
  }
  return {
    church: {
      id: church.id,
      code: church.code,
      name: church.name,
      subscription_tier: church.subscriptionTier,
      subscription_status: church.subscriptionStatus,
      subscription_end_date: church.subscriptionEndDate?.toISOString() ?? null,
    },
    ...(paymentToken ? { payment_token: paymentToken } : {}),
    message: free ? REGISTRATION_MESSAGES.freeRegistered : REGISTRATION_MESSAGES.paidRegistered,
  };
}

interface AdminAccount {
  name: string;
  email: string;
  passwordHash: string | null;
  googleSubject: string | null;
}

/**
 * The super admin's account, counted by `admit` against the registrations of the source address.
 * Local: the typed email and the password's hash (argon2 runs on libuv's thread pool, off the event
 * loop). Google: the flow this browser started for a registration is taken first (no count for a
 * request that cannot succeed: Google not configured, a stale or foreign state), then the code is
 * exchanged; the name and address come from the verified id_token, any address, Gmail included, and
 * the admin has the Google subject and no password.
 */
async function adminAccount(scope: RegisterScope, input: RegisterChurchInput, admit: () => Promise<void>): Promise<AdminAccount> {
  if (input.auth_provider === 'google') {
    const flow = await takeGoogleFlow(scope, { state: input.state, intent: 'register' });
    await admit();
    const identity = await flow.verify(input.google_token);
    return {
      name: identity.name ?? input.admin_name ?? identity.email.split('@')[0],
      email: identity.email,
      passwordHash: null,
      googleSubject: identity.subject,
    };
  }
  // The Gmail rule, exactly as at sign-in: while Google is configured such an admin signs in with it.
  if (googleOnly(scope.services, input.admin_email)) throw badRequest(MESSAGES.useGoogleSignIn, { reason: 'use_google' });
  const passwordHash = await hashPassword(input.admin_password);
  await admit();
  return { name: input.admin_name, email: input.admin_email, passwordHash, googleSubject: null };
}

type NewChurch = Omit<typeof churches.$inferInsert, 'code'>;

/** Inserts the church under a freshly drawn code, drawing again while the code is taken. ON CONFLICT
 * DO NOTHING keeps the transaction alive on a taken code (a failed insert would abort it). */
async function insertChurchWithNewCode(tx: Tx, values: NewChurch) {
  for (let draw = 0; draw < CODE_DRAWS; draw++) {
    const code = newChurchCode();
    // The sign-in screen's code field names a church or an association, never both.
    const [association] = await tx.select({ id: associations.id }).from(associations).where(eq(associations.code, code)).limit(1);
    if (association) continue;
    const [church] = await tx.insert(churches).values({ ...values, code })
      .onConflictDoNothing({ target: churches.code }).returning();
    if (church) return church;
  }
  throw new Error(`No free church code after ${CODE_DRAWS} draws`);
}

import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LOCALES } from '../../common/i18n/locales.js';
import { tenantIsolation } from './tenancy.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Plans are the one source of truth for prices and limits. -1 means unlimited. */
export const plans = pgTable('plans', {
  tier: text('tier').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  pricePaise: integer('price_paise').notNull(),
  durationDays: integer('duration_days').notNull(),
  maxPrincipals: integer('max_principals').notNull(),
  maxTeachers: integer('max_teachers').notNull(),
  maxStudents: integer('max_students').notNull(),
  maxClasses: integer('max_classes').notNull(),
  /** Gallery storage per church in MB (originals and their copies); -1 unlimited. */
  storageQuotaMb: integer('storage_quota_mb').notNull().default(500),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [
  check('plans_tier_check', sql`${t.tier} in ('free', 'basic', 'premium', 'lifetime')`),
  check('plans_price_check', sql`${t.pricePaise} >= 0`),
]);

/** The tenant itself. Its own id is the church id, so its policy compares `id`. */
export const churches = pgTable('churches', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  pincode: text('pincode'),
  ownerEmail: text('owner_email'),
  timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
  /** The language of its users who chose none (one of LOCALES); its super admin sets it. */
  defaultLanguage: text('default_language', { enum: LOCALES }).notNull().default('en'),
  /** After how many absences in a row a child is on the follow-up list (common/follow-up.ts); its
   * super admin or principal sets it. */
  followUpAbsences: integer('follow_up_absences').notNull().default(2),
  /** The weekdays the Sunday School meets (ISO: 1 Monday ... 7 Sunday), Sunday unless set: the
   * follow-up list counts absences at roll calls of these days only (a Wednesday roll call of a
   * church meeting on Sundays is no missed Sunday). */
  classDays: smallint('class_days').array().notNull().default(sql`'{7}'`),
  /** The church's classes in school order (common/school.ts DEFAULT_CLASS_NAMES unless set): a class is
   * named from it, and it orders classes and gives the rollover's next class; its super admin or
   * principal sets it. */
  classNames: text('class_names').array().notNull()
    .default(sql`'{LKG,UKG,1st,2nd,3rd,4th,5th,6th,7th,8th,9th,10th,11th,12th}'`),
  /** The columns of the church's last student import, by header (field -> header text), so the next
   * spreadsheet of the same shape is mapped the same way; null until a first import. */
  importMapping: jsonb('import_mapping').$type<Record<string, string | null>>(),
  /** The month (1-12) from which the rollover into the next academic year is offered (common/rollover.ts
   * `turningYears`): Kerala's Sunday Schools promote in April-May, after the annual exam, before a June
   * start; null: the academic year's start month. Its super admin or principal sets it. */
  rolloverMonth: smallint('rollover_month'),
  /** After how many years without being seen a child is offered to the principal for erasure
   * (nothing is erased without a confirmation); its super admin or principal sets it. */
  retentionYears: integer('retention_years').notNull().default(3),
  subscriptionTier: text('subscription_tier').notNull().references(() => plans.tier),
  subscriptionStatus: text('subscription_status').notNull(),
  subscriptionEndDate: timestamp('subscription_end_date', { withTimezone: true }),
  isLifetime: boolean('is_lifetime').notNull().default(false),
  /** How many times the church extended its free trial (unlimited; shown in the console). */
  trialExtensions: integer('trial_extensions').notNull().default(0),
  ...timestamps,
}, (t) => [
  uniqueIndex('churches_code_key').on(t.code),
  // The operator console's church list, newest first (read backwards).
  index('churches_created_idx').on(t.createdAt, t.id),
  check('churches_code_check', sql`${t.code} ~ '^[A-Z0-9]{6}$'`),
  check('churches_status_check',
    sql`${t.subscriptionStatus} in ('active', 'pending_payment', 'inactive', 'suspended', 'trial')`),
  check('churches_trial_extensions_check', sql`${t.trialExtensions} >= 0`),
  check('churches_default_language_check', sql`${t.defaultLanguage} in ('en', 'ml', 'ta', 'hi')`),
  check('churches_follow_up_absences_check', sql`${t.followUpAbsences} between 1 and 10`),
  check('churches_class_days_check', sql`cardinality(${t.classDays}) between 1 and 7 and ${t.classDays} <@ '{1,2,3,4,5,6,7}'::smallint[]`),
  check('churches_class_names_check', sql`cardinality(${t.classNames}) between 1 and 30`),
  check('churches_rollover_month_check', sql`${t.rolloverMonth} between 1 and 12`),
  check('churches_retention_years_check', sql`${t.retentionYears} between 1 and 10`),
  tenantIsolation('id'),
]);

export const platformOperators = pgTable('platform_operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /** The TOTP secret (base32); confirmed by the operator's first code (`totp_confirmed_at`). */
  totpSecret: text('totp_secret'),
  totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
  /** The time step of the last code accepted: that code, or an earlier one, is refused after it. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** Wrong second-factor codes since the last that passed; at OPERATOR_MAX_FAILED_CODES the TOTP
   * code is locked (`totp_locked_at`) until a recovery code passes or admin:create resets it. */
  totpFailures: integer('totp_failures').notNull().default(0),
  totpLockedAt: timestamp('totp_locked_at', { withTimezone: true }),
  ...timestamps,
}, (t) => [
  uniqueIndex('platform_operators_email_key').on(sql`lower(${t.email})`),
  check('platform_operators_totp_confirmed_has_secret', sql`${t.totpConfirmedAt} IS NULL OR ${t.totpSecret} IS NOT NULL`),
]);

/** One-time recovery codes of an operator: only the SHA-256 stored, spent by setting `used_at`. */
export const operatorRecoveryCodes = pgTable('operator_recovery_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  operatorId: uuid('operator_id').notNull().references(() => platformOperators.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('operator_recovery_codes_operator_code_key').on(t.operatorId, t.codeHash)]);

/** Between an operator's password and second factor: a short-lived challenge, not a session. */
export const operatorSignInChallenges = pgTable('operator_sign_in_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  operatorId: uuid('operator_id').notNull().references(() => platformOperators.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  /** The secret offered to an operator not yet enrolled, confirmed by the challenge's code. */
  enrolmentSecret: text('enrolment_secret'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('operator_sign_in_challenges_token_hash_key').on(t.tokenHash),
  index('operator_sign_in_challenges_operator_idx').on(t.operatorId),
]);

export const operatorSessions = pgTable('operator_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  operatorId: uuid('operator_id').notNull().references(() => platformOperators.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('operator_sessions_token_hash_key').on(t.tokenHash)]);

/** Operator-side log. It names a church as `target_church_id` (not `church_id`): it is not owned by
 * a church and churches never read it. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operatorId: uuid('operator_id').references(() => platformOperators.id, { onDelete: 'set null' }),
  targetChurchId: uuid('target_church_id').references(() => churches.id, { onDelete: 'set null' }),
  /** The association concerned, for its officers' changes and the operators' changes to it (no key:
   * an association's log outlives it, like a church's). */
  targetAssociationId: uuid('target_association_id'),
  action: text('action').notNull(),
  resourceType: text('resource_type').notNull(),
  resourceId: text('resource_id'),
  details: jsonb('details'),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('audit_log_created_at_idx').on(t.createdAt),
  // The console's log of one church, newest first (read backwards); also what the churches FK's
  // ON DELETE SET NULL looks entries up by.
  index('audit_log_church_created_idx').on(t.targetChurchId, t.createdAt, t.id),
  index('audit_log_association_created_idx').on(t.targetAssociationId, t.createdAt, t.id),
]);

/**
 * Payment references already used: a provider's payment id, or the bank reference (UTR) of a UPI
 * transfer the operator confirmed. One reference pays one order, whichever church it names, so the
 * key is (provider, reference) across churches: a platform table, with the order it paid named by
 * plain columns (no church_id, no foreign key into the church-owned orders; a used reference stays used).
 */
export const paymentReferences = pgTable('payment_references', {
  provider: text('provider').notNull(),
  reference: text('reference').notNull(),
  orderChurchId: uuid('order_church_id').notNull(),
  orderId: uuid('order_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.provider, t.reference] })]);

/** Webhook events already handled, by the provider's event id: a replayed event changes nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row: the random secret the runtime logins' passwords are derived from (server/db/logins.ts).
 * Readable by the owner only (migration 0015 grants nothing on it).
 */
export const runtimeLoginSecret = pgTable('runtime_login_secret', {
  id: boolean('id').primaryKey().default(true),
  secret: text('secret').notNull(),
}, (t) => [
  check('runtime_login_secret_one_row', sql`${t.id}`),
  check('runtime_login_secret_length', sql`length(${t.secret}) >= 43`),
]);

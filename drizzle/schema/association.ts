import { sql } from 'drizzle-orm';
import {
  boolean, check, foreignKey, index, integer, pgPolicy, pgRole, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { LOCALES } from '../../common/i18n/locales.js';
import { ASSOCIATION_KINDS, MEMBERSHIP_STATUSES, OFFICER_ROLES } from '../../common/associations.js';
import { churches } from './platform.js';
import { currentChurchId, tenantRole } from './tenancy.js';

/**
 * Associations (a diocese's or district's Sunday school association over its member churches) are a
 * tenant of their own. Their officers' requests run as `app_association` inside the association door
 * (server/doors/association.ts) with `app.association_id` set: the role holds privileges on these
 * tables only (no church table), and reads the member churches' figures through functions owned by
 * the platform (migrations 0047, 0048), never a child's row. Policies here compare a column with the
 * transaction's setting and nothing more (Citus takes no subquery in a policy): what a church reads of
 * its association (its name, the circulars sent to it) comes through functions of migration 0047.
 */
export const associationRole = pgRole('app_association').existing();

/** The association of the current transaction, as set by the association door. */
export const currentAssociationId = sql`nullif(current_setting('app.association_id', true), '')::uuid`;

/** An association's own rows, for its officers: the column names the association. */
const associationIsolation = (column = 'association_id') =>
  pgPolicy('association_isolation', {
    as: 'permissive',
    for: 'all',
    to: associationRole,
    using: sql`${sql.identifier(column)} = ${currentAssociationId}`,
    withCheck: sql`${sql.identifier(column)} = ${currentAssociationId}`,
  });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};


/** The tenant itself; its code shares the sign-in screen's field with church codes (never both). */
export const associations = pgTable('associations', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ASSOCIATION_KINDS }).notNull(),
  /** The languages its circulars and officers use; the first is its default. */
  languages: text('languages').array().notNull().default(sql`'{en}'`),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
}, (t) => [
  uniqueIndex('associations_code_key').on(t.code),
  check('associations_code_check', sql`${t.code} ~ '^[A-Z0-9]{6}$'`),
  check('associations_kind_check', sql`${t.kind} in ('diocese', 'district', 'region', 'association')`),
  check('associations_languages_check', sql`cardinality(${t.languages}) between 1 and 4 and ${t.languages} <@ array['en', 'ml', 'ta', 'hi']`),
  associationIsolation('id'),
]);

export const associationSections = pgTable('association_sections', {
  associationId: uuid('association_id').notNull().references(() => associations.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().defaultRandom(),
  name: text('name').notNull(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.associationId, t.id] }),
  uniqueIndex('association_sections_name_key').on(t.associationId, sql`lower(${t.name})`),
  associationIsolation(),
]);

export const associationOfficers = pgTable('association_officers', {
  associationId: uuid('association_id').notNull().references(() => associations.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  role: text('role', { enum: OFFICER_ROLES }).notNull(),
  /** A section convener's section; null for the association's other officers. */
  sectionId: uuid('section_id'),
  isActive: boolean('is_active').notNull().default(true),
  language: text('language', { enum: LOCALES }),
  /** The Google account that signs this officer in, as a church user's `google_subject`: set at the
   * first Google sign-in by a verified address Google is the authority for. */
  googleSubject: text('google_subject'),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.associationId, t.id] }),
  uniqueIndex('association_officers_google_subject_key').on(t.associationId, t.googleSubject),
  uniqueIndex('association_officers_email_key').on(t.associationId, sql`lower(${t.email})`),
  check('association_officers_role_check', sql`${t.role} in ('association_admin', 'examination_controller', 'section_convener', 'valuer')`),
  check('association_officers_language_check', sql`${t.language} in ('en', 'ml', 'ta', 'hi')`),
  associationIsolation(),
]);

export const associationSessions = pgTable('association_sessions', {
  associationId: uuid('association_id').notNull().references(() => associations.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().defaultRandom(),
  officerId: uuid('officer_id').notNull(),
  /** SHA-256 of the opaque token, hex. */
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.associationId, t.id] }),
  uniqueIndex('association_sessions_token_key').on(t.associationId, t.tokenHash),
  associationIsolation(),
]);

/** An officer's password reset link (as a church user's `password_reset_tokens`): only the token's
 * SHA-256 is kept; one live token per officer; used or expired tokens are deleted a day later. */
export const associationOfficerResetTokens = pgTable('association_officer_reset_tokens', {
  associationId: uuid('association_id').notNull().references(() => associations.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().defaultRandom(),
  officerId: uuid('officer_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.associationId, t.id] }),
  uniqueIndex('association_officer_reset_tokens_token_key').on(t.associationId, t.tokenHash),
  // A reset link names no association: its token is looked up by hash alone, across associations.
  index('association_officer_reset_tokens_token_hash_idx').on(t.tokenHash),
  foreignKey({ name: 'association_officer_reset_tokens_officer_fk', columns: [t.associationId, t.officerId], foreignColumns: [associationOfficers.associationId, associationOfficers.id] })
    .onDelete('cascade'),
  associationIsolation(),
]);

/**
 * A church's place in an association: invited by the association, accepted or declined by the
 * church's super admin, left by the church. A church is an active member of at most one association;
 * the association sees a church's figures only while it is active (the totals' functions read it).
 */
export const associationMemberships = pgTable('association_memberships', {
  associationId: uuid('association_id').notNull().references(() => associations.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().defaultRandom(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  sectionId: uuid('section_id'),
  status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull().default('invited'),
  invitedByName: text('invited_by_name').notNull(),
  invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  answeredByUserId: uuid('answered_by_user_id'),
  leftAt: timestamp('left_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.associationId, t.id] }),
  uniqueIndex('association_memberships_one_active_key').on(t.churchId).where(sql`status = 'active'`),
  uniqueIndex('association_memberships_open_key').on(t.associationId, t.churchId).where(sql`status in ('invited', 'active')`),
  index('association_memberships_church_idx').on(t.churchId),
  check('association_memberships_status_check', sql`${t.status} in ('invited', 'active', 'declined', 'left', 'withdrawn')`),
  associationIsolation(),
  pgPolicy('member_church_answers', {
    as: 'permissive', for: 'all', to: tenantRole,
    using: sql`${t.churchId} = ${currentChurchId}`, withCheck: sql`${t.churchId} = ${currentChurchId}`,
  }),
]);

/** A circular of the association to all its member churches (`section_id` null) or one section's. */
export const associationCirculars = pgTable('association_circulars', {
  associationId: uuid('association_id').notNull().references(() => associations.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().defaultRandom(),
  sectionId: uuid('section_id'),
  title: text('title').notNull(),
  body: text('body').notNull(),
  publishedByName: text('published_by_name').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  /** The attached PDF, if any: its media-storage key (`<associationId>/<random>.pdf`, made by the
   * server), the name the browser gave (for the download only) and its size; all three or none. */
  pdfKey: text('pdf_key'),
  pdfName: text('pdf_name'),
  pdfBytes: integer('pdf_bytes'),
}, (t) => [
  primaryKey({ columns: [t.associationId, t.id] }),
  check('association_circulars_pdf_whole', sql`(${t.pdfKey} IS NULL) = (${t.pdfName} IS NULL) AND (${t.pdfKey} IS NULL) = (${t.pdfBytes} IS NULL)`),
  index('association_circulars_published_idx').on(t.associationId, t.publishedAt),
  associationIsolation(),
]);

/** Who of a member church read a circular, and when (one row per reader). */
export const circularReads = pgTable('circular_reads', {
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  associationId: uuid('association_id').notNull(),
  circularId: uuid('circular_id').notNull(),
  userId: uuid('user_id').notNull(),
  readerName: text('reader_name').notNull(),
  readerRole: text('reader_role').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.circularId, t.userId] }),
  index('circular_reads_circular_idx').on(t.associationId, t.circularId),
  foreignKey({ name: 'circular_reads_circular_fk', columns: [t.associationId, t.circularId], foreignColumns: [associationCirculars.associationId, associationCirculars.id] })
    .onDelete('cascade'),
  // A church reads its own readers; they are written by mark_circular_read (migration 0047), which
  // checks the circular was sent to the church.
  pgPolicy('tenant_isolation', {
    as: 'permissive', for: 'all', to: tenantRole,
    using: sql`${t.churchId} = ${currentChurchId}`, withCheck: sql`${t.churchId} = ${currentChurchId}`,
  }),
  pgPolicy('association_reads', {
    as: 'permissive', for: 'select', to: associationRole,
    using: sql`${t.associationId} = ${currentAssociationId}`,
  }),
]);

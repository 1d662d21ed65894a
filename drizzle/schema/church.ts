import { sql } from 'drizzle-orm';
import {
  bigint, boolean, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp,
  uniqueIndex, uuid, type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { LOCALES } from '../../common/i18n/locales.js';
import { churches } from './platform.js';
import { churchIdColumn, tenantIsolation } from './tenancy.js';

// Every table here is owned by a church: `church_id` leads its primary key, unique keys and foreign
// keys (so it can be distributed by church), and it carries the one tenant isolation policy.

const churchFk = (t: { churchId: AnyPgColumn }, name: string) =>
  foreignKey({ name, columns: [t.churchId], foreignColumns: [churches.id] }).onDelete('cascade');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable('users', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  role: text('role').notNull(),
  passwordHash: text('password_hash'),
  /** The Google account's subject (`sub` of its id_token): set at Google registration, or on the
   * first Google sign-in of a user found by verified address; never changes with the address. */
  googleSubject: text('google_subject'),
  isActive: boolean('is_active').notNull().default(true),
  isChurchOwner: boolean('is_church_owner').notNull().default(false),
  /** The language the user chose (one of LOCALES); null follows the church's default_language. */
  language: text('language', { enum: LOCALES }),
  /** The weekly digest mail (principals and super admins): on unless the user turned it off. */
  weeklyDigest: boolean('weekly_digest').notNull().default(true),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  churchFk(t, 'users_church_fk'),
  uniqueIndex('users_church_email_key').on(t.churchId, sql`lower(${t.email})`),
  // A Google account is one user per church (the same account may belong to users of several
  // churches); users without one (null) do not collide. Sign-in finds users by it.
  uniqueIndex('users_church_google_subject_key').on(t.churchId, t.googleSubject),
  // The operator console finds a user by id alone (across churches), and lists users newest first.
  index('users_id_idx').on(t.id),
  index('users_created_idx').on(t.createdAt, t.id),
  check('users_role_check', sql`${t.role} in ('super_admin', 'principal', 'teacher', 'guest')`),
  check('users_language_check', sql`${t.language} in ('en', 'ml', 'ta', 'hi')`),
  tenantIsolation(),
]);

export const userSessions = pgTable('user_sessions', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  userId: uuid('user_id').notNull(),
  /** SHA-256 of the opaque token, hex. The token itself is never stored. */
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  uniqueIndex('user_sessions_church_token_key').on(t.churchId, t.tokenHash),
  foreignKey({ name: 'user_sessions_user_fk', columns: [t.churchId, t.userId], foreignColumns: [users.churchId, users.id] })
    .onDelete('cascade'),
  tenantIsolation(),
]);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  uniqueIndex('password_reset_tokens_church_token_key').on(t.churchId, t.tokenHash),
  // A reset link names no church: its token is looked up by hash alone, across churches.
  index('password_reset_tokens_token_hash_idx').on(t.tokenHash),
  foreignKey({ name: 'password_reset_tokens_user_fk', columns: [t.churchId, t.userId], foreignColumns: [users.churchId, users.id] })
    .onDelete('cascade'),
  tenantIsolation(),
]);

/** One row per church; a church without a row gets DEFAULT_ACADEMIC_YEAR_CONFIG of common/academic-year.ts (6, 3, 2). */
export const academicYearConfigs = pgTable('academic_year_configs', {
  churchId: churchIdColumn(),
  startMonth: integer('start_month').notNull(),
  yearsAhead: integer('years_ahead').notNull(),
  yearsBack: integer('years_back').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId] }),
  churchFk(t, 'academic_year_configs_church_fk'),
  check('academic_year_configs_start_month_check', sql`${t.startMonth} between 1 and 12`),
  check('academic_year_configs_years_check', sql`${t.yearsAhead} between 1 and 10 and ${t.yearsBack} between 1 and 10`),
  tenantIsolation(),
]);

/**
 * One row per academic-year rollover of a church: the year it closed and the year it opened. An undone
 * rollover keeps its row (undone_at), so the church's history says what happened; only one rollover
 * of a year can stand at a time (the partial unique key), so a second one is refused.
 */
export const academicYearRollovers = pgTable('academic_year_rollovers', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  fromYear: text('from_year').notNull(),
  toYear: text('to_year').notNull(),
  /** The children the rollover marked as leaving (made inactive); undoing it makes them active again. */
  leftStudentIds: uuid('left_student_ids').array().notNull().default(sql`'{}'::uuid[]`),
  /** What it did, as its answer said: classes made, children moved, held back and leaving. */
  summary: jsonb('summary').notNull(),
  /** No foreign keys to users: the record outlives the account. */
  createdBy: uuid('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  undoneBy: uuid('undone_by'),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  churchFk(t, 'academic_year_rollovers_church_fk'),
  uniqueIndex('academic_year_rollovers_standing_key').on(t.churchId, t.fromYear).where(sql`${t.undoneAt} is null`),
  check('academic_year_rollovers_years_check', sql`${t.fromYear} ~ '^[0-9]{4}-[0-9]{4}$' and ${t.toYear} ~ '^[0-9]{4}-[0-9]{4}$' and ${t.toYear} > ${t.fromYear}`),
  tenantIsolation(),
]);

export const classes = pgTable('classes', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  className: text('class_name').notNull(),
  section: text('section').notNull().default(''),
  teacherId: uuid('teacher_id'),
  academicYear: text('academic_year').notNull(),
  /** The academic-year rollover that made this class; null: made by hand. Undoing the rollover
   * deletes the classes it made. */
  rolloverId: uuid('rollover_id'),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  churchFk(t, 'classes_church_fk'),
  foreignKey({ name: 'classes_teacher_fk', columns: [t.churchId, t.teacherId], foreignColumns: [users.churchId, users.id] }),
  foreignKey({ name: 'classes_rollover_fk', columns: [t.churchId, t.rolloverId], foreignColumns: [academicYearRollovers.churchId, academicYearRollovers.id] }),
  uniqueIndex('classes_church_year_name_section_key').on(t.churchId, t.academicYear, t.className, t.section),
  // The target of the enrolments' foreign key, which keeps an enrolment's year its class's year.
  uniqueIndex('classes_church_id_year_key').on(t.churchId, t.id, t.academicYear),
  index('classes_church_teacher_idx').on(t.churchId, t.teacherId),
  check('classes_academic_year_check', sql`${t.academicYear} ~ '^[0-9]{4}-[0-9]{4}$'`),
  tenantIsolation(),
]);

export const students = pgTable('students', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  classId: uuid('class_id').notNull(),
  name: text('name').notNull(),
  // The parent phone and email the documented student API reads and writes are the first guardian's
  // (student_guardians, position 1): the one place they are stored.
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  rollNumber: integer('roll_number').notNull(),
  academicYear: text('academic_year').notNull(),
  /** False once the child moved away (a follow-up contact says so): off the roll call and the
   * follow-up list, still in the student lists (with this flag) and in every report. */
  active: boolean('active').notNull().default(true),
  /** When the principal last chose to keep a child offered for erasure under the church's retention
   * setting; the child is offered again a year later. */
  retentionReviewedAt: timestamp('retention_reviewed_at', { withTimezone: true }),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  foreignKey({ name: 'students_class_fk', columns: [t.churchId, t.classId], foreignColumns: [classes.churchId, classes.id] }),
  uniqueIndex('students_church_class_roll_key').on(t.churchId, t.classId, t.rollNumber),
  index('students_church_year_idx').on(t.churchId, t.academicYear),
  tenantIsolation(),
]);

const studentFk = (t: { churchId: AnyPgColumn; studentId: AnyPgColumn }, name: string) =>
  foreignKey({ name, columns: [t.churchId, t.studentId], foreignColumns: [students.churchId, students.id] }).onDelete('cascade');

/**
 * A student's class in one academic year: the class lists, roll calls and reports of a class read its
 * children here, so a class of a past year keeps its children after they moved up. The student row's
 * class, roll number and year are the current enrolment; a trigger on students (migration
 * 0028_enrolments) writes them here whenever a student is added or moved, so every writer of students
 * keeps the two in step. An enrolment's year is its class's (the foreign key follows a class's year).
 */
export const enrolments = pgTable('enrolments', {
  churchId: churchIdColumn(),
  studentId: uuid('student_id').notNull(),
  academicYear: text('academic_year').notNull(),
  classId: uuid('class_id').notNull(),
  rollNumber: integer('roll_number').notNull(),
  /** The rollover that made this enrolment; null: made by adding or moving the student. */
  rolloverId: uuid('rollover_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.studentId, t.academicYear] }),
  churchFk(t, 'enrolments_church_fk'),
  studentFk(t, 'enrolments_student_fk'),
  foreignKey({
    name: 'enrolments_class_fk', columns: [t.churchId, t.classId, t.academicYear],
    foreignColumns: [classes.churchId, classes.id, classes.academicYear],
  }).onUpdate('cascade'),
  foreignKey({ name: 'enrolments_rollover_fk', columns: [t.churchId, t.rolloverId], foreignColumns: [academicYearRollovers.churchId, academicYearRollovers.id] }),
  index('enrolments_church_class_roll_idx').on(t.churchId, t.classId, t.rollNumber),
  tenantIsolation(),
]);

/**
 * An erased child's enrolments: the random id their attendance marks were given (no student row has
 * it) in the class of each academic year they were enrolled in, so the class's totals in every report
 * count those marks as before. Ids only: no name, no roll number.
 */
export const erasedEnrolments = pgTable('erased_enrolments', {
  churchId: churchIdColumn(),
  marksId: uuid('marks_id').notNull(),
  academicYear: text('academic_year').notNull(),
  classId: uuid('class_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.marksId, t.academicYear] }),
  churchFk(t, 'erased_enrolments_church_fk'),
  foreignKey({
    name: 'erased_enrolments_class_fk', columns: [t.churchId, t.classId, t.academicYear],
    foreignColumns: [classes.churchId, classes.id, classes.academicYear],
  }).onUpdate('cascade').onDelete('cascade'),
  index('erased_enrolments_church_class_idx').on(t.churchId, t.classId),
  tenantIsolation(),
]);

/**
 * The people to contact about a student, in order: position 1 is the primary guardian, whose phone
 * and email are the student's parent_phone and parent_email of the documented student API. Phones are
 * E.164 when entered through the guardians API; a phone from before it (the student API, migration
 * 0020) is kept as written. Consent to be contacted is recorded with when and by whom.
 */
export const studentGuardians = pgTable('student_guardians', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  studentId: uuid('student_id').notNull(),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  relation: text('relation').notNull(),
  phone: text('phone').notNull(),
  phone2: text('phone2'),
  /** Which phone has WhatsApp: 'phone', 'phone2' or 'none'. */
  whatsapp: text('whatsapp').notNull().default('none'),
  email: text('email'),
  /** One of LOCALES; null: not known (the church's default applies). */
  language: text('language', { enum: LOCALES }),
  contactConsent: boolean('contact_consent').notNull().default(false),
  consentRecordedAt: timestamp('consent_recorded_at', { withTimezone: true }),
  /** The user who recorded the consent answer (no foreign key: the record outlives the account). */
  consentRecordedBy: uuid('consent_recorded_by'),
  /** For the students search (a plain LIKE, no pg_trgm on PGlite): phone and email lower-cased, then
   * the phone's digits alone, apart by a line break so a search does not match across two of them. */
  searchText: text('search_text').generatedAlwaysAs(sql`lower("phone" || chr(10) || coalesce("email", '')) || chr(10) || regexp_replace("phone", '[^0-9]', '', 'g')`),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  studentFk(t, 'student_guardians_student_fk'),
  uniqueIndex('student_guardians_church_student_position_key').on(t.churchId, t.studentId, t.position),
  check('student_guardians_position_check', sql`${t.position} between 1 and 4`),
  check('student_guardians_whatsapp_check', sql`${t.whatsapp} in ('phone', 'phone2', 'none') and (${t.whatsapp} <> 'phone2' or ${t.phone2} is not null)`),
  check('student_guardians_language_check', sql`${t.language} in ('en', 'ml', 'ta', 'hi')`),
  tenantIsolation(),
]);

/** The people allowed to collect a student, in order. */
export const studentPickups = pgTable('student_pickups', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  studentId: uuid('student_id').notNull(),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  relation: text('relation').notNull(),
  phone: text('phone').notNull(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  studentFk(t, 'student_pickups_student_fk'),
  uniqueIndex('student_pickups_church_student_position_key').on(t.churchId, t.studentId, t.position),
  check('student_pickups_position_check', sql`${t.position} between 1 and 6`),
  tenantIsolation(),
]);

/** A student's allergy or medical note and emergency contact; no row: neither recorded. The note is
 * read only through its own endpoint, which logs every read (medical_note_views). */
export const studentCare = pgTable('student_care', {
  churchId: churchIdColumn(),
  studentId: uuid('student_id').notNull(),
  medicalNote: text('medical_note'),
  emergencyName: text('emergency_name'),
  emergencyPhone: text('emergency_phone'),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.churchId, t.studentId] }),
  studentFk(t, 'student_care_student_fk'),
  check('student_care_medical_note_check', sql`char_length(${t.medicalNote}) between 1 and 500`),
  check('student_care_emergency_check', sql`(${t.emergencyName} is null) = (${t.emergencyPhone} is null)`),
  tenantIsolation(),
]);

/** One row per (church, student, date): marking again updates instead of duplicating. */
export const attendance = pgTable('attendance', {
  churchId: churchIdColumn(),
  studentId: uuid('student_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  classId: uuid('class_id').notNull(),
  status: text('status').notNull(),
  markedBy: uuid('marked_by'),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.studentId, t.date] }),
  // No foreign key to students: the marks of an erased child stay (they count in the class's
  // totals) under a random id that names nobody. Deleting a student deletes their marks explicitly.
  churchFk(t, 'attendance_church_fk'),
  foreignKey({ name: 'attendance_class_fk', columns: [t.churchId, t.classId], foreignColumns: [classes.churchId, classes.id] }),
  // A class's marks of a date range, with the child and the status in the key: the class and month
  // figures (reports, an association's totals) read only this index, not a heap page per mark.
  index('attendance_church_class_date_marks_idx').on(t.churchId, t.classId, t.date, t.studentId, t.status),
  check('attendance_status_check', sql`${t.status} in ('present', 'absent')`),
  tenantIsolation(),
]);

/**
 * The ledger of offline attendance batches: one row per batch id a device made, claimed before its
 * marks are written and holding the answer once they are, so a batch sent again is answered as the
 * first time and applied at most once. `answer` is null only inside the claiming transaction. The
 * rows go with their user (cascade): the ledger never blocks deleting a user.
 */
export const attendanceSyncBatches = pgTable('attendance_sync_batches', {
  churchId: churchIdColumn(),
  /** Made by the device, not by the database. */
  id: uuid('id').notNull(),
  userId: uuid('user_id').notNull(),
  answer: jsonb('answer'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  churchFk(t, 'attendance_sync_batches_church_fk'),
  foreignKey({ name: 'attendance_sync_batches_user_fk', columns: [t.churchId, t.userId], foreignColumns: [users.churchId, users.id] })
    .onDelete('cascade'),
  // Deleting a user finds their batches by it.
  index('attendance_sync_batches_church_user_idx').on(t.churchId, t.userId),
  tenantIsolation(),
]);

/**
 * Follow-up contacts: each call to the family of a child on the follow-up list, with how it went. A
 * record: written once, never edited. Who made it is kept by id and by name (the account may be
 * deleted later, the record stays); the records go with their student.
 */
export const followUpContacts = pgTable('follow_up_contacts', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  studentId: uuid('student_id').notNull(),
  outcome: text('outcome').notNull(),
  note: text('note'),
  contactedBy: uuid('contacted_by'),
  contactedByName: text('contacted_by_name').notNull(),
  contactedAt: timestamp('contacted_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  foreignKey({ name: 'follow_up_contacts_student_fk', columns: [t.churchId, t.studentId], foreignColumns: [students.churchId, students.id] })
    .onDelete('cascade'),
  // A child's contacts since their streak began, and the church's contacts of a week.
  index('follow_up_contacts_church_student_idx').on(t.churchId, t.studentId, t.contactedAt),
  index('follow_up_contacts_church_contacted_idx').on(t.churchId, t.contactedAt),
  check('follow_up_contacts_outcome_check', sql`${t.outcome} in ('reached', 'no_answer', 'sick', 'moved_away', 'messaged', 'other')`),
  check('follow_up_contacts_note_check', sql`char_length(${t.note}) <= 500`),
  tenantIsolation(),
]);

export const media = pgTable('media', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  title: text('title').notNull(),
  description: text('description'),
  academicYear: text('academic_year').notNull(),
  month: text('month').notNull(),
  department: text('department').notNull().default('sunday_school'),
  fileType: text('file_type').notNull(),
  fileName: text('file_name').notNull(),
  filePath: text('file_path').notNull(),
  /** Bytes of the stored original (after its metadata was removed). */
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  /** Bytes of the thumbnail and web copy together (0 without them); with file_size, what the item
   * takes of the church's storage quota. */
  copiesSize: bigint('copies_size', { mode: 'number' }).notNull().default(0),
  /** Storage names of a photo's grid thumbnail and web-sized copy (WebP, no metadata); null for
   * videos and PDFs. Like file_path, a name under the church's own storage prefix. */
  thumbnailPath: text('thumbnail_path'),
  webPath: text('web_path'),
  uploadedBy: uuid('uploaded_by'),
  /** Kept with the item: the uploader's account may be deleted later, the credit stays. */
  uploadedByName: text('uploaded_by_name').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  churchFk(t, 'media_church_fk'),
  uniqueIndex('media_church_file_path_key').on(t.churchId, t.filePath),
  // A file address names a stored name, which may be a photo's thumbnail or web copy: each fetch by a
  // guest finds its item by that name (one indexed read, whichever of the three it is).
  index('media_church_thumbnail_path_idx').on(t.churchId, t.thumbnailPath),
  index('media_church_web_path_idx').on(t.churchId, t.webPath),
  // The gallery's pages, newest first: the whole church, or one academic year (and month).
  index('media_church_created_idx').on(t.churchId, t.createdAt.desc(), t.id.desc()),
  index('media_church_year_month_created_idx').on(t.churchId, t.academicYear, t.month, t.createdAt.desc()),
  // The operator console: an item by id alone, and every church's media newest first.
  index('media_id_idx').on(t.id),
  index('media_created_idx').on(t.createdAt.desc(), t.id.desc()),
  check('media_month_check', sql`${t.month} ~ '^(0[1-9]|1[0-2])$'`),
  tenantIsolation(),
]);

export const sessionRecords = pgTable('session_records', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  academicYear: text('academic_year').notNull(),
  month: text('month').notNull(),
  date: timestamp('date', { withTimezone: true }).notNull(),
  notes: text('notes').notNull(),
  createdBy: uuid('created_by'),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  churchFk(t, 'session_records_church_fk'),
  index('session_records_church_date_idx').on(t.churchId, t.date),
  tenantIsolation(),
]);

export const paymentOrders = pgTable('payment_orders', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  provider: text('provider').notNull(),
  providerOrderId: text('provider_order_id').notNull(),
  providerPaymentId: text('provider_payment_id'),
  planTier: text('plan_tier').notNull(),
  amountPaise: integer('amount_paise').notNull(),
  currency: text('currency').notNull().default('INR'),
  isUpgrade: boolean('is_upgrade').notNull().default(false),
  status: text('status').notNull().default('created'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  churchFk(t, 'payment_orders_church_fk'),
  uniqueIndex('payment_orders_church_provider_order_key').on(t.churchId, t.providerOrderId),
  // The webhook names the provider's order alone, before the church is known.
  index('payment_orders_provider_order_idx').on(t.providerOrderId),
  // held: paid while the church's status was set by the operator; its plan was not applied.
  check('payment_orders_status_check', sql`${t.status} in ('created', 'paid', 'held', 'failed')`),
  tenantIsolation(),
]);

/** After a paid registration nobody is signed in yet: this token, handed to the registering browser
 * (with the church code), lets it create and verify that church's payment only, for a short time. */
export const paymentTokens = pgTable('payment_tokens', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  /** SHA-256 of the opaque token, hex. The token itself is never stored. */
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set when the church's payment is made: the token then only reads where its orders stand. */
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  uniqueIndex('payment_tokens_church_token_key').on(t.churchId, t.tokenHash),
  churchFk(t, 'payment_tokens_church_fk'),
  tenantIsolation(),
]);

/**
 * The ledger of weekly digest mails: one row per church, week (the Monday it is sent for, in the
 * church's calendar) and recipient, claimed before the mail is sent so that no recipient gets a
 * week's digest twice, however many processes or retries run it. `claimed_until` is the claim's
 * lease: a send that failed gives it up at once, a process that died gives it up when it runs out;
 * either way a retry may claim it again while `sent_at` is null. The rows go with their user.
 */
export const digestDeliveries = pgTable('digest_deliveries', {
  churchId: churchIdColumn(),
  week: date('week', { mode: 'string' }).notNull(),
  userId: uuid('user_id').notNull(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.week, t.userId] }),
  churchFk(t, 'digest_deliveries_church_fk'),
  foreignKey({ name: 'digest_deliveries_user_fk', columns: [t.churchId, t.userId], foreignColumns: [users.churchId, users.id] })
    .onDelete('cascade'),
  tenantIsolation(),
]);

/** A church's weekly digest that went to every recipient: the tick sends no further job for it. */
export const digestRuns = pgTable('digest_runs', {
  churchId: churchIdColumn(),
  week: date('week', { mode: 'string' }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.week] }),
  churchFk(t, 'digest_runs_church_fk'),
  tenantIsolation(),
]);

/** The three purposes a guardian consents to for a child (common/consent.ts names them). */
const CONSENT_PURPOSES_SQL = sql.raw(`('enrolment', 'photos', 'messages')`);

/**
 * A child's consent history: one row per answer, given or withdrawn, for one purpose; never changed
 * or removed by the church (the tenant role may only read and add), so the history is kept. The
 * current answer of a purpose is its latest row. The guardian is kept by name and relation as they
 * were (the guardians list is replaced whole when edited); `guardian_id` is the guardian's row then.
 */
export const studentConsents = pgTable('student_consents', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  studentId: uuid('student_id').notNull(),
  purpose: text('purpose').notNull(),
  given: boolean('given').notNull(),
  guardianId: uuid('guardian_id'),
  guardianName: text('guardian_name').notNull(),
  guardianRelation: text('guardian_relation').notNull(),
  /** 'paper_form', 'in_person' or 'digital_link'. */
  method: text('method').notNull(),
  /** The consent link answered, for method 'digital_link'. */
  linkId: uuid('link_id'),
  /** Where a digital answer came from (the guardian's address and browser), as evidence. */
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  /** The staff member who recorded it; null for a guardian's own answer through a link. */
  recordedBy: uuid('recorded_by'),
  recordedByName: text('recorded_by_name').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  studentFk(t, 'student_consents_student_fk'),
  // The latest answer of each purpose of a child, and the church's children without one.
  index('student_consents_church_student_purpose_idx').on(t.churchId, t.studentId, t.purpose, t.recordedAt.desc()),
  check('student_consents_purpose_check', sql`${t.purpose} in ${CONSENT_PURPOSES_SQL}`),
  check('student_consents_method_check', sql`${t.method} in ('paper_form', 'in_person', 'digital_link')`),
  check('student_consents_user_agent_check', sql`char_length(${t.userAgent}) <= 500`),
  tenantIsolation(),
]);

/**
 * A consent link sent to a guardian's phone: one child, no sign-in, valid until `expires_at`,
 * answered once (`used_at`). Only the SHA-256 of its token is kept; the link names no church, so the
 * token is looked up by hash alone, across churches (the platform door), like a password reset.
 */
export const consentLinks = pgTable('consent_links', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  studentId: uuid('student_id').notNull(),
  guardianId: uuid('guardian_id'),
  guardianName: text('guardian_name').notNull(),
  guardianRelation: text('guardian_relation').notNull(),
  /** The language the page speaks to the guardian (one of LOCALES). */
  language: text('language', { enum: LOCALES }).notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** When the link stopped working before its expiry, and why: 'revoked' by staff,
   * 'guardian_removed' (its guardian left the child's list), 'guardian_changed' (its guardian's
   * phones changed) or 'replaced' (a newer link was made for the same guardian); `revoked_by`: the
   * staff member whose action stopped it. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
  revokedBy: uuid('revoked_by'),
  createdBy: uuid('created_by'),
  createdByName: text('created_by_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  uniqueIndex('consent_links_church_token_key').on(t.churchId, t.tokenHash),
  index('consent_links_token_hash_idx').on(t.tokenHash),
  // A child's links (the card's open links; those of a guardian to revoke).
  index('consent_links_church_student_idx').on(t.churchId, t.studentId, t.guardianId),
  studentFk(t, 'consent_links_student_fk'),
  check('consent_links_language_check', sql`${t.language} in ('en', 'ml', 'ta', 'hi')`),
  check('consent_links_revoked_check', sql`(${t.revokedAt} is null) = (${t.revokedReason} is null)
    and ${t.revokedReason} in ('revoked', 'guardian_removed', 'guardian_changed', 'replaced')`),
  tenantIsolation(),
]);

/**
 * The church's privacy notice, as its super admin wrote it: who the church is, what it keeps, why,
 * for how long and whom to ask. No row (or a null part): the template's words in the reader's
 * language stand in.
 */
export const churchPrivacyNotices = pgTable('church_privacy_notices', {
  churchId: churchIdColumn(),
  controller: text('controller'),
  dataKept: text('data_kept'),
  purposes: text('purposes'),
  retention: text('retention'),
  contact: text('contact'),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId] }),
  churchFk(t, 'church_privacy_notices_church_fk'),
  check('church_privacy_notices_length_check', sql`char_length(${t.controller}) <= 1000 and char_length(${t.dataKept}) <= 2000
    and char_length(${t.purposes}) <= 2000 and char_length(${t.retention}) <= 1000 and char_length(${t.contact}) <= 1000`),
  tenantIsolation(),
]);

/** The children a photo or video shows, tagged by staff: a tagged item is shown to guests only
 * while every child in it has photo consent. */
export const mediaChildren = pgTable('media_children', {
  churchId: churchIdColumn(),
  mediaId: uuid('media_id').notNull(),
  studentId: uuid('student_id').notNull(),
  taggedBy: uuid('tagged_by'),
  taggedAt: timestamp('tagged_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.mediaId, t.studentId] }),
  foreignKey({ name: 'media_children_media_fk', columns: [t.churchId, t.mediaId], foreignColumns: [media.churchId, media.id] })
    .onDelete('cascade'),
  studentFk(t, 'media_children_student_fk'),
  // The media of a child (their export, erasure, withdrawal).
  index('media_children_church_student_idx').on(t.churchId, t.studentId),
  tenantIsolation(),
]);

/**
 * The access log of a child's sensitive data: every read of a medical note, every family export
 * made or downloaded, every read of consent records, a safety card, guardians, pickups or the
 * consent form, and each child on a follow-up list read; who, when, which child. Append-only for church
 * users and kept at least a year. When a child is erased their entries stay without the child
 * (student_id set to null by the foreign key): that the data was read is kept, not whose it was.
 */
export const childDataReads = pgTable('child_data_reads', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  studentId: uuid('student_id'),
  /** One of ACCESS_LOG_KINDS (common/schemas/privacy.ts). */
  kind: text('kind').notNull(),
  readerId: uuid('reader_id').notNull(),
  readerName: text('reader_name').notNull(),
  readerRole: text('reader_role').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  // ON DELETE SET NULL of student_id alone (PostgreSQL 15): written by hand in migration 0023.
  foreignKey({ name: 'child_data_reads_student_fk', columns: [t.churchId, t.studentId], foreignColumns: [students.churchId, students.id] })
    .onDelete('set null'),
  index('child_data_reads_church_student_idx').on(t.churchId, t.studentId, t.readAt.desc()),
  index('child_data_reads_church_read_idx').on(t.churchId, t.readAt.desc()),
  check('child_data_reads_kind_check', sql`${t.kind} in ('medical_note', 'export', 'consent_records', 'safety_card', 'guardians', 'pickups',
    'consent_form', 'follow_up', 'report_card')`),
  tenantIsolation(),
]);

/**
 * A family export: one child's data in a ZIP, made in the background, stored under the church's
 * storage prefix and downloadable once through a link that expires. Only the SHA-256 of the link's
 * token is kept. The row and its file go when the child is erased.
 */
export const familyExports = pgTable('family_exports', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  studentId: uuid('student_id').notNull(),
  /** 'pending', 'ready', 'failed', 'downloaded', or 'expired' (its link expired unused: the file is deleted). */
  status: text('status').notNull().default('pending'),
  storageName: text('storage_name'),
  bytes: bigint('bytes', { mode: 'number' }),
  tokenHash: text('token_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  requestedBy: uuid('requested_by'),
  requestedByName: text('requested_by_name').notNull(),
  /** Who asked for the current download link (as they were then): the link is their credential, so
   * its download is logged as their read of the child's data. */
  linkBy: uuid('link_by'),
  linkByName: text('link_by_name'),
  linkByRole: text('link_by_role'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  studentFk(t, 'family_exports_student_fk'),
  uniqueIndex('family_exports_church_token_key').on(t.churchId, t.tokenHash),
  // A download link names no church: the platform door finds its export by the token's hash.
  index('family_exports_token_hash_idx').on(t.tokenHash),
  check('family_exports_status_check', sql`${t.status} in ('pending', 'ready', 'failed', 'downloaded', 'expired')`),
  tenantIsolation(),
]);

/**
 * A teacher's absence from a class on one class day, and who stands in (issue 43, item 10): the
 * substitute takes that class's roll call on that date only (the attendance module asks this table
 * beside the class's own teacher). One row per class and date. No keys to users: the row outlives
 * the accounts it names (the access check joins an active user).
 */
export const classSubstitutes = pgTable('class_substitutes', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  classId: uuid('class_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  /** The class's teacher who cannot come. */
  absentTeacherId: uuid('absent_teacher_id').notNull(),
  /** Who stands in; null until the principal arranges one. */
  substituteId: uuid('substitute_id'),
  /** Who reported the absence. */
  reportedBy: uuid('reported_by').notNull(),
  /** Who chose the substitute last. */
  arrangedBy: uuid('arranged_by'),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  churchFk(t, 'class_substitutes_church_fk'),
  foreignKey({ name: 'class_substitutes_class_fk', columns: [t.churchId, t.classId], foreignColumns: [classes.churchId, classes.id] })
    .onDelete('cascade'),
  uniqueIndex('class_substitutes_church_class_date_key').on(t.churchId, t.classId, t.date),
  index('class_substitutes_church_date_idx').on(t.churchId, t.date),
  check('class_substitutes_not_self_check', sql`${t.substituteId} is null or ${t.substituteId} <> ${t.absentTeacherId}`),
  tenantIsolation(),
]);

/**
 * An examination of a church's academic year (issue 44): a monthly test, the half-yearly or the
 * annual. `weight` is its share of the year's final result; null: the church's result scheme's
 * weight of its kind. Published: its marks are locked and its results may be shown; a correction is
 * then an amendment (exam_mark_amendments). No keys to users: the row outlives the accounts.
 */
export const exams = pgTable('exams', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  academicYear: text('academic_year').notNull(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['test', 'half_yearly', 'annual'] }).notNull(),
  startsOn: date('starts_on', { mode: 'string' }),
  endsOn: date('ends_on', { mode: 'string' }),
  weight: integer('weight'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  publishedBy: uuid('published_by'),
  createdBy: uuid('created_by').notNull(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  churchFk(t, 'exams_church_fk'),
  uniqueIndex('exams_church_year_name_key').on(t.churchId, t.academicYear, t.name),
  check('exams_academic_year_check', sql`${t.academicYear} ~ '^[0-9]{4}-[0-9]{4}$'`),
  check('exams_kind_check', sql`${t.kind} in ('test', 'half_yearly', 'annual')`),
  check('exams_dates_check', sql`${t.startsOn} is null or ${t.endsOn} is null or ${t.startsOn} <= ${t.endsOn}`),
  check('exams_weight_check', sql`${t.weight} between 0 and 100`),
  check('exams_published_check', sql`(${t.publishedAt} is null) = (${t.publishedBy} is null)`),
  tenantIsolation(),
]);

/** A paper of an exam in one class: its name and maximum marks, and whether half marks are given. */
export const examPapers = pgTable('exam_papers', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  examId: uuid('exam_id').notNull(),
  classId: uuid('class_id').notNull(),
  name: text('name').notNull(),
  maxMarks: integer('max_marks').notNull(),
  halfMarksAllowed: boolean('half_marks_allowed').notNull().default(false),
  /** The papers' order on the mark list and the result sheet. */
  position: integer('position').notNull().default(1),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  foreignKey({ name: 'exam_papers_exam_fk', columns: [t.churchId, t.examId], foreignColumns: [exams.churchId, exams.id] }).onDelete('cascade'),
  foreignKey({ name: 'exam_papers_class_fk', columns: [t.churchId, t.classId], foreignColumns: [classes.churchId, classes.id] }).onDelete('cascade'),
  uniqueIndex('exam_papers_church_exam_class_name_key').on(t.churchId, t.examId, t.classId, t.name),
  // The target of the marks' foreign key, which keeps a mark's exam its paper's exam.
  uniqueIndex('exam_papers_church_id_exam_key').on(t.churchId, t.id, t.examId),
  index('exam_papers_church_class_idx').on(t.churchId, t.classId),
  check('exam_papers_max_marks_check', sql`${t.maxMarks} between 1 and 1000`),
  check('exam_papers_name_check', sql`char_length(${t.name}) between 1 and 60`),
  tenantIsolation(),
]);

/**
 * The church's result scheme; no row: the defaults (common/exams.ts). Percentages of the maximum:
 * the pass mark (of every paper), the divisions' lower bounds, optional grade bands
 * ([{ grade, min_percent }]), and the year's final result's weight of each kind of exam.
 */
export const examSchemes = pgTable('exam_schemes', {
  churchId: churchIdColumn(),
  passPercent: numeric('pass_percent', { precision: 4, scale: 1 }).notNull(),
  distinctionPercent: numeric('distinction_percent', { precision: 4, scale: 1 }).notNull(),
  firstClassPercent: numeric('first_class_percent', { precision: 4, scale: 1 }).notNull(),
  secondClassPercent: numeric('second_class_percent', { precision: 4, scale: 1 }).notNull(),
  gradeBands: jsonb('grade_bands').$type<Array<{ grade: string; min_percent: number }>>().notNull().default([]),
  testWeight: integer('test_weight').notNull(),
  halfYearlyWeight: integer('half_yearly_weight').notNull(),
  annualWeight: integer('annual_weight').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId] }),
  churchFk(t, 'exam_schemes_church_fk'),
  check('exam_schemes_divisions_check', sql`0 < ${t.passPercent} and ${t.passPercent} <= ${t.secondClassPercent}
    and ${t.secondClassPercent} <= ${t.firstClassPercent} and ${t.firstClassPercent} <= ${t.distinctionPercent} and ${t.distinctionPercent} <= 100`),
  check('exam_schemes_weights_check', sql`${t.testWeight} between 0 and 100 and ${t.halfYearlyWeight} between 0 and 100 and ${t.annualWeight} between 0 and 100`),
  tenantIsolation(),
]);

/**
 * A child's marks in a paper: a number (halves where the paper allows them) or absent. No row: not
 * entered yet. `write_id` is the save (exam_mark_writes) that last wrote it.
 */
export const examMarks = pgTable('exam_marks', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  examId: uuid('exam_id').notNull(),
  paperId: uuid('paper_id').notNull(),
  studentId: uuid('student_id').notNull(),
  marks: numeric('marks', { precision: 5, scale: 1 }),
  absent: boolean('absent').notNull().default(false),
  writeId: uuid('write_id'),
  enteredBy: uuid('entered_by').notNull(),
  enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  foreignKey({ name: 'exam_marks_paper_fk', columns: [t.churchId, t.paperId, t.examId], foreignColumns: [examPapers.churchId, examPapers.id, examPapers.examId] })
    .onDelete('cascade'),
  studentFk(t, 'exam_marks_student_fk'),
  uniqueIndex('exam_marks_church_paper_student_key').on(t.churchId, t.paperId, t.studentId),
  index('exam_marks_church_exam_student_idx').on(t.churchId, t.examId, t.studentId),
  index('exam_marks_church_student_idx').on(t.churchId, t.studentId),
  check('exam_marks_value_check', sql`(${t.absent} and ${t.marks} is null) or (not ${t.absent} and ${t.marks} >= 0)`),
  tenantIsolation(),
]);

/** The teacher's remark on a child for an exam (the report card prints it). */
export const examRemarks = pgTable('exam_remarks', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  examId: uuid('exam_id').notNull(),
  studentId: uuid('student_id').notNull(),
  remark: text('remark').notNull(),
  writtenBy: uuid('written_by').notNull(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  foreignKey({ name: 'exam_remarks_exam_fk', columns: [t.churchId, t.examId], foreignColumns: [exams.churchId, exams.id] }).onDelete('cascade'),
  studentFk(t, 'exam_remarks_student_fk'),
  uniqueIndex('exam_remarks_church_exam_student_key').on(t.churchId, t.examId, t.studentId),
  index('exam_remarks_church_student_idx').on(t.churchId, t.studentId),
  check('exam_remarks_remark_check', sql`char_length(${t.remark}) between 1 and 500`),
  tenantIsolation(),
]);

/**
 * A correction of a published exam's mark: who, when, the value before and after (null marks and
 * not absent: not entered / cleared), and why. Written once, never edited; the audit log has an
 * entry for each too. The name of who made it is kept: the record outlives the account.
 */
export const examMarkAmendments = pgTable('exam_mark_amendments', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  examId: uuid('exam_id').notNull(),
  paperId: uuid('paper_id').notNull(),
  studentId: uuid('student_id').notNull(),
  oldMarks: numeric('old_marks', { precision: 5, scale: 1 }),
  oldAbsent: boolean('old_absent').notNull(),
  newMarks: numeric('new_marks', { precision: 5, scale: 1 }),
  newAbsent: boolean('new_absent').notNull(),
  reason: text('reason').notNull(),
  amendedBy: uuid('amended_by').notNull(),
  amendedByName: text('amended_by_name').notNull(),
  amendedAt: timestamp('amended_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  foreignKey({ name: 'exam_mark_amendments_paper_fk', columns: [t.churchId, t.paperId, t.examId], foreignColumns: [examPapers.churchId, examPapers.id, examPapers.examId] })
    .onDelete('cascade'),
  studentFk(t, 'exam_mark_amendments_student_fk'),
  index('exam_mark_amendments_church_exam_idx').on(t.churchId, t.examId),
  index('exam_mark_amendments_church_student_idx').on(t.churchId, t.studentId),
  check('exam_mark_amendments_reason_check', sql`char_length(${t.reason}) between 1 and 500`),
  tenantIsolation(),
]);

/**
 * The ledger of mark-list saves: one row per write id a device made (each save of a class's list, sent
 * again as often as the signal needs), claimed with the save's marks, so a save sent again is applied
 * at most once and never overwrites a later one. No key to users: the row outlives the account.
 */
export const examMarkWrites = pgTable('exam_mark_writes', {
  churchId: churchIdColumn(),
  /** Made by the device, not by the database. */
  id: uuid('id').notNull(),
  examId: uuid('exam_id').notNull(),
  classId: uuid('class_id').notNull(),
  writtenBy: uuid('written_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  foreignKey({ name: 'exam_mark_writes_exam_fk', columns: [t.churchId, t.examId], foreignColumns: [exams.churchId, exams.id] }).onDelete('cascade'),
  tenantIsolation(),
]);

/**
 * A guardian's link to a child's report card of one academic year, shared on WhatsApp when results
 * are published. Only the token's SHA-256 is kept; the link names no church (the link door finds it by
 * the hash). It opens the report card for REPORT_CARD_LINK_OPEN_HOURS after its first opening (a
 * message preview, then the guardian, then the guardian again that day), and never after
 * `expires_at`; it stops at once when its guardian leaves the child's list, withdraws consent to be
 * contacted, or a newer link for the same guardian and year replaces it. No key to the guardian's row:
 * guardians' rows are written again when their list is saved (they keep their ids), and the opening
 * checks the guardian is still there.
 */
export const reportCardLinks = pgTable('report_card_links', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  studentId: uuid('student_id').notNull(),
  guardianId: uuid('guardian_id').notNull(),
  academicYear: text('academic_year').notNull(),
  /** The language of the report card and of the message (the guardian's, else the church's). */
  language: text('language', { enum: LOCALES }).notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
  openCount: integer('open_count').notNull().default(0),
  /** 'replaced' by a newer link of the guardian and year; null while it works. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** Who shared it (no key: the row outlives the account); an opening is logged as their read. */
  createdBy: uuid('created_by').notNull(),
  createdByName: text('created_by_name').notNull(),
  createdByRole: text('created_by_role').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  studentFk(t, 'report_card_links_student_fk'),
  uniqueIndex('report_card_links_church_token_key').on(t.churchId, t.tokenHash),
  index('report_card_links_token_hash_idx').on(t.tokenHash),
  index('report_card_links_church_student_idx').on(t.churchId, t.studentId, t.guardianId),
  check('report_card_links_language_check', sql`${t.language} in ('en', 'ml', 'ta', 'hi')`),
  tenantIsolation(),
]);

/**
 * A child's certificate of an academic year (issue 44): 'merit' for ranks 1-3 of the class's year
 * final result, 'completion' for the church's final class. The class's and the holder's names are
 * kept as printed (a later rename does not change a certificate out in the world). `code` is the
 * public verification code (10 Crockford base32 characters, 50 random bits), found across churches
 * through the link door; one live certificate per child, class and kind. Withdrawn (`revoked_at`)
 * when the year's final result stops being published or the issue no longer gives it; erased with
 * the child.
 */
export const certificates = pgTable('certificates', {
  churchId: churchIdColumn(),
  id: uuid('id').notNull().defaultRandom(),
  studentId: uuid('student_id').notNull(),
  academicYear: text('academic_year').notNull(),
  classId: uuid('class_id').notNull(),
  /** The class as printed: its name and section ('5th A'). */
  className: text('class_name').notNull(),
  classSection: text('class_section').notNull().default(''),
  kind: text('kind', { enum: ['merit', 'completion'] }).notNull(),
  /** 1-3 for merit (shared on a tie); null for completion. */
  rank: integer('rank'),
  holderName: text('holder_name').notNull(),
  code: text('code').notNull(),
  issuedBy: uuid('issued_by').notNull(),
  issuedByName: text('issued_by_name').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.churchId, t.id] }),
  studentFk(t, 'certificates_student_fk'),
  foreignKey({ name: 'certificates_class_fk', columns: [t.churchId, t.classId], foreignColumns: [classes.churchId, classes.id] }).onDelete('cascade'),
  uniqueIndex('certificates_church_code_key').on(t.churchId, t.code),
  index('certificates_code_idx').on(t.code),
  uniqueIndex('certificates_live_key').on(t.churchId, t.classId, t.studentId, t.kind).where(sql`revoked_at is null`),
  index('certificates_church_student_idx').on(t.churchId, t.studentId),
  check('certificates_kind_check', sql`${t.kind} in ('merit', 'completion')`),
  check('certificates_rank_check', sql`(${t.kind} = 'merit' and ${t.rank} between 1 and 3) or (${t.kind} = 'completion' and ${t.rank} is null)`),
  check('certificates_code_check', sql`${t.code} ~ '^[0-9A-HJKMNP-TV-Z]{10}$'`),
  tenantIsolation(),
]);

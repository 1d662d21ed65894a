import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  churches, churchPrivacyNotices, classes, consentLinks, studentConsents, students,
} from '../../../drizzle/schema/index.js';
import { alias, type PgInsertValue } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/index.js';
import { classNameOrder } from '../classes/index.js';

// Row-level security limits every statement here to the church of the tenant transaction.

export type ConsentRow = typeof studentConsents.$inferSelect;

/** Every answer of one child, newest first. */
export function selectConsentHistory(tx: Tx, churchId: string, studentId: string): Promise<ConsentRow[]> {
  return tx.select().from(studentConsents).where(and(eq(studentConsents.churchId, churchId), eq(studentConsents.studentId, studentId)))
    .orderBy(desc(studentConsents.recordedAt), desc(studentConsents.id));
}

export async function selectPrivacyNotice(tx: Tx, churchId: string) {
  const [row] = await tx.select().from(churchPrivacyNotices).where(and(eq(churchPrivacyNotices.churchId, churchId)));
  return row;
}

export type ConsentLinkRow = typeof consentLinks.$inferSelect;

/** A new link; its expiry may be an SQL expression (the database's clock). */
export async function insertConsentLink(tx: Tx, row: PgInsertValue<typeof consentLinks>): Promise<ConsentLinkRow> {
  const [link] = await tx.insert(consentLinks).values(row).returning();
  return link;
}

/**
 * The church of a link's token, looked up by its hash alone across churches (run in the platform
 * door: the link names no church), with what the public page shows of the church.
 */
export async function selectChurchOfToken(platformTx: Tx, tokenHash: string) {
  const [row] = await platformTx.select({
    churchId: consentLinks.churchId, churchName: churches.name, churchCode: churches.code, retentionYears: churches.retentionYears,
  }).from(consentLinks).innerJoin(churches, eq(churches.id, consentLinks.churchId))
    .where(eq(consentLinks.tokenHash, tokenHash)).limit(1);
  return row;
}

/** A child's links not yet answered, expired or revoked, newest first. */
export function selectOpenLinks(tx: Tx, churchId: string, studentId: string) {
  return tx.select({
    id: consentLinks.id, guardianId: consentLinks.guardianId, guardianName: consentLinks.guardianName, language: consentLinks.language,
    expiresAt: consentLinks.expiresAt, createdAt: consentLinks.createdAt, createdByName: consentLinks.createdByName,
  }).from(consentLinks)
    .where(and(eq(consentLinks.churchId, churchId), eq(consentLinks.studentId, studentId),
      isNull(consentLinks.usedAt), isNull(consentLinks.revokedAt), gt(consentLinks.expiresAt, sql`now()`)))
    .orderBy(desc(consentLinks.createdAt), desc(consentLinks.id));
}

/** A link of the transaction's church by id (its child, to check who may reach it). */
export async function selectLink(tx: Tx, churchId: string, linkId: string) {
  const [row] = await tx.select({ id: consentLinks.id, studentId: consentLinks.studentId, guardianId: consentLinks.guardianId })
    .from(consentLinks).where(and(eq(consentLinks.churchId, churchId), eq(consentLinks.id, linkId)));
  return row;
}

/** A link of the transaction's church by its token's hash, with whether it has expired by the database's clock. */
export async function selectLinkByHash(tx: Tx, churchId: string, tokenHash: string) {
  const [row] = await tx.select({
    link: consentLinks, expired: sql<boolean>`${consentLinks.expiresAt} <= now()`, studentName: students.name,
  }).from(consentLinks)
    .innerJoin(students, and(eq(students.churchId, consentLinks.churchId), eq(students.id, consentLinks.studentId)))
    .where(and(eq(consentLinks.churchId, churchId), eq(consentLinks.tokenHash, tokenHash))).limit(1);
  return row;
}

/**
 * Spends a link: one conditional UPDATE (unused, unrevoked and unexpired). Two answers at once (or
 * an answer and a revocation): the second waits on the first's row lock, then finds the link used
 * (or revoked) and changes nothing (false).
 */
export async function spendLink(tx: Tx, churchId: string, linkId: string): Promise<boolean> {
  const spent = await tx.update(consentLinks).set({ usedAt: sql`now()` })
    .where(and(eq(consentLinks.churchId, churchId), eq(consentLinks.id, linkId), isNull(consentLinks.usedAt), isNull(consentLinks.revokedAt),
      gt(consentLinks.expiresAt, sql`now()`)))
    .returning({ id: consentLinks.id });
  return spent.length === 1;
}

/**
 * The current academic year's active children per class, and how many of them have no enrolment
 * consent in force (their latest enrolment answer is not "given", or they have none).
 */
export async function selectEnrolmentConsentByClass(tx: Tx, churchId: string, academicYear: string) {
  // Each table names the church as a constant (on Citus, the statement then routes to one shard).
  const c = alias(studentConsents, 'c');
  const latest = sql`(select c.given from ${studentConsents} c where ${eq(c.churchId, churchId)} and c.student_id = ${students.id} and c.purpose = 'enrolment'
    order by c.recorded_at desc, c.id desc limit 1)`;
  return tx.select({
    classId: classes.id, className: classes.className, section: classes.section,
    children: sql<number>`count(*)::int`,
    missing: sql<number>`(count(*) filter (where not coalesce(${latest}, false)))::int`,
  }).from(students)
    .innerJoin(classes, and(eq(classes.churchId, churchId), eq(classes.id, students.classId)))
    .where(and(eq(students.churchId, churchId), eq(students.academicYear, academicYear), eq(students.active, true)))
    .groupBy(classes.id, classes.className, classes.section)
    .orderBy(classNameOrder(churchId), classes.section);
}

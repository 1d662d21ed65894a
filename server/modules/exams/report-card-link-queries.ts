import { and, eq, exists, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { REPORT_CARD_LINK_OPEN_HOURS } from '../../../common/report-card-links.js';
import { examPapers, exams, reportCardLinks } from '../../../drizzle/schema/church.js';
import type { Tx } from '../../db/index.js';

/** Whether an exam of the year with a paper in the class has published results. */
export async function hasPublishedResults(tx: Tx, churchId: string, classId: string, academicYear: string): Promise<boolean> {
  const [row] = await tx.select({ id: exams.id }).from(exams).where(and(
    eq(exams.churchId, churchId), eq(exams.academicYear, academicYear), isNotNull(exams.publishedAt),
    exists(tx.select({ one: sql`1` }).from(examPapers).where(and(
      eq(examPapers.churchId, exams.churchId), eq(examPapers.examId, exams.id), eq(examPapers.classId, classId)))),
  )).limit(1);
  return row !== undefined;
}

/** A new link; its expiry is given as SQL (the database's clock, the one its opening compares with). */
export function insertReportCardLink(tx: Tx, row: Omit<typeof reportCardLinks.$inferInsert, 'expiresAt'> & { expiresAt: SQL }) {
  return tx.insert(reportCardLinks).values(row).returning().then(([link]) => link);
}

/** Stops the guardian's earlier links of the child and year (a newer one replaces them). */
export function revokeEarlierLinks(tx: Tx, churchId: string, link: { id: string; studentId: string; guardianId: string; academicYear: string }) {
  return tx.update(reportCardLinks).set({ revokedAt: sql`now()` }).where(and(
    eq(reportCardLinks.churchId, churchId), eq(reportCardLinks.studentId, link.studentId), eq(reportCardLinks.guardianId, link.guardianId),
    eq(reportCardLinks.academicYear, link.academicYear), isNull(reportCardLinks.revokedAt), sql`${reportCardLinks.id} <> ${link.id}`,
  )).returning({ id: reportCardLinks.id });
}

/** Link door: the church and id of the link a token's hash names. */
export async function findReportCardLinkByToken(tx: Tx, tokenHash: string) {
  const [row] = await tx.select({ churchId: reportCardLinks.churchId, id: reportCardLinks.id })
    .from(reportCardLinks).where(eq(reportCardLinks.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Takes one opening of a link: not replaced, not expired, and opened first less than
 * REPORT_CARD_LINK_OPEN_HOURS ago (or never, which this opening starts). Undefined when the link no
 * longer opens. (Two statements: Citus refuses now() inside a COALESCE of an UPDATE.)
 */
export async function openReportCardLink(tx: Tx, churchId: string, id: string, tokenHash: string) {
  const live = and(
    eq(reportCardLinks.churchId, churchId), eq(reportCardLinks.id, id), eq(reportCardLinks.tokenHash, tokenHash),
    isNull(reportCardLinks.revokedAt), gt(reportCardLinks.expiresAt, sql`now()`),
  );
  await tx.update(reportCardLinks).set({ firstOpenedAt: sql`now()` }).where(and(live, isNull(reportCardLinks.firstOpenedAt)));
  const [row] = await tx.update(reportCardLinks).set({ openCount: sql`${reportCardLinks.openCount} + 1` }).where(and(
    live, gt(reportCardLinks.firstOpenedAt, sql`now() - make_interval(hours => ${REPORT_CARD_LINK_OPEN_HOURS})`),
  )).returning();
  return row;
}

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { certificates, examPapers } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';

export type CertificateRow = typeof certificates.$inferSelect;

/** The live (not withdrawn) certificates of a class, or of one child of it, in rank then name order. */
export function liveCertificatesOfClass(tx: Tx, churchId: string, classId: string, studentId?: string) {
  return tx.select().from(certificates).where(and(
    eq(certificates.churchId, churchId), eq(certificates.classId, classId), isNull(certificates.revokedAt),
    studentId === undefined ? undefined : eq(certificates.studentId, studentId),
  )).orderBy(sql`${certificates.kind} = 'completion'`, asc(certificates.rank), asc(certificates.holderName), asc(certificates.id));
}

export function insertCertificates(tx: Tx, rows: Array<typeof certificates.$inferInsert>) {
  return rows.length ? tx.insert(certificates).values(rows).returning() : Promise.resolve([]);
}

/** Withdraws certificates by id. */
export function revokeCertificates(tx: Tx, churchId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx.update(certificates).set({ revokedAt: sql`now()` }).where(and(
    eq(certificates.churchId, churchId), inArray(certificates.id, [...ids]), isNull(certificates.revokedAt),
  )).returning({ id: certificates.id });
}

/** Withdraws the live certificates of a year of the classes with a paper in the exam. */
export function revokeCertificatesOfExamClasses(tx: Tx, churchId: string, examId: string, academicYear: string) {
  return tx.update(certificates).set({ revokedAt: sql`now()` }).where(and(
    eq(certificates.churchId, churchId), eq(certificates.academicYear, academicYear), isNull(certificates.revokedAt),
    inArray(certificates.classId, tx.select({ id: examPapers.classId }).from(examPapers)
      .where(and(eq(examPapers.churchId, churchId), eq(examPapers.examId, examId)))),
  )).returning({ id: certificates.id, classId: certificates.classId });
}

/** Link door: the church and id of the certificate a code names (codes are unique across churches by their 50 random bits). */
export async function findCertificateByCode(tx: Tx, code: string) {
  const [row] = await tx.select({ churchId: certificates.churchId, id: certificates.id })
    .from(certificates).where(eq(certificates.code, code)).limit(1);
  return row;
}

export async function findCertificate(tx: Tx, churchId: string, id: string) {
  const [row] = await tx.select().from(certificates).where(and(eq(certificates.churchId, churchId), eq(certificates.id, id)));
  return row;
}

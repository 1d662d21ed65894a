import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CERTIFICATE_CODE_ALPHABET, CERTIFICATE_CODE_LENGTH, CERTIFICATE_MESSAGES as M, formatCertificateCode, type CertificateKind,
} from '../../../common/certificates.js';
import type { certificatesPdfInput, classCertificatesInput } from '../../../common/schemas/certificates.js';
import { exams } from '../../../drizzle/schema/index.js';
import { conflict, notFound } from '../../core/errors.js';
import type { TenantScope } from '../../core/scopes.js';
import { chunksOf } from '../../core/pdf/text.js';
import type { Tx } from '../../db/index.js';
import type { RestFile } from '../../rest/meta.js';
import { auditChurchChange } from '../audit/index.js';
import { churchClassNames, findAccessibleClass, lockClass, type ClassRow } from '../classes/index.js';
import { familyLanguage, guardiansToContact } from '../guardians/index.js';
import { certificatesPdf } from './certificate-pdf.js';
import {
  insertCertificates, liveCertificatesOfClass, revokeCertificates, revokeCertificatesOfExamClasses, type CertificateRow,
} from './certificate-queries.js';
import { examsOfYear, selectScheme } from './queries.js';
import { finalResults } from './result-queries.js';
import { finalResultStanding } from './year-results.js';

/**
 * Certificates of a class's academic year (issue 44), from the year's final result (the exams'
 * weights, result-queries.ts), once it is published (every exam that weighs in it published:
 * year-results.ts):
 * - merit: a child whose final result is complete, passes and ranks 1, 2 or 3 in the class. Ranks are
 *   competition ranks, so a tie shares a rank and each tied child gets that rank's certificate (1, 2,
 *   2: three certificates; the next child is 4th and gets none).
 * - completion: every child of the church's final class (the last of its class list: the class the
 *   rollover lets leave the Sunday School) whose final result is complete and passes. A first rank
 *   of the final class gets both.
 * Issuing reconciles the class's live certificates with what the result gives now: one unchanged
 * (same child, kind, rank, name as printed and class as printed) keeps its code; one no longer given,
 * or changed (a corrected mark, a renamed child), is withdrawn and a new one is made. Unpublishing an
 * exam that weighs in the year withdraws the certificates of its classes of that year (marks.ts), and
 * the next issue makes new ones.
 */

/** 10 characters of Crockford base32, 50 bits from the system's random source. Unique across
 * churches by their randomness (one chance in 2^50 for two codes); unique within a church by its key. */
function newCertificateCode(): string {
  return Array.from({ length: CERTIFICATE_CODE_LENGTH }, () => CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)]).join('');
}

/** A certificate as the screens read it. */
function certificateDto(row: CertificateRow) {
  return {
    id: row.id, student_id: row.studentId, academic_year: row.academicYear, class_id: row.classId,
    class_name: row.className, section: row.classSection, kind: row.kind, rank: row.rank, holder_name: row.holderName,
    code: formatCertificateCode(row.code), issued_at: row.issuedAt.toISOString(),
  };
}

/** Whether a class is the church's final class: the last name of its class list. */
async function isFinalClass(tx: Tx, churchId: string, cls: ClassRow) {
  const names = await churchClassNames(tx, churchId);
  return names.length > 0 && names[names.length - 1] === cls.className;
}

interface Given { studentId: string; holderName: string; kind: CertificateKind; rank: number | null }

/**
 * What the class's year final result gives: 409 while it is not published. The year's exams are
 * read FOR SHARE, so an unpublish at the same time waits for this issue (and then withdraws what it made).
 */
async function certificatesGiven(tx: Tx, churchId: string, cls: ClassRow): Promise<Given[]> {
  const [scheme, yearExams] = await Promise.all([selectScheme(tx, churchId), examsOfYear(tx, churchId, cls.academicYear)]);
  await tx.select({ id: exams.id }).from(exams)
    .where(and(eq(exams.churchId, churchId), eq(exams.academicYear, cls.academicYear))).orderBy(asc(exams.id)).for('share');
  const standing = finalResultStanding(yearExams, scheme);
  if (standing.state === 'none') throw conflict(M.noFinalResult, { reason: 'no_final_result' });
  if (standing.state === 'unpublished') throw conflict(M.yearNotPublished, { reason: 'final_result_not_published' });
  const [{ final }, finalClass] = await Promise.all([
    finalResults(tx, churchId, [cls.id], standing.weights, scheme), isFinalClass(tx, churchId, cls),
  ]);
  const given: Given[] = [];
  for (const row of final) {
    if (row.state !== 'complete' || row.division === null || row.division === 'fail') continue;
    if (row.rank !== null && row.rank <= 3) given.push({ studentId: row.student_id, holderName: row.name, kind: 'merit', rank: row.rank });
    if (finalClass) given.push({ studentId: row.student_id, holderName: row.name, kind: 'completion', rank: null });
  }
  return given;
}

/** POST /api/exams/classes/{class_id}/certificates: issue (reconcile) the class's certificates of its year. Audited. */
export async function issueCertificates(scope: TenantScope, input: z.output<typeof classCertificatesInput>) {
  const { tx, church, user } = scope;
  const cls = await findAccessibleClass(tx, church.id, user, input.class_id);
  // One issue of a class at a time: the second reads what the first made.
  await lockClass(tx, church.id, cls.id, 'no key update');
  const given = await certificatesGiven(tx, church.id, cls);
  const live = await liveCertificatesOfClass(tx, church.id, cls.id);
  const same = (row: CertificateRow, g: Given) => row.studentId === g.studentId && row.kind === g.kind && row.rank === g.rank
    && row.holderName === g.holderName && row.className === cls.className && row.classSection === cls.section;
  const kept = live.filter((row) => given.some((g) => same(row, g)));
  const withdrawn = await revokeCertificates(tx, church.id, live.filter((row) => !kept.includes(row)).map((row) => row.id));
  const made = await insertCertificates(tx, given.filter((g) => !kept.some((row) => same(row, g))).map((g) => ({
    churchId: church.id, studentId: g.studentId, academicYear: cls.academicYear, classId: cls.id, className: cls.className,
    classSection: cls.section, kind: g.kind, rank: g.rank, holderName: g.holderName, code: newCertificateCode(),
    issuedBy: user.id, issuedByName: user.name,
  })));
  await auditChurchChange(tx, {
    user, action: 'class.certificates_issued', resourceType: 'class', resourceId: cls.id,
    details: {
      academic_year: cls.academicYear, issued_ids: made.map((r) => r.id), kept_ids: kept.map((r) => r.id),
      withdrawn_ids: withdrawn.map((r) => r.id),
    },
    description: `Certificates of class ${`${cls.className} ${cls.section}`.trim()} of ${cls.academicYear} issued`,
  });
  return { ...await classCertificates(scope, input), issued: made.length, kept: kept.length, withdrawn: withdrawn.length, message: M.issued };
}

/** GET /api/exams/classes/{class_id}/certificates: the class's live certificates (a teacher: their own classes). */
export async function classCertificates(scope: TenantScope, input: z.output<typeof classCertificatesInput>) {
  const { tx, church, user } = scope;
  const cls = await findAccessibleClass(tx, church.id, user, input.class_id);
  const [rows, finalClass] = await Promise.all([liveCertificatesOfClass(tx, church.id, cls.id), isFinalClass(tx, church.id, cls)]);
  return {
    class: { id: cls.id, class_name: cls.className, section: cls.section, academic_year: cls.academicYear, final_class: finalClass },
    certificates: rows.map(certificateDto),
  };
}

/** Withdraws the year's certificates of the classes with a paper in an exam that weighs and is being unpublished. */
export async function withdrawCertificatesOnUnpublish(tx: Tx, churchId: string, exam: { id: string; academicYear: string; kind: string; weight: number | null }) {
  const scheme = await selectScheme(tx, churchId);
  const weight = exam.weight ?? scheme.weights[exam.kind as keyof typeof scheme.weights];
  if (weight === 0) return [];
  return revokeCertificatesOfExamClasses(tx, churchId, exam.id, exam.academicYear);
}

const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/**
 * GET /api/exams/classes/{class_id}/certificates.pdf: the class's live certificates, one A4
 * landscape page each, or one child's (student_id; 404 when the child has none). Each page in the
 * child's family's language (the first guardian's who has one, else the church's).
 */
export async function certificatesDocument(scope: TenantScope, publicUrl: string, input: z.output<typeof certificatesPdfInput>): Promise<RestFile> {
  const { tx, church, user } = scope;
  const cls = await findAccessibleClass(tx, church.id, user, input.class_id);
  const rows = await liveCertificatesOfClass(tx, church.id, cls.id, input.student_id);
  if (rows.length === 0) {
    throw input.student_id ? notFound(M.childHasNone, { reason: 'no_certificate' }) : notFound(M.noCertificates, { reason: 'no_certificates' });
  }
  const guardians = await guardiansToContact(tx, church.id, [...new Set(rows.map((r) => r.studentId))]);
  const pages = rows.map((row) => ({
    language: familyLanguage(guardians.get(row.studentId) ?? [], church.default_language),
    kind: row.kind, rank: row.rank, holderName: row.holderName, academicYear: row.academicYear,
    cls: { class_name: row.className, section: row.classSection }, code: row.code, issuedOn: row.issuedAt,
  }));
  const who = input.student_id ? fileNamePart(rows[0].holderName) : '';
  return {
    filename: `${['certificates', fileNamePart(cls.className) || 'class', fileNamePart(cls.section), who, cls.academicYear].filter(Boolean).join('-')}.pdf`,
    body: () => chunksOf(certificatesPdf({ churchName: church.name, publicUrl, timeZone: church.time_zone, pages })),
  };
}

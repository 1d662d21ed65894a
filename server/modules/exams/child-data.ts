import { and, asc, eq, sql } from 'drizzle-orm';
import { certificateTitleId, formatCertificateCode } from '../../../common/certificates.js';
import { certificates, examMarkAmendments, examMarks, examPapers, examRemarks, exams, reportCardLinks } from '../../../drizzle/schema/index.js';
import { exportJson, idsOfChildRows, type ChildData, type SummaryValue } from '../../core/child-data.js';
import type { Tx } from '../../db/index.js';

/** The child's marks, paper by paper, in the order of their exams. */
function marksOfChild(tx: Tx, churchId: string, studentId: string) {
  return tx.select({
    exam_id: exams.id, academic_year: exams.academicYear, exam: exams.name, kind: exams.kind, published: sql<boolean>`${exams.publishedAt} is not null`,
    paper: examPapers.name, max_marks: examPapers.maxMarks, marks: sql<number | null>`${examMarks.marks}::float8`, absent: examMarks.absent,
    entered_at: examMarks.enteredAt,
  }).from(examMarks)
    .innerJoin(examPapers, and(eq(examPapers.churchId, examMarks.churchId), eq(examPapers.id, examMarks.paperId)))
    .innerJoin(exams, and(eq(exams.churchId, examMarks.churchId), eq(exams.id, examMarks.examId)))
    .where(and(eq(examMarks.churchId, churchId), eq(examMarks.studentId, studentId)))
    .orderBy(asc(exams.academicYear), sql`${exams.startsOn} asc nulls last`, asc(exams.name), asc(examPapers.position), asc(examPapers.name));
}

function remarksOfChild(tx: Tx, churchId: string, studentId: string) {
  return tx.select({
    exam_id: examRemarks.examId, exam: sql<string>`${exams.name} || ' (' || ${exams.academicYear} || ')'`, remark: examRemarks.remark,
    updated_at: examRemarks.updatedAt,
  }).from(examRemarks)
    .innerJoin(exams, and(eq(exams.churchId, examRemarks.churchId), eq(exams.id, examRemarks.examId)))
    .where(and(eq(examRemarks.churchId, churchId), eq(examRemarks.studentId, studentId)))
    .orderBy(asc(exams.academicYear), asc(exams.name));
}

function amendmentsOfChild(tx: Tx, churchId: string, studentId: string) {
  return tx.select({
    exam_id: examMarkAmendments.examId, paper_id: examMarkAmendments.paperId,
    old_marks: sql<number | null>`${examMarkAmendments.oldMarks}::float8`, old_absent: examMarkAmendments.oldAbsent,
    new_marks: sql<number | null>`${examMarkAmendments.newMarks}::float8`, new_absent: examMarkAmendments.newAbsent,
    reason: examMarkAmendments.reason, amended_by: examMarkAmendments.amendedByName, amended_at: examMarkAmendments.amendedAt,
  }).from(examMarkAmendments)
    .where(and(eq(examMarkAmendments.churchId, churchId), eq(examMarkAmendments.studentId, studentId)))
    .orderBy(asc(examMarkAmendments.amendedAt));
}

/** The child's certificates, withdrawn ones too (the family sees what was issued and withdrawn). */
function certificatesOfChild(tx: Tx, churchId: string, studentId: string) {
  return tx.select().from(certificates)
    .where(and(eq(certificates.churchId, churchId), eq(certificates.studentId, studentId)))
    .orderBy(asc(certificates.academicYear), asc(certificates.issuedAt), asc(certificates.id));
}

/**
 * The child's exam marks, the teachers' remarks on them, the corrections of published marks, the
 * child's certificates (their public check then finds no certificate) and the guardians' report
 * card links. An
 * erasure deletes them with the student row (their foreign keys): the class's results are computed
 * when read, so the child leaves its result sheets and the ranks close up.
 */
export const examsChildData: ChildData = {
  owner: 'exams',
  tables: [
    { table: examMarks, erasure: 'deleted with the student row' },
    { table: examRemarks, erasure: 'deleted with the student row', purge: true },
    { table: examMarkAmendments, erasure: 'deleted with the student row', purge: true },
    { table: certificates, erasure: 'deleted with the student row', purge: true },
    // A guardian's link is a credential, not the child's data: it is not exported, and goes with the child.
    { table: reportCardLinks, erasure: 'deleted with the student row', purge: true },
  ],
  async erase(tx, { churchId, studentId }) {
    return {
      rowIds: [
        ...await idsOfChildRows(tx, examMarkAmendments, churchId, studentId), ...await idsOfChildRows(tx, reportCardLinks, churchId, studentId),
        ...await idsOfChildRows(tx, certificates, churchId, studentId),
      ],
    };
  },
  async export(tx, { churchId, studentId }) {
    const [marks, remarks, amendments, issued] = await Promise.all([
      marksOfChild(tx, churchId, studentId), remarksOfChild(tx, churchId, studentId), amendmentsOfChild(tx, churchId, studentId),
      certificatesOfChild(tx, churchId, studentId),
    ]);
    return [exportJson('exams.json', {
      marks: marks.map(({ entered_at, ...m }) => ({ ...m, entered_at: entered_at.toISOString() })),
      remarks: remarks.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() })),
      amendments: amendments.map((a) => ({ ...a, amended_at: a.amended_at.toISOString() })),
      certificates: issued.map((c) => ({
        academic_year: c.academicYear, class_name: `${c.className} ${c.classSection}`.trim(), kind: c.kind, rank: c.rank,
        holder_name: c.holderName, code: formatCertificateCode(c.code), issued_at: c.issuedAt.toISOString(),
        withdrawn_at: c.revokedAt?.toISOString() ?? null,
      })),
    }), {
      summary: {
        heading: 'privacy.family.exams',
        table: {
          columns: ['privacy.family.exam', 'privacy.family.paper', 'privacy.family.marks'],
          rows: marks.map((m): SummaryValue[] => [
            `${m.exam} (${m.academic_year})`, m.paper, m.absent ? { message: 'privacy.family.absentFromPaper' } : `${m.marks} / ${m.max_marks}`,
          ]),
        },
        empty: 'privacy.family.noExams',
        notes: remarks.map((r) => `${r.exam}: ${r.remark}`),
      },
    }, {
      summary: {
        heading: 'certificates.family.heading',
        table: {
          columns: ['certificates.verify.certificate', 'certificates.family.year', 'certificates.verify.code', 'certificates.family.state'],
          rows: issued.map((c): SummaryValue[] => [
            { message: certificateTitleId(c) }, c.academicYear, formatCertificateCode(c.code),
            { message: c.revokedAt ? 'certificates.family.withdrawn' : 'certificates.family.valid' },
          ]),
        },
        empty: 'certificates.family.none',
      },
    }];
  },
};

import type { z } from 'zod';
import type { TenantScope } from '../../core/scopes.js';
import { badRequest, conflict, forbidden } from '../../core/errors.js';
import { can } from '../../../common/permissions.js';
import { EXAM_MESSAGES as M } from '../../../common/exams.js';
import { markAgainstPaper, type examClassInput, type examRefInput, type saveMarksInput } from '../../../common/schemas/exams.js';
import { auditChurchChange } from '../audit/index.js';
import type { ClassRow } from '../classes/index.js';
import { withdrawCertificatesOnUnpublish } from './certificates.js';
import { churchExam, examClass } from './access.js';
import {
  amendmentsOf, claimWrite, deleteMarks, deleteRemarks, insertAmendments, markListChildren, marksOfPapers, papersOf, remarksOf, upsertMarks,
  upsertRemarks, updateExamRow, type ExamRow, type MarkInsert, type PaperRow,
} from './queries.js';
import { paperDto } from './setup.js';

type Cell = number | 'AB' | null;
const cellOf = (mark: { marks: number | null; absent: boolean } | undefined): Cell => (mark ? (mark.absent ? 'AB' : mark.marks) : null);

/**
 * A class's mark list of an exam: its papers in order, and its children in roll-number order, each
 * with a cell per paper (marks, 'AB' absent, null not entered) and their remark; entered of total.
 */
async function markListOf(scope: TenantScope, exam: ExamRow, cls: ClassRow) {
  const { tx, church } = scope;
  const [papers, children] = await Promise.all([papersOf(tx, church.id, exam.id, [cls.id]), markListChildren(tx, church.id, exam.id, cls.id)]);
  const [marks, remarks] = await Promise.all([
    marksOfPapers(tx, church.id, papers.map((p) => p.id)), remarksOf(tx, church.id, exam.id, children.map((c) => c.student_id)),
  ]);
  const markOf = new Map(marks.map((m) => [`${m.student_id} ${m.paper_id}`, m]));
  const remarkOf = new Map(remarks.map((r) => [r.student_id, r.remark]));
  const rows = children.map((c) => ({
    ...c, marks: papers.map((p) => cellOf(markOf.get(`${c.student_id} ${p.id}`))), remark: remarkOf.get(c.student_id) ?? null,
  }));
  return {
    exam: { id: exam.id, name: exam.name, kind: exam.kind, academic_year: exam.academicYear, published_at: exam.publishedAt },
    class: { id: cls.id, class_name: cls.className, section: cls.section },
    papers: papers.map(paperDto),
    children: rows,
    entered: rows.reduce((n, r) => n + r.marks.filter((m) => m !== null).length, 0),
    total: rows.length * papers.length,
  };
}

/** GET /api/exams/{exam_id}/classes/{class_id}/marks: the class's mark list (a teacher: their own classes). */
export async function markList(scope: TenantScope, input: z.output<typeof examClassInput>) {
  const { exam, cls } = await examClass(scope, input.exam_id, input.class_id);
  return markListOf(scope, exam, cls);
}

/** Every cell of the list against its paper and the class, or a 400 naming the first bad one (nothing written). */
function checkEntries(input: z.output<typeof saveMarksInput>, papers: PaperRow[], children: Array<{ student_id: string; roll_number: number }>) {
  const paperById = new Map(papers.map((p) => [p.id, p]));
  const rollOf = new Map(children.map((c) => [c.student_id, c.roll_number]));
  for (const entry of input.entries) {
    const paper = paperById.get(entry.paper_id);
    if (!paper) throw badRequest(M.paperNotOfClass, { reason: 'paper_not_of_class' });
    if (!rollOf.has(entry.student_id)) throw badRequest(M.studentNotInClass, { reason: 'student_not_in_class' });
    const checked = markAgainstPaper({ max_marks: paper.maxMarks, half_marks_allowed: paper.halfMarksAllowed }).safeParse(entry.value);
    if (!checked.success) {
      throw badRequest(`Roll ${rollOf.get(entry.student_id)}, ${paper.name}: ${checked.error.issues[0].message}`, { reason: 'marks_invalid' });
    }
  }
  if (input.remarks.some((r) => !rollOf.has(r.student_id))) throw badRequest(M.studentNotInClass, { reason: 'student_not_in_class' });
}

/**
 * PUT /api/exams/{exam_id}/classes/{class_id}/marks: saves a class's mark list whole, or nothing of
 * it. Every cell is checked against its paper (the shared schema's rule) and the class; a cell set is
 * written, a null one cleared. The write id is claimed with the marks: the same save sent again (a
 * phone that lost its signal before the answer) is answered with the list as it stands, applied once,
 * and never overwrites a later save. Once the results are published the marks are locked: a save is
 * then a correction, by the principal or a super admin only, with a reason; each mark it changes is
 * recorded (exam_mark_amendments: who, when, old, new, why) and audited.
 */
export async function saveMarks(scope: TenantScope, input: z.output<typeof saveMarksInput>) {
  const { tx, church, user } = scope;
  const { exam, cls } = await examClass(scope, input.exam_id, input.class_id, 'share');
  // Claimed first, so a save that was applied before the results were published is still answered
  // when sent again after; a refusal below rolls the claim back with the rest.
  if (!(await claimWrite(tx, { churchId: church.id, id: input.write_id, examId: exam.id, classId: cls.id, writtenBy: user.id }))) {
    return { ...(await markListOf(scope, exam, cls)), replayed: true, amended: 0, message: M.saved };
  }
  if (exam.publishedAt) {
    if (!input.amendment_reason) throw conflict(M.examPublished, { reason: 'exam_published' });
    if (!can(user.role, 'manageExams')) throw forbidden(M.amendmentByManagers, { reason: 'amendment_by_managers' });
  }
  const [papers, children] = await Promise.all([papersOf(tx, church.id, exam.id, [cls.id]), markListChildren(tx, church.id, exam.id, cls.id)]);
  checkEntries(input, papers, children);
  const amended = exam.publishedAt ? await recordAmendments(scope, exam, papers, input) : 0;
  const byPaperThenChild = [...input.entries].sort((a, b) => a.paper_id.localeCompare(b.paper_id) || a.student_id.localeCompare(b.student_id));
  const rows: MarkInsert[] = byPaperThenChild.flatMap((e) => (e.value === null ? [] : [{
    churchId: church.id, examId: exam.id, paperId: e.paper_id, studentId: e.student_id,
    marks: e.value === 'AB' ? null : String(e.value), absent: e.value === 'AB', writeId: input.write_id, enteredBy: user.id,
  }]));
  await upsertMarks(tx, rows);
  await deleteMarks(tx, church.id, byPaperThenChild.filter((e) => e.value === null).map((e) => ({ paperId: e.paper_id, studentId: e.student_id })));
  const now = new Date();
  await upsertRemarks(tx, input.remarks.flatMap((r) => (r.remark === null ? [] : [{
    churchId: church.id, examId: exam.id, studentId: r.student_id, remark: r.remark, writtenBy: user.id, updatedAt: now,
  }])));
  await deleteRemarks(tx, church.id, exam.id, input.remarks.filter((r) => r.remark === null).map((r) => r.student_id));
  return { ...(await markListOf(scope, exam, cls)), replayed: false, amended, message: M.saved };
}

/** The corrections of a save to a published exam: each mark it changes, recorded and audited. */
async function recordAmendments(scope: TenantScope, exam: ExamRow, papers: PaperRow[], input: z.output<typeof saveMarksInput>): Promise<number> {
  const { tx, church, user } = scope;
  const before = new Map((await marksOfPapers(tx, church.id, papers.map((p) => p.id))).map((m) => [`${m.student_id} ${m.paper_id}`, m]));
  const changes = input.entries.flatMap((e) => {
    const old = cellOf(before.get(`${e.student_id} ${e.paper_id}`));
    return old === e.value ? [] : [{ ...e, old }];
  });
  if (changes.length === 0) return 0;
  const reason = input.amendment_reason!;
  const recorded = await insertAmendments(tx, changes.map((c) => ({
    churchId: church.id, examId: exam.id, paperId: c.paper_id, studentId: c.student_id,
    oldMarks: typeof c.old === 'number' ? String(c.old) : null, oldAbsent: c.old === 'AB',
    newMarks: typeof c.value === 'number' ? String(c.value) : null, newAbsent: c.value === 'AB',
    reason, amendedBy: user.id, amendedByName: user.name,
  })));
  for (const [i, row] of recorded.entries()) {
    await auditChurchChange(tx, {
      user, action: 'exam.mark_amended', resourceType: 'exam_mark_amendment', resourceId: row.id,
      details: { exam_id: exam.id, paper_id: row.paperId, student_id: row.studentId, old: changes[i].old, new: changes[i].value, reason },
      description: `Published mark corrected in exam "${exam.name}": ${changes[i].old ?? 'none'} → ${changes[i].value ?? 'none'}`,
    });
  }
  return recorded.length;
}

/** POST /api/exams/{exam_id}/publish: the results may be shown and the marks lock. Audited. Marks
 * need not all be entered: a child with a paper not entered keeps a pending result, unranked. */
export async function publishExam(scope: TenantScope, input: z.output<typeof examRefInput>) {
  const { tx, church, user } = scope;
  const exam = await churchExam(scope, input.exam_id, 'update');
  if (exam.publishedAt) throw conflict(M.alreadyPublished, { reason: 'exam_published' });
  const [published] = await updateExamRow(tx, church.id, exam.id, { publishedAt: new Date(), publishedBy: user.id });
  await auditChurchChange(tx, {
    user, action: 'exam.published', resourceType: 'exam', resourceId: exam.id,
    details: { academic_year: exam.academicYear, name: exam.name }, description: `Results of exam "${exam.name}" of ${exam.academicYear} published`,
  });
  return { published_at: published.publishedAt, message: M.published };
}

/** POST /api/exams/{exam_id}/unpublish: the results are withdrawn and the marks can be changed again; when the exam weighs
 * in the year's final result, the certificates of its classes of the year are withdrawn too. Audited. */
export async function unpublishExam(scope: TenantScope, input: z.output<typeof examRefInput>) {
  const { tx, church, user } = scope;
  const exam = await churchExam(scope, input.exam_id, 'update');
  if (!exam.publishedAt) throw conflict(M.notPublished, { reason: 'exam_not_published' });
  await updateExamRow(tx, church.id, exam.id, { publishedAt: null, publishedBy: null });
  // The year's final result is no longer published: the certificates of the exam's classes that year are withdrawn.
  const withdrawn = await withdrawCertificatesOnUnpublish(tx, church.id, exam);
  await auditChurchChange(tx, {
    user, action: 'exam.unpublished', resourceType: 'exam', resourceId: exam.id,
    details: {
      academic_year: exam.academicYear, name: exam.name, published_at: exam.publishedAt, withdrawn_certificate_ids: withdrawn.map((c) => c.id),
    },
    description: `Results of exam "${exam.name}" of ${exam.academicYear} unpublished`,
  });
  return { published_at: null, message: M.unpublished };
}

/** GET /api/exams/{exam_id}/amendments: the corrections made after publishing, newest first. */
export async function examAmendments(scope: TenantScope, input: z.output<typeof examRefInput>) {
  const exam = await churchExam(scope, input.exam_id);
  return amendmentsOf(scope.tx, scope.church.id, exam.id);
}

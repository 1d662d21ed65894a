import type { z } from 'zod';
import type { TenantScope } from '../../core/scopes.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { churchToday } from '../../../common/dates.js';
import { previousYear } from '../../../common/rollover.js';
import { DEFAULT_PAPER, EXAM_MESSAGES as M } from '../../../common/exams.js';
import type {
  addPaperInput, copyYearInput, createExamInput, examListInput, examRefInput, paperRefInput, schemeInput, updateExamInput, updatePaperInput,
} from '../../../common/schemas/exams.js';
import { auditChurchChange } from '../audit/index.js';
import { academicYearOfDate } from '../academic-year/index.js';
import { findAccessibleClass, seesAllClasses } from '../classes/index.js';
import { churchExam } from './access.js';
import {
  classesOfYear, countMarks, deleteExamRow, deletePaperRow, examsOfYear, findPaper, insertExam, insertPapers, paperMarkFacts, papersOf,
  selectScheme, updateExamRow, updatePaperRow, upsertScheme, type ExamRow, type PaperRow,
} from './queries.js';

// Setting up a year's exams (principals and super admins): exams, their papers in each class, the
// church's result scheme, and last year's set-up copied in one step. Every change is audited.

const examDto = (e: ExamRow) => ({
  id: e.id, academic_year: e.academicYear, name: e.name, kind: e.kind, starts_on: e.startsOn, ends_on: e.endsOn, weight: e.weight,
  published_at: e.publishedAt,
});
export const paperDto = (p: PaperRow) => ({
  id: p.id, exam_id: p.examId, class_id: p.classId, name: p.name, max_marks: p.maxMarks, half_marks_allowed: p.halfMarksAllowed, position: p.position,
});

const nameTaken = () => conflict(M.examNameTaken, { reason: 'exam_name_taken' });
const setupLocked = () => conflict(M.publishedSetupLocked, { reason: 'exam_published' });

/** GET /api/exams: the exams of an academic year (the church's current one by default). */
export async function listExams(scope: TenantScope, input: z.output<typeof examListInput>) {
  const year = input?.academic_year ?? await academicYearOfDate(scope.tx, scope.church.id, churchToday(scope.church));
  return { academic_year: year, exams: await examsOfYear(scope.tx, scope.church.id, year) };
}

/** GET /api/exams/{exam_id}: the exam and its papers, of every class for managers, of a teacher's own classes. */
export async function examDetail(scope: TenantScope, input: z.output<typeof examRefInput>) {
  const { tx, church, user } = scope;
  const exam = await churchExam(scope, input.exam_id);
  const classes = (await classesOfYear(tx, church.id, exam.academicYear)).filter((c) => seesAllClasses(user) || c.teacher_id === user.id);
  const papers = await papersOf(tx, church.id, exam.id, classes.map((c) => c.id));
  return {
    exam: examDto(exam),
    classes: classes.map((c) => ({ ...c, papers: papers.filter((p) => p.classId === c.id).map(paperDto) })),
  };
}

/** POST /api/exams: an exam of an academic year, with the default paper (Scripture, 100) in each of the year's classes. */
export async function createExam(scope: TenantScope, input: z.output<typeof createExamInput>) {
  const { tx, church, user } = scope;
  const [exam] = await insertExam(tx, {
    churchId: church.id, academicYear: input.academic_year, name: input.name, kind: input.kind, startsOn: input.starts_on, endsOn: input.ends_on,
    weight: input.weight, createdBy: user.id,
  });
  if (!exam) throw nameTaken();
  const classes = await classesOfYear(tx, church.id, exam.academicYear);
  await insertPapers(tx, classes.map((c) => ({ churchId: church.id, examId: exam.id, classId: c.id, name: DEFAULT_PAPER.name, maxMarks: DEFAULT_PAPER.max_marks })));
  await auditChurchChange(tx, {
    user, action: 'exam.created', resourceType: 'exam', resourceId: exam.id,
    details: { academic_year: exam.academicYear, name: exam.name, kind: exam.kind, papers: classes.length },
    description: `Exam "${exam.name}" of ${exam.academicYear} created`,
  });
  return examDetail(scope, { exam_id: exam.id });
}

/** PUT /api/exams/{exam_id}: its name, kind, dates and weight. */
export async function updateExam(scope: TenantScope, input: z.output<typeof updateExamInput>) {
  const { tx, church, user } = scope;
  const before = await churchExam(scope, input.exam_id, 'update');
  const clash = (await examsOfYear(tx, church.id, before.academicYear)).some((e) => e.name === input.name && e.id !== before.id);
  if (clash) throw nameTaken();
  const [exam] = await updateExamRow(tx, church.id, before.id, {
    name: input.name, kind: input.kind, startsOn: input.starts_on, endsOn: input.ends_on, weight: input.weight,
  });
  await auditChurchChange(tx, {
    user, action: 'exam.updated', resourceType: 'exam', resourceId: exam.id,
    details: { before: examDto(before), after: examDto(exam) }, description: `Exam "${exam.name}" of ${exam.academicYear} changed`,
  });
  return examDto(exam);
}

/** DELETE /api/exams/{exam_id}: only while no mark is entered (marks are never thrown away unseen). */
export async function deleteExam(scope: TenantScope, input: z.output<typeof examRefInput>) {
  const { tx, church, user } = scope;
  const exam = await churchExam(scope, input.exam_id, 'update');
  if (await countMarks(tx, church.id, { examId: exam.id }) > 0) throw conflict(M.examHasMarks, { reason: 'exam_has_marks' });
  await deleteExamRow(tx, church.id, exam.id);
  await auditChurchChange(tx, {
    user, action: 'exam.deleted', resourceType: 'exam', resourceId: exam.id,
    details: { academic_year: exam.academicYear, name: exam.name }, description: `Exam "${exam.name}" of ${exam.academicYear} deleted`,
  });
  return { deleted: true };
}

/** POST /api/exams/{exam_id}/papers: a paper of one class (of the exam's year) in an exam not published. */
export async function addPaper(scope: TenantScope, input: z.output<typeof addPaperInput>) {
  const { tx, church, user } = scope;
  const exam = await churchExam(scope, input.exam_id, 'update');
  if (exam.publishedAt) throw setupLocked();
  const cls = await findAccessibleClass(tx, church.id, user, input.class_id);
  if (cls.academicYear !== exam.academicYear) throw badRequest(M.classNotOfYear, { reason: 'class_not_of_year' });
  const position = (await papersOf(tx, church.id, exam.id, [cls.id])).length + 1;
  const [paper] = await insertPapers(tx, [{
    churchId: church.id, examId: exam.id, classId: cls.id, name: input.name, maxMarks: input.max_marks, halfMarksAllowed: input.half_marks_allowed, position,
  }]);
  if (!paper) throw conflict(M.paperNameTaken, { reason: 'paper_name_taken' });
  await auditChurchChange(tx, {
    user, action: 'exam.paper_added', resourceType: 'exam_paper', resourceId: paper.id,
    details: paperDto(paper), description: `Paper "${paper.name}" added to exam "${exam.name}"`,
  });
  return paperDto(paper);
}

/** A paper of an exam not published, locked with its exam. */
async function changeablePaper(scope: TenantScope, paperId: string) {
  const paper = await findPaper(scope.tx, scope.church.id, paperId);
  if (!paper) throw notFound(M.paperNotFound);
  const exam = await churchExam(scope, paper.examId, 'update');
  if (exam.publishedAt) throw setupLocked();
  return { paper, exam };
}

/** PUT /api/exams/papers/{paper_id}: its name, maximum and half marks, never below a mark entered. */
export async function updatePaper(scope: TenantScope, input: z.output<typeof updatePaperInput>) {
  const { tx, church, user } = scope;
  const { paper: before, exam } = await changeablePaper(scope, input.paper_id);
  const facts = await paperMarkFacts(tx, church.id, before.id);
  if (facts.highest !== null && facts.highest > input.max_marks) throw conflict(M.maxBelowMarks, { reason: 'max_below_marks' });
  if (facts.halves && !input.half_marks_allowed) throw conflict(M.halfMarksInUse, { reason: 'half_marks_in_use' });
  const clash = (await papersOf(tx, church.id, exam.id, [before.classId])).some((p) => p.name === input.name && p.id !== before.id);
  if (clash) throw conflict(M.paperNameTaken, { reason: 'paper_name_taken' });
  const [paper] = await updatePaperRow(tx, church.id, before.id, { name: input.name, maxMarks: input.max_marks, halfMarksAllowed: input.half_marks_allowed });
  await auditChurchChange(tx, {
    user, action: 'exam.paper_updated', resourceType: 'exam_paper', resourceId: paper.id,
    details: { exam_id: exam.id, before: paperDto(before), after: paperDto(paper) }, description: `Paper "${paper.name}" of exam "${exam.name}" changed`,
  });
  return paperDto(paper);
}

/** DELETE /api/exams/papers/{paper_id}: only while none of its marks is entered. */
export async function deletePaper(scope: TenantScope, input: z.output<typeof paperRefInput>) {
  const { tx, church, user } = scope;
  const { paper, exam } = await changeablePaper(scope, input.paper_id);
  if (await countMarks(tx, church.id, { paperId: paper.id }) > 0) throw conflict(M.paperHasMarks, { reason: 'paper_has_marks' });
  await deletePaperRow(tx, church.id, paper.id);
  await auditChurchChange(tx, {
    user, action: 'exam.paper_deleted', resourceType: 'exam_paper', resourceId: paper.id,
    details: paperDto(paper), description: `Paper "${paper.name}" removed from exam "${exam.name}"`,
  });
  return { deleted: true };
}

/** GET /api/exams/scheme: the church's result scheme (the defaults until it sets its own). */
export const resultScheme = ({ tx, church }: TenantScope) => selectScheme(tx, church.id);

/** PUT /api/exams/scheme: the whole scheme. Results are computed from it when read, so a changed pass
 * mark or weight changes every result, published ones too (the audit entry keeps the one before). */
export async function setResultScheme(scope: TenantScope, input: z.output<typeof schemeInput>) {
  const { tx, church, user } = scope;
  const before = await selectScheme(tx, church.id);
  await upsertScheme(tx, church.id, input, user.id);
  await auditChurchChange(tx, {
    user, action: 'exam.scheme_updated', resourceType: 'exam_scheme', resourceId: church.id,
    details: { before, after: input }, description: 'Result scheme changed',
  });
  return selectScheme(tx, church.id);
}

/**
 * POST /api/exams/copy-year: last year's exams (name, kind, weight, dates a year on) into an academic
 * year that has none, each with the papers its class of the same name and section had last year (the
 * default paper for a class that had none). Answers the year's exams.
 */
export async function copyLastYear(scope: TenantScope, input: z.output<typeof copyYearInput>) {
  const { tx, church, user } = scope;
  const year = input.academic_year;
  if ((await examsOfYear(tx, church.id, year)).length > 0) throw conflict(M.yearHasExams, { reason: 'year_has_exams' });
  const lastYear = previousYear(year);
  const before = await examsOfYear(tx, church.id, lastYear);
  if (before.length === 0) throw notFound(M.nothingToCopy);
  const [oldClasses, newClasses] = await Promise.all([classesOfYear(tx, church.id, lastYear), classesOfYear(tx, church.id, year)]);
  const key = (c: { class_name: string; section: string }) => `${c.class_name}\u0000${c.section}`;
  const oldClassByKey = new Map(oldClasses.map((c) => [key(c), c.id]));
  const aYearOn = (d: string | null) => (d ? `${Number(d.slice(0, 4)) + 1}${d.slice(4)}`.replace(/-02-29$/, '-02-28') : null);
  for (const old of before) {
    const [exam] = await insertExam(tx, {
      churchId: church.id, academicYear: year, name: old.name, kind: old.kind, startsOn: aYearOn(old.starts_on), endsOn: aYearOn(old.ends_on),
      weight: old.weight, createdBy: user.id,
    });
    const oldPapers = await papersOf(tx, church.id, old.id);
    await insertPapers(tx, newClasses.flatMap((c) => {
      const had = oldPapers.filter((p) => p.classId === oldClassByKey.get(key(c)));
      const papers = had.length > 0 ? had : [{ name: DEFAULT_PAPER.name, maxMarks: DEFAULT_PAPER.max_marks, halfMarksAllowed: false, position: 1 }];
      return papers.map((p) => ({
        churchId: church.id, examId: exam.id, classId: c.id, name: p.name, maxMarks: p.maxMarks, halfMarksAllowed: p.halfMarksAllowed, position: p.position,
      }));
    }));
  }
  await auditChurchChange(tx, {
    user, action: 'exam.year_copied', resourceType: 'exam', resourceId: null,
    details: { from_year: lastYear, to_year: year, exams: before.length }, description: `Exams of ${lastYear} copied into ${year}`,
  });
  return listExams(scope, { academic_year: year });
}

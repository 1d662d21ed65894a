import type { z } from 'zod';
import type { TenantScope } from '../../core/scopes.js';
import type { classFinalInput, examClassInput, examRefInput } from '../../../common/schemas/exams.js';
import { findAccessibleClass } from '../classes/index.js';
import { churchExam, examClass } from './access.js';
import { classesOfYear, examsOfYear, marksOfPapers, papersOf, selectScheme } from './queries.js';
import { churchResults, classResults, finalResults } from './result-queries.js';
import { paperDto } from './setup.js';

// The results as result-queries.ts computes them (the rules are stated there): a class's result
// sheet, the church's figures of an exam, and a class's final result of the year.

/**
 * GET /api/exams/{exam_id}/classes/{class_id}/results: the class's result sheet (the paper register):
 * roll number, name, each paper's marks ('AB' absent), total, percentage, division, grade, rank.
 */
export async function resultSheet(scope: TenantScope, input: z.output<typeof examClassInput>) {
  const { tx, church } = scope;
  const { exam, cls } = await examClass(scope, input.exam_id, input.class_id);
  const [scheme, papers] = await Promise.all([selectScheme(tx, church.id), papersOf(tx, church.id, exam.id, [cls.id])]);
  const [rows, marks] = await Promise.all([
    papers.length ? classResults(tx, church.id, exam.id, cls.id, scheme) : Promise.resolve([]),
    marksOfPapers(tx, church.id, papers.map((p) => p.id)),
  ]);
  const markOf = new Map(marks.map((m) => [`${m.student_id} ${m.paper_id}`, m.absent ? 'AB' as const : m.marks]));
  return {
    exam: { id: exam.id, name: exam.name, kind: exam.kind, academic_year: exam.academicYear, published_at: exam.publishedAt },
    class: { id: cls.id, class_name: cls.className, section: cls.section },
    scheme,
    papers: papers.map(paperDto),
    rows: rows.map(({ exam_id: _e, class_id: _c, ...r }) => ({ ...r, marks: papers.map((p) => markOf.get(`${r.student_id} ${p.id}`) ?? null) })),
  };
}

/**
 * GET /api/exams/{exam_id}/summary: every class of the exam's year with papers: children, marks
 * entered of all, complete results, passes and the first three ranks.
 */
export async function resultsSummary(scope: TenantScope, input: z.output<typeof examRefInput>) {
  const { tx, church } = scope;
  const exam = await churchExam(scope, input.exam_id);
  const [scheme, classes, papers] = await Promise.all([
    selectScheme(tx, church.id), classesOfYear(tx, church.id, exam.academicYear), papersOf(tx, church.id, exam.id),
  ]);
  const figures = papers.length ? await churchResults(tx, church.id, exam.id, scheme) : [];
  const byClass = new Map(figures.map((f) => [f.class_id, f]));
  return {
    exam: { id: exam.id, name: exam.name, kind: exam.kind, academic_year: exam.academicYear, published_at: exam.publishedAt },
    classes: classes.filter((c) => papers.some((p) => p.classId === c.id)).map((c) => {
      const f = byClass.get(c.id);
      return {
        class_id: c.id, class_name: c.class_name, section: c.section, papers: papers.filter((p) => p.classId === c.id).length,
        children: f?.children ?? 0, entered: f?.entered ?? 0, entries: f?.entries ?? 0, complete: f?.complete ?? 0, absent: f?.absent ?? 0,
        passed: f?.passed ?? 0, top: f?.top ?? [],
      };
    }),
  };
}

/**
 * GET /api/exams/classes/{class_id}/final-results: the class's year: each exam with its weight (its
 * own, else the scheme's of its kind), each child's result in each, and the year's final result.
 */
export async function yearFinalResults(scope: TenantScope, input: z.output<typeof classFinalInput>) {
  const { tx, church, user } = scope;
  const cls = await findAccessibleClass(tx, church.id, user, input.class_id);
  const [scheme, exams] = await Promise.all([selectScheme(tx, church.id), examsOfYear(tx, church.id, cls.academicYear)]);
  const weights = exams.map((e) => ({ examId: e.id, weight: e.weight ?? scheme.weights[e.kind] }));
  const { exams: rows, final } = await finalResults(tx, church.id, [cls.id], weights, scheme);
  return {
    class: { id: cls.id, class_name: cls.className, section: cls.section, academic_year: cls.academicYear },
    scheme,
    exams: exams.map((e, i) => ({ id: e.id, name: e.name, kind: e.kind, weight: weights[i].weight, published_at: e.published_at })),
    rows: final.map(({ class_id: _c, ...f }) => ({
      ...f,
      exams: rows.filter((r) => r.student_id === f.student_id)
        .map((r) => ({ exam_id: r.exam_id, state: r.state, total: r.total, percentage: r.percentage, division: r.division, rank: r.rank })),
    })),
  };
}

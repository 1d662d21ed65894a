import type { TenantScope } from '../../core/scopes.js';
import { badRequest, notFound } from '../../core/errors.js';
import { EXAM_MESSAGES as M } from '../../../common/exams.js';
import { findAccessibleClass, type ClassRow } from '../classes/index.js';
import { findExam, type ExamRow } from './queries.js';

const examNotFound = () => notFound(M.examNotFound);

/** An exam of the church (another church's, or none: 404). `lock` for a change about to be made. */
export async function churchExam(scope: TenantScope, examId: string, lock?: 'update' | 'share'): Promise<ExamRow> {
  const exam = await findExam(scope.tx, scope.church.id, examId, lock);
  if (!exam) throw examNotFound();
  return exam;
}

/**
 * An exam and one of its classes, as the user may reach it: the class rule of classes/access.ts (a
 * teacher their own classes, managers every class; any other is 404), and the class must be of the
 * exam's academic year (400).
 */
export async function examClass(scope: TenantScope, examId: string, classId: string, lock?: 'share'): Promise<{ exam: ExamRow; cls: ClassRow }> {
  const exam = await churchExam(scope, examId, lock);
  const cls = await findAccessibleClass(scope.tx, scope.church.id, scope.user, classId);
  if (cls.academicYear !== exam.academicYear) throw badRequest(M.classNotOfYear, { reason: 'class_not_of_year' });
  return { exam, cls };
}

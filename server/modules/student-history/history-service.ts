import type { TenantScope } from '../../core/scopes.js';
import { publishedFinalResults } from '../exams/index.js';
import { findAccessibleStudent } from '../students/index.js';
import { selectStudentHistory } from './history-queries.js';

/**
 * GET /api/students/{id}/history: the child's class, roll number and attendance in each academic year
 * they were enrolled, newest first, and that year's final result in that class (percentage, division,
 * rank) once the year's results are published (the exams module's rule; else null). Who may read it
 * is the safety card's rule (a teacher: a child of their own current class; anyone else's child is not
 * found). Not written to the access log, which records the reads of a medical note, a family export
 * and consent records only: the card's other reads (contacts, pickups) and the attendance reports are
 * not logged either.
 */
export async function studentHistory(scope: TenantScope, { id }: { id: string }) {
  const student = await findAccessibleStudent(scope, id);
  const years = await selectStudentHistory(scope.tx, scope.church.id, student.id);
  const results = await publishedFinalResults(scope.tx, scope.church.id, years.map((y) => ({ classId: y.class_id, academicYear: y.academic_year })));
  const resultOf = (classId: string) => {
    const found = results.find((r) => r.class_id === classId && r.student_id === student.id);
    return found ? { percentage: found.percentage, division: found.division, rank: found.rank } : null;
  };
  return { student_id: student.id, years: years.map((y) => ({ ...y, result: resultOf(y.class_id) })) };
}

import type { TenantScope } from '../../core/scopes.js';
import { findAccessibleStudent } from './service.js';
import { selectStudentHistory } from './history-queries.js';

/**
 * GET /api/students/{id}/history: the child's class, roll number and attendance in each academic year
 * they were enrolled, newest first. Who may read it is the safety card's rule (a teacher: a child of
 * their own current class; anyone else's child is not found). Not written to the access log, which
 * records the reads of a medical note, a family export and consent records only: the card's other
 * reads (contacts, pickups) and the attendance reports are not logged either.
 */
export async function studentHistory(scope: TenantScope, { id }: { id: string }) {
  const student = await findAccessibleStudent(scope, id);
  const years = await selectStudentHistory(scope.tx, scope.church.id, student.id);
  return { student_id: student.id, years };
}

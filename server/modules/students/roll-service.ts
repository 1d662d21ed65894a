import type { z } from 'zod';
import { STUDENT_MESSAGES, type studentActiveInput } from '../../../common/schemas/students.js';
import type { TenantScope } from '../../core/scopes.js';
import { auditChurchChange } from '../audit/index.js';
import { setStudentActive } from './queries.js';
import { findAccessibleStudent } from './service.js';

/**
 * PUT /api/students/{id}/active (whoever may edit students; a teacher: their own classes' children,
 * any other child not found). `active: false` marks the child as left, for a family that moved away
 * (another parish): off the roll call and the follow-up list, still in the lists and reports, every
 * mark, contact and consent kept; erasure is the other way out, and keeps nothing. `active: true`
 * puts the child back on the roll. A change is audited in the same transaction; asking for what the
 * child is already changes and audits nothing.
 */
export async function setOnRoll(scope: TenantScope, input: z.output<typeof studentActiveInput>) {
  const { tx, user, church } = scope;
  const student = await findAccessibleStudent(scope, input.id);
  const changed = await setStudentActive(tx, church.id, student.id, input.active);
  if (changed) {
    await auditChurchChange(tx, {
      user, action: input.active ? 'student.back_on_roll' : 'student.marked_left', resourceType: 'student', resourceId: student.id,
      details: { student_name: student.name, active: input.active },
      description: input.active ? `${student.name} back on the roll` : `${student.name} marked as left (history kept)`,
    });
  }
  return {
    id: student.id,
    active: input.active,
    changed,
    message: input.active ? STUDENT_MESSAGES.backOnRoll : STUDENT_MESSAGES.markedLeft,
  };
}

import type { TenantScope } from '../../core/scopes.js';
import { PRIVACY_MESSAGES } from '../../../common/schemas/privacy.js';
import { auditChurchChange } from '../audit/index.js';
import { churchToday } from '../../../common/dates.js';
import { findAccessibleStudent } from '../students/index.js';
import { erasureCandidates, markKept, retentionYears, setRetentionYears } from './queries.js';

// A church keeps a child's data while the child comes, and `retention_years` (1-10, 3 unless set)
// after the child was last seen. Past that the child is offered for erasure once a year; nothing is
// erased without the erase confirmation (erasure.ts).

/** GET /api/privacy/retention (super_admin, principal). */
export async function retentionSetting({ tx, church }: TenantScope) {
  return { years: await retentionYears(tx, church.id) };
}

/** PUT /api/privacy/retention (super_admin, principal), audited in the same transaction. */
export async function updateRetentionSetting({ tx, user, church }: TenantScope, years: number) {
  const old = await setRetentionYears(tx, church.id, years);
  await auditChurchChange(tx, {
    user, action: 'church.retention_years_updated', resourceType: 'church', resourceId: church.id,
    details: { old, new: years }, description: `Data retention set to ${years} years`,
  });
  return { years };
}

/**
 * GET /api/privacy/erasure-candidates (super_admin, principal): the children not seen for the
 * church's retention years (last mark, present or absent, older than that; never marked and added
 * before that), less those kept within the past year; the oldest last seen first.
 */
export async function listErasureCandidates({ tx, church }: TenantScope) {
  const years = await retentionYears(tx, church.id);
  const rows = await erasureCandidates(tx, church.id, years, churchToday(church));
  return {
    years,
    candidates: rows.map((row) => ({
      student_id: row.id, name: row.name, class_name: row.class_name, class_section: row.class_section,
      academic_year: row.academic_year, last_seen: row.last_seen, created_at: row.created_at,
    })),
  };
}

/** POST /api/privacy/erasure-candidates/{id}/keep (super_admin, principal): the child is kept and
 * offered again a year from now; audited without the child's name. */
export async function keepCandidate(scope: TenantScope, { id }: { id: string }) {
  const student = await findAccessibleStudent(scope, id);
  const at = await markKept(scope.tx, scope.church.id, student.id);
  await auditChurchChange(scope.tx, {
    user: scope.user, action: 'student.retention_kept', resourceType: 'student', resourceId: student.id,
    details: {}, description: 'Child kept for another year under the retention setting',
  });
  return { student_id: student.id, retention_reviewed_at: at.toISOString(), message: PRIVACY_MESSAGES.kept };
}

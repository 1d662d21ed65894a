import { sql } from 'drizzle-orm';
import type { AssociationScope } from '../../core/scopes.js';

/** An officer's change, in the operators' audit log under the association (`write_association_audit`,
 * SECURITY DEFINER: the association role cannot touch the log itself), in the same transaction. */
export async function auditOfficerChange(scope: AssociationScope, change: {
  action: string; resourceType: string; resourceId: string | null; details: Record<string, unknown>; description: string;
}): Promise<void> {
  const details = { by_officer_id: scope.officer.id, by_officer_role: scope.officer.role, ...change.details };
  await scope.tx.execute(sql`select write_association_audit(${change.action}, ${change.resourceType}, ${change.resourceId},
    ${JSON.stringify(details)}::jsonb, ${`${change.description} (by ${scope.officer.name})`})`);
}

import { sql } from 'drizzle-orm';
import { auditLog } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';

/** A change a church user made, as the audit log records it. */
export interface ChurchChange {
  /** The signed-in church user who made it; an id of null for someone who is not a user (a guardian
   * answering a consent link), named by `name` and `role`. */
  user: { id: string | null; name: string; role: string };
  action: string;
  resourceType: string;
  /** Null for a change that must not name what it changed (an erasure). */
  resourceId: string | null;
  details: Record<string, unknown>;
  description: string;
}

/**
 * Writes the audit entry of a church user's change in the tenant transaction that makes it, so the
 * entry and the change commit or roll back together. The tenant role cannot touch audit_log itself:
 * `write_church_audit` (SECURITY DEFINER, migrations/0008) appends one entry for the transaction's
 * own church and nothing else. The user is named in the details (there is no operator).
 */
export async function auditChurchChange(tx: Tx, change: ChurchChange): Promise<void> {
  const details = { by_user_id: change.user.id, by_user_role: change.user.role, ...change.details };
  await tx.execute(sql`select write_church_audit(${change.action}, ${change.resourceType}, ${change.resourceId},
    ${JSON.stringify(details)}::jsonb, ${`${change.description} (by ${change.user.name})`})`);
}

/** What a platform operator did or read, as the audit log records it. */
export interface OperatorAction {
  operator: { id: string; email: string };
  /** The church concerned, if any. */
  churchId: string | null;
  /** The association concerned, if any (an association's entries name no church). */
  associationId?: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  details: Record<string, unknown>;
  description: string;
}

/**
 * Writes the audit entry of an operator's change, or of an operator's read of a church's people or
 * media, in the platform transaction that does it: the entry and the change commit or roll back
 * together, and a read that fails to be logged fails. The log is append-only for the runtime
 * logins (migrations/0010: no UPDATE, DELETE or TRUNCATE).
 */
export async function auditOperatorAction(tx: Tx, entry: OperatorAction): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: entry.operator.id,
    targetChurchId: entry.churchId,
    targetAssociationId: entry.associationId ?? null,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    details: { by_operator_email: entry.operator.email, ...entry.details },
    description: `${entry.description} (by operator ${entry.operator.email})`,
  });
}

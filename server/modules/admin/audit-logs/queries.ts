import { and, eq, sql } from 'drizzle-orm';
import { associations, auditLog, churches, platformOperators } from '../../../../drizzle/schema/index.js';
import type { Tx } from '../../../db/index.js';

export interface AuditLogFilters {
  churchId?: string;
  associationId?: string;
  action?: string;
}

/**
 * The newest entries, with the operator's address and the church's or the association's name and code
 * (an association's entries, its officers' and the operators' about it, name no church). Unfiltered, the
 * page is read backwards from audit_log_created_at_idx (ties on created_at, which is a transaction's
 * start time, put in id order by an incremental sort of those few rows). Filtered by church or
 * action, that index is walked until enough entries match: fine while the log is small; the
 * indexes (target_church_id, created_at) and (action, created_at) would make it direct (an association's
 * has its index, audit_log_association_created_idx).
 */
export function selectAuditLog(tx: Tx, filters: AuditLogFilters, limit: number) {
  return tx.select({
    id: auditLog.id,
    operatorId: auditLog.operatorId,
    operatorEmail: platformOperators.email,
    churchId: auditLog.targetChurchId,
    churchName: churches.name,
    churchCode: churches.code,
    associationId: auditLog.targetAssociationId,
    associationName: associations.name,
    associationCode: associations.code,
    action: auditLog.action,
    resourceType: auditLog.resourceType,
    resourceId: auditLog.resourceId,
    details: auditLog.details,
    description: auditLog.description,
    createdAt: auditLog.createdAt,
  }).from(auditLog)
    .leftJoin(platformOperators, eq(platformOperators.id, auditLog.operatorId))
    .leftJoin(churches, eq(churches.id, auditLog.targetChurchId))
    .leftJoin(associations, eq(associations.id, auditLog.targetAssociationId))
    .where(and(
      filters.churchId ? eq(auditLog.targetChurchId, filters.churchId) : undefined,
      filters.associationId ? eq(auditLog.targetAssociationId, filters.associationId) : undefined,
      filters.action ? eq(auditLog.action, filters.action) : undefined,
    ))
    .orderBy(sql`${auditLog.createdAt} desc`, sql`${auditLog.id} desc`)
    .limit(limit);
}

import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../drizzle/schema/index.js';
import type { Database } from '../../server/db/index.js';

/** Which of a church's audit entries to read: those matching every field given. */
export interface AuditFilter {
  action?: string;
  resourceType?: string;
  resourceId?: string;
}

/** The audit entries about a church (target_church_id), read through the platform door, in the
 * order they were written (or the newest first). */
export function auditOf(db: Database, churchId: string, filter: AuditFilter = {}, order: 'oldest first' | 'newest first' = 'oldest first') {
  const conditions = [eq(auditLog.targetChurchId, churchId)];
  if (filter.action !== undefined) conditions.push(eq(auditLog.action, filter.action));
  if (filter.resourceType !== undefined) conditions.push(eq(auditLog.resourceType, filter.resourceType));
  if (filter.resourceId !== undefined) conditions.push(eq(auditLog.resourceId, filter.resourceId));
  return db.withPlatform((tx) => tx.select().from(auditLog).where(and(...conditions))
    .orderBy(order === 'newest first' ? desc(auditLog.id) : auditLog.id));
}

import type { z } from 'zod';
import type { adminAuditLogListInput } from '../../../../common/schemas/admin-people.js';
import type { OperatorScope } from '../../../core/scopes.js';
import { selectAuditLog } from './queries.js';

/**
 * GET /api/admin/audit-logs: the newest entries (5 for the overview, 25 by default, 50 or 100),
 * optionally of one church, one association or one action. Reading the log is not itself logged: it holds no
 * church's people or media, only what was done to them.
 */
export async function listAuditLog({ tx }: OperatorScope, input: z.output<typeof adminAuditLogListInput>) {
  const rows = await selectAuditLog(tx, { churchId: input.church_id, associationId: input.association_id, action: input.action }, input.limit);
  return rows.map((row) => ({
    id: row.id,
    admin_id: row.operatorId,
    admin_email: row.operatorEmail,
    church_id: row.churchId,
    church_name: row.churchName,
    church_code: row.churchCode,
    association_id: row.associationId,
    association_name: row.associationName,
    association_code: row.associationCode,
    action: row.action,
    resource_type: row.resourceType,
    resource_id: row.resourceId,
    details: row.details,
    description: row.description,
    created_at: row.createdAt.toISOString(),
  }));
}

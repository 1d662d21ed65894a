import type { z } from 'zod';
import {
  ADMIN_ASSOCIATION_MESSAGES as M, type adminAssociationCreateInput, type adminAssociationListInput,
} from '../../../../common/schemas/admin-associations.js';
import { listPagination } from '../../../../common/schemas/paging.js';
import type { OperatorScope } from '../../../core/scopes.js';
import { conflict, notFound } from '../../../core/errors.js';
import type { AssociationDirectory } from '../../associations/index.js';
import { auditOperatorAction } from '../../audit/index.js';
import { hashPassword } from '../../credentials/index.js';
import {
  associationHoldsCode, churchHoldsCode, countAssociations, countsOf, insertAssociation, insertOfficer, lockAssociation,
  revokeAssociationSessions, selectAssociationPage, setAssociationActive, type AdminAssociationRow, type AssociationCounts,
} from './queries.js';

/**
 * Associations in the operator console. They do not pay in this version: an operator creates them,
 * and what is paid is each member church's own subscription (an association sees only its members'
 * totals, and a church keeps its plan whether or not it belongs to one).
 */
const toAdminAssociationDto = (row: AdminAssociationRow, counts: AssociationCounts | undefined) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  kind: row.kind,
  languages: row.languages,
  is_active: row.isActive,
  member_count: counts?.members ?? 0,
  invited_count: counts?.invited ?? 0,
  officer_count: counts?.officers ?? 0,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** GET /api/admin/associations: a page, newest first, with its counts. It names no person: not audited. */
export async function listAssociations({ tx }: OperatorScope, input: z.output<typeof adminAssociationListInput>) {
  const [rows, total] = await Promise.all([
    selectAssociationPage(tx, input.search, { limit: input.limit, offset: (input.page - 1) * input.limit }),
    countAssociations(tx, input.search),
  ]);
  const counts = await countsOf(tx, rows.map((r) => r.id));
  return { items: rows.map((row) => toAdminAssociationDto(row, counts.get(row.id))), pagination: listPagination(total, input.page, input.limit) };
}

type CreateScope = OperatorScope & { services: { associationDirectory: AssociationDirectory } };

/**
 * POST /api/admin/associations: the association and its first association admin, audited, in the
 * operator's one transaction. The code is the operator's choice; the sign-in screen's one code field
 * names a church or an association, so a church's code is refused as another association's is (409).
 * (Registration draws a church's code among those no association holds.)
 */
export async function createAssociation(scope: CreateScope, input: z.output<typeof adminAssociationCreateInput>) {
  const { tx, operator } = scope;
  if (await churchHoldsCode(tx, input.code)) throw conflict(M.codeOfChurch, { reason: 'code_taken' });
  if (await associationHoldsCode(tx, input.code)) throw conflict(M.codeOfAssociation, { reason: 'code_taken' });
  const passwordHash = await hashPassword(input.admin.password);
  const association = await insertAssociation(tx, { name: input.name, code: input.code, kind: input.kind, languages: input.languages });
  // Another operator's association of the same code committed between the check and the insert.
  if (!association) throw conflict(M.codeOfAssociation, { reason: 'code_taken' });
  const officer = await insertOfficer(tx, {
    associationId: association.id, role: 'association_admin', name: input.admin.name, email: input.admin.email, passwordHash,
  });
  await auditOperatorAction(tx, {
    operator, churchId: null, associationId: association.id, action: 'association.created', resourceType: 'association',
    resourceId: association.id,
    details: { code: association.code, name: association.name, kind: association.kind, languages: association.languages, admin_officer_id: officer.id },
    description: `Created association ${association.code} (${association.name}) with its first admin`,
  });
  // Sign-in may have believed the code unknown a moment ago (its short negative cache).
  const forget = () => scope.services.associationDirectory.forget(association.code);
  forget();
  scope.afterCommit(async () => { forget(); });
  return { message: M.created, association: toAdminAssociationDto(association, { members: 0, invited: 0, officers: 1 }) };
}

/**
 * POST /api/admin/associations/{id}/deactivate and /reactivate. While inactive its officers cannot
 * sign in and their sessions fail (the association door reads associations.is_active); deactivating
 * also ends their sessions for good, so a reactivation asks them to sign in again. Audited.
 */
export async function setActive({ tx, operator }: OperatorScope, id: string, active: boolean) {
  const before = await lockAssociation(tx, id);
  if (!before) throw notFound(M.notFound);
  const after = await setAssociationActive(tx, id, active);
  const sessionsEnded = active ? 0 : await revokeAssociationSessions(tx, id);
  if (before.isActive !== active) {
    await auditOperatorAction(tx, {
      operator, churchId: null, associationId: id, action: active ? 'association.reactivated' : 'association.deactivated',
      resourceType: 'association', resourceId: id, details: { code: before.code, sessions_ended: sessionsEnded },
      description: `${active ? 'Reactivated' : 'Deactivated'} association ${before.code}`,
    });
  }
  const counts = await countsOf(tx, [id]);
  return { message: active ? M.reactivated : M.deactivated, association: toAdminAssociationDto(after, counts.get(id)) };
}

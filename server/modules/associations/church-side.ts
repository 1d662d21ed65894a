import { and, desc, eq, inArray } from 'drizzle-orm';
import { associationCirculars, associationMemberships, associations, circularReads } from '../../../drizzle/schema/index.js';
import type { TenantScope } from '../../core/scopes.js';
import { conflict, notFound } from '../../core/errors.js';
import { auditChurchChange } from '../audit/index.js';
import { ASSOCIATION_MESSAGES as M } from './messages.js';

/**
 * A church's side of its association, in its tenant transaction: the invitations it has, the
 * association it belongs to, its answers and its leaving, and the circulars sent to it. Row-level
 * security keeps each query to the church's own memberships and to the circulars of the association
 * it belongs to now (of its section, or to all).
 */

const membershipColumns = {
  id: associationMemberships.id, status: associationMemberships.status, invited_by_name: associationMemberships.invitedByName,
  invited_at: associationMemberships.invitedAt, answered_at: associationMemberships.answeredAt,
  association_id: associations.id, association_name: associations.name, association_code: associations.code, association_kind: associations.kind,
};

export async function membershipOverview(scope: TenantScope) {
  const rows = await scope.tx.select(membershipColumns).from(associationMemberships)
    .innerJoin(associations, eq(associations.id, associationMemberships.associationId))
    .where(and(eq(associationMemberships.churchId, scope.church.id), inArray(associationMemberships.status, ['invited', 'active'])))
    .orderBy(desc(associationMemberships.invitedAt));
  const dto = (row: typeof rows[number]) => ({
    ...row, invited_at: row.invited_at.toISOString(), answered_at: row.answered_at?.toISOString() ?? null,
  });
  return {
    membership: rows.filter((row) => row.status === 'active').map(dto)[0] ?? null,
    invitations: rows.filter((row) => row.status === 'invited').map(dto),
  };
}

async function answer(scope: TenantScope, membershipId: string, status: 'active' | 'declined') {
  if (status === 'active') {
    const [member] = await scope.tx.select({ id: associationMemberships.id }).from(associationMemberships)
      .where(and(eq(associationMemberships.churchId, scope.church.id), eq(associationMemberships.status, 'active'))).limit(1);
    if (member) throw conflict(M.memberElsewhere);
  }
  const now = new Date();
  const [row] = await scope.tx.update(associationMemberships)
    .set({ status, answeredAt: now, answeredByUserId: scope.user.id, updatedAt: now })
    .where(and(eq(associationMemberships.churchId, scope.church.id), eq(associationMemberships.id, membershipId),
      eq(associationMemberships.status, 'invited')))
    .returning({ id: associationMemberships.id, associationId: associationMemberships.associationId });
  if (!row) throw notFound(M.membershipNotFound);
  await auditChurchChange(scope.tx, {
    user: scope.user, action: status === 'active' ? 'accept_association' : 'decline_association',
    resourceType: 'association_membership', resourceId: row.id, details: { association_id: row.associationId },
    description: status === 'active' ? 'Accepted an association\'s invitation' : 'Declined an association\'s invitation',
  });
  return { membership_id: row.id, status };
}

export const acceptInvitation = (scope: TenantScope, membershipId: string) => answer(scope, membershipId, 'active');
export const declineInvitation = (scope: TenantScope, membershipId: string) => answer(scope, membershipId, 'declined');

/** Leaving is the church's decision; from this moment the association sees none of its figures and
 * it receives no more circulars. */
export async function leaveAssociation(scope: TenantScope) {
  const now = new Date();
  const [row] = await scope.tx.update(associationMemberships).set({ status: 'left', leftAt: now, updatedAt: now })
    .where(and(eq(associationMemberships.churchId, scope.church.id), eq(associationMemberships.status, 'active')))
    .returning({ id: associationMemberships.id, associationId: associationMemberships.associationId });
  if (!row) throw notFound(M.notAMember);
  await auditChurchChange(scope.tx, {
    user: scope.user, action: 'leave_association', resourceType: 'association_membership', resourceId: row.id,
    details: { association_id: row.associationId }, description: 'Left the association',
  });
  return { membership_id: row.id, status: 'left' as const };
}

/** The circulars sent to the church (its association's, to all or to its section), newest first,
 * each with whether the signed-in user has read it and who of the church has. */
export async function churchCirculars(scope: TenantScope) {
  const circulars = await scope.tx.select({
    id: associationCirculars.id, title: associationCirculars.title, body: associationCirculars.body,
    published_by_name: associationCirculars.publishedByName, published_at: associationCirculars.publishedAt,
    association_name: associations.name,
  }).from(associationCirculars).innerJoin(associations, eq(associations.id, associationCirculars.associationId))
    .orderBy(desc(associationCirculars.publishedAt)).limit(100);
  const reads = circulars.length === 0 ? [] : await scope.tx.select().from(circularReads)
    .where(and(eq(circularReads.churchId, scope.church.id), inArray(circularReads.circularId, circulars.map((c) => c.id))));
  return circulars.map((c) => {
    const readers = reads.filter((r) => r.circularId === c.id);
    return {
      ...c, published_at: c.published_at.toISOString(),
      read_by_me: readers.some((r) => r.userId === scope.user.id),
      readers: readers.map((r) => ({ name: r.readerName, read_at: r.readAt.toISOString() })),
    };
  });
}

/** The signed-in user has read a circular (once; a second time changes nothing). */
export async function markCircularRead(scope: TenantScope, circularId: string) {
  const [circular] = await scope.tx.select({ associationId: associationCirculars.associationId }).from(associationCirculars)
    .where(eq(associationCirculars.id, circularId)).limit(1);
  if (!circular) throw notFound(M.circularNotFound);
  await scope.tx.insert(circularReads).values({
    churchId: scope.church.id, associationId: circular.associationId, circularId, userId: scope.user.id,
    readerName: scope.user.name, readerRole: scope.user.role,
  }).onConflictDoNothing();
  return { read: true };
}

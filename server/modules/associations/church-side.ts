import { and, eq, inArray, sql } from 'drizzle-orm';
import { associationMemberships, circularReads } from '../../../drizzle/schema/index.js';
import { rowsOf } from '../../db/index.js';
import type { AssociationKind, TenantScope } from '../../core/scopes.js';
import { conflict, notFound } from '../../core/errors.js';
import { auditChurchChange } from '../audit/index.js';
import { ASSOCIATION_MESSAGES as M } from './messages.js';

/**
 * A church's side of its association, in its tenant transaction: the invitations it has, the
 * association it belongs to, its answers and its leaving, and the circulars sent to it. Row-level
 * security keeps each query to the church's own memberships and readers; the association's name and
 * its circulars come through functions of migration 0047 that read for the transaction's church only.
 */

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

/** The church's invitations and membership, with the association's name (through
 * church_association_memberships: the church reads no association row itself). */
export async function membershipOverview(scope: TenantScope) {
  const rows = rowsOf<Record<string, unknown>>(await scope.tx.execute(sql`select * from church_association_memberships() order by invited_at desc`))
    .map((row) => ({
      id: row.id as string, status: row.status as 'invited' | 'active', invited_by_name: row.invited_by_name as string,
      invited_at: iso(row.invited_at)!, answered_at: iso(row.answered_at),
      association_id: row.association_id as string, association_name: row.association_name as string,
      association_code: row.association_code as string, association_kind: row.association_kind as AssociationKind,
    }));
  return {
    membership: rows.find((row) => row.status === 'active') ?? null,
    invitations: rows.filter((row) => row.status === 'invited'),
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

/** The circulars sent to the church (its association's, to all or to its section: church_circulars),
 * newest first, each with whether the signed-in user has read it and who of the church has. */
export async function churchCirculars(scope: TenantScope) {
  const circulars = rowsOf<Record<string, unknown>>(await scope.tx.execute(sql`select * from church_circulars() order by published_at desc limit 100`))
    .map((row) => ({
      id: row.id as string, title: row.title as string, body: row.body as string, published_by_name: row.published_by_name as string,
      published_at: iso(row.published_at)!, association_name: row.association_name as string,
      pdf_name: row.pdf_name as string | null, pdf_bytes: row.pdf_bytes as number | null,
    }));
  const reads = circulars.length === 0 ? [] : await scope.tx.select().from(circularReads)
    .where(and(eq(circularReads.churchId, scope.church.id), inArray(circularReads.circularId, circulars.map((c) => c.id))));
  return circulars.map((c) => {
    const readers = reads.filter((r) => r.circularId === c.id);
    return {
      ...c,
      read_by_me: readers.some((r) => r.userId === scope.user.id),
      readers: readers.map((r) => ({ name: r.readerName, read_at: r.readAt.toISOString() })),
    };
  });
}

/** A circular sent to the church (church_circulars: its association's, to all or its section, while
 * it is a member), or 404. */
async function sentCircular(scope: TenantScope, circularId: string) {
  const [sent] = rowsOf<{ association_id: string; pdf_key: string | null; pdf_name: string | null }>(await scope.tx.execute(
    sql`select association_id, pdf_key, pdf_name from church_circulars() where id = ${circularId}`));
  if (!sent) throw notFound(M.circularNotFound);
  return sent;
}

/** The stored PDF of a circular sent to the church (404 when none was sent or it has none). Reading
 * it leaves the read mark as it is: that stays the user's own mark. */
export async function churchCircularPdf(scope: TenantScope, circularId: string) {
  const sent = await sentCircular(scope, circularId);
  if (!sent.pdf_key || !sent.pdf_name) throw notFound(M.circularPdfNotFound);
  return { key: sent.pdf_key, name: sent.pdf_name };
}

/** The signed-in user has read a circular sent to the church (once; again changes nothing). */
export async function markCircularRead(scope: TenantScope, circularId: string) {
  const sent = await sentCircular(scope, circularId);
  await scope.tx.insert(circularReads).values({
    churchId: scope.church.id, associationId: sent.association_id, circularId, userId: scope.user.id,
    readerName: scope.user.name, readerRole: scope.user.role,
  }).onConflictDoNothing();
  return { read: true };
}

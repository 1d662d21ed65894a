import { and, eq, sql } from 'drizzle-orm';
import { associationMemberships, associationSections } from '../../../drizzle/schema/index.js';
import { rowsOf } from '../../db/index.js';
import type { AssociationScope } from '../../core/scopes.js';
import { conflict, notFound } from '../../core/errors.js';
import type { MembershipStatus } from '../../../common/associations.js';
import { ASSOCIATION_MESSAGES as M } from './messages.js';
import { auditOfficerChange } from './audit.js';

export interface MemberChurchDto {
  membership_id: string; church_id: string; church_code: string; church_name: string;
  section_id: string | null; status: MembershipStatus; invited_by_name: string;
  invited_at: string; answered_at: string | null; left_at: string | null;
}

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

/** The churches the association invited or holds, by name (the platform's function: the association
 * reads no church row), newest invitation first. */
export async function listMembers(scope: AssociationScope): Promise<MemberChurchDto[]> {
  const rows = rowsOf<Record<string, unknown>>(await scope.tx.execute(sql`select * from association_member_churches() order by invited_at desc`));
  return rows.map((row) => ({
    membership_id: row.membership_id as string, church_id: row.church_id as string,
    church_code: row.church_code as string, church_name: row.church_name as string,
    section_id: (row.section_id as string | null) ?? null, status: row.status as MembershipStatus,
    invited_by_name: row.invited_by_name as string, invited_at: iso(row.invited_at)!,
    answered_at: iso(row.answered_at), left_at: iso(row.left_at),
  }));
}

export async function assertSection(scope: AssociationScope, sectionId: string | null): Promise<void> {
  if (sectionId === null) return;
  const [section] = await scope.tx.select({ id: associationSections.id }).from(associationSections)
    .where(and(eq(associationSections.associationId, scope.association.id), eq(associationSections.id, sectionId))).limit(1);
  if (!section) throw notFound(M.sectionNotFound);
}

/** Invites a church by its code (the church's super admin answers); one open invitation or
 * membership per church and association. Audited. */
export async function inviteChurch(scope: AssociationScope, input: { church_code: string; section_id: string | null }) {
  const [church] = rowsOf<{ church_id: string; church_name: string }>(
    await scope.tx.execute(sql`select church_id, church_name from association_find_church(${input.church_code})`));
  if (!church) throw notFound(M.churchNotFound);
  await assertSection(scope, input.section_id);
  const [open] = await scope.tx.select({ id: associationMemberships.id }).from(associationMemberships)
    .where(and(eq(associationMemberships.associationId, scope.association.id), eq(associationMemberships.churchId, church.church_id),
      sql`${associationMemberships.status} in ('invited', 'active')`)).limit(1);
  if (open) throw conflict(M.alreadyInvited);
  const [row] = await scope.tx.insert(associationMemberships).values({
    associationId: scope.association.id, churchId: church.church_id, sectionId: input.section_id, invitedByName: scope.officer.name,
  }).returning({ id: associationMemberships.id });
  await auditOfficerChange(scope, {
    action: 'invite_church', resourceType: 'association_membership', resourceId: row.id,
    details: { church_id: church.church_id, church_code: input.church_code }, description: `Invited church ${input.church_code}`,
  });
  return { membership_id: row.id, church_name: church.church_name, status: 'invited' as const };
}

/** Withdraws an invitation the church has not answered (a membership is the church's to leave). */
export async function withdrawInvitation(scope: AssociationScope, membershipId: string) {
  const [row] = await scope.tx.update(associationMemberships).set({ status: 'withdrawn', updatedAt: new Date() })
    .where(and(eq(associationMemberships.associationId, scope.association.id), eq(associationMemberships.id, membershipId),
      eq(associationMemberships.status, 'invited')))
    .returning({ id: associationMemberships.id, churchId: associationMemberships.churchId });
  if (!row) throw notFound(M.membershipNotFound);
  await auditOfficerChange(scope, {
    action: 'withdraw_invitation', resourceType: 'association_membership', resourceId: row.id,
    details: { church_id: row.churchId }, description: 'Withdrew an invitation',
  });
  return { membership_id: row.id, status: 'withdrawn' as const };
}

/** Puts an invited or member church in a section, or in none. */
export async function setMemberSection(scope: AssociationScope, input: { id: string; section_id: string | null }) {
  await assertSection(scope, input.section_id);
  const [row] = await scope.tx.update(associationMemberships).set({ sectionId: input.section_id, updatedAt: new Date() })
    .where(and(eq(associationMemberships.associationId, scope.association.id), eq(associationMemberships.id, input.id),
      sql`${associationMemberships.status} in ('invited', 'active')`))
    .returning({ id: associationMemberships.id });
  if (!row) throw notFound(M.membershipNotFound);
  await auditOfficerChange(scope, {
    action: 'set_member_section', resourceType: 'association_membership', resourceId: row.id,
    details: { section_id: input.section_id }, description: 'Changed a church\'s section',
  });
  return { membership_id: row.id, section_id: input.section_id };
}

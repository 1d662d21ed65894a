import { and, asc, eq, sql } from 'drizzle-orm';
import { associationOfficers, associationSessions } from '../../../drizzle/schema/index.js';
import type { OfficerRole } from '../../../common/associations.js';
import type { AssociationScope } from '../../core/scopes.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { hashPassword } from '../credentials/index.js';
import { ASSOCIATION_MESSAGES as M } from './messages.js';
import { assertSection } from './members.js';
import { auditOfficerChange } from './audit.js';

const officerColumns = {
  id: associationOfficers.id, name: associationOfficers.name, email: associationOfficers.email, role: associationOfficers.role,
  section_id: associationOfficers.sectionId, is_active: associationOfficers.isActive,
};

export async function listOfficers(scope: AssociationScope) {
  const rows = await scope.tx.select({
    ...officerColumns,
    // Its newest session (sessions are kept a day past their end): written at sign-in, not the officer's row.
    last_sign_in_at: sql<string | null>`(select max(s.created_at) from ${associationSessions} s
      where s.association_id = ${associationOfficers.associationId} and s.officer_id = ${associationOfficers.id})`,
  }).from(associationOfficers)
    .where(eq(associationOfficers.associationId, scope.association.id)).orderBy(asc(associationOfficers.name));
  return rows.map((row) => ({ ...row, last_sign_in_at: row.last_sign_in_at === null ? null : new Date(row.last_sign_in_at).toISOString() }));
}

/** A section convener works for a section; the association's other officers for all of it. */
async function checkedSection(scope: AssociationScope, role: OfficerRole, sectionId: string | null): Promise<string | null> {
  if (role !== 'section_convener') return null;
  if (sectionId === null) throw badRequest(M.convenerNeedsSection);
  await assertSection(scope, sectionId);
  return sectionId;
}

export async function createOfficer(scope: AssociationScope, input: { name: string; email: string; password: string; role: OfficerRole; section_id: string | null }) {
  const sectionId = await checkedSection(scope, input.role, input.section_id);
  const [taken] = await scope.tx.select({ id: associationOfficers.id }).from(associationOfficers)
    .where(and(eq(associationOfficers.associationId, scope.association.id), sql`lower(${associationOfficers.email}) = ${input.email.toLowerCase()}`)).limit(1);
  if (taken) throw conflict(M.officerEmailTaken);
  const passwordHash = await hashPassword(input.password);
  const [row] = await scope.tx.insert(associationOfficers).values({
    associationId: scope.association.id, name: input.name, email: input.email, passwordHash, role: input.role, sectionId,
  }).returning(officerColumns);
  await auditOfficerChange(scope, {
    action: 'create_officer', resourceType: 'association_officer', resourceId: row.id,
    details: { role: input.role, section_id: sectionId }, description: `Added officer ${input.name} (${input.role})`,
  });
  return { ...row, last_sign_in_at: null };
}

/** Changes an officer's role, section or activity. The association keeps an active admin: an admin
 * cannot deactivate or demote themselves. */
export async function updateOfficer(scope: AssociationScope, input: { id: string; role?: OfficerRole; section_id?: string | null; is_active?: boolean }) {
  const [current] = await scope.tx.select().from(associationOfficers)
    .where(and(eq(associationOfficers.associationId, scope.association.id), eq(associationOfficers.id, input.id))).limit(1);
  if (!current) throw notFound(M.officerNotFound);
  const role = input.role ?? current.role;
  const isActive = input.is_active ?? current.isActive;
  if (current.id === scope.officer.id && (role !== 'association_admin' || !isActive)) throw badRequest(M.keepYourselfAdmin);
  const sectionId = await checkedSection(scope, role, input.section_id === undefined ? current.sectionId : input.section_id);
  const [row] = await scope.tx.update(associationOfficers).set({ role, sectionId, isActive, updatedAt: new Date() })
    .where(and(eq(associationOfficers.associationId, scope.association.id), eq(associationOfficers.id, input.id)))
    .returning(officerColumns);
  await auditOfficerChange(scope, {
    action: 'update_officer', resourceType: 'association_officer', resourceId: row.id,
    details: { role, section_id: sectionId, is_active: isActive }, description: `Changed officer ${row.name}`,
  });
  // A deactivated officer's sessions end at once (trigger association_officers_end_sessions; the
  // door's lookup also refuses an inactive officer).
  return row;
}


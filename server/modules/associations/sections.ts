import { and, asc, eq, sql } from 'drizzle-orm';
import { associationSections } from '../../../drizzle/schema/index.js';
import type { AssociationScope } from '../../core/scopes.js';
import { conflict, notFound } from '../../core/errors.js';
import { ASSOCIATION_MESSAGES as M } from './messages.js';
import { auditOfficerChange } from './audit.js';

export async function listSections(scope: AssociationScope) {
  return scope.tx.select({ id: associationSections.id, name: associationSections.name }).from(associationSections)
    .where(eq(associationSections.associationId, scope.association.id)).orderBy(asc(associationSections.name));
}

async function assertNameFree(scope: AssociationScope, name: string, exceptId?: string) {
  const [taken] = await scope.tx.select({ id: associationSections.id }).from(associationSections)
    .where(and(eq(associationSections.associationId, scope.association.id), sql`lower(${associationSections.name}) = ${name.toLowerCase()}`)).limit(1);
  if (taken && taken.id !== exceptId) throw conflict(M.sectionNameTaken);
}

export async function createSection(scope: AssociationScope, name: string) {
  await assertNameFree(scope, name);
  const [row] = await scope.tx.insert(associationSections).values({ associationId: scope.association.id, name })
    .returning({ id: associationSections.id, name: associationSections.name });
  await auditOfficerChange(scope, { action: 'create_section', resourceType: 'association_section', resourceId: row.id, details: { name }, description: `Added section ${name}` });
  return row;
}

export async function renameSection(scope: AssociationScope, input: { id: string; name: string }) {
  await assertNameFree(scope, input.name, input.id);
  const [row] = await scope.tx.update(associationSections).set({ name: input.name, updatedAt: new Date() })
    .where(and(eq(associationSections.associationId, scope.association.id), eq(associationSections.id, input.id)))
    .returning({ id: associationSections.id, name: associationSections.name });
  if (!row) throw notFound(M.sectionNotFound);
  await auditOfficerChange(scope, { action: 'rename_section', resourceType: 'association_section', resourceId: row.id, details: { name: input.name }, description: `Renamed a section to ${input.name}` });
  return row;
}

/** Its churches, conveners and circulars stay in the association, without a section (the keys' SET NULL). */
export async function deleteSection(scope: AssociationScope, id: string) {
  const [row] = await scope.tx.delete(associationSections)
    .where(and(eq(associationSections.associationId, scope.association.id), eq(associationSections.id, id)))
    .returning({ id: associationSections.id, name: associationSections.name });
  if (!row) throw notFound(M.sectionNotFound);
  await auditOfficerChange(scope, { action: 'delete_section', resourceType: 'association_section', resourceId: row.id, details: { name: row.name }, description: `Deleted section ${row.name}` });
  return { deleted: true };
}

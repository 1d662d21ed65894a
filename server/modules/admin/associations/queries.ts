import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  associationMemberships, associationOfficers, associations, associationSessions, churches,
} from '../../../../drizzle/schema/index.js';
import type { Tx } from '../../../db/index.js';

// The console's associations, read and written in the platform transaction (no row-level security;
// app_platform holds every privilege on the association tables, migration 0047). The counts of a page
// are grouped statements over the page's ids, never a subquery per row.

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const whereOf = (search: string | undefined): SQL | undefined => {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(ilike(associations.name, pattern), ilike(associations.code, pattern));
};

/** Newest first. */
export function selectAssociationPage(tx: Tx, search: string | undefined, page: { limit: number; offset: number }) {
  return tx.select().from(associations).where(whereOf(search))
    .orderBy(desc(associations.createdAt), desc(associations.id)).limit(page.limit).offset(page.offset);
}
export type AdminAssociationRow = Awaited<ReturnType<typeof selectAssociationPage>>[number];

export async function countAssociations(tx: Tx, search: string | undefined): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(associations).where(whereOf(search));
  return row.n;
}

export interface AssociationCounts { members: number; invited: number; officers: number }

/** Member churches (active memberships), churches invited and not yet answering, and officers of some
 * associations: two grouped statements over their ids. */
export async function countsOf(tx: Tx, ids: string[]): Promise<Map<string, AssociationCounts>> {
  const counts = new Map<string, AssociationCounts>(ids.map((id) => [id, { members: 0, invited: 0, officers: 0 }]));
  if (ids.length === 0) return counts;
  const [memberships, officers] = await Promise.all([
    tx.select({
      id: associationMemberships.associationId,
      members: sql<number>`(count(*) filter (where ${associationMemberships.status} = 'active'))::int`,
      invited: sql<number>`(count(*) filter (where ${associationMemberships.status} = 'invited'))::int`,
    }).from(associationMemberships)
      .where(and(inArray(associationMemberships.associationId, ids), inArray(associationMemberships.status, ['active', 'invited'])))
      .groupBy(associationMemberships.associationId),
    tx.select({ id: associationOfficers.associationId, n: count() }).from(associationOfficers)
      .where(inArray(associationOfficers.associationId, ids)).groupBy(associationOfficers.associationId),
  ]);
  for (const r of memberships) Object.assign(counts.get(r.id)!, { members: r.members, invited: r.invited });
  for (const r of officers) counts.get(r.id)!.officers = r.n;
  return counts;
}

/** Whether a church holds `code` (a church's code and an association's share the sign-in field). */
export async function churchHoldsCode(tx: Tx, code: string): Promise<boolean> {
  const [row] = await tx.select({ id: churches.id }).from(churches).where(eq(churches.code, code)).limit(1);
  return Boolean(row);
}

export async function associationHoldsCode(tx: Tx, code: string): Promise<boolean> {
  const [row] = await tx.select({ id: associations.id }).from(associations).where(eq(associations.code, code)).limit(1);
  return Boolean(row);
}

/** The association, unless the code was taken meanwhile (ON CONFLICT DO NOTHING: no row). */
export async function insertAssociation(tx: Tx, values: typeof associations.$inferInsert) {
  const [row] = await tx.insert(associations).values(values).onConflictDoNothing({ target: associations.code }).returning();
  return row as AdminAssociationRow | undefined;
}

export async function insertOfficer(tx: Tx, values: typeof associationOfficers.$inferInsert) {
  const [row] = await tx.insert(associationOfficers).values(values).returning({ id: associationOfficers.id });
  return row;
}

/** The association row, locked until the transaction ends. */
export async function lockAssociation(tx: Tx, id: string) {
  const [row] = await tx.select().from(associations).where(eq(associations.id, id)).for('update');
  return row as AdminAssociationRow | undefined;
}

export async function setAssociationActive(tx: Tx, id: string, isActive: boolean) {
  const [row] = await tx.update(associations).set({ isActive, updatedAt: new Date() }).where(eq(associations.id, id)).returning();
  return row;
}

/** Ends every open session of the association's officers, for good: a reactivation does not bring
 * them back (the door would already refuse them while the association is inactive). */
export async function revokeAssociationSessions(tx: Tx, id: string): Promise<number> {
  const rows = await tx.update(associationSessions).set({ revokedAt: new Date() })
    .where(and(eq(associationSessions.associationId, id), isNull(associationSessions.revokedAt)))
    .returning({ id: associationSessions.id });
  return rows.length;
}

/** The association each of some churches belongs to now (an active membership: at most one). */
export async function associationsOfChurches(tx: Tx, churchIds: string[]) {
  const found = new Map<string, { id: string; code: string; name: string }>();
  if (churchIds.length === 0) return found;
  const rows = await tx.select({
    churchId: associationMemberships.churchId, id: associations.id, code: associations.code, name: associations.name,
  }).from(associationMemberships).innerJoin(associations, eq(associations.id, associationMemberships.associationId))
    .where(and(inArray(associationMemberships.churchId, churchIds), eq(associationMemberships.status, 'active')));
  for (const r of rows) found.set(r.churchId, { id: r.id, code: r.code, name: r.name });
  return found;
}

/** The overview's figures: associations, active ones, and churches that are members of one. */
export async function associationTotals(tx: Tx) {
  const [[totals], [members]] = await Promise.all([
    tx.select({
      total: count(), active: sql<number>`(count(*) filter (where ${associations.isActive}))::int`,
    }).from(associations),
    tx.select({ n: count() }).from(associationMemberships).where(eq(associationMemberships.status, 'active')),
  ]);
  return { total: totals.total, active: totals.active, memberChurches: members.n };
}

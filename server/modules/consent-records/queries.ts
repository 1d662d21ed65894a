import { and, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { consentLinks, studentConsents } from '../../../drizzle/schema/index.js';
import type { ConsentPurpose } from '../../../common/consent.js';
import { rowsOf, type Tx } from '../../db/index.js';

// Every statement names its church (`church_id = <the church>`): row-level security filters by it
// in a tenant transaction, and Citus routes the statement to that church's shard.

/** New answers (the table only takes new rows: a withdrawal is a new answer, the history stays). */
export async function insertConsents(tx: Tx, rows: (typeof studentConsents.$inferInsert)[]) {
  return tx.insert(studentConsents).values(rows).returning();
}

/**
 * True for the child whose latest answer for the purpose is not "given" (or who has none), as a
 * condition other statements embed (the gallery filters its pages with it, so counts stay right).
 * `studentId` is the column or expression naming the child. Written as "not among the children
 * whose latest answer is given": the church's answers for the purpose are read once per statement
 * (a hashed set), not once per child per row, which keeps a filtered page and its count close to
 * the cost of an unfiltered one.
 */
export function lacksConsent(churchId: string, studentId: SQL, purpose: ConsentPurpose): SQL {
  const a = alias(studentConsents, 'a'); // the subquery's own name, so its condition names `a.church_id`
  return sql`${studentId} not in (
    select latest.student_id from (
      select distinct on (a.student_id) a.student_id, a.given from ${studentConsents} a
      where ${eq(a.churchId, churchId)} and a.purpose = ${purpose}
      order by a.student_id, a.recorded_at desc, a.id desc) latest
    where latest.given)`;
}

/** Of these children, those whose latest answer for the purpose is not "given" (or who have none). */
export async function selectLackingConsent(tx: Tx, churchId: string, studentIds: readonly string[], purpose: ConsentPurpose): Promise<Set<string>> {
  if (studentIds.length === 0) return new Set();
  const result = await tx.execute(sql`
    select s.id from unnest(${`{${studentIds.join(',')}}`}::uuid[]) as s(id)
    where ${lacksConsent(churchId, sql`s.id`, purpose)}`);
  return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
}

/** Why a link stopped before its expiry (the column `revoked_reason`). */
export type RevokedReason = 'revoked' | 'guardian_removed' | 'guardian_changed' | 'replaced';

/**
 * Stops the open links (unused, unexpired, not revoked) of a child: all of them, or those of some
 * guardians, or but one; answers the ids it stopped. `by` is the staff member whose action stopped them.
 */
export async function revokeOpenLinks(
  tx: Tx, churchId: string, studentId: string, which: { guardianIds?: readonly string[]; linkId?: string; except?: string },
  reason: RevokedReason, by: string | null,
): Promise<string[]> {
  if (which.guardianIds && which.guardianIds.length === 0) return [];
  const rows = await tx.update(consentLinks).set({ revokedAt: sql`now()`, revokedReason: reason, revokedBy: by })
    .where(and(
      eq(consentLinks.churchId, churchId), eq(consentLinks.studentId, studentId),
      isNull(consentLinks.usedAt), isNull(consentLinks.revokedAt), gt(consentLinks.expiresAt, sql`now()`),
      which.guardianIds ? inArray(consentLinks.guardianId, [...which.guardianIds]) : undefined,
      which.linkId ? eq(consentLinks.id, which.linkId) : undefined,
      which.except ? ne(consentLinks.id, which.except) : undefined,
    ))
    .returning({ id: consentLinks.id });
  return rows.map((r) => r.id);
}

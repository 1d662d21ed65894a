import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { churchPrivacyNotices, studentConsents } from '../../../drizzle/schema/index.js';
import type { ConsentPurpose } from '../../../common/consent.js';
import { rowsOf, type Tx } from '../../db/index.js';

// Row-level security limits every statement here to the church of the tenant transaction.

export type ConsentRow = typeof studentConsents.$inferSelect;

/** The answer in force of each purpose of each child: the latest row per (child, purpose). */
export async function selectCurrentConsents(tx: Tx, studentIds: readonly string[]): Promise<ConsentRow[]> {
  if (studentIds.length === 0) return [];
  return tx.selectDistinctOn([studentConsents.studentId, studentConsents.purpose]).from(studentConsents)
    .where(inArray(studentConsents.studentId, [...studentIds]))
    .orderBy(studentConsents.studentId, studentConsents.purpose, desc(studentConsents.recordedAt), desc(studentConsents.id));
}

/**
 * True for the child whose latest answer for the purpose is not "given" (or who has none), as a
 * condition other statements embed (the gallery filters its pages with it, so counts stay right).
 * `studentId` is the column or expression naming the child. Written as "not among the children
 * whose latest answer is given": the church's answers for the purpose are read once per statement
 * (a hashed set), not once per child per row, which keeps a filtered page and its count close to
 * the cost of an unfiltered one.
 */
export function lacksConsent(studentId: SQL, purpose: ConsentPurpose): SQL {
  return sql`${studentId} not in (
    select latest.student_id from (
      select distinct on (a.student_id) a.student_id, a.given from ${studentConsents} a
      where a.purpose = ${purpose}
      order by a.student_id, a.recorded_at desc, a.id desc) latest
    where latest.given)`;
}

/** Of these children, those whose latest answer for the purpose is not "given" (or who have none). */
export async function selectLackingConsent(tx: Tx, studentIds: readonly string[], purpose: ConsentPurpose): Promise<Set<string>> {
  if (studentIds.length === 0) return new Set();
  const result = await tx.execute(sql`
    select s.id from unnest(${`{${studentIds.join(',')}}`}::uuid[]) as s(id)
    where ${lacksConsent(sql`s.id`, purpose)}`);
  return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
}

/** Every answer of one child, newest first. */
export function selectConsentHistory(tx: Tx, studentId: string): Promise<ConsentRow[]> {
  return tx.select().from(studentConsents).where(eq(studentConsents.studentId, studentId))
    .orderBy(desc(studentConsents.recordedAt), desc(studentConsents.id));
}

export async function insertConsents(tx: Tx, rows: (typeof studentConsents.$inferInsert)[]): Promise<ConsentRow[]> {
  return tx.insert(studentConsents).values(rows).returning();
}

export async function selectPrivacyNotice(tx: Tx, churchId: string) {
  const [row] = await tx.select().from(churchPrivacyNotices).where(and(eq(churchPrivacyNotices.churchId, churchId)));
  return row;
}

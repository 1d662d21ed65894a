import { and, count, desc, eq, sql } from 'drizzle-orm';
import { attendance, childDataReads, churches, classes, students } from '../../../drizzle/schema/index.js';
import type { AccessLogKind } from '../../../common/schemas/privacy.js';
import { rowsOf, type Tx } from '../../db/index.js';

// Every statement names its church, which the caller passes: row-level security limits a tenant
// transaction to it as well, and the access log's page is also read by the operator's platform door.

/** Redacts the church's audit entries tied to the child's ids, and only those (migrations:
 * redact_church_audit_of_child); answers how many entries were redacted. */
export async function redactAuditOfChild(tx: Tx, ids: readonly string[]): Promise<number> {
  const result = await tx.execute(sql`select redact_church_audit_of_child(${`{${ids.join(',')}}`}::uuid[]) as n`);
  return Number(rowsOf<{ n: number }>(result)[0].n);
}

/** The church's retention setting in years. */
export async function retentionYears(tx: Tx, churchId: string): Promise<number> {
  const [row] = await tx.select({ years: churches.retentionYears }).from(churches).where(eq(churches.id, churchId));
  return row.years;
}

/** Sets it, answering the value it replaced (the church row locked, so two saves at once each audit
 * the value they really replaced). */
export async function setRetentionYears(tx: Tx, churchId: string, years: number): Promise<number> {
  const [old] = await tx.select({ years: churches.retentionYears }).from(churches).where(eq(churches.id, churchId)).for('update');
  await tx.update(churches).set({ retentionYears: years, updatedAt: new Date() }).where(eq(churches.id, churchId));
  return old.years;
}

export interface CandidateRow {
  id: string;
  name: string;
  class_name: string;
  class_section: string;
  academic_year: string;
  last_seen: string | null;
  created_at: string;
}

/**
 * The children not seen for `years` years, as of the church's `today`: their last attendance mark
 * (present or absent) is older than that, or they were never marked and were added before that;
 * left out, those someone chose to keep within the past year. The oldest last seen first.
 */
export async function erasureCandidates(tx: Tx, churchId: string, years: number, today: string): Promise<CandidateRow[]> {
  const cutoff = sql`(${today}::date - make_interval(years => ${years}::int))::date`;
  const result = await tx.execute(sql`
    select s.id, s.name, c.class_name, c.section as class_section, s.academic_year,
           seen.last_seen::text as last_seen, s.created_at
    from ${students} s
    join ${classes} c on c.church_id = s.church_id and c.id = s.class_id
    -- An aggregate answers one row even for a child never marked, so a cross join loses no child; an
    -- outer join here is refused by Citus on PostgreSQL 15 (a constant condition beside it).
    cross join lateral (
      select max(a.date) as last_seen from ${attendance} a where a.church_id = ${churchId}::uuid and a.student_id = s.id
    ) seen
    where s.church_id = ${churchId}::uuid
      and (s.retention_reviewed_at is null or s.retention_reviewed_at < now() - interval '1 year')
      and case when seen.last_seen is null then s.created_at < ${cutoff} else seen.last_seen < ${cutoff} end
    order by coalesce(seen.last_seen, s.created_at::date), s.name, s.id`);
  return rowsOf<CandidateRow & { created_at: string | Date }>(result).map((row) => ({
    ...row, created_at: new Date(row.created_at).toISOString(),
  }));
}

/** Marks the child kept: offered again a year from now. */
export async function markKept(tx: Tx, churchId: string, studentId: string): Promise<Date> {
  const [row] = await tx.update(students).set({ retentionReviewedAt: new Date() }).where(and(eq(students.churchId, churchId), eq(students.id, studentId)))
    .returning({ at: students.retentionReviewedAt });
  return row.at ?? new Date();
}

export interface AccessLogFilter {
  kind?: AccessLogKind;
  studentId?: string;
}

/** A page of one church's access log, newest first, with the child's current name (null once the
 * child is erased), and how many entries the filter finds. */
export async function accessLogPage(tx: Tx, churchId: string, filter: AccessLogFilter, page: { limit: number; offset: number }) {
  const where = and(
    eq(childDataReads.churchId, churchId),
    filter.kind ? eq(childDataReads.kind, filter.kind) : undefined,
    filter.studentId ? eq(childDataReads.studentId, filter.studentId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx.select({
      id: childDataReads.id, kind: childDataReads.kind, studentId: childDataReads.studentId, studentName: students.name,
      readerId: childDataReads.readerId, readerName: childDataReads.readerName, readerRole: childDataReads.readerRole,
      readAt: childDataReads.readAt,
    }).from(childDataReads)
      .leftJoin(students, and(eq(students.churchId, childDataReads.churchId), eq(students.id, childDataReads.studentId)))
      .where(where)
      .orderBy(desc(childDataReads.readAt), desc(childDataReads.id))
      .limit(page.limit).offset(page.offset),
    tx.select({ n: count() }).from(childDataReads).where(where),
  ]);
  return { rows, total: total.n };
}

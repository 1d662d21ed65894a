import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/index.js';

/**
 * Roll calls for the tests where the database or the server dies mid-load: each request marks every
 * student of its class with a pattern of present/absent of its own (the bits of its sequence number),
 * so what is stored afterwards says which request wrote it, and a roll call written in part shows.
 */

/** The statuses of request `seq` for a class of `students` students, by roll number. */
export const patternOf = (seq: number, students: number): string[] =>
  Array.from({ length: students }, (_, i) => ((seq >> i) & 1 ? 'present' : 'absent'));

export interface MarkAttempt {
  classId: string;
  date: string;
  seq: number;
  /** HTTP status; 0 when no answer came (refused, reset, timed out). */
  status: number;
}

/**
 * Checks what is stored for `classIds` (read as the owner) against the attempts: for every class and
 * date, either no row at all (only when no request for it was answered 2xx), or one row per student,
 * all of one statement (one marked_at, one marked_by), with the pattern of an attempt made no earlier
 * than the last one answered 2xx. Returns the problems found, empty when all is well.
 */
export async function rollCallProblems(db: Database, classIds: string[], students: number, attempts: MarkAttempt[]): Promise<string[]> {
  const rows = await db.ownerQuery<{ class_id: string; date: string; status: string; marked_at: string; marked_by: string; roll: number }>(sql`
    select a.class_id, a.date::text as date, a.status, a.marked_at::text as marked_at, a.marked_by, s.roll_number as roll
    from attendance a join students s on s.id = a.student_id
    where a.class_id in (${sql.join(classIds.map((id) => sql`${id}::uuid`), sql`, `)})
    order by a.class_id, a.date, s.roll_number`);
  const stored = new Map<string, typeof rows>();
  for (const row of rows) stored.set(`${row.class_id} ${row.date}`, [...(stored.get(`${row.class_id} ${row.date}`) ?? []), row]);
  const problems: string[] = [];
  const keys = new Set([...stored.keys(), ...attempts.map((a) => `${a.classId} ${a.date}`)]);
  for (const key of keys) {
    const tried = attempts.filter((a) => `${a.classId} ${a.date}` === key);
    const lastAcknowledged = Math.max(-1, ...tried.filter((a) => a.status >= 200 && a.status < 300).map((a) => a.seq));
    const found = stored.get(key) ?? [];
    if (found.length === 0) {
      if (lastAcknowledged >= 0) problems.push(`${key}: request ${lastAcknowledged} was answered 2xx but nothing is stored`);
      continue;
    }
    if (found.length !== students) { problems.push(`${key}: ${found.length} of ${students} rows stored`); continue; }
    if (new Set(found.map((r) => r.marked_at)).size !== 1 || new Set(found.map((r) => r.marked_by)).size !== 1) {
      problems.push(`${key}: rows of more than one statement`);
      continue;
    }
    const pattern = found.map((r) => r.status).join(',');
    const writer = tried.find((a) => patternOf(a.seq, students).join(',') === pattern && a.seq >= lastAcknowledged);
    if (!writer) problems.push(`${key}: stored pattern is of no request at or after the last acknowledged one (${lastAcknowledged})`);
  }
  return problems;
}

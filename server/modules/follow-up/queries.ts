import { and, eq, sql, type SQL } from 'drizzle-orm';
import { attendance, churches, classes, followUpContacts, students } from '../../../drizzle/schema/index.js';
import type { ContactOutcome } from '../../../common/follow-up.js';
import { rowsOf, type Tx } from '../../db/index.js';
import { classAccessibleTo, classNameOrder } from '../classes/index.js';

// Every query names church_id explicitly, as a constant in every subquery and lateral (row-level
// security filters it as well): on Citus a lateral's church is not inferred from its outer row, and
// a statement routes to one shard only when each of its tables names the church. PostgreSQL
// can use the church-leading keys: attendance (church_id, student_id, date), its primary key, for a
// child's marks, and follow_up_contacts (church_id, student_id, contacted_at) for their contacts.

/** Who asks, as the class rule (classes/access.ts) needs it; no user when the church itself reads
 * every class (its weekly digest). */
export interface Reader { churchId: string; seesAllClasses: boolean; userId: string | null }

/** Which classes a list covers: one class, or those of one academic year. */
export type ClassFilter = { classId: string } | { academicYear: string };

/** The classes of the filter that the reader may reach, over the \`classes\` table of the statement. */
const classesOf = (reader: Reader, filter: ClassFilter) => sql`${'classId' in filter
  ? sql`${classes.id} = ${filter.classId}::uuid`
  : sql`${classes.academicYear} = ${filter.academicYear}`} and ${classAccessibleTo(sql`${reader.seesAllClasses}::boolean`, sql`${reader.userId}::uuid`)}`;

const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The church's follow-up settings: after how many absences in a row a child is followed up, and
 * the weekdays whose roll calls count. */
export interface FollowUpRule { absences: number; classDays: number[] }

const ruleColumns = { absences: churches.followUpAbsences, classDays: churches.classDays };

export async function followUpRule(tx: Tx, churchId: string): Promise<FollowUpRule> {
  const [row] = await tx.select(ruleColumns).from(churches).where(eq(churches.id, churchId));
  return row;
}

/** Sets them (class days kept when not given), answering the rule it replaced (the church row locked,
 * so two saves at once each audit the values they really replaced). */
export async function setFollowUpRule(tx: Tx, churchId: string, rule: { absences: number; classDays?: number[] }): Promise<FollowUpRule> {
  const [old] = await tx.select(ruleColumns).from(churches).where(eq(churches.id, churchId)).for('update');
  await tx.update(churches).set({ followUpAbsences: rule.absences, classDays: rule.classDays ?? old.classDays, updatedAt: new Date() })
    .where(eq(churches.id, churchId));
  return old;
}

export interface FollowUpRow {
  student_id: string;
  student_name: string;
  roll_number: number;
  class_id: string;
  class_name: string;
  class_section: string;
  weeks_missed: number;
  streak_since: string;
  last_present: string | null;
  contacts_since_streak: number;
  last_outcome: ContactOutcome | null;
  last_note: string | null;
  last_contacted_at: string | null;
  last_contacted_by_id: string | null;
  last_contacted_by_name: string | null;
}

/**
 * The children on the follow-up list, in one statement. A child's streak is the number of their
 * absent marks in their current class after their last present mark in it. Each lateral below reads
 * the attendance primary key (church_id, student_id, date) of one child from the newest date back
 * (the last present mark: a backward scan that stops at it; the streak: only the dates after it),
 * so the cost grows with the children and their current streaks, not with years of history; no
 * other index is needed. Only absences at roll calls of the church's class days count (a
 * present mark of any day ends the streak: the child came). A roll call of the class
 * where the child has no mark neither breaks nor extends the streak, and a date without a roll call
 * is simply not there. The last present date is of any class (a child moved from another class may
 * have been present there). Contacts count from the first day of the streak in the church's time
 * zone.
 */
export async function followUpRows(tx: Tx, reader: Reader, filter: ClassFilter, rule: FollowUpRule, timeZone: string) {
  const result = await tx.execute(sql`
    select s.id as student_id, s.name as student_name, s.roll_number, "classes".id as class_id, "classes".class_name,
      "classes".section as class_section, st.weeks::int as weeks_missed, st.since::text as streak_since,
      lp.d::text as last_present, coalesce(lc.contacts, 0)::int as contacts_since_streak,
      lc.outcome as last_outcome, lc.note as last_note, ${isoTime(sql`lc.contacted_at`)} as last_contacted_at,
      lc.contacted_by as last_contacted_by_id, lc.contacted_by_name as last_contacted_by_name
    from ${students} s
    join ${classes} on "classes".church_id = ${reader.churchId}::uuid and "classes".id = s.class_id
    left join lateral (
      select a.date as d from ${attendance} a
      where a.church_id = ${reader.churchId}::uuid and a.student_id = s.id and a.class_id = s.class_id and a.status = 'present'
      order by a.date desc limit 1
    ) lpc on true
    cross join lateral (
      select count(*) as weeks, min(a.date) as since from ${attendance} a
      where a.church_id = ${reader.churchId}::uuid and a.student_id = s.id and a.date > coalesce(lpc.d, '-infinity'::date)
        and a.class_id = s.class_id and a.status = 'absent'
        and extract(isodow from a.date)::int = any(${`{${rule.classDays.join(',')}}`}::int[])
    ) st
    left join lateral (
      select a.date as d from ${attendance} a
      where a.church_id = ${reader.churchId}::uuid and a.student_id = s.id and a.status = 'present'
      order by a.date desc limit 1
    ) lp on true
    left join lateral (
      select f.outcome, f.note, f.contacted_at, f.contacted_by, f.contacted_by_name, count(*) over () as contacts
      from ${followUpContacts} f
      where f.church_id = ${reader.churchId}::uuid and f.student_id = s.id
        and f.contacted_at >= (st.since::timestamp at time zone ${timeZone})
      order by f.contacted_at desc, f.id desc limit 1
    ) lc on true
    where s.church_id = ${reader.churchId}::uuid and s.active
      and ${classesOf(reader, filter)}
      and st.weeks >= ${rule.absences}
    order by st.weeks desc, ${classNameOrder(reader.churchId)}, "classes".section, s.roll_number`);
  return rowsOf<FollowUpRow>(result);
}

/** Per class of the filter the user may reach: how many of its children had a contact recorded in
 * [from, to] (calendar days in the church's time zone), whether or not they are still on the list. */
export async function contactedPerClass(tx: Tx, reader: Reader, filter: ClassFilter, week: { from: string; to: string }, timeZone: string) {
  const result = await tx.execute(sql`
    select "classes".id as class_id, "classes".class_name, "classes".section as class_section, count(distinct f.student_id)::int as contacted
    from ${followUpContacts} f
    join ${students} s on s.church_id = f.church_id and s.id = f.student_id
    join ${classes} on "classes".church_id = s.church_id and "classes".id = s.class_id
    where f.church_id = ${reader.churchId}::uuid
      and f.contacted_at >= (${week.from}::date::timestamp at time zone ${timeZone})
      and f.contacted_at < ((${week.to}::date + 1)::timestamp at time zone ${timeZone})
      and ${classesOf(reader, filter)}
    group by "classes".id, "classes".class_name, "classes".section`);
  return rowsOf<{ class_id: string; class_name: string; class_section: string; contacted: number }>(result);
}

export async function insertContact(tx: Tx, values: typeof followUpContacts.$inferInsert) {
  const [row] = await tx.insert(followUpContacts).values(values).returning();
  return row;
}

/** A child's contact records, newest first. */
export function contactsOf(tx: Tx, churchId: string, studentId: string) {
  return tx.select().from(followUpContacts)
    .where(and(eq(followUpContacts.churchId, churchId), eq(followUpContacts.studentId, studentId)))
    .orderBy(sql`${followUpContacts.contactedAt} desc, ${followUpContacts.id} desc`);
}

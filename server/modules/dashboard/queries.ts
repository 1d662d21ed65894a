import { sql } from 'drizzle-orm';
import { attendance, classes, enrolments, students, users } from '../../../drizzle/schema/index.js';
import { rowsOf, type Tx } from '../../db/index.js';
import { classAccessibleTo, classNameOrder } from '../classes/index.js';

// Every table of the statement names the church as a value (`church_id = <the church>`), not
// through another table's column: row-level security filters it as well, and on Citus the whole
// statement routes to the church's one shard.

/** Who reads the day: the church, and whether they see every class or only those they teach. */
export interface DayReader { churchId: string; seesAllClasses: boolean; userId: string }

export interface ClassDayRow {
  class_id: string;
  class_name: string;
  class_section: string;
  teacher_id: string | null;
  teacher_name: string | null;
  teacher_phone: string | null;
  /** Its roll call now: the active children enrolled in it. */
  children: number;
  /** The marks stored for the class on the day, and how many of them are present. */
  marked: number;
  present: number;
  /** When the latest of those marks was written (ISO, UTC), null when none. */
  marked_at: string | null;
}

/**
 * The classes of one academic year the reader may reach (a teacher: their own), in school order,
 * each with its teacher, its roll call's size and its marks of `date`: one statement for every class
 * (the marks read through the attendance key (church_id, class_id, date), the children through
 * enrolments (church_id, class_id, ...)).
 */
export async function classesOnDay(tx: Tx, reader: DayReader, academicYear: string, date: string): Promise<ClassDayRow[]> {
  const church = sql`${reader.churchId}::uuid`;
  const result = await tx.execute(sql`
    select "classes".id as class_id, "classes".class_name, "classes".section as class_section,
      "classes".teacher_id, u.name as teacher_name, u.phone as teacher_phone,
      (select count(*) from ${enrolments} e
        join ${students} s on s.church_id = ${church} and s.id = e.student_id
        where e.church_id = ${church} and e.class_id = "classes".id and s.active)::int as children,
      coalesce(m.marked, 0)::int as marked, coalesce(m.present, 0)::int as present,
      to_char(m.marked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as marked_at
    from ${classes}
    left join ${users} u on u.church_id = ${church} and u.id = "classes".teacher_id
    left join lateral (
      select count(*) as marked, count(*) filter (where a.status = 'present') as present, max(a.marked_at) as marked_at
      from ${attendance} a
      where a.church_id = ${church} and a.class_id = "classes".id and a.date = ${date}::date
    ) m on true
    where "classes".church_id = ${church} and "classes".academic_year = ${academicYear}
      and ${classAccessibleTo(sql`${reader.seesAllClasses}::boolean`, sql`${reader.userId}::uuid`)}
    order by ${classNameOrder(reader.churchId, sql`"classes".class_name`)}, "classes".section, "classes".id`);
  return rowsOf<ClassDayRow>(result);
}

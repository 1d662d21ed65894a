import { and, eq, sql } from 'drizzle-orm';
import { attendance, attendanceSyncBatches, classes, enrolments, students } from '../../../drizzle/schema/index.js';
import type { AttendanceStatus } from '../../../common/constants.js';
import type { Tx } from '../../db/index.js';
import { fixedStatement } from '../../db/fixed-statement.js';
import { classAccessibleTo } from '../classes/index.js';

// The statements of an offline batch (sync.ts). Like queries.ts, each names church_id explicitly
// (row-level security filters it as well) so PostgreSQL uses the church-leading keys.

/**
 * Claims the batch id for this user: inserted with no answer yet, or nothing when the church already
 * has it. A concurrent transaction claiming the same id makes this insert wait on the primary key
 * until that one ends: then it inserts (the other rolled back) or does nothing (it committed).
 */
export async function claimBatch(tx: Tx, churchId: string, batchId: string, userId: string): Promise<boolean> {
  const claimed = await tx.insert(attendanceSyncBatches).values({ churchId, id: batchId, userId })
    .onConflictDoNothing().returning({ id: attendanceSyncBatches.id });
  return claimed.length > 0;
}

/** A batch another transaction stored: read by a statement of its own, whose snapshot sees that
 * transaction's commit (the claim's statement, which waited for it, does not). */
export async function storedBatch(tx: Tx, churchId: string, batchId: string) {
  const [row] = await tx.select({ userId: attendanceSyncBatches.userId, answer: attendanceSyncBatches.answer })
    .from(attendanceSyncBatches)
    .where(and(eq(attendanceSyncBatches.churchId, churchId), eq(attendanceSyncBatches.id, batchId)));
  return row;
}

export async function storeBatchAnswer(tx: Tx, churchId: string, batchId: string, answer: unknown): Promise<void> {
  await tx.update(attendanceSyncBatches).set({ answer })
    .where(and(eq(attendanceSyncBatches.churchId, churchId), eq(attendanceSyncBatches.id, batchId)));
}

/** One offline mark whose date is inside the window, as the statement receives it. */
export interface OfflineMark {
  classId: string;
  studentId: string;
  date: string;
  status: AttendanceStatus;
  /** ISO 8601 with offset, as the device sent it. */
  tappedAt: string;
}

/** What became of one mark, in the order they were given. Times are ISO 8601 in UTC, to the
 * microsecond (as stored). */
export interface MarkResult {
  refusal: 'class_not_found' | 'student_not_in_class' | null;
  applied: boolean;
  /** least(tapped_at, now()): the device's time, never later than the server's. */
  effective_at: string;
  /** The stored mark of that student and date as the statement found it, if any. */
  stored_status: AttendanceStatus | null;
  stored_marked_at: string | null;
  stored_marked_by: string | null;
}

type ApplyValues = {
  churchId: string;
  userId: string;
  seesAllClasses: boolean;
  classIds: string;
  studentIds: string;
  dates: string;
  present: string;
  tappedAt: string;
};

const isoUtc = (column: ReturnType<typeof sql>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The marks of a batch in one statement: each checked (a class the user may reach, by the rule of
 * classes/access.ts; the student in that class now), then written by INSERT ... ON CONFLICT DO
 * UPDATE with marked_at = least(tapped_at, now()) and marked_by = the user, where the stored mark is
 * older than that time: a stored mark at the same time or later stays. Rows are written in
 * (student, date) order, like marking a class (student order for one date), so two writers of the
 * same rows lock them in the same order and cannot deadlock. `now()` is the transaction's start, as
 * on the online path. Answers one row per mark, in the order given, with the stored mark the
 * statement's snapshot held (for the audit).
 */
const applyMarksStatement = fixedStatement<MarkResult, ApplyValues>(() => {
  const p = (name: keyof ApplyValues) => sql.placeholder(name);
  return sql`
    with sent as (
      select m.ord::int as ord, m.class_id, m.student_id, m.date, m.present, m.tapped_at,
        least(m.tapped_at, now()) as effective_at
      from unnest(${p('classIds')}::uuid[], ${p('studentIds')}::uuid[], ${p('dates')}::date[], ${p('present')}::boolean[],
        ${p('tappedAt')}::timestamptz[]) with ordinality as m(class_id, student_id, date, present, tapped_at, ord)
    ), reachable as (
      select ${classes.id} as id from ${classes}
      where ${classes.churchId} = ${p('churchId')}::uuid and ${classes.id} in (select class_id from sent)
        and ${classAccessibleTo(sql`${p('seesAllClasses')}::boolean`, sql`${p('userId')}::uuid`)}
    ), checked as (
      select s.*, case
          when not exists (select 1 from reachable r where r.id = s.class_id) then 'class_not_found'
          when not exists (select 1 from ${enrolments} e join ${students} st on st.church_id = e.church_id and st.id = e.student_id
            where e.church_id = ${p('churchId')}::uuid and e.student_id = s.student_id and e.class_id = s.class_id
              and st.active) then 'student_not_in_class'
        end as refusal
      from sent s
    ), stored as (
      select a.student_id, a.date, a.status, a.marked_at, a.marked_by
      from ${attendance} a join checked c on c.refusal is null and a.student_id = c.student_id and a.date = c.date
      where a.church_id = ${p('churchId')}::uuid
    ), written as (
      insert into ${attendance} (church_id, student_id, date, class_id, status, marked_by, marked_at)
      select ${p('churchId')}::uuid, c.student_id, c.date, c.class_id, case when c.present then 'present' else 'absent' end,
        ${p('userId')}::uuid, c.effective_at
      from checked c where c.refusal is null
      order by c.student_id, c.date
      on conflict (church_id, student_id, date) do update
        set status = excluded.status, class_id = excluded.class_id, marked_by = excluded.marked_by, marked_at = excluded.marked_at
        where ${attendance.markedAt} < excluded.marked_at
      returning student_id, date
    )
    select c.refusal, w.student_id is not null as applied, ${isoUtc(sql`c.effective_at`)} as effective_at,
      p.status as stored_status, ${isoUtc(sql`p.marked_at`)} as stored_marked_at, p.marked_by as stored_marked_by
    from checked c
    left join written w on w.student_id = c.student_id and w.date = c.date
    left join stored p on p.student_id = c.student_id and p.date = c.date
    order by c.ord`;
});

/** The marks go as PostgreSQL array literals (see markClass); ids and dates are validated, the
 * times are quoted for their '+' and ':'. */
export function applyMarks(tx: Tx, churchId: string, user: { id: string; seesAllClasses: boolean }, marks: OfflineMark[]) {
  const literal = (values: string[]) => `{${values.join(',')}}`;
  return applyMarksStatement(tx, {
    churchId,
    userId: user.id,
    seesAllClasses: user.seesAllClasses,
    classIds: literal(marks.map((m) => m.classId)),
    studentIds: literal(marks.map((m) => m.studentId)),
    dates: literal(marks.map((m) => m.date)),
    present: literal(marks.map((m) => (m.status === 'present' ? 't' : 'f'))),
    tappedAt: literal(marks.map((m) => `"${m.tappedAt}"`)),
  });
}

/** The stored marks of these students on these dates, as they are now (for the audit of the marks
 * a batch kept, when the batch's statement met a mark made at the same moment). */
export async function storedMarks(tx: Tx, churchId: string, keys: Array<{ studentId: string; date: string }>) {
  return tx.select({
    student_id: attendance.studentId,
    date: attendance.date,
    status: attendance.status,
    marked_at: sql<string>`${isoUtc(sql`${attendance.markedAt}`)}`,
    marked_by: attendance.markedBy,
  }).from(attendance)
    .where(and(
      eq(attendance.churchId, churchId),
      sql`(${attendance.studentId}, ${attendance.date}) in (${sql.join(keys.map((k) => sql`(${k.studentId}::uuid, ${k.date}::date)`), sql`, `)})`,
    ));
}

import { and, eq, sql } from 'drizzle-orm';
import { attendance, attendanceSyncBatches, classSubstitutes, classes, enrolments, students } from '../../../drizzle/schema/index.js';
import type { AttendanceStatus } from '../../../common/constants.js';
import type { Tx } from '../../db/index.js';
import { fixedStatement } from '../../db/fixed-statement.js';
import { classAccessibleTo } from '../classes/index.js';
import { substituteOn } from '../substitutes/index.js';
import { isoUtc } from './sql-time.js';

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

/** A user's batches whose stored answers keep their refused marks (the newest); older ones keep the count. */
const SYNC_BATCHES_WITH_REFUSALS = 4;

/**
 * Empties the refused marks of the user's stored answers but those of the newest
 * SYNC_BATCHES_WITH_REFUSALS batches, so the ledger holds at most that many times
 * SYNC_STORED_REFUSALS refusals per user, however many batches they send.
 */
export async function trimStoredRefusals(tx: Tx, churchId: string, userId: string): Promise<void> {
  await tx.execute(sql`
    update ${attendanceSyncBatches} set answer = jsonb_set(answer, '{refused}', '[]'::jsonb)
    where church_id = ${churchId}::uuid and user_id = ${userId}::uuid
      and answer is not null and jsonb_array_length(answer -> 'refused') > 0
      and id not in (select id from ${attendanceSyncBatches}
        where church_id = ${churchId}::uuid and user_id = ${userId}::uuid
        order by created_at desc, id desc limit ${SYNC_BATCHES_WITH_REFUSALS})`);
}

/** Platform door, the nightly prune: batches older than the retention period, across churches.
 * Answers how many were deleted. */
export async function pruneSyncLedger(tx: Tx, retentionDays: number): Promise<number> {
  const deleted = await tx.delete(attendanceSyncBatches)
    .where(sql`${attendanceSyncBatches.createdAt} < now() - make_interval(days => ${retentionDays})`)
    .returning({ id: attendanceSyncBatches.id });
  return deleted.length;
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
  refusal: 'class_not_found' | 'substitute_other_day' | 'student_not_in_class' | null;
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
  /** The church's today: a substitute reaches the class on the day they stand in, when it is today. */
  today: string;
  classIds: string;
  studentIds: string;
  dates: string;
  tappedAt: string;
};


/** The checks of the marks: the refusal (or none), the time the mark takes effect, and the mark
 * stored for that student and date, if any. */
type CheckedMark = Omit<MarkResult, 'applied'>;

/**
 * The marks of a batch checked in one statement: a class the user may reach (the rule of
 * classes/access.ts), the student in that class now; with each, least(tapped_at, now()) (`now()` is
 * the transaction's start, as on the online path) and the mark the snapshot holds for that student
 * and date (for the audit). One row per mark, in the order given. Every table names the church as a
 * constant, so on Citus it is one query on the church's shard.
 */
const checkMarksStatement = fixedStatement<CheckedMark, ApplyValues>(() => {
  const p = (name: keyof ApplyValues) => sql.placeholder(name);
  return sql`
    with sent as (
      select m.ord::int as ord, m.class_id, m.student_id, m.date, least(m.tapped_at, now()) as effective_at
      from unnest(${p('classIds')}::uuid[], ${p('studentIds')}::uuid[], ${p('dates')}::date[],
        ${p('tappedAt')}::timestamptz[]) with ordinality as m(class_id, student_id, date, tapped_at, ord)
    ), checked as (
      select s.*, case
          when not exists (select 1 from ${classes}
            where ${classes.churchId} = ${p('churchId')}::uuid and ${classes.id} = s.class_id
              and (${classAccessibleTo(sql`${p('seesAllClasses')}::boolean`, sql`${p('userId')}::uuid`)}
                or (s.date = ${p('today')}::date
                  and ${substituteOn(sql`${p('churchId')}::uuid`, sql`s.class_id`, sql`${p('userId')}::uuid`, sql`s.date`)})))
            then case when exists (select 1 from ${classSubstitutes} where ${classSubstitutes.churchId} = ${p('churchId')}::uuid
                and ${classSubstitutes.classId} = s.class_id and ${classSubstitutes.substituteId} = ${p('userId')}::uuid)
              then 'substitute_other_day' else 'class_not_found' end
          when not exists (select 1 from ${enrolments} e join ${students} st on st.church_id = ${p('churchId')}::uuid and st.id = e.student_id
            where e.church_id = ${p('churchId')}::uuid and e.student_id = s.student_id and e.class_id = s.class_id
              and st.active) then 'student_not_in_class'
        end as refusal
      from sent s
    )
    select c.refusal, ${isoUtc(sql`c.effective_at`)} as effective_at,
      a.status as stored_status, ${isoUtc(sql`a.marked_at`)} as stored_marked_at, a.marked_by as stored_marked_by
    from checked c
    left join ${attendance} a on a.church_id = ${p('churchId')}::uuid and c.refusal is null
      and a.student_id = c.student_id and a.date = c.date
    order by c.ord`;
});

/**
 * Writes the accepted marks by INSERT ... ON CONFLICT DO UPDATE with marked_at = the effective time
 * and marked_by = the user, where the stored mark is older than that time: a stored mark at the same
 * time or later stays. Answers the (student, date) of the marks written. Rows go in (student, date)
 * order, like marking a class (student order for one date), so two writers of the same rows lock
 * them in the same order and cannot deadlock. A multi-row VALUES, not INSERT ... SELECT from the
 * arrays: Citus routes it whole to the church's shard.
 */
async function writeMarks(tx: Tx, churchId: string, userId: string, marks: Array<OfflineMark & { effectiveAt: string }>) {
  const ordered = [...marks].sort((x, y) => (x.studentId === y.studentId ? x.date.localeCompare(y.date) : x.studentId.localeCompare(y.studentId)));
  return tx.insert(attendance).values(ordered.map((m) => ({
    churchId, studentId: m.studentId, date: m.date, classId: m.classId, status: m.status, markedBy: userId,
    markedAt: sql`${m.effectiveAt}::timestamptz`,
  }))).onConflictDoUpdate({
    target: [attendance.churchId, attendance.studentId, attendance.date],
    set: { status: sql`excluded.status`, classId: sql`excluded.class_id`, markedBy: sql`excluded.marked_by`, markedAt: sql`excluded.marked_at` },
    setWhere: sql`${attendance.markedAt} < excluded.marked_at`,
  }).returning({ studentId: attendance.studentId, date: attendance.date });
}

/**
 * Checks a batch's marks, then writes those accepted; answers one result per mark, in the order
 * given. Two statements in the request's transaction: a mark written by another request between
 * them is found by the write's ON CONFLICT (the newer mark still wins), only the stored mark the
 * audit names is then the one the check saw. The marks go as PostgreSQL array literals (see
 * markClass); ids and dates are validated, the times are quoted for their '+' and ':'.
 */
export async function applyMarks(
  tx: Tx, churchId: string, user: { id: string; seesAllClasses: boolean }, today: string, marks: OfflineMark[],
): Promise<MarkResult[]> {
  const literal = (values: string[]) => `{${values.join(',')}}`;
  const checked = await checkMarksStatement(tx, {
    churchId,
    userId: user.id,
    seesAllClasses: user.seesAllClasses,
    today,
    classIds: literal(marks.map((m) => m.classId)),
    studentIds: literal(marks.map((m) => m.studentId)),
    dates: literal(marks.map((m) => m.date)),
    tappedAt: literal(marks.map((m) => `"${m.tappedAt}"`)),
  });
  const accepted = marks.flatMap((mark, i) => (checked[i].refusal ? [] : [{ ...mark, effectiveAt: checked[i].effective_at }]));
  const written = accepted.length === 0 ? [] : await writeMarks(tx, churchId, user.id, accepted);
  const writtenKeys = new Set(written.map((w) => `${w.studentId} ${w.date}`));
  return checked.map((check, i) => ({ ...check, applied: check.refusal === null && writtenKeys.has(`${marks[i].studentId} ${marks[i].date}`) }));
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

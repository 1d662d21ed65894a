import type { z } from 'zod';
import type { TenantScope } from '../../core/scopes.js';
import { MESSAGES, type AttendanceStatus } from '../../../common/constants.js';
import { CLASS_MESSAGES } from '../../../common/class-messages.js';
import { SUBSTITUTE_MESSAGES } from '../../../common/substitutes.js';
import type { syncAttendanceInput } from '../../../common/schemas/attendance.js';
import { conflict } from '../../core/errors.js';
import { auditChurchChange } from '../audit/index.js';
import { churchToday } from '../../../common/dates.js';
import { seesAllClasses } from '../classes/index.js';
import { attendanceDateRefusal, type AttendanceDateReason } from './date-window.js';
import {
  applyMarks, claimBatch, storeBatchAnswer, storedBatch, storedMarks, trimStoredRefusals, type MarkResult, type OfflineMark,
} from './sync-queries.js';

type SyncInput = z.output<typeof syncAttendanceInput>;

type RefusalReason = AttendanceDateReason | 'class_not_found' | 'substitute_other_day' | 'student_not_in_class';

/** The spec's text of each refusal of a mark. */
const REFUSAL_MESSAGES: Record<RefusalReason, string> = {
  attendance_too_old: MESSAGES.attendanceTooOld,
  attendance_future_date: MESSAGES.attendanceFutureDate,
  class_not_found: CLASS_MESSAGES.notFound,
  substitute_other_day: SUBSTITUTE_MESSAGES.substituteOtherDay,
  student_not_in_class: MESSAGES.attendanceStudentNotInClass,
};

interface RefusedMark {
  class_id: string;
  student_id: string;
  date: string;
  status: AttendanceStatus;
  reason: RefusalReason;
  message: string;
}

/** The answer of a batch, stored with it and sent again for every copy of it. The first answer
 * lists every refused mark; the stored one (and so a copy's) at most SYNC_STORED_REFUSALS of them,
 * and `refused_count` says how many there were. */
interface SyncAnswer {
  batch_id: string;
  applied: number;
  kept_newer: number;
  refused: RefusedMark[];
  refused_count: number;
  message: string;
}

/** Refused marks a batch's stored answer, and its audit entry, keep at most (the count is kept). */
const SYNC_STORED_REFUSALS = 50;

/** What became of a mark: refused with a reason, or accepted (then applied or kept newer). */
type Accepted = { mark: OfflineMark; result: MarkResult };
type Outcome = Accepted | { mark: OfflineMark; refusal: RefusalReason };

/**
 * POST /api/attendance/sync: a batch of marks a device kept while offline, applied at most once.
 * The batch id is claimed first; a batch the church already has is not applied again: its user gets
 * the stored answer (nothing written), anyone else a 409. Each mark is refused on its own (outside
 * the 14-day window, a class the user may not reach (a substitute: on another day than theirs), a
 * student not in the class now) while the
 * others are applied; per student and date the latest tap wins, by the device's time clamped to the
 * server's, so an older offline mark never overwrites a newer stored one. The marks, the audit entry
 * (with both marks of every conflict) and the answer are written in the request's one transaction.
 */
export async function syncAttendance(ctx: TenantScope, input: SyncInput): Promise<SyncAnswer> {
  const { tx, user, church } = ctx;
  if (!(await claimBatch(tx, church.id, input.batchId, user.id))) return answerOfStoredBatch(ctx, input.batchId);

  const today = churchToday(church);
  const refusedByDate = input.marks.map((mark) => attendanceDateRefusal(mark.date, today)?.reason);
  const inWindow = input.marks.filter((_, i) => refusedByDate[i] === undefined);
  const results = inWindow.length === 0 ? []
    : await applyMarks(tx, church.id, { id: user.id, seesAllClasses: seesAllClasses(user) }, today, inWindow);

  let next = 0;
  const outcomes = input.marks.map((mark, i): Outcome => {
    const byDate = refusedByDate[i];
    if (byDate) return { mark, refusal: byDate };
    const result = results[next++];
    return result.refusal ? { mark, refusal: result.refusal } : { mark, result };
  });
  const accepted = outcomes.filter((o): o is Accepted => 'result' in o);
  const applied = accepted.filter((o) => o.result.applied);
  const keptNewer = accepted.filter((o) => !o.result.applied);
  const answer: SyncAnswer = {
    batch_id: input.batchId,
    applied: applied.length,
    kept_newer: keptNewer.length,
    refused: outcomes.flatMap((o) => ('refusal' in o ? [{
      class_id: o.mark.classId, student_id: o.mark.studentId, date: o.mark.date, status: o.mark.status,
      reason: o.refusal, message: REFUSAL_MESSAGES[o.refusal],
    }] : [])),
    refused_count: 0,
    message: MESSAGES.attendanceSynced,
  };
  answer.refused_count = answer.refused.length;
  const keptRefusals = answer.refused.slice(0, SYNC_STORED_REFUSALS);

  await auditChurchChange(tx, {
    user, action: 'attendance.offline_sync', resourceType: 'attendance_sync_batch', resourceId: input.batchId,
    details: {
      applied: answer.applied,
      kept_newer: answer.kept_newer,
      refused_count: answer.refused_count,
      refused: keptRefusals.map(({ message: _message, ...refused }) => refused),
      kept_newer_marks: await keptNewerMarks(ctx, keptNewer),
      replaced_marks: applied.filter((o) => o.result.stored_marked_at !== null).map(({ mark, result }) => ({
        ...markKey(mark), server: storedMark(result), offline: offlineMark(mark, result),
      })),
    },
    description: `Offline attendance synced: ${answer.applied} applied, ${answer.kept_newer} kept newer, ${answer.refused.length} refused`,
  });
  await storeBatchAnswer(tx, church.id, input.batchId, { ...answer, refused: keptRefusals });
  // Per user, the refused marks of the newest few batches only (the counts stay in every answer).
  if (answer.refused_count > 0) await trimStoredRefusals(tx, church.id, user.id);
  return answer;
}

/** A batch id the church already has: the stored answer for the user who sent it, 409 for anyone else. */
async function answerOfStoredBatch({ tx, user, church }: TenantScope, batchId: string): Promise<SyncAnswer> {
  const batch = await storedBatch(tx, church.id, batchId);
  // A row that is gone again (its user deleted meanwhile) or not this user's.
  if (!batch || batch.userId !== user.id) {
    throw conflict(MESSAGES.attendanceBatchOfAnotherUser, { reason: 'batch_of_another_user' });
  }
  // A committed batch always holds its answer (written in the transaction that claimed it).
  if (batch.answer === null) throw new Error(`Attendance batch ${batchId} is stored without its answer`);
  const stored = batch.answer as SyncAnswer;
  // An answer stored by an earlier version has no count: it listed every refusal.
  return { ...stored, refused_count: stored.refused_count ?? stored.refused.length };
}

const markKey = (mark: OfflineMark) => ({ student_id: mark.studentId, class_id: mark.classId, date: mark.date });
const offlineMark = (mark: OfflineMark, result: MarkResult) => ({ status: mark.status, tapped_at: mark.tappedAt, effective_at: result.effective_at });
const storedMark = (result: MarkResult) => ({ status: result.stored_status, marked_at: result.stored_marked_at, marked_by: result.stored_marked_by });

/**
 * Both marks of every conflict the stored mark won. The statement's snapshot held the stored mark,
 * unless a mark made at the same moment replaced or created it while the statement waited for its
 * row (then the snapshot's is missing or older than the offline one): those are read again, and the
 * rows are locked by the statement, so what is read is what was kept.
 */
async function keptNewerMarks({ tx, church }: TenantScope, kept: Accepted[]) {
  const stale = kept.filter(({ result }) => result.stored_marked_at === null || result.stored_marked_at < result.effective_at);
  const current = stale.length === 0 ? [] : await storedMarks(tx, church.id, stale.map(({ mark }) => mark));
  return kept.map(({ mark, result }) => {
    const now = current.find((row) => row.student_id === mark.studentId && row.date === mark.date);
    const server = now ? { status: now.status, marked_at: now.marked_at, marked_by: now.marked_by } : storedMark(result);
    return { ...markKey(mark), server, offline: offlineMark(mark, result) };
  });
}

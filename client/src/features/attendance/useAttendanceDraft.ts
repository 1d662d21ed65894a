import { useCallback, useEffect, useState } from 'react';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '../../../../common/constants';

/** Marks the teacher set and has not saved yet: student id → status. */
type Marks = Readonly<Record<string, AttendanceStatus>>;

const NO_MARKS: Marks = {};
/** What a stored draft must be (an object of statuses); anything else in the slot is ignored.
 * Checked by hand: zod is not part of what this screen downloads. */
const isMarks = (value: unknown): value is Marks =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
  && Object.values(value).every((status) => (ATTENDANCE_STATUSES as readonly unknown[]).includes(status));

/** Whose sheet a draft belongs to. */
interface DraftScope {
  churchCode: string;
  userId: string;
  classId: string;
  date: string;
}

/**
 * The sessionStorage key of one sheet's draft. The church and the user are part of it so that
 * whoever signs in next in the same tab never sees another user's unsaved marks.
 */
export const draftKey = ({ churchCode, userId, classId, date }: DraftScope) =>
  `sundayschool.attendanceDraft|${churchCode}|${userId}|${classId}|${date}`;

/** The stored draft; nothing when it is missing, not marks, or storage cannot be read. */
function readDraft(key: string | null): Marks {
  if (!key) return NO_MARKS;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    return isMarks(stored) ? stored : NO_MARKS;
  } catch {
    return NO_MARKS;
  }
}

function writeDraft(key: string, marks: Marks) {
  try {
    if (Object.keys(marks).length === 0) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(marks));
  } catch {
    // Storage full or turned off: the marks still live in memory until the page is left.
  }
}

/**
 * The unsaved marks of one sheet (`key` from draftKey, null without a class), kept in memory and
 * mirrored to sessionStorage so that a reload or a dropped connection loses nothing the teacher
 * tapped. Another sheet starts from its own stored draft.
 */
export function useAttendanceDraft(key: string | null) {
  const [draft, setDraft] = useState(() => ({ key, marks: readDraft(key) }));
  // The sheet changed: take its draft now, during render, so no frame shows the previous sheet's marks.
  const current = draft.key === key ? draft : { key, marks: readDraft(key) };
  if (current !== draft) setDraft(current);

  useEffect(() => {
    if (draft.key) writeDraft(draft.key, draft.marks);
  }, [draft]);

  const setMark = useCallback((studentId: string, status: AttendanceStatus) => {
    setDraft((previous) => ({
      key,
      marks: { ...(previous.key === key ? previous.marks : NO_MARKS), [studentId]: status },
    }));
  }, [key]);

  const setAll = useCallback((marks: Marks) => setDraft({ key, marks }), [key]);

  /** After a save of `savedKey`: its draft is stored on the server now. */
  const discard = useCallback((savedKey: string) => {
    writeDraft(savedKey, NO_MARKS);
    setDraft((previous) => (previous.key === savedKey ? { key: savedKey, marks: NO_MARKS } : previous));
  }, []);

  return { marks: current.marks, setMark, setAll, discard };
}

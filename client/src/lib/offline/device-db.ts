import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AttendanceStatus } from '../../../../common/constants';

/**
 * What this device keeps for working without a network, in IndexedDB (it outlives the tab, the
 * browser and a restart, unlike sessionStorage). Everything is kept per owner, one church user
 * (`ownerKey`): whoever signs in next on the device reads and sends only their own.
 */
export const ownerKey = (churchCode: string, userId: string) => `${churchCode.toUpperCase()}|${userId}`;

/** One mark the teacher tapped: its student and date, and when it was tapped on this device. */
export interface DeviceMark {
  owner: string;
  classId: string;
  studentId: string;
  date: string;
  status: AttendanceStatus;
  /** ISO 8601 time of the tap, by the device's clock. */
  tappedAt: string;
  /** The student's name when it was tapped: a refused mark is shown by it (never sent). */
  studentName?: string;
  /** The status the sheet showed anyway (the stored mark, or present when none): sent with the roll
   * call (Save offline keeps every child) but not counted as a change (`pendingCount`). Absent in
   * marks kept before the flag existed: those count. */
  unchanged?: boolean;
}

/** A tap of the online sheet not saved yet: its status and when it was made on this device. */
export interface DraftTap {
  status: AttendanceStatus;
  tappedAt: string;
}

/** The unsaved taps of one sheet (an owner's class and date), by student id. */
export interface SheetDraft {
  owner: string;
  classId: string;
  date: string;
  taps: Record<string, DraftTap>;
}

/** A refused mark as the device keeps it: the mark, the server's reason and its English message. */
export type RefusedMark = DeviceMark & { reason: string; message: string };

/**
 * A save of an exam's mark list made without an answer (issue 44): what `exams.saveMarks` takes,
 * under the write id made on this device, sent again with the same id until the server answers
 * (the server applies one write id once). `refused`: the server's refusal, kept to be shown.
 */
export interface ExamMarksSave {
  writeId: string;
  owner: string;
  examId: string;
  classId: string;
  input: {
    exam_id: string;
    class_id: string;
    write_id: string;
    entries: Array<{ student_id: string; paper_id: string; value: number | 'AB' | null }>;
    remarks: Array<{ student_id: string; remark: string | null }>;
    amendment_reason?: string;
  };
  createdAt: number;
  refused?: { reason: string; message: string };
}

/**
 * What was typed on an exam's mark list of a class since its last save (issue 44), kept as it is
 * typed so that a reload or a closed tab loses nothing: the cells' texts by `<student id> <paper id>`
 * (checked again when shown), the remarks by student id, and a correction's reason. One per owner,
 * exam and class; gone once saved or kept as a save.
 */
export interface ExamMarksDraft {
  owner: string;
  examId: string;
  classId: string;
  cells: Record<string, string>;
  remarks: Record<string, string>;
  reason: string;
  updatedAt: number;
}

/** A batch formed from waiting marks, sent (again) under its id until the server answers it. */
export interface MarkBatch {
  id: string;
  owner: string;
  marks: DeviceMark[];
  createdAt: number;
}

interface DeviceSchema extends DBSchema {
  /** Answers of the server kept for reading offline, key `<scope>|<path>|<input as JSON>`. */
  answers: {
    key: string;
    value: { key: string; scope: string; path: string; data: unknown; storedAt: number };
    indexes: { byScope: string };
  };
  /** Marks waiting to be sent, one per owner, student and date (a later tap replaces it). */
  marks: {
    key: [string, string, string];
    value: DeviceMark;
    indexes: { byOwner: string };
  };
  /** A batch formed from waiting marks and not yet answered: sent again, with the same id, until it is. */
  batches: {
    key: string;
    value: MarkBatch;
    indexes: { byOwner: string };
  };
  /** Marks the server refused, shown on the device until the teacher dismisses them. */
  refused: {
    key: [string, string, string];
    value: RefusedMark;
    indexes: { byOwner: string };
  };
  /** Taps of Mark Attendance not saved yet (online), one record per owner, class and date. */
  drafts: {
    key: [string, string, string];
    value: SheetDraft;
    indexes: { byOwner: string };
  };
  /** Exam mark lists saved on this device and not yet answered, by write id. */
  examSaves: {
    key: string;
    value: ExamMarksSave;
    indexes: { byOwner: string };
  };
  /** Values typed on an exam's mark list and not saved yet, one record per owner, exam and class. */
  examDrafts: {
    key: [string, string, string];
    value: ExamMarksDraft;
    indexes: { byOwner: string };
  };
  /** Per owner: the time of the last successful sync. */
  owners: {
    key: string;
    value: { owner: string; lastSyncAt: number | null };
  };
}

export type DeviceDb = IDBPDatabase<DeviceSchema>;

const DB_NAME = 'sundayschool-device';
// 2: the exam mark lists' saves (`examSaves`); 3: what was typed on them and not saved (`examDrafts`).
const DB_VERSION = 3;

let opening: Promise<DeviceDb> | null = null;

/** The device database, opened once per page (and created on first use). */
export function deviceDb(): Promise<DeviceDb> {
  opening ??= openDB<DeviceSchema>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 3) db.createObjectStore('examDrafts', { keyPath: ['owner', 'examId', 'classId'] }).createIndex('byOwner', 'owner');
      if (oldVersion < 2) db.createObjectStore('examSaves', { keyPath: 'writeId' }).createIndex('byOwner', 'owner');
      if (oldVersion >= 1) return;
      db.createObjectStore('answers', { keyPath: 'key' }).createIndex('byScope', 'scope');
      db.createObjectStore('marks', { keyPath: ['owner', 'studentId', 'date'] }).createIndex('byOwner', 'owner');
      db.createObjectStore('batches', { keyPath: 'id' }).createIndex('byOwner', 'owner');
      db.createObjectStore('refused', { keyPath: ['owner', 'studentId', 'date'] }).createIndex('byOwner', 'owner');
      db.createObjectStore('owners', { keyPath: 'owner' });
      db.createObjectStore('drafts', { keyPath: ['owner', 'classId', 'date'] }).createIndex('byOwner', 'owner');
    },
    // A newer version of the app opened in another tab: this tab lets it upgrade, and opens it again when next used.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
  });
  return opening;
}

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
  /** Per owner: the time of the last successful sync. */
  owners: {
    key: string;
    value: { owner: string; lastSyncAt: number | null };
  };
}

export type DeviceDb = IDBPDatabase<DeviceSchema>;

const DB_NAME = 'sundayschool-device';
const DB_VERSION = 1;

let opening: Promise<DeviceDb> | null = null;

/** The device database, opened once per page (and created on first use). */
export function deviceDb(): Promise<DeviceDb> {
  opening ??= openDB<DeviceSchema>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('answers', { keyPath: 'key' }).createIndex('byScope', 'scope');
      db.createObjectStore('marks', { keyPath: ['owner', 'studentId', 'date'] }).createIndex('byOwner', 'owner');
      db.createObjectStore('batches', { keyPath: 'id' }).createIndex('byOwner', 'owner');
      db.createObjectStore('refused', { keyPath: ['owner', 'studentId', 'date'] }).createIndex('byOwner', 'owner');
      db.createObjectStore('owners', { keyPath: 'owner' });
      db.createObjectStore('drafts', { keyPath: ['owner', 'classId', 'date'] }).createIndex('byOwner', 'owner');
    },
  });
  return opening;
}

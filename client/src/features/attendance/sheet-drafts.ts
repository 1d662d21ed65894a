import { ATTENDANCE_STATUSES } from '../../../../common/constants';
import { deviceDb, type DraftTap, type SheetDraft } from '../../lib/offline/device-db';

/** One sheet of Mark Attendance: an owner's class on a date. */
export interface SheetRef {
  owner: string;
  classId: string;
  date: string;
}

export type DraftTaps = Readonly<Record<string, DraftTap>>;

const isTap = (value: unknown): value is DraftTap => {
  const tap = value as Partial<DraftTap> | null;
  return typeof tap === 'object' && tap !== null && typeof tap.tappedAt === 'string'
    && (ATTENDANCE_STATUSES as readonly unknown[]).includes(tap.status);
};

/** What a stored draft holds must be taps by student id; anything else in the record is ignored. */
const isTaps = (value: unknown): value is DraftTaps =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isTap);

/** The sheet's unsaved taps; none when the record is missing, not taps, or the database cannot be read. */
export async function readDraft({ owner, classId, date }: SheetRef): Promise<DraftTaps> {
  try {
    const draft = await (await deviceDb()).get('drafts', [owner, classId, date]);
    return isTaps(draft?.taps) ? draft.taps : {};
  } catch {
    return {};
  }
}

/** Stores the sheet's unsaved taps (none: the record is removed). */
export async function writeDraft({ owner, classId, date }: SheetRef, taps: DraftTaps) {
  try {
    const db = await deviceDb();
    if (Object.keys(taps).length === 0) await db.delete('drafts', [owner, classId, date]);
    else await db.put('drafts', { owner, classId, date, taps: { ...taps } } satisfies SheetDraft);
  } catch {
    // IndexedDB full or turned off: the taps still live in memory until the page is left.
  }
}

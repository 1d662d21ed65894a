import { eq } from 'drizzle-orm';
import { churches, churchPrivacyNotices } from '../../../drizzle/schema/index.js';
import type { PrivacyNoticePart } from '../../../common/consent.js';
import type { Tx } from '../../db/index.js';

// Row-level security limits every statement to the church of the tenant transaction; the church's
// id is named as well, so the primary key is used.

/** What the notice is filled in with: the church's name, default language and retention setting. */
export async function selectNoticeChurch(tx: Tx, churchId: string) {
  const [row] = await tx.select({
    id: churches.id, name: churches.name, defaultLanguage: churches.defaultLanguage, retentionYears: churches.retentionYears,
  }).from(churches).where(eq(churches.id, churchId));
  return row;
}

/** The parts the church wrote itself (null where unwritten), and when they last changed. */
export async function selectWrittenParts(tx: Tx, churchId: string) {
  const [row] = await tx.select().from(churchPrivacyNotices).where(eq(churchPrivacyNotices.churchId, churchId));
  return row;
}

/** Writes all five parts at once (null: the template stands in), making the row if there is none. */
export async function upsertWrittenParts(tx: Tx, churchId: string, userId: string, parts: Record<PrivacyNoticePart, string | null>) {
  const values = {
    controller: parts.controller, dataKept: parts.data_kept, purposes: parts.purposes, retention: parts.retention,
    contact: parts.contact, updatedBy: userId, updatedAt: new Date(),
  };
  await tx.insert(churchPrivacyNotices).values({ churchId, ...values })
    .onConflictDoUpdate({ target: churchPrivacyNotices.churchId, set: values });
}

import { and, eq } from 'drizzle-orm';
import { consentLinks, studentConsents } from '../../../drizzle/schema/index.js';
import { exportJson, type ChildData } from '../../core/child-data.js';
import type { Tx } from '../../db/index.js';
import { selectConsentHistory } from './queries.js';

/** The ids of a child's consent answers or consent links. */
async function idsOf(tx: Tx, table: typeof studentConsents | typeof consentLinks, churchId: string, studentId: string) {
  const rows = await tx.select({ id: table.id }).from(table).where(and(eq(table.churchId, churchId), eq(table.studentId, studentId)));
  return rows.map((row) => row.id);
}

/** Every consent answer given for the child, and the links sent to their guardians to answer. */
export const consentChildData: ChildData = {
  owner: 'consent',
  tables: [
    { table: studentConsents, erasure: 'deleted with the student row', purge: true },
    { table: consentLinks, erasure: 'deleted with the student row', purge: true },
  ],
  async erase(tx, { churchId, studentId }) {
    return { rowIds: [...await idsOf(tx, studentConsents, churchId, studentId), ...await idsOf(tx, consentLinks, churchId, studentId)] };
  },
  async export(tx, { churchId, studentId }) {
    const answers = await selectConsentHistory(tx, churchId, studentId);
    return [exportJson('consents.json', answers.map((c) => ({
      purpose: c.purpose, given: c.given, guardian_name: c.guardianName, guardian_relation: c.guardianRelation, method: c.method,
      recorded_by: c.recordedByName, recorded_at: c.recordedAt.toISOString(), ip_address: c.ipAddress, user_agent: c.userAgent,
    })))];
  },
};

import { and, eq } from 'drizzle-orm';
import { studentCare, studentGuardians, studentPickups } from '../../../drizzle/schema/index.js';
import { exportJson, type ChildData } from '../../core/child-data.js';
import type { Tx } from '../../db/index.js';
import { familyContactsOf } from './family.js';

/** The ids of a child's rows in a list of the family (guardians, pickups). */
async function idsOf(tx: Tx, table: typeof studentGuardians | typeof studentPickups, churchId: string, studentId: string) {
  const rows = await tx.select({ id: table.id }).from(table).where(and(eq(table.churchId, churchId), eq(table.studentId, studentId)));
  return rows.map((row) => row.id);
}

/** The child's family as the safety card keeps it: guardians, pickups, emergency contact and medical note. */
export const guardiansChildData: ChildData = {
  owner: 'guardians',
  tables: [
    { table: studentGuardians, erasure: 'deleted with the student row', purge: true },
    { table: studentPickups, erasure: 'deleted with the student row', purge: true },
    { table: studentCare, erasure: 'deleted with the student row (medical note, emergency contact)', purge: true },
  ],
  async erase(tx, { churchId, studentId }) {
    return { rowIds: [...await idsOf(tx, studentGuardians, churchId, studentId), ...await idsOf(tx, studentPickups, churchId, studentId)] };
  },
  async export(tx, { churchId, studentId }) {
    return [exportJson('guardians.json', await familyContactsOf(tx, churchId, studentId))];
  },
};

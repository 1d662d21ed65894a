import { studentCare, studentGuardians, studentPickups } from '../../../drizzle/schema/index.js';
import { exportJson, idsOfChildRows, type ChildData } from '../../core/child-data.js';
import { familyContactsOf } from './family.js';

/** The child's family as the safety card keeps it: guardians, pickups, emergency contact and medical note. */
export const guardiansChildData: ChildData = {
  owner: 'guardians',
  tables: [
    { table: studentGuardians, erasure: 'deleted with the student row', purge: true },
    { table: studentPickups, erasure: 'deleted with the student row', purge: true },
    { table: studentCare, erasure: 'deleted with the student row (medical note, emergency contact)', purge: true },
  ],
  async erase(tx, { churchId, studentId }) {
    return { rowIds: [...await idsOfChildRows(tx, studentGuardians, churchId, studentId), ...await idsOfChildRows(tx, studentPickups, churchId, studentId)] };
  },
  async export(tx, { churchId, studentId }) {
    return [exportJson('guardians.json', await familyContactsOf(tx, churchId, studentId))];
  },
};

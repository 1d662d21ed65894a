import { followUpContacts } from '../../../drizzle/schema/index.js';
import { idsOfChildRows, type ChildData } from '../../core/child-data.js';

/** The contacts made with a child's family after absences; not part of the family's export. */
export const followUpChildData: ChildData = {
  owner: 'follow-up',
  tables: [{ table: followUpContacts, erasure: 'deleted with the student row', purge: true }],
  async erase(tx, { churchId, studentId }) {
    return { rowIds: await idsOfChildRows(tx, followUpContacts, churchId, studentId) };
  },
};

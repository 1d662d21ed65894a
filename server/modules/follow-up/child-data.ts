import { and, eq } from 'drizzle-orm';
import { followUpContacts } from '../../../drizzle/schema/index.js';
import type { ChildData } from '../../core/child-data.js';

/** The contacts made with a child's family after absences; not part of the family's export. */
export const followUpChildData: ChildData = {
  owner: 'follow-up',
  tables: [{ table: followUpContacts, erasure: 'deleted with the student row', purge: true }],
  async erase(tx, { churchId, studentId }) {
    const rows = await tx.select({ id: followUpContacts.id }).from(followUpContacts)
      .where(and(eq(followUpContacts.churchId, churchId), eq(followUpContacts.studentId, studentId)));
    return { rowIds: rows.map((row) => row.id) };
  },
};

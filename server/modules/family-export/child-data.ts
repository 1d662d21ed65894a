import { and, eq } from 'drizzle-orm';
import { familyExports } from '../../../drizzle/schema/index.js';
import type { ChildData } from '../../core/child-data.js';

/** The family exports made of a child: rows that say what was made, and the ZIPs still stored. */
export const familyExportChildData: ChildData = {
  owner: 'family-export',
  tables: [{ table: familyExports, erasure: 'deleted with the student row, their stored files removed after the commit', purge: true }],
  async erase(tx, { churchId, studentId }) {
    const rows = await tx.select({ id: familyExports.id, storageName: familyExports.storageName }).from(familyExports)
      .where(and(eq(familyExports.churchId, churchId), eq(familyExports.studentId, studentId)));
    const files = rows.flatMap((row) => (row.storageName ? [`${churchId}/${row.storageName}`] : []));
    return { rowIds: rows.map((row) => row.id), fileKeys: files, counts: { family_export_files_deleted: files.length } };
  },
};

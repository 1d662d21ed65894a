import { and, eq, sql } from 'drizzle-orm';
import { academicYearRollovers } from '../../../drizzle/schema/index.js';
import type { ChildData } from '../../core/child-data.js';

/** The rollovers that marked a child as leaving keep the child's id, so that an undo makes the child
 * active again; not part of the family's export. */
export const rolloverChildData: ChildData = {
  owner: 'rollover',
  tables: [{
    table: academicYearRollovers,
    erasure: 'the child\'s id taken out of the children each rollover marked as leaving (an undo has no child to bring back)',
    purge: true,
  }],
  async erase(tx, { churchId, studentId }) {
    await tx.update(academicYearRollovers)
      .set({ leftStudentIds: sql`array_remove(${academicYearRollovers.leftStudentIds}, ${studentId}::uuid)` })
      .where(and(eq(academicYearRollovers.churchId, churchId), sql`${studentId}::uuid = any(${academicYearRollovers.leftStudentIds})`));
    return {};
  },
};

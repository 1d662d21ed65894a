import { academicYearConfigs } from '../../../drizzle/schema/index.js';
import { churchRows, type Tx } from '../../db/index.js';

export type AcademicYearConfigRow = typeof academicYearConfigs.$inferSelect;

/** The church's stored configuration, if any (row-level security limits it to the church). */
export async function findAcademicYearConfig(tx: Tx): Promise<AcademicYearConfigRow | undefined> {
  const [row] = await tx.select().from(academicYearConfigs).where(churchRows(tx, academicYearConfigs)).limit(1);
  return row;
}

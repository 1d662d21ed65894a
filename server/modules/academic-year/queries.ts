import { eq } from 'drizzle-orm';
import { academicYearConfigs } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';

export type AcademicYearConfigRow = typeof academicYearConfigs.$inferSelect;

/** The church's stored configuration, if any (row-level security limits it to the church). */
export async function findAcademicYearConfig(tx: Tx, churchId: string): Promise<AcademicYearConfigRow | undefined> {
  const [row] = await tx.select().from(academicYearConfigs).where(eq(academicYearConfigs.churchId, churchId)).limit(1);
  return row;
}

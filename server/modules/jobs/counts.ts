import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/index.js';

/** Jobs of each queue by state (created, retry, active, completed, cancelled, failed), as the queue's
 * table holds them: one grouped read through the platform door, whose role may read the queue's rows.
 * Queue names are the domains' fixed names, never a church's. */
export async function jobCounts(db: Database): Promise<Array<{ queue: string; state: string; count: number }>> {
  const rows = await db.withPlatform((tx) => tx.execute(sql`select name as queue, state::text as state, count(*)::int as count from pgboss.job group by 1, 2`));
  return rowsOf<{ queue: string; state: string; count: number }>(rows);
}

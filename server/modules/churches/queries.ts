import { eq } from 'drizzle-orm';
import { churches } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import { toChurchDto } from './dto.js';

/** The church as its users see it; the door's transaction decides whether it may be read. */
export async function loadChurch(tx: Tx, churchId: string) {
  const [church] = await tx.select().from(churches).where(eq(churches.id, churchId));
  if (!church) throw new Error(`Church ${churchId} not found`);
  return toChurchDto(church);
}

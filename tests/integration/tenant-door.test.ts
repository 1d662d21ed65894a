import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { backend, firstRow, openTestDatabase } from '../helpers/app.js';
import { createChurch } from '../helpers/fixtures.js';
import { commitEarly, type Database } from '../../server/db/index.js';
import { classes } from '../../drizzle/schema/index.js';

// The tenant door's early COMMIT (used by marking attendance): on PostgreSQL the COMMIT travels
// right behind the statements already sent; on PGlite it is a no-op and the door commits as usual.

let db: Database;
let church: Awaited<ReturnType<typeof createChurch>>;

beforeAll(async () => {
  db = await openTestDatabase();
  church = await createChurch(db);
});
afterAll(async () => { await db?.close(); });

const addClass = (section: string) => db.withTenant(church.church.id, (tx) => tx.insert(classes).values({
  churchId: church.church.id, className: '4th', section, academicYear: '2026-2027',
}).returning());

describe('commitEarly', () => {
  it('the statement sent before it still runs inside the transaction, as the tenant', async () => {
    const seen = await db.withTenant(church.church.id, async (tx) => {
      // .then() starts a drizzle query now (awaiting it would start it only after commitEarly).
      const pending = tx.execute(sql`select current_setting('app.church_id', true) as church, current_user as role`).then((r) => r);
      commitEarly(tx);
      return firstRow<{ church: string; role: string }>(await pending);
    });
    expect(seen).toEqual({ church: church.church.id, role: 'app_tenant' });
  });

  it('keeps what was written before it, also when the handler fails afterwards', async () => {
    const [cls] = await addClass('early');
    await expect(db.withTenant(church.church.id, async (tx) => {
      const pending = tx.update(classes).set({ section: 'kept' }).where(eq(classes.id, cls.id)).then((r) => r);
      commitEarly(tx);
      await pending;
      throw new Error('refused after the commit');
    })).rejects.toThrow('refused after the commit');
    const [after] = await db.withTenant(church.church.id, (tx) => tx.select().from(classes).where(eq(classes.id, cls.id)));
    // On PGlite commitEarly does nothing, so the failure rolls the update back as usual.
    expect(after.section).toBe(backend === 'postgres' ? 'kept' : 'early');
  });

  it.runIf(backend === 'postgres')('refuses any query after it: it would no longer run as the tenant', async () => {
    const refused = await db.withTenant(church.church.id, async (tx) => {
      commitEarly(tx);
      await tx.select().from(classes);
    }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(((refused as Error).cause as Error | undefined)?.message ?? (refused as Error).message).toMatch(/already committed/);
    // The connection is clean for the next request.
    const [row] = await db.withTenant(church.church.id, (tx) => tx.execute(sql`select 1 as ok`).then((r) => [firstRow<{ ok: number }>(r)]));
    expect(row.ok).toBe(1);
  });
});

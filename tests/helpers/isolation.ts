import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backend, firstRow, onCitus, unmarkedWithTenant, type TestApp } from './app.js';
import { api, createChurch, uniqueCode } from './fixtures.js';
import { signIn } from './church-session.js';
import { seedDemoChurch, demoEmail } from '../../server/modules/demo/index.js';
import type { Database } from '../../server/db/index.js';
import type { Config } from '../../server/config.js';
import { users } from '../../drizzle/schema/index.js';
import { setupStatements } from '../../server/db/database.js';

// The isolation checks shared by tests/integration/isolation.test.ts (the default session setup)
// and isolation-set-local.test.ts (TENANT_SESSION_SETUP=set_local): the same checks under each way
// the door can set its session.

/** Every base table with a church_id column, read from the catalog. */
export async function churchTablesOf(db: Database): Promise<string[]> {
  return (await db.ownerQuery<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'church_id' and t.table_type = 'BASE TABLE'
    order by 1`)).map((r) => r.table_name).filter((table) => !ASSOCIATION_BRIDGE_TABLES.includes(table));
}

/** The two tables a church shares with its association (its membership, and who of it read a
 * circular): each has a policy for the church and one for the association, checked by
 * tests/integration/association-isolation.test.ts instead of the one-policy rule of church tables. */
const ASSOCIATION_BRIDGE_TABLES = ['association_memberships', 'circular_reads'];

type Session = { c: string | null; u: string };
const whoAmI = sql`select current_setting('app.church_id', true) as c, current_user as u`;

/** The door's session is what the setting says: the church and app_tenant inside it (the platform
 * door: no church, app_platform), sent as the chosen statements, and gone once the transaction ends. */
export function describeTenantSession(getApp: () => TestApp, mode: Config['TENANT_SESSION_SETUP']) {
  describe(`the door's session (${mode})`, () => {
    let churchId: string;
    beforeAll(async () => {
      expect(getApp().config.TENANT_SESSION_SETUP).toBe(mode);
      churchId = (await createChurch(getApp().db)).church.id;
    });

    it('sets the church and the tenant role inside the tenant door, the platform role in the platform door', async () => {
      const { db } = getApp();
      expect(firstRow<Session>(await db.withTenant(churchId, (tx) => tx.execute(whoAmI)))).toEqual({ c: churchId, u: 'app_tenant' });
      expect(firstRow<Session>(await db.withPlatform((tx) => tx.execute(whoAmI)))).toEqual({ c: '', u: 'app_platform' });
    });

    it('loses the church and the role on the same connection once the transaction commits', async () => {
      const { db } = getApp();
      const [inside, after] = await db.withTenant(churchId, async (tx) => {
        const before = firstRow<Session>(await tx.execute(whoAmI));
        await tx.execute(sql`commit`); // ends the door's transaction early; the door's own COMMIT then only warns
        return [before, firstRow<Session>(await tx.execute(whoAmI))];
      });
      expect(inside).toEqual({ c: churchId, u: 'app_tenant' });
      // Undone by the COMMIT: an unset placeholder reads '' (or null if never set on this connection),
      // and the connection is back to its login (PGlite: its superuser).
      expect(['', null]).toContain(after.c);
      expect(after.u).not.toBe('app_tenant');
    });

    // PostgreSQL shows another connection's last statement: the door's BEGIN and setup, sent as one
    // simple-protocol query, while the handler has not sent anything yet.
    it.runIf(backend === 'postgres')('sends BEGIN and the setup of this mode as one query', async () => {
      const { db } = getApp();
      const sent = await unmarkedWithTenant(db)(churchId, async () => {
        for (let attempt = 0; attempt < 100; attempt++) {
          const [row] = await db.ownerQuery<{ query: string }>(sql`
            select query from pg_stat_activity
            where datname = current_database() and state = 'idle in transaction' and query like ${`%${churchId}%`}`);
          if (row) return row.query;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return undefined;
      });
      // A Citus coordinator's doors use set_local whatever they were given.
      expect(sent).toBe(['begin', ...setupStatements(onCitus ? 'set_local' : mode, churchId)].join('; '));
    });
  });
}

/** Two seeded churches: neither sees nor changes the other's rows, through the door or over HTTP. */
export function describeTwoChurchesWithData(getApp: () => TestApp, getChurchTables: () => string[]) {
  describe('two churches with data', () => {
    let a: Awaited<ReturnType<typeof seedDemoChurch>>;
    let b: Awaited<ReturnType<typeof seedDemoChurch>>;
    const rows = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => getApp().db.ownerQuery<T>(query);
    beforeAll(async () => {
      a = await seedDemoChurch(getApp().db, { code: uniqueCode(), password: 'demo-password-123' });
      b = await seedDemoChurch(getApp().db, { code: uniqueCode(), password: 'demo-password-123' });
    });

    it('shows church A only its own rows in every church table, whatever it asks for', async () => {
      const { db } = getApp();
      expect(getChurchTables().length).toBeGreaterThanOrEqual(10);
      for (const table of getChurchTables()) {
        const read = () => db.withTenant(a.churchId, (tx) => tx.execute(sql`
          select count(*)::int as all_rows, count(*) filter (where church_id <> ${a.churchId})::int as foreign_rows
          from ${sql.identifier(table)}`));
        // A table the tenant role may not read at all (payment orders: the platform door's alone) is
        // refused outright, which isolates it further still.
        const [grant] = await rows<{ readable: boolean }>(sql`select has_table_privilege('app_tenant', ${table}, 'SELECT') as readable`);
        if (!grant.readable) {
          await expect(read(), table).rejects.toThrow();
          continue;
        }
        expect(firstRow<{ foreign_rows: number }>(await read()).foreign_rows, table).toBe(0);
      }
      const [bStudents] = await rows<{ n: number }>(sql`select count(*)::int as n from students where church_id = ${b.churchId}`);
      expect(bStudents.n).toBeGreaterThan(0);
      const seenFromA = await db.withTenant(a.churchId, (tx) =>
        tx.execute(sql`select count(*)::int as n from students where church_id = ${b.churchId}`));
      expect(firstRow<{ n: number }>(seenFromA).n).toBe(0);
    });

    it('refuses writes into another church and cannot change its rows', async () => {
      const { db } = getApp();
      await expect(db.withTenant(a.churchId, (tx) => tx.insert(users).values({
        churchId: b.churchId, name: 'Intruder', email: 'intruder@example.org', role: 'teacher',
      }))).rejects.toThrow();
      const changed = await db.withTenant(a.churchId, (tx) =>
        tx.update(users).set({ name: 'Hacked' }).where(sql`church_id = ${b.churchId}`).returning());
      expect(changed).toHaveLength(0);
      const [untouched] = await rows<{ n: number }>(sql`select count(*)::int as n from users where name = 'Hacked'`);
      expect(untouched.n).toBe(0);
    });

    it('sees no church rows at all when no church is set', async () => {
      // As app_tenant with the setting empty, the nullif makes the policy false for every row. SET
      // LOCAL rather than set_config: on Citus only SET reaches the workers that hold the rows.
      const empty = await getApp().db.withTenant(a.churchId, async (tx) => {
        await tx.execute(sql`set local app.church_id = ''`);
        return tx.execute(sql`select count(*)::int as n from students`);
      });
      expect(firstRow<{ n: number }>(empty).n).toBe(0);
    });

    it('rejects church A\'s token presented with church B\'s code, and the other way round', async () => {
      const { url } = getApp();
      const sessionA = await signIn(url, a.code, demoEmail('principal', a.code), 'demo-password-123');
      const sessionB = await signIn(url, b.code, demoEmail('principal', b.code), 'demo-password-123');
      for (const [token, code] of [[sessionA.token, b.code], [sessionB.token, a.code]]) {
        const res = await api(url, 'GET', '/api/auth/verify', { token, code });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, message: 'Your session has expired. Please sign in again.' });
      }
      const usageA = await sessionA.get('/api/subscription/usage');
      expect(usageA.status).toBe(200);
      expect(usageA.body.data.usage).toEqual({ principals: 1, teachers: 1, students: 24, classes: 3 });
    });

    it('does not let church A sign in to church B with A\'s credentials', async () => {
      const res = await api(getApp().url, 'POST', '/api/auth/login', {
        body: { church_code: b.code, email: demoEmail('principal', a.code), password: 'demo-password-123' },
      });
      expect(res.status).toBe(401);
    });
  });
}

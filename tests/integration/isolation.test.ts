import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { firstRow, startTestApp, type TestApp } from '../helpers/app.js';
import { createChurch } from '../helpers/fixtures.js';
import { churchTablesOf, describeTenantSession, describeTwoChurchesWithData } from '../helpers/isolation.js';

// Isolation checks that cannot go stale: they read the catalog, so a table added later without
// its policy, FORCE or church-leading keys fails here. The session and two-church checks are shared
// with isolation-set-local.test.ts (tests/helpers/isolation.ts), which runs them with SET LOCAL.

let app: TestApp;
let churchTables: string[];
const rows = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => app.db.ownerQuery<T>(query);

beforeAll(async () => {
  app = await startTestApp();
  churchTables = await churchTablesOf(app.db);
});
afterAll(async () => { await app?.close(); });

describe('the catalog', () => {
  it('finds the church-owned tables', () => {
    expect(churchTables).toEqual(expect.arrayContaining(['users', 'classes', 'students', 'attendance', 'user_sessions']));
    expect(churchTables.length).toBeGreaterThanOrEqual(10);
  });

  it('has row-level security enabled and forced on every table with church_id, and on churches', async () => {
    const flags = await rows<{ relname: string; enabled: boolean; forced: boolean }>(sql`
      select relname, relrowsecurity as enabled, relforcerowsecurity as forced from pg_class
      where relnamespace = 'public'::regnamespace and relkind = 'r'`);
    for (const table of [...churchTables, 'churches']) {
      const flag = flags.find((f) => f.relname === table);
      expect(flag, table).toMatchObject({ enabled: true, forced: true });
    }
  });

  it('gives every church table exactly the one tenant policy, for app_tenant, without subqueries', async () => {
    const policies = await rows<{ tablename: string; policyname: string; roles: string | string[]; qual: string; with_check: string; cmd: string }>(sql`
      select tablename, policyname, roles::text as roles, qual, with_check, cmd from pg_policies where schemaname = 'public'`);
    for (const table of [...churchTables, 'churches']) {
      const own = policies.filter((p) => p.tablename === table);
      expect(own, table).toHaveLength(1);
      const [policy] = own;
      const column = table === 'churches' ? 'id' : 'church_id';
      expect(policy.cmd).toBe('ALL');
      expect(String(policy.roles)).toContain('app_tenant');
      for (const expr of [policy.qual, policy.with_check]) {
        expect(expr).toContain(column);
        expect(expr.toLowerCase()).toContain("nullif(current_setting('app.church_id'::text, true), ''::text)");
        expect(expr.toLowerCase()).not.toContain('select');
      }
    }
  });

  it('leads every primary key with church_id and puts church_id in every unique key and foreign key between church tables', async () => {
    const keys = await rows<{ table_name: string; kind: string; name: string; columns: string; ref_table: string | null }>(sql`
      select cl.relname as table_name, con.contype::text as kind, con.conname as name,
        (select string_agg(a.attname, ',' order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
        ref.relname as ref_table
      from pg_constraint con join pg_class cl on cl.oid = con.conrelid
      left join pg_class ref on ref.oid = con.confrelid
      where cl.relnamespace = 'public'::regnamespace and con.contype in ('p', 'u', 'f')`);
    const uniqueIndexes = await rows<{ tablename: string; indexname: string; indexdef: string }>(sql`
      select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' and indexdef like 'CREATE UNIQUE%'`);
    for (const table of churchTables) {
      const pk = keys.find((k) => k.table_name === table && k.kind === 'p');
      expect(pk?.columns.split(',')[0], `${table} primary key`).toBe('church_id');
      for (const fk of keys.filter((k) => k.table_name === table && k.kind === 'f' && churchTables.includes(k.ref_table ?? ''))) {
        expect(fk.columns.split(',')[0], `${table} ${fk.name}`).toBe('church_id');
      }
      for (const index of uniqueIndexes.filter((i) => i.tablename === table)) {
        expect(index.indexdef, `${table} ${index.indexname}`).toMatch(/\(church_id[,)]/);
      }
    }
  });

  it('runs church users as a role that owns nothing, is not superuser and cannot bypass RLS', async () => {
    const [role] = await rows<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>(sql`
      select r.rolsuper, r.rolbypassrls,
        (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
      from pg_roles r where r.rolname = 'app_tenant'`);
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
    const { church } = await createChurch(app.db);
    const who = await app.db.withTenant(church.id, (tx) => tx.execute(sql`select current_user as u, current_setting('app.church_id') as c`));
    expect(firstRow(who)).toEqual({ u: 'app_tenant', c: church.id });
  });
});

describeTenantSession(() => app, 'set_config');
describeTwoChurchesWithData(() => app, () => churchTables);

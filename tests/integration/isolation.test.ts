import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { firstRow, startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, signIn, uniqueCode } from '../helpers/fixtures.js';
import { seedDemoChurch, demoEmail } from '../../server/modules/demo/index.js';
import { users } from '../../drizzle/schema/index.js';

// Isolation checks that cannot go stale: they read the catalog, so a table added later without
// its policy, FORCE or church-leading keys fails here.

let app: TestApp;
let churchTables: string[];
const rows = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => app.db.ownerQuery<T>(query);

beforeAll(async () => {
  app = await startTestApp();
  churchTables = (await rows<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'church_id' and t.table_type = 'BASE TABLE'
    order by 1`)).map((r) => r.table_name);
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

describe('two churches with data', () => {
  let a: Awaited<ReturnType<typeof seedDemoChurch>>;
  let b: Awaited<ReturnType<typeof seedDemoChurch>>;
  beforeAll(async () => {
    a = await seedDemoChurch(app.db, { code: uniqueCode(), password: 'demo-password-123' });
    b = await seedDemoChurch(app.db, { code: uniqueCode(), password: 'demo-password-123' });
  });

  it('shows church A only its own rows in every church table, whatever it asks for', async () => {
    for (const table of churchTables) {
      const counts = await app.db.withTenant(a.churchId, (tx) => tx.execute(sql`
        select count(*)::int as all_rows, count(*) filter (where church_id <> ${a.churchId})::int as foreign_rows
        from ${sql.identifier(table)}`));
      const row = firstRow<{ foreign_rows: number }>(counts);
      expect(row.foreign_rows, table).toBe(0);
    }
    const [bStudents] = await rows<{ n: number }>(sql`select count(*)::int as n from students where church_id = ${b.churchId}`);
    expect(bStudents.n).toBeGreaterThan(0);
    const seenFromA = await app.db.withTenant(a.churchId, (tx) =>
      tx.execute(sql`select count(*)::int as n from students where church_id = ${b.churchId}`));
    expect(firstRow<{ n: number }>(seenFromA).n).toBe(0);
  });

  it('refuses writes into another church and cannot change its rows', async () => {
    await expect(app.db.withTenant(a.churchId, (tx) => tx.insert(users).values({
      churchId: b.churchId, name: 'Intruder', email: 'intruder@example.org', role: 'teacher',
    }))).rejects.toThrow();
    const changed = await app.db.withTenant(a.churchId, (tx) =>
      tx.update(users).set({ name: 'Hacked' }).where(sql`church_id = ${b.churchId}`).returning());
    expect(changed).toHaveLength(0);
    const [untouched] = await rows<{ n: number }>(sql`select count(*)::int as n from users where name = 'Hacked'`);
    expect(untouched.n).toBe(0);
  });

  it('sees no church rows at all when no church is set', async () => {
    // As app_tenant with the setting empty, the nullif makes the policy false for every row.
    const empty = await app.db.withTenant(a.churchId, (tx) => tx.execute(sql`
      select set_config('app.church_id', '', true), (select count(*)::int from students) as n`));
    expect(firstRow<{ n: number }>(empty).n).toBe(0);
  });

  it('rejects church A\'s token presented with church B\'s code, and the other way round', async () => {
    const sessionA = await signIn(app.url, a.code, demoEmail('principal', a.code), 'demo-password-123');
    const sessionB = await signIn(app.url, b.code, demoEmail('principal', b.code), 'demo-password-123');
    for (const [token, code] of [[sessionA.token, b.code], [sessionB.token, a.code]]) {
      const res = await api(app.url, 'GET', '/api/auth/verify', { token, code });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Your session has expired. Please sign in again.' });
    }
    const usageA = await api(app.url, 'GET', '/api/subscription/usage', { token: sessionA.token, code: a.code });
    expect(usageA.status).toBe(200);
    expect(usageA.body.data.usage).toEqual({ principals: 1, teachers: 1, students: 24, classes: 3 });
  });

  it('does not let church A sign in to church B with A\'s credentials', async () => {
    const res = await api(app.url, 'POST', '/api/auth/login', {
      body: { church_code: b.code, email: demoEmail('principal', a.code), password: 'demo-password-123' },
    });
    expect(res.status).toBe(401);
  });
});

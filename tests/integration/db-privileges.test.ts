import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { backend, firstRow, openTestDatabase } from '../helpers/app.js';
import { createChurch, createClassWithStudents } from '../helpers/fixtures.js';
import { rowsOf, type Database, type Tx } from '../../server/db/index.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { auditLog, churches, classes, paymentOrders, paymentTokens } from '../../drizzle/schema/index.js';

// Defence in depth around row-level security: the logins the server connects with, the church row's
// subscription columns, and transaction handles kept past their door.

let db: Database;
let church: Awaited<ReturnType<typeof createChurch>>;
let churchTables: string[];

beforeAll(async () => {
  db = await openTestDatabase();
  church = await createChurch(db);
  await createClassWithStudents(db, church.church.id, { students: 2 });
  churchTables = (await db.ownerQuery<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'church_id' order by 1`)).map((r) => r.table_name);
});
afterAll(async () => { await db?.close(); });

interface LoginFacts { session_user: string; current_user: string; superuser: boolean; bypassrls: boolean; inherits: boolean; tenant: boolean; platform: boolean; owns: number }
const loginFacts = (tx: Tx) => tx.execute(sql`
  select session_user::text as session_user, current_user::text as current_user,
    r.rolsuper as superuser, r.rolbypassrls as bypassrls, r.rolinherit as inherits,
    pg_has_role(session_user, 'app_tenant', 'MEMBER') as tenant,
    pg_has_role(session_user, 'app_platform', 'MEMBER') as platform,
    (select count(*)::int from pg_class c where c.relowner = r.oid) as owns
  from pg_roles r where r.rolname = session_user`).then((r) => firstRow<LoginFacts>(r));

describe.runIf(backend === 'postgres')('the logins of the doors (PostgreSQL)', () => {
  it('the tenant door logs in as a plain login that is a member of app_tenant only', async () => {
    const facts = await db.withTenant(church.church.id, loginFacts);
    expect(facts).toMatchObject({
      current_user: 'app_tenant', superuser: false, bypassrls: false, inherits: false, tenant: true, platform: false, owns: 0,
    });
    expect(facts.session_user).not.toBe('app_tenant');
  });

  it('the platform door logs in as another login, a member of app_platform only', async () => {
    const facts = await db.withPlatform(loginFacts);
    expect(facts).toMatchObject({ current_user: 'app_platform', superuser: false, inherits: false, tenant: false, platform: true, owns: 0 });
    const tenantLogin = (await db.withTenant(church.church.id, loginFacts)).session_user;
    expect(facts.session_user).not.toBe(tenantLogin);
  });

  it('after reset role inside a tenant transaction, no church table can be read', async () => {
    expect(churchTables.length).toBeGreaterThanOrEqual(10);
    for (const table of [...churchTables, 'churches']) {
      const outcome = await db.withTenant(church.church.id, async (tx) => {
        await tx.execute(sql`reset role`);
        const [row] = rowsOf<{ n: number }>(await tx.execute(sql.raw(`select count(*)::int as n from "${table}"`)));
        return row.n;
      }).catch((error: unknown) => error);
      // Either refused outright (the bare login has no privilege) or nothing visible.
      if (typeof outcome === 'number') expect(outcome, table).toBe(0);
      else expect(String((outcome as { cause?: unknown }).cause ?? outcome), table).toMatch(/permission denied/);
    }
  });

  it('the tenant login cannot become the platform role', async () => {
    const refused = await db.withTenant(church.church.id, (tx) => tx.execute(sql`set role app_platform`)).catch((e: unknown) => e);
    expect(String((refused as { cause?: unknown }).cause ?? refused)).toMatch(/permission denied/);
  });

  it('migrating and provisioning from several processes at once is safe and idempotent', async () => {
    const url = process.env.DATABASE_URL!;
    const copies = [createPostgresDatabase(url, 1), createPostgresDatabase(url, 1), createPostgresDatabase(url, 1)];
    try {
      await Promise.all(copies.map((copy) => copy.migrate()));
      const facts = await copies[0].withTenant(church.church.id, loginFacts);
      expect(facts).toMatchObject({ current_user: 'app_tenant', platform: false });
    } finally {
      await Promise.all(copies.map((copy) => copy.close()));
    }
  });
});

/** The error's own message and its causes' (drizzle wraps driver errors). */
const messageOf = (error: unknown): string => {
  const parts: string[] = [];
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) parts.push(e.message ?? JSON.stringify(e));
  return parts.join(' / ');
};

describe('a transaction handle kept past its door', () => {
  it('throws, and writes nothing, instead of running outside the tenant transaction', async () => {
    let kept: Tx | undefined;
    await db.withTenant(church.church.id, async (tx) => { kept = tx; });
    const closedDoor = /transaction is over|Transaction is closed/;
    expect(messageOf(await kept!.select().from(classes).catch((e: unknown) => e))).toMatch(closedDoor);
    expect(messageOf(await kept!.insert(classes).values({
      churchId: church.church.id, className: '5th', section: 'late', academicYear: '2026-2027',
    }).catch((e: unknown) => e))).toMatch(closedDoor);
    const late = await db.withTenant(church.church.id, (tx) => tx.select().from(classes).where(eq(classes.section, 'late')));
    expect(late).toHaveLength(0);
  });

  it('throws for a late .then of a platform handle too', async () => {
    let kept: Tx | undefined;
    await db.withPlatform(async (tx) => { kept = tx; });
    const late = await kept!.select().from(churches).then((rows) => rows.length).catch((e: unknown) => e);
    expect(messageOf(late)).toMatch(/transaction is over|Transaction is closed/);
  });
});

describe('the church row', () => {
  const attempts: Array<[string, Partial<typeof churches.$inferInsert>]> = [
    ['subscription tier', { subscriptionTier: 'lifetime' }],
    ['subscription status', { subscriptionStatus: 'active' }],
    ['subscription end date', { subscriptionEndDate: new Date('2099-01-01') }],
    ['lifetime flag', { isLifetime: true }],
    ['code', { code: 'HACKED' }],
    ['trial extension count', { trialExtensions: 0 }],
  ];
  for (const [what, change] of attempts) {
    it(`a church user's transaction cannot change its own ${what}`, async () => {
      const refused = await db.withTenant(church.church.id, (tx) =>
        tx.update(churches).set(change).where(eq(churches.id, church.church.id))).catch((e: unknown) => e);
      expect(String((refused as { cause?: unknown }).cause ?? refused)).toMatch(/permission denied/);
    });
  }

  it('keeps the subscription as it was, while contact details stay editable by the church', async () => {
    await db.withTenant(church.church.id, (tx) =>
      tx.update(churches).set({ phone: '+91 90000 00000' }).where(eq(churches.id, church.church.id)));
    const [row] = await db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.id, church.church.id)));
    expect(row).toMatchObject({
      phone: '+91 90000 00000', subscriptionTier: church.church.subscriptionTier, isLifetime: false, code: church.code,
    });
  });

  it('the platform door may change the subscription', async () => {
    await db.withPlatform((tx) => tx.update(churches).set({ subscriptionTier: 'basic' }).where(eq(churches.id, church.church.id)));
    const [row] = await db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.id, church.church.id)));
    expect(row.subscriptionTier).toBe('basic');
  });
});

describe('orders and payment tokens', () => {
  it('are written by the platform door only: the tenant role holds no write privilege on them', async () => {
    const privileges = await db.ownerQuery<{ table_name: string; privilege: string; granted: boolean }>(sql`
      select t.table_name, p.privilege, has_table_privilege('app_tenant', t.table_name, p.privilege) as granted
      from (values ('payment_orders'), ('payment_tokens')) t(table_name),
        (values ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE')) p(privilege) order by 1, 2`);
    const granted = privileges.filter((p) => p.granted).map((p) => `${p.table_name} ${p.privilege}`);
    // The tenant door still reads its church's tokens, to know who may pay.
    expect(granted).toEqual(['payment_tokens SELECT']);
    const platform = await db.ownerQuery<{ ok: boolean }>(sql`
      select has_table_privilege('app_platform', 'payment_orders', 'INSERT') and has_table_privilege('app_platform', 'payment_tokens', 'UPDATE')
        and has_table_privilege('app_platform', 'payment_references', 'INSERT') as ok`);
    expect(platform[0].ok).toBe(true);
  });

  it('a tenant transaction that tries to write them is refused', async () => {
    const denied = (work: (tx: Tx) => Promise<unknown>) => db.withTenant(church.church.id, work).catch((e: unknown) => messageOf(e));
    expect(await denied((tx) => tx.insert(paymentOrders).values({
      churchId: church.church.id, provider: 'test', providerOrderId: 'order_by_tenant', planTier: 'premium', amountPaise: 1,
    }))).toMatch(/permission denied/);
    expect(await denied((tx) => tx.update(paymentTokens).set({ consumedAt: null }))).toMatch(/permission denied/);
    expect(await denied((tx) => tx.delete(paymentTokens))).toMatch(/permission denied/);
  });
});

describe('the offline attendance batches', () => {
  it('are claimed, read and answered by the tenant role, never moved to another user or removed by it', async () => {
    const privileges = await db.ownerQuery<{ privilege: string; granted: boolean }>(sql`
      select p.privilege, has_table_privilege('app_tenant', 'attendance_sync_batches', p.privilege) as granted
      from (values ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE'), ('REFERENCES'), ('TRIGGER')) p(privilege) order by 1`);
    expect(privileges.filter((p) => p.granted).map((p) => p.privilege)).toEqual(['INSERT', 'SELECT']);
    const columns = await db.ownerQuery<{ column_name: string }>(sql`
      select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'attendance_sync_batches'
        and has_column_privilege('app_tenant', 'attendance_sync_batches', column_name, 'UPDATE') order by 1`);
    expect(columns.map((c) => c.column_name)).toEqual(['answer']);
  });
});

describe('the audit log', () => {
  it('is append-only for the platform door: entries are added and read, never changed or removed', async () => {
    const [entry] = await db.withPlatform((tx) => tx.insert(auditLog)
      .values({ action: 'test.append', resourceType: 'test', description: 'append-only check' }).returning());
    const denied = (work: (tx: Tx) => Promise<unknown>) => db.withPlatform(work).catch((e: unknown) => e);
    for (const attempt of [
      denied((tx) => tx.update(auditLog).set({ description: 'rewritten' }).where(eq(auditLog.id, entry.id))),
      denied((tx) => tx.delete(auditLog).where(eq(auditLog.id, entry.id))),
      denied((tx) => tx.execute(sql`truncate audit_log`)),
    ]) {
      const error = await attempt;
      expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/permission denied/);
    }
    const [kept] = await db.withPlatform((tx) => tx.select().from(auditLog).where(eq(auditLog.id, entry.id)));
    expect(kept.description).toBe('append-only check');
  });
});

describe('the job queue (pg-boss) and the weekly digest ledgers', () => {
  it('the queue\'s schema is the owner\'s: app_platform reads and writes its rows only, app_tenant has nothing there', async () => {
    const tables = await db.ownerQuery<{ table_name: string; platform: string; tenant: boolean; owner_is_platform: boolean }>(sql`
      select c.relname as table_name,
        concat_ws(',', case when has_table_privilege('app_platform', c.oid, 'SELECT') then 'SELECT' end,
          case when has_table_privilege('app_platform', c.oid, 'INSERT') then 'INSERT' end,
          case when has_table_privilege('app_platform', c.oid, 'UPDATE') then 'UPDATE' end,
          case when has_table_privilege('app_platform', c.oid, 'DELETE') then 'DELETE' end,
          case when has_table_privilege('app_platform', c.oid, 'TRUNCATE') then 'TRUNCATE' end) as platform,
        has_table_privilege('app_tenant', c.oid, 'SELECT') or has_table_privilege('app_tenant', c.oid, 'INSERT')
          or has_table_privilege('app_tenant', c.oid, 'UPDATE') or has_table_privilege('app_tenant', c.oid, 'DELETE') as tenant,
        pg_get_userbyid(c.relowner) in ('app_platform', 'app_tenant') as owner_is_platform
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'pgboss' and c.relkind in ('r', 'p') order by 1`);
    // The job table, its archive, the queues (each a partition: the three of migrations/0022_job_queue.sql), schedules...
    expect(tables.length).toBeGreaterThanOrEqual(8);
    for (const table of tables) {
      expect(table, table.table_name).toMatchObject({ platform: 'SELECT,INSERT,UPDATE,DELETE', tenant: false, owner_is_platform: false });
    }
    const [schema] = await db.ownerQuery<{ platform_usage: boolean; platform_create: boolean; tenant_usage: boolean; tenant_runs_create_queue: boolean; platform_runs_create_queue: boolean }>(sql`
      select has_schema_privilege('app_platform', 'pgboss', 'USAGE') as platform_usage,
        has_schema_privilege('app_platform', 'pgboss', 'CREATE') as platform_create,
        has_schema_privilege('app_tenant', 'pgboss', 'USAGE') as tenant_usage,
        has_function_privilege('app_tenant', 'pgboss.create_queue(text, json)', 'EXECUTE') as tenant_runs_create_queue,
        has_function_privilege('app_platform', 'pgboss.create_queue(text, json)', 'EXECUTE') as platform_runs_create_queue`);
    expect(schema).toEqual({
      platform_usage: true, platform_create: false, tenant_usage: false, tenant_runs_create_queue: false, platform_runs_create_queue: false,
    });
  });

  it('a tenant transaction cannot reach the queue', async () => {
    const refused = await db.withTenant(church.church.id, (tx) => tx.execute(sql`select count(*) from pgboss.job`)).catch((e: unknown) => messageOf(e));
    expect(refused).toMatch(/permission denied/);
  });

  it('deliveries are claimed, their lease moved and marked sent by the tenant role, never removed or handed to another user', async () => {
    const privileges = await db.ownerQuery<{ table_name: string; privilege: string }>(sql`
      select t.table_name, p.privilege from (values ('digest_deliveries'), ('digest_runs')) t(table_name),
        (values ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE')) p(privilege)
      where has_table_privilege('app_tenant', t.table_name, p.privilege) order by 1, 2`);
    expect(privileges.map((p) => `${p.table_name} ${p.privilege}`)).toEqual([
      'digest_deliveries INSERT', 'digest_deliveries SELECT', 'digest_runs INSERT', 'digest_runs SELECT',
    ]);
    const columns = await db.ownerQuery<{ column_name: string }>(sql`
      select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'digest_deliveries'
        and has_column_privilege('app_tenant', 'digest_deliveries', column_name, 'UPDATE') order by 1`);
    expect(columns.map((c) => c.column_name)).toEqual(['claimed_until', 'sent_at']);
  });
});

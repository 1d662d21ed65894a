import { execFile } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, firstRow, openTestDatabase } from '../helpers/app.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { runtimeLoginUrls } from '../../server/db/logins.js';
import type { Database, Tx } from '../../server/db/index.js';

// The runtime logins provisioned from the owner's URL (server/db/logins.ts), on this PostgreSQL
// cluster, whose owner URL has no password (trust authentication): their passwords come from a
// secret only the owner reads, each database has logins of its own, and processes agree on them.

const ROOT = path.resolve(import.meta.dirname, '../..');
const ownerUrl = process.env.DATABASE_URL ?? '';
const run = promisify(execFile);

/** Whether `password` is the one PostgreSQL stored as this SCRAM-SHA-256 verifier (RFC 5802). */
function scramMatches(verifier: string, password: string): boolean {
  const [, iterations, salt, storedKey] = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):/.exec(verifier) ?? [];
  if (!storedKey) throw new Error(`not a SCRAM verifier: ${verifier.slice(0, 14)}`);
  const salted = pbkdf2Sync(password, Buffer.from(salt, 'base64'), Number(iterations), 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  return createHash('sha256').update(clientKey).digest('base64') === storedKey;
}

/** The password the logins had before: derived from the owner's password alone, empty under trust. */
const oldDerivation = (login: string) =>
  createHmac('sha256', `sunday-school runtime login:${decodeURIComponent(new URL(ownerUrl).password)}`).update(login).digest('hex');

const withDatabase = (url: string, name: string) => { const u = new URL(url); u.pathname = `/${name}`; return u.toString(); };
const sessionUser = (tx: Tx) => tx.execute(sql`select session_user::text as login`).then((r) => firstRow<{ login: string }>(r).login);
const ANY_CHURCH = '00000000-0000-4000-8000-000000000000';

describe.runIf(backend === 'postgres')('the runtime logins (PostgreSQL)', () => {
  let db: Database;
  let admin: postgres.Sql;
  let secondName: string;
  let secondUrl: string;
  const verifierOf = async (login: string) =>
    (await admin<{ rolpassword: string }[]>`select rolpassword from pg_authid where rolname = ${login}`)[0]?.rolpassword;

  beforeAll(async () => {
    db = await openTestDatabase();
    admin = postgres(ownerUrl, { max: 1, onnotice: () => {} });
    const [{ name }] = await admin<{ name: string }[]>`select current_database() as name`;
    secondName = `${name}_logins_${randomBytes(4).toString('hex')}`;
    secondUrl = withDatabase(ownerUrl, secondName);
    await admin.unsafe(`create database "${secondName}"`);
  });
  afterAll(async () => {
    await admin?.unsafe(`drop database if exists "${secondName}" with (force)`);
    await admin?.end();
    await db?.close();
  });

  it('keeps the secret in a table only the owner may read', async () => {
    const [table] = await db.ownerQuery<{ others: number; public: boolean; tenant: boolean; platform: boolean; rows: number }>(sql`
      select
        (select count(*)::int from aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a where a.grantee <> c.relowner) as others,
        has_table_privilege('app_tenant', c.oid, 'select') as tenant,
        has_table_privilege('app_platform', c.oid, 'select') as platform,
        (select count(*)::int from runtime_login_secret) as rows
      from pg_class c where c.oid = 'public.runtime_login_secret'::regclass`);
    expect(table).toEqual({ others: 0, tenant: false, platform: false, rows: 1 });
    const readSecret = (tx: Tx) => tx.execute(sql`select secret from runtime_login_secret`);
    for (const read of [() => db.withPlatform(readSecret), () => db.withTenant(ANY_CHURCH, readSecret)]) {
      const refused = await read().catch((e: unknown) => e);
      expect(String((refused as { cause?: unknown }).cause ?? refused)).toMatch(/permission denied/);
    }
  });

  it('gives each login a password from that secret, not from the owner URL, stored as the server holds it', async () => {
    const urls = await runtimeLoginUrls(admin, ownerUrl);
    for (const [door, login] of [['tenant', await db.withTenant(ANY_CHURCH, sessionUser)], ['platform', await db.withPlatform(sessionUser)]] as const) {
      const url = new URL(urls[door]);
      expect(url.username).toBe(login);
      const verifier = await verifierOf(login);
      expect(scramMatches(verifier, decodeURIComponent(url.password)), login).toBe(true);
      for (const guess of [oldDerivation(login), oldDerivation(`app_${door}_login`)]) {
        expect(url.password).not.toBe(guess);
        expect(scramMatches(verifier, guess), login).toBe(false);
      }
    }
  });

  it('two processes provisioning a fresh database at once arrive at the same logins and passwords', async () => {
    const start = () => run(process.execPath, ['--import', 'tsx', 'tests/helpers/provision-process.ts', secondUrl], { cwd: ROOT, timeout: 60_000 })
      .then(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1)!) as { tenant: string; platform: string; digest: string });
    const [one, two] = await Promise.all([start(), start()]);
    expect(one).toEqual(two);
    const second = postgres(secondUrl, { max: 1, onnotice: () => {} });
    try {
      const urls = await runtimeLoginUrls(second, secondUrl);
      expect(createHash('sha256').update(`${urls.tenant} ${urls.platform}`).digest('hex')).toBe(one.digest);
      expect(scramMatches(await verifierOf(one.tenant), decodeURIComponent(new URL(urls.tenant).password))).toBe(true);
    } finally {
      await second.end();
    }
  }, 120_000);

  it('two databases of one cluster each keep their own logins and passwords; a dropped one\'s logins go', async () => {
    const first = await runtimeLoginUrls(admin, ownerUrl);
    const secondDb = createPostgresDatabase(secondUrl, 1);
    try {
      await secondDb.migrate();
      // Provisioning this database again leaves the other's logins as they were, and both serve.
      const again = createPostgresDatabase(ownerUrl, 1);
      await again.migrate().finally(() => again.close());
      const fresh = createPostgresDatabase(ownerUrl, 1);
      try {
        const [mine, theirs] = [await fresh.withTenant(ANY_CHURCH, sessionUser), await secondDb.withTenant(ANY_CHURCH, sessionUser)];
        expect(mine).not.toBe(theirs);
        expect(await secondDb.withPlatform(sessionUser)).not.toBe(await fresh.withPlatform(sessionUser));
        const second = postgres(secondUrl, { max: 1, onnotice: () => {} });
        const secondUrls = await runtimeLoginUrls(second, secondUrl).finally(() => second.end());
        expect(new URL(secondUrls.tenant).password).not.toBe(new URL(first.tenant).password);
        expect(scramMatches(await verifierOf(mine), decodeURIComponent(new URL(first.tenant).password))).toBe(true);
        expect(scramMatches(await verifierOf(theirs), decodeURIComponent(new URL(secondUrls.tenant).password))).toBe(true);

        await secondDb.close();
        await admin.unsafe(`drop database "${secondName}" with (force)`);
        await fresh.migrate();
        const left = await admin<{ n: number }[]>`select count(*)::int as n from pg_roles where rolname in (${theirs}, ${new URL(secondUrls.platform).username})`;
        expect(left[0].n).toBe(0);
        expect(await fresh.withTenant(ANY_CHURCH, sessionUser)).toBe(mine);
      } finally {
        await fresh.close();
      }
    } finally {
      await secondDb.close().catch(() => {});
    }
  }, 120_000);
});

describe.runIf(backend === 'postgres')('the shared logins of earlier versions (PostgreSQL)', () => {
  it('are dropped by provisioning, so their computable passwords open nothing', async () => {
    const admin = postgres(ownerUrl, { max: 1, onnotice: () => {} });
    try {
      // As an earlier version left them: logins with the owner-derived password, members of the group roles.
      // In one transaction: other test files' provisioning retires these logins at any moment.
      await admin.begin(async (tx) => {
        for (const [login, role] of [['app_tenant_login', 'app_tenant'], ['app_platform_login', 'app_platform']]) {
          await tx.unsafe(`DO $$ BEGIN CREATE ROLE ${login} LOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
          await tx.unsafe(`ALTER ROLE ${login} LOGIN PASSWORD '${oldDerivation(login)}'`);
          await tx.unsafe(`GRANT ${role} TO ${login}`);
        }
      });
      const db = createPostgresDatabase(ownerUrl, 1);
      await db.migrate().finally(() => db.close());
      const left = await admin<{ rolname: string }[]>`
        select rolname from pg_roles where rolname in ('app_tenant_login', 'app_platform_login') and rolcanlogin`;
      expect(left).toEqual([]);
    } finally {
      await admin.end();
    }
  }, 120_000);
});

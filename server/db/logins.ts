import { createHmac, randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import { ASSOCIATION_ROLE, PLATFORM_ROLE, TENANT_ROLE } from './database.js';

/**
 * The PostgreSQL logins the server connects with while it serves requests, when it is given only
 * the owner's URL. Neither is a superuser, has BYPASSRLS or owns anything, and each is a NOINHERIT
 * member of exactly one group role: the tenant login of app_tenant, the platform login of
 * app_platform. A door switches to its group role per transaction; a statement that runs outside the
 * door, or after `reset role`, runs as the bare login, which has no privilege on any table.
 *
 * Their passwords must not be computable by anyone who lacks the owner's credentials, even when the
 * owner's URL has no password (trust authentication on a developer machine or in CI), and the
 * cluster may well accept password logins from the network. So each password is an HMAC of the
 * login's name under a random secret of 256 bits, drawn once per database and kept in
 * `runtime_login_secret`, a table only the owner may read (migration 0015). Every process given the
 * owner's URL reads the same secret and so arrives at the same passwords: several processes may
 * provision at once, and a serving process that never provisions (a cluster worker) reads them too.
 *
 * Roles belong to the whole cluster, databases do not: many databases share a server (a fresh one
 * per CI run, developers' and benchmarks' side by side), each with its own secret. Were the logins
 * shared, each database's provisioning would overwrite the others' passwords. So each database has
 * logins of its own, named after its oid (`app_tenant_login_16391`), which is unique in the cluster
 * while the database exists; provisioning drops such logins left by databases that no longer exist.
 * Explicit logins (DATABASE_TENANT_URL, DATABASE_PLATFORM_URL) bypass all of this.
 */
const RUNTIME_LOGINS = {
  tenant: { prefix: 'app_tenant_login_', roles: [TENANT_ROLE, ASSOCIATION_ROLE] },
  platform: { prefix: 'app_platform_login_', roles: [PLATFORM_ROLE] },
} as const;
type RuntimeLogin = keyof typeof RUNTIME_LOGINS;

/** A provisioned login of some database of this cluster: its prefix, then that database's oid. */
const PROVISIONED_LOGIN = '^app_(tenant|platform)_login_[0-9]+$';

export type RuntimeLoginUrls = Record<RuntimeLogin, string>;

interface LoginSeed { secret: string; databaseOid: string }

const loginName = (which: RuntimeLogin, seed: LoginSeed) => `${RUNTIME_LOGINS[which].prefix}${seed.databaseOid}`;

const passwordOf = (login: string, seed: LoginSeed) => createHmac('sha256', seed.secret).update(login).digest('hex');

/** This database's oid and its secret; undefined before the secret is drawn. */
async function readSeed(owner: postgres.Sql): Promise<LoginSeed | undefined> {
  const [row] = await owner<LoginSeed[]>`
    select s.secret, d.oid::text as "databaseOid"
    from runtime_login_secret s, pg_database d where d.datname = current_database()`;
  return row;
}

function urlsOf(ownerUrl: string, seed: LoginSeed): RuntimeLoginUrls {
  const urlOf = (which: RuntimeLogin) => {
    const url = new URL(ownerUrl);
    url.username = loginName(which, seed);
    url.password = passwordOf(url.username, seed);
    return url.toString();
  };
  return { tenant: urlOf('tenant'), platform: urlOf('platform') };
}

/**
 * The URLs of this database's runtime logins (the owner's host, port and database), read through
 * the owner's connection. Fails when they were never provisioned (run the migrations first).
 */
export async function runtimeLoginUrls(owner: postgres.Sql, ownerUrl: string): Promise<RuntimeLoginUrls> {
  const seed = await readSeed(owner);
  if (!seed) throw new Error('The runtime logins are not provisioned yet: migrate first (npm run db:migrate, or start the server with DATABASE_URL).');
  return urlsOf(ownerUrl, seed);
}

/**
 * Draws the secret (the first time), then creates or repairs this database's logins, as the owner
 * (who needs CREATEROLE), and answers their URLs. Idempotent and safe when several processes start
 * at once: it runs under the migration lock, the secret is inserted only where none exists, a
 * concurrent CREATE that loses the race is ignored, and all arrive at the same passwords. Any other
 * membership a login has is revoked.
 */
export async function provisionRuntimeLogins(owner: postgres.Sql, ownerUrl: string): Promise<RuntimeLoginUrls> {
  await owner`insert into runtime_login_secret (secret) values (${randomBytes(32).toString('base64url')}) on conflict do nothing`;
  const seed = (await readSeed(owner))!;
  await dropLoginsOfDroppedDatabases(owner);
  await retireSharedLogins(owner);
  for (const which of Object.keys(RUNTIME_LOGINS) as RuntimeLogin[]) {
    const roles: readonly string[] = RUNTIME_LOGINS[which].roles;
    const login = loginName(which, seed);
    // The name (a constant prefix and an oid) and the hex password are ours, not input: safe to inline in DDL.
    await owner.unsafe(`
      DO $$ BEGIN
        CREATE ROLE ${login} LOGIN;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$`);
    await owner.unsafe(`ALTER ROLE ${login} WITH LOGIN NOINHERIT NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION
      PASSWORD '${passwordOf(login, seed)}'`);
    const memberships = await owner<{ rolname: string }[]>`
      select g.rolname from pg_auth_members m
      join pg_roles g on g.oid = m.roleid join pg_roles u on u.oid = m.member
      where u.rolname = ${login}`;
    for (const { rolname } of memberships) {
      if (!roles.includes(rolname)) await owner.unsafe(`REVOKE "${rolname.replace(/"/g, '""')}" FROM ${login}`);
    }
    for (const role of roles) {
      if (!memberships.some((m) => m.rolname === role)) await owner.unsafe(`GRANT ${role} TO ${login}`);
    }
  }
  return urlsOf(ownerUrl, seed);
}

/**
 * Earlier versions shared one pair of logins across the cluster, with passwords anyone could work
 * out from the owner's (empty under trust authentication). Left in place they would still open every
 * church to whoever can log in with a password, so they are dropped; one that cannot be dropped (it
 * was given a privilege by hand) loses its LOGIN and password instead.
 */
const RETIRED_LOGINS = ['app_tenant_login', 'app_platform_login'] as const;

async function retireSharedLogins(owner: postgres.Sql): Promise<void> {
  for (const login of RETIRED_LOGINS) {
    await owner.unsafe(`DROP ROLE IF EXISTS ${login}`).catch(async () => {
      // Either another database's provisioning dropped it at the same moment, or it holds a
      // privilege given by hand and only loses its login.
      const [left] = await owner`select 1 from pg_roles where rolname = ${login}`;
      if (left) await owner.unsafe(`ALTER ROLE ${login} NOLOGIN PASSWORD NULL`);
    });
  }
}

/**
 * A fresh database per CI run or benchmark would otherwise leave two logins behind each time. The
 * logins own nothing and hold no privilege but their membership, so dropping them is safe; one this
 * owner may not drop, or that another database's provisioning drops first, is left as it is.
 */
async function dropLoginsOfDroppedDatabases(owner: postgres.Sql): Promise<void> {
  const orphans = await owner<{ rolname: string }[]>`
    select rolname from pg_roles
    where rolname ~ ${PROVISIONED_LOGIN}
      and substring(rolname from '[0-9]+$')::oid not in (select oid from pg_database)`;
  for (const { rolname } of orphans) await owner.unsafe(`DROP ROLE IF EXISTS ${rolname}`).catch(() => {});
}

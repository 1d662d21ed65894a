import { createHmac } from 'node:crypto';
import type postgres from 'postgres';
import { PLATFORM_ROLE, TENANT_ROLE } from './database.js';

/**
 * The PostgreSQL logins the server connects with while it serves requests. Neither is a superuser,
 * has BYPASSRLS or owns anything, and each is a NOINHERIT member of exactly one group role: the
 * tenant login of app_tenant, the platform login of app_platform. A door switches to its group role
 * per transaction; a statement that runs outside the door, or after `reset role`, runs as the bare
 * login, which has no privilege on any table. Only migrations (and tests reading the catalog) use
 * the owner.
 */
const RUNTIME_LOGINS = {
  tenant: { login: 'app_tenant_login', role: TENANT_ROLE },
  platform: { login: 'app_platform_login', role: PLATFORM_ROLE },
} as const;
export type RuntimeLogin = keyof typeof RUNTIME_LOGINS;

/**
 * The password of a provisioned login, derived from the owner's: every server process given the
 * same owner URL computes the same one, so several processes can share a database and provision
 * at start without locking each other out. Knowing it reveals nothing of the owner's password.
 */
function derivedPassword(ownerUrl: string, login: string): string {
  const ownerPassword = decodeURIComponent(new URL(ownerUrl).password);
  return createHmac('sha256', `sunday-school runtime login:${ownerPassword}`).update(login).digest('hex');
}

/** The URL of a provisioned runtime login: the owner's URL with that login and its password. */
export function runtimeLoginUrl(ownerUrl: string, which: RuntimeLogin): string {
  const url = new URL(ownerUrl);
  const { login } = RUNTIME_LOGINS[which];
  url.username = login;
  url.password = derivedPassword(ownerUrl, login);
  return url.toString();
}

/**
 * Creates or repairs the runtime logins, as the owner (who needs CREATEROLE). Idempotent and safe
 * when several processes start at once: it runs under the migration lock, and a concurrent CREATE
 * that loses the race is ignored. Any other membership a login has is revoked.
 */
export async function provisionRuntimeLogins(owner: postgres.Sql, ownerUrl: string): Promise<void> {
  for (const which of Object.keys(RUNTIME_LOGINS) as RuntimeLogin[]) {
    const { login, role } = RUNTIME_LOGINS[which];
    // Names and the hex password are constants of ours, not input: safe to inline in DDL.
    await owner.unsafe(`
      DO $$ BEGIN
        CREATE ROLE ${login} LOGIN;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$`);
    await owner.unsafe(`ALTER ROLE ${login} WITH LOGIN NOINHERIT NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION
      PASSWORD '${derivedPassword(ownerUrl, login)}'`);
    const memberships = await owner<{ rolname: string }[]>`
      select g.rolname from pg_auth_members m
      join pg_roles g on g.oid = m.roleid join pg_roles u on u.oid = m.member
      where u.rolname = ${login}`;
    for (const { rolname } of memberships) {
      if (rolname !== role) await owner.unsafe(`REVOKE "${rolname.replace(/"/g, '""')}" FROM ${login}`);
    }
    if (!memberships.some((m) => m.rolname === role)) await owner.unsafe(`GRANT ${role} TO ${login}`);
  }
}

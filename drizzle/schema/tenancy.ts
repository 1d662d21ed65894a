import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole, uuid } from 'drizzle-orm/pg-core';

/**
 * Database roles. They are created by the hand-written migration 0000 (drizzle-kit cannot create
 * roles with BYPASSRLS), so here they are only referenced.
 *
 * - app_tenant: every church-user request runs as this role inside the tenant door. It owns no
 *   table and has no BYPASSRLS, so row-level security always applies to it.
 * - app_platform: the one door that may cross churches (church-code lookup at sign-in, operator
 *   console). It has BYPASSRLS and is used only by the platform door (`withPlatform`, server/db/).
 *
 * Neither is a login: the server connects as logins that are members of one of them each
 * (server/db/logins.ts) and switches to it for the length of a door's transaction.
 */
export const tenantRole = pgRole('app_tenant').existing();
export const platformRole = pgRole('app_platform').existing();

/** The church of the current transaction, as set by the tenant door. `nullif` because a pooled
 * connection keeps the setting as '' after a transaction ends. */
export const currentChurchId = sql`nullif(current_setting('app.church_id', true), '')::uuid`;

/** The single isolation policy every church-owned table carries. No subqueries: the policy is a
 * plain comparison the planner can push into index scans on church-leading keys. */
export const tenantIsolation = (column = 'church_id') =>
  pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    to: tenantRole,
    using: sql`${sql.identifier(column)} = ${currentChurchId}`,
    withCheck: sql`${sql.identifier(column)} = ${currentChurchId}`,
  });

/** The tenant key column; part of every church table's primary key, unique keys and foreign keys. */
export const churchIdColumn = () => uuid('church_id').notNull();

import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { operatorSessions, platformOperators } from '../../../drizzle/schema/index.js';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/index.js';
import { hashToken, newOpaqueToken } from '../credentials/index.js';

/** Operator sessions: an opaque token of 256 bits of which only the SHA-256 is stored, opened only
 * once the second factor has passed; short, because an operator reads and changes every church:
 * OPERATOR_SESSION_IDLE_MINUTES without a request (30) and OPERATOR_SESSION_MAX_HOURS after sign-in
 * (12), however active; and revocable. */
type SessionConfig = Pick<Config, 'OPERATOR_SESSION_IDLE_MINUTES' | 'OPERATOR_SESSION_MAX_HOURS'>;
const idleMs = (config: SessionConfig) => config.OPERATOR_SESSION_IDLE_MINUTES * 60_000;
const maxAgeMs = (config: SessionConfig) => config.OPERATOR_SESSION_MAX_HOURS * 3_600_000;
/** The expiry slides forward at most this often (one write per few requests, not one per request);
 * the session still ends no later than the idle time after the last request. */
const touchIntervalMs = (config: SessionConfig) => Math.min(5 * 60_000, idleMs(config) / 6);

/** The signed-in operator as the console sees it (data.admin). */
export interface OperatorDto {
  id: string;
  name: string;
  email: string;
  role: 'platform_admin';
}

export const toOperatorDto = (row: { id: string; name: string; email: string }): OperatorDto =>
  ({ id: row.id, name: row.name, email: row.email, role: 'platform_admin' });

/** The expiry after activity at `now`: the idle time ahead, never past the absolute age. */
const expiryAfter = (now: number, createdAt: number, config: SessionConfig) =>
  new Date(Math.min(now + idleMs(config), createdAt + maxAgeMs(config)));

/** Runs in the platform door: the operator of a live session, or undefined. A church user's token
 * is not in this table, so it finds nothing. */
export async function authenticateOperatorSession(tx: Tx, token: string, config: SessionConfig) {
  const now = new Date();
  const [row] = await tx.select({
    sessionId: operatorSessions.id, lastSeenAt: operatorSessions.lastSeenAt, createdAt: operatorSessions.createdAt,
    id: platformOperators.id, name: platformOperators.name, email: platformOperators.email,
  }).from(operatorSessions)
    .innerJoin(platformOperators, eq(platformOperators.id, operatorSessions.operatorId))
    .where(and(
      eq(operatorSessions.tokenHash, hashToken(token)),
      isNull(operatorSessions.revokedAt),
      gt(operatorSessions.expiresAt, now),
      gt(operatorSessions.createdAt, new Date(now.getTime() - maxAgeMs(config))),
    )).limit(1);
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > touchIntervalMs(config)) {
    await tx.update(operatorSessions).set({ lastSeenAt: now, expiresAt: expiryAfter(now.getTime(), row.createdAt.getTime(), config) })
      .where(eq(operatorSessions.id, row.sessionId));
  }
  return { operatorSessionId: row.sessionId, operator: toOperatorDto(row) };
}

export async function createOperatorSession(tx: Tx, operatorId: string, config: SessionConfig): Promise<string> {
  const token = newOpaqueToken();
  const now = Date.now();
  await tx.insert(operatorSessions).values({
    operatorId, tokenHash: hashToken(token), createdAt: new Date(now), lastSeenAt: new Date(now), expiresAt: expiryAfter(now, now, config),
  });
  // Housekeeping of this operator's dead sessions.
  await tx.delete(operatorSessions).where(and(
    eq(operatorSessions.operatorId, operatorId), lt(operatorSessions.expiresAt, sql`now() - interval '1 day'`),
  ));
  return token;
}

export async function revokeOperatorSession(tx: Tx, sessionId: string): Promise<void> {
  await tx.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.id, sessionId));
}

/** Every session of the operator ends (its second factor was replaced). */
export async function revokeOperatorSessions(tx: Tx, operatorId: string): Promise<void> {
  await tx.update(operatorSessions).set({ revokedAt: new Date() })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}

/**
 * The console's CSRF token of a cookie session: derived from the session token, which the page's
 * script never sees (HttpOnly) and another site cannot read, so only a page of this origin that was
 * handed it (by the sign-in or operatorAuth.verify, both unreadable across origins) can send it.
 * It reveals nothing of the session token (SHA-256 of a 256-bit secret) and ends with the session.
 */
export const csrfTokenOf = (sessionToken: string) => createHash('sha256').update(`operator-csrf:${sessionToken}`).digest('base64url');

import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { operatorSessions, platformOperators } from '../../../drizzle/schema/index.js';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/index.js';
import { hashToken, newOpaqueToken } from '../auth/index.js';

/** Operator sessions follow the church sessions' rules: an opaque token of 256 bits of which only
 * the SHA-256 is stored, a sliding expiry, an absolute age, and revocation. */
type SessionConfig = Pick<Config, 'SESSION_TTL_HOURS' | 'SESSION_MAX_AGE_HOURS'>;
const TOUCH_INTERVAL_MS = 5 * 60_000;
const ttlMs = (config: SessionConfig) => config.SESSION_TTL_HOURS * 3_600_000;
const maxAgeMs = (config: SessionConfig) => config.SESSION_MAX_AGE_HOURS * 3_600_000;

/** The signed-in operator as the console sees it (data.admin). */
export interface OperatorDto {
  id: string;
  name: string;
  email: string;
  role: 'platform_admin';
}

export const toOperatorDto = (row: { id: string; name: string; email: string }): OperatorDto =>
  ({ id: row.id, name: row.name, email: row.email, role: 'platform_admin' });

/** Runs in the platform door: the operator of a live session, or undefined. A church user's token
 * is not in this table, so it finds nothing. */
export async function authenticateOperatorSession(tx: Tx, token: string, config: SessionConfig) {
  const now = new Date();
  const [row] = await tx.select({
    sessionId: operatorSessions.id, lastSeenAt: operatorSessions.lastSeenAt,
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
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await tx.update(operatorSessions).set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlMs(config)) })
      .where(eq(operatorSessions.id, row.sessionId));
  }
  return { operatorSessionId: row.sessionId, operator: toOperatorDto(row) };
}

export async function createOperatorSession(tx: Tx, operatorId: string, config: SessionConfig): Promise<string> {
  const token = newOpaqueToken();
  await tx.insert(operatorSessions).values({ operatorId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs(config)) });
  // Housekeeping of this operator's dead sessions.
  await tx.delete(operatorSessions).where(and(
    eq(operatorSessions.operatorId, operatorId), lt(operatorSessions.expiresAt, sql`now() - interval '1 day'`),
  ));
  return token;
}

export async function revokeOperatorSession(tx: Tx, sessionId: string): Promise<void> {
  await tx.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.id, sessionId));
}

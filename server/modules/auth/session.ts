import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { churches, users, userSessions } from '../../../drizzle/schema/index.js';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/index.js';
import { toChurchDto } from '../churches/dto.js';
import { toUserDto } from '../users/dto.js';
import { hashToken, newOpaqueToken } from './tokens.js';

/** Sliding expiry is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

const ttlMs = (config: Pick<Config, 'SESSION_TTL_HOURS'>) => config.SESSION_TTL_HOURS * 3_600_000;

/**
 * Runs inside the tenant door: row-level security already limits the session lookup to the church
 * of the X-Church-Code header, so a token issued by another church finds nothing.
 */
export async function authenticateChurchSession(tx: Tx, token: string, config: Pick<Config, 'SESSION_TTL_HOURS'>) {
  const now = new Date();
  const [row] = await tx
    .select({ session: userSessions, user: users, church: churches })
    .from(userSessions)
    .innerJoin(users, and(eq(users.churchId, userSessions.churchId), eq(users.id, userSessions.userId)))
    .innerJoin(churches, eq(churches.id, userSessions.churchId))
    .where(and(
      eq(userSessions.tokenHash, hashToken(token)),
      isNull(userSessions.revokedAt),
      gt(userSessions.expiresAt, now),
    ))
    .limit(1);
  if (!row || !row.user.isActive) return undefined;

  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await tx.update(userSessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlMs(config)) })
      .where(and(eq(userSessions.churchId, row.session.churchId), eq(userSessions.id, row.session.id)));
  }
  return { sessionId: row.session.id, user: toUserDto(row.user), church: toChurchDto(row.church, now) };
}

export async function createChurchSession(
  tx: Tx,
  input: { churchId: string; userId: string; ip?: string; userAgent?: string },
  config: Pick<Config, 'SESSION_TTL_HOURS'>,
) {
  const token = newOpaqueToken();
  await tx.insert(userSessions).values({
    churchId: input.churchId,
    userId: input.userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs(config)),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500),
  });
  // Housekeeping of this user's dead sessions, so the table does not grow without bound.
  await tx.delete(userSessions).where(and(
    eq(userSessions.churchId, input.churchId),
    eq(userSessions.userId, input.userId),
    lt(userSessions.expiresAt, sql`now() - interval '1 day'`),
  ));
  return token;
}

export async function revokeChurchSession(tx: Tx, churchId: string, sessionId: string) {
  await tx.update(userSessions).set({ revokedAt: new Date() })
    .where(and(eq(userSessions.churchId, churchId), eq(userSessions.id, sessionId)));
}

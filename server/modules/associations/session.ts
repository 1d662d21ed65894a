import { and, eq, lt, sql } from 'drizzle-orm';
import { associationOfficers, associations, associationSessions } from '../../../drizzle/schema/index.js';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/index.js';
import type { AssociationDto, OfficerDto } from '../../core/scopes.js';
import { hashToken, newOpaqueToken } from '../credentials/index.js';

/** An officer's session lives as a church user's does (the same settings): sliding, with an end. */
type SessionConfig = Pick<Config, 'SESSION_TTL_HOURS' | 'SESSION_MAX_AGE_HOURS'>;
const TOUCH_INTERVAL_MS = 5 * 60_000;
const ttlMs = (config: SessionConfig) => config.SESSION_TTL_HOURS * 3_600_000;
const maxAgeMs = (config: SessionConfig) => config.SESSION_MAX_AGE_HOURS * 3_600_000;

export const toAssociationDto = (row: typeof associations.$inferSelect): AssociationDto => ({
  id: row.id, code: row.code, name: row.name, kind: row.kind, languages: row.languages,
});

export const toOfficerDto = (row: typeof associationOfficers.$inferSelect): OfficerDto => ({
  id: row.id, name: row.name, email: row.email, role: row.role, sectionId: row.sectionId, language: row.language,
});

/**
 * Inside the association door: the session of `token` among this association's (row-level security
 * already limits the lookup to the association of the code sent), its officer active and its
 * association active. Undefined otherwise.
 */
export async function authenticateOfficerSession(tx: Tx, associationId: string, token: string, config: SessionConfig) {
  const now = new Date();
  const [row] = await tx.select({ session: associationSessions, officer: associationOfficers, association: associations })
    .from(associationSessions)
    .innerJoin(associationOfficers, and(eq(associationOfficers.associationId, associationSessions.associationId), eq(associationOfficers.id, associationSessions.officerId)))
    .innerJoin(associations, eq(associations.id, associationSessions.associationId))
    .where(and(
      eq(associationSessions.associationId, associationId), eq(associationSessions.tokenHash, hashToken(token)),
      sql`${associationSessions.revokedAt} is null`, sql`${associationSessions.expiresAt} > now()`,
      sql`${associationSessions.createdAt} > ${new Date(now.getTime() - maxAgeMs(config)).toISOString()}::timestamptz`,
      eq(associationOfficers.isActive, true), eq(associations.isActive, true),
    ))
    .limit(1);
  if (!row) return undefined;
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await tx.update(associationSessions).set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlMs(config)) })
      .where(and(eq(associationSessions.associationId, associationId), eq(associationSessions.id, row.session.id)));
  }
  return { sessionId: row.session.id, officer: toOfficerDto(row.officer), association: toAssociationDto(row.association) };
}

export async function createOfficerSession(tx: Tx, associationId: string, officerId: string, config: SessionConfig): Promise<string> {
  const token = newOpaqueToken();
  await tx.insert(associationSessions).values({
    associationId, officerId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs(config)),
  });
  await tx.delete(associationSessions).where(and(
    eq(associationSessions.associationId, associationId), eq(associationSessions.officerId, officerId),
    lt(associationSessions.expiresAt, sql`now() - interval '1 day'`),
  ));
  return token;
}

export async function revokeOfficerSession(tx: Tx, associationId: string, sessionId: string): Promise<void> {
  await tx.update(associationSessions).set({ revokedAt: new Date() })
    .where(and(eq(associationSessions.associationId, associationId), eq(associationSessions.id, sessionId)));
}

import { and, eq, lt, sql } from 'drizzle-orm';
import { churches, users, userSessions } from '../../../drizzle/schema/index.js';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/index.js';
import { fixedStatement } from '../../db/fixed-statement.js';
import { toChurchDto } from '../churches/index.js';
import type { Locale } from '../../../common/i18n/locales.js';
import { toSessionUserDto } from '../users/index.js';
import { hashToken, newOpaqueToken } from '../credentials/index.js';

/** Sliding expiry is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

type SessionConfig = Pick<Config, 'SESSION_TTL_HOURS' | 'SESSION_MAX_AGE_HOURS'>;

/** Sliding: a session unused this long expires. */
const ttlMs = (config: SessionConfig) => config.SESSION_TTL_HOURS * 3_600_000;
/** Absolute: however active, a session ends this long after sign-in. */
const maxAgeMs = (config: SessionConfig) => config.SESSION_MAX_AGE_HOURS * 3_600_000;

interface SessionLookupRow {
  session_id: string; last_seen_ms: number;
  user_id: string; user_name: string; user_email: string; user_phone: string | null; user_role: string;
  user_is_active: boolean; user_is_church_owner: boolean; user_language: Locale | null;
  church_id: string; code: string; church_name: string; church_email: string | null; church_phone: string | null;
  address: string | null; pincode: string | null; time_zone: string; default_language: Locale; subscription_tier: string;
  subscription_status: string; subscription_end_ms: number | null; is_lifetime: boolean;
}

const sessionLookup = fixedStatement<SessionLookupRow, { churchId: string; tokenHash: string; signedInAfter: string }>(() =>
  sql`
    select s.id as session_id, (extract(epoch from s.last_seen_at) * 1000)::float8 as last_seen_ms,
      u.id as user_id, u.name as user_name, u.email as user_email, u.phone as user_phone, u.role as user_role,
      u.is_active as user_is_active, u.is_church_owner as user_is_church_owner, u.language as user_language,
      c.id as church_id, c.code, c.name as church_name, c.email as church_email, c.phone as church_phone,
      c.address, c.pincode, c.time_zone, c.default_language, c.subscription_tier, c.subscription_status,
      (extract(epoch from c.subscription_end_date) * 1000)::float8 as subscription_end_ms, c.is_lifetime
    from ${userSessions} s
    join ${users} u on u.church_id = s.church_id and u.id = s.user_id
    join ${churches} c on c.id = s.church_id
    where s.church_id = ${sql.placeholder('churchId')}::uuid and s.token_hash = ${sql.placeholder('tokenHash')} and s.revoked_at is null and s.expires_at > now()
      and s.created_at > ${sql.placeholder('signedInAfter')}::timestamptz
    limit 1`);

/**
 * Runs inside the tenant door: row-level security already limits the session lookup to the church
 * of the X-Church-Code header, so a token issued by another church finds nothing. It runs on every
 * church request, so it is one fixed statement (built once, prepared once per connection) selecting
 * only what the user and church answers need, without the query builder's work on every request.
 */
export async function authenticateChurchSession(tx: Tx, churchId: string, token: string, config: SessionConfig) {
  const now = new Date();
  const signedInAfter = new Date(now.getTime() - maxAgeMs(config)).toISOString();
  const [row] = await sessionLookup(tx, { churchId, tokenHash: hashToken(token), signedInAfter });
  if (!row || !row.user_is_active) return undefined;

  if (now.getTime() - row.last_seen_ms > TOUCH_INTERVAL_MS) {
    await tx.update(userSessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlMs(config)) })
      .where(and(eq(userSessions.churchId, row.church_id), eq(userSessions.id, row.session_id)));
  }
  const user = toSessionUserDto({
    id: row.user_id, name: row.user_name, email: row.user_email, phone: row.user_phone, role: row.user_role,
    isActive: row.user_is_active, isChurchOwner: row.user_is_church_owner, language: row.user_language,
  }, row.default_language);
  const church = toChurchDto({
    id: row.church_id, code: row.code, name: row.church_name, email: row.church_email, phone: row.church_phone,
    address: row.address, pincode: row.pincode, timeZone: row.time_zone, defaultLanguage: row.default_language, subscriptionTier: row.subscription_tier,
    subscriptionStatus: row.subscription_status, isLifetime: row.is_lifetime,
    subscriptionEndDate: row.subscription_end_ms === null ? null : new Date(row.subscription_end_ms),
  }, now);
  return { sessionId: row.session_id, user, church };
}

export async function createChurchSession(
  tx: Tx,
  input: { churchId: string; userId: string; ip?: string; userAgent?: string },
  config: SessionConfig,
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

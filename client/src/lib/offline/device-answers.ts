import type { StoredCredentials } from '../session-store';
import { deviceDb, ownerKey } from './device-db';
import { SESSION_CHECK, type SessionAnswer } from './kept-queries';

/**
 * The answers kept on this device (the `answers` store), each under a scope: the session check under its
 * session (church code and SHA-256 of the token; the token itself is not stored), every other answer
 * under its owner (`ownerKey`: church code and user id), whom the session's check names. Loaded when
 * first used, not with the sign-in screen.
 */

/** The owner (`ownerKey`) a session belongs to: its church and user. */
export const ownerOfSession = (session: SessionAnswer) => ownerKey(session.church.code, session.user.id);

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const sessionScope = async (credentials: StoredCredentials) =>
  `session:${credentials.churchCode.toUpperCase()}|${await sha256Hex(credentials.token)}`;

/** JSON with the keys of every object sorted: one input, one key, whatever order its fields were written in. */
function stableJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, field: unknown) => (field && typeof field === 'object' && !Array.isArray(field)
    ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : field));
}

const answerKey = (scope: string, path: string, input: unknown) => `${scope}|${path}|${stableJson(input)}`;

async function keep(scope: string, path: string, input: unknown, data: unknown, stillWanted: () => boolean) {
  const db = await deviceDb();
  // Checked right before the write's transaction starts: a session that ended meanwhile has had its
  // answers deleted (in a later transaction, so after any write that passed this check).
  if (!stillWanted()) return;
  await db.put('answers', { key: answerKey(scope, path, input), scope, path, data, storedAt: Date.now() });
}

async function kept(scope: string, path: string, input: unknown): Promise<{ data: unknown } | null> {
  const found = await (await deviceDb()).get('answers', answerKey(scope, path, input));
  return found && found.scope === scope ? { data: found.data } : null;
}

export const keepSession = async (credentials: StoredCredentials, session: SessionAnswer, stillWanted: () => boolean) =>
  keep(await sessionScope(credentials), SESSION_CHECK, undefined, session, stillWanted);

/** The session check kept for exactly this session; null when there is none. */
export const keptSession = async (credentials: StoredCredentials) =>
  ((await kept(await sessionScope(credentials), SESSION_CHECK, undefined))?.data ?? null) as SessionAnswer | null;

/** Keeps an answer of the session's owner (`session`: its check's answer). */
export const keepOwnersAnswer = (session: SessionAnswer, path: string, input: unknown, data: unknown, stillWanted: () => boolean) =>
  keep(ownerOfSession(session), path, input, data, stillWanted);

/** The owner's (`ownerKey`) answer of exactly this path and input and when it was kept (ms since the epoch); null when none is. */
export async function keptAnswerOf(owner: string, path: string, input: unknown): Promise<{ data: unknown; storedAt: number } | null> {
  const found = await (await deviceDb()).get('answers', answerKey(owner, path, input));
  return found && found.scope === owner ? { data: found.data, storedAt: found.storedAt } : null;
}

/** The answer kept for the session's owner of exactly this path and input; null when there is none. */
export const keptOwnersAnswer = (session: SessionAnswer, path: string, input: unknown) => kept(ownerOfSession(session), path, input);

/**
 * Deletes every answer of one owner kept on this device: those of their scope and the session checks
 * of every session of theirs. Their waiting marks (stores `marks`, `batches`, `refused`) are not touched.
 */
export async function forgetAnswersOf(owner: string) {
  const tx = (await deviceDb()).transaction('answers', 'readwrite');
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    const { scope, path, data } = cursor.value;
    const session = path === SESSION_CHECK ? data as Partial<SessionAnswer> | null : null;
    const sessionOwner = session?.church && session.user ? ownerOfSession(session as SessionAnswer) : null;
    if (scope === owner || sessionOwner === owner) await cursor.delete();
  }
  await tx.done;
}

/** Deletes the answers of a session (its check) and of its owner when known (`session`: its check's answer). */
export async function forgetSession(credentials: StoredCredentials, session: SessionAnswer | null) {
  const scope = await sessionScope(credentials);
  const tx = (await deviceDb()).transaction('answers', 'readwrite');
  for (let cursor = await tx.store.index('byScope').openCursor(scope); cursor; cursor = await cursor.continue()) {
    await cursor.delete();
  }
  await tx.done;
  if (session) await forgetAnswersOf(ownerOfSession(session));
}

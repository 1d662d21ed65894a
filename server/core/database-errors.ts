import { ERROR_MESSAGES } from './errors.js';
import { knownAnswer, type ErrorAnswer } from './error-answer.js';

/**
 * PostgreSQL errors that are the caller's fault become 4xx with a plain message; never a 500.
 * The database out of reach (its connection refused, reset or lost, the server shutting down or
 * starting) is 503: nothing the caller did, and worth trying again shortly.
 * Drizzle wraps driver errors (DrizzleQueryError); the SQLSTATE sits on a cause below.
 */
export function describeDatabaseError(error: unknown): ErrorAnswer | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const mapped = fromSqlState((current as { code?: unknown }).code);
    if (mapped) return mapped;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Codes of postgres.js (and of Node's sockets under it) for a connection that failed or was lost. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT',
]);

function fromSqlState(code: unknown): ErrorAnswer | undefined {
  if (typeof code !== 'string') return undefined;
  if (CONNECTION_ERROR_CODES.has(code)) return knownAnswer(503, ERROR_MESSAGES.databaseUnavailable);
  if (!/^[0-9A-Z]{5}$/.test(code)) return undefined;
  // Class 08 (connection exception); 57P01-57P03: admin shutdown, crash shutdown, cannot connect now.
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') {
    return knownAnswer(503, ERROR_MESSAGES.databaseUnavailable);
  }
  switch (code) {
    case '23505': return knownAnswer(409, 'This record already exists.');
    case '23503': return knownAnswer(400, 'This record refers to something that does not exist or is still in use.');
    case '23514': case '23502': // check and not-null violations
    case '22P02': case '22007': case '22008': // invalid text representation, datetime format or value
    case '22001': case '22003': // value too long, numeric value out of range
    case '22021': case '22P05': // invalid byte sequence (e.g. NUL), untranslatable character
    case '54000': // program limit exceeded (e.g. a value too large for an index)
      return knownAnswer(400, ERROR_MESSAGES.invalidValues);
    case '42501': return knownAnswer(404, ERROR_MESSAGES.notFound);
    case '40001': case '40P01': return knownAnswer(409, ERROR_MESSAGES.conflictingChange);
    default: return undefined;
  }
}

import { ZodError } from 'zod';
import { AppError, ERROR_MESSAGES } from './errors.js';
import { internalAnswer, knownAnswer, type ErrorAnswer } from './error-answer.js';
import { describeDatabaseError } from './database-errors.js';

/**
 * The one error policy. Whatever was thrown, every transport (tRPC, the REST envelope, Fastify's
 * own errors) sends what `describeError` says of it: a domain refusal (AppError) keeps its status,
 * message and reason; the caller's bad input (a ZodError, a database value it sent) is a 4xx with a
 * plain message; the database out of reach is a 503. Anything it does not recognise is internal:
 * one generic message and the request id, never SQL, parameters or a stack. A transport that wraps
 * errors in its own (tRPC) looks through its wrapper first and asks this policy of what it wraps.
 */

/** The first validation message, in the words the client shows (the schemas carry the user's texts). */
const firstIssueMessage = (error: ZodError) => error.issues[0]?.message ?? ERROR_MESSAGES.invalidRequest;

export function describeError(error: unknown): ErrorAnswer {
  if (error instanceof AppError) {
    return knownAnswer(error.status, error.message, { reason: error.data.reason, values: error.data.values, retryAfterSeconds: error.data.retryAfterSeconds });
  }
  if (error instanceof ZodError) {
    return knownAnswer(400, firstIssueMessage(error), { fieldErrors: error.flatten().fieldErrors });
  }
  return describeDatabaseError(error) ?? describeFastifyError(error) ?? internalAnswer();
}

/** Fastify's own errors (FST_ERR_*: bad URL, body parsing, limits, timeouts) by status and code. */
function describeFastifyError(error: unknown): ErrorAnswer | undefined {
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return undefined;
  const name = typeof code === 'string' ? code : '';
  if (statusCode === 413 || name === 'FST_ERR_CTP_BODY_TOO_LARGE') return knownAnswer(413, ERROR_MESSAGES.tooLarge);
  if (statusCode === 415) return knownAnswer(415, ERROR_MESSAGES.mediaType);
  if (statusCode === 404) return knownAnswer(404, ERROR_MESSAGES.notFound);
  if (statusCode === 405) return knownAnswer(405, ERROR_MESSAGES.methodNotAllowed);
  if (statusCode === 408) return knownAnswer(408, ERROR_MESSAGES.timeout);
  if (statusCode === 414) return knownAnswer(414, ERROR_MESSAGES.addressTooLong);
  if (name === 'FST_ERR_BAD_URL' || name === 'FST_ERR_ASYNC_CONSTRAINT') return knownAnswer(400, ERROR_MESSAGES.badAddress);
  if (/JSON|BODY|CTP/.test(name) || error instanceof SyntaxError) return knownAnswer(400, ERROR_MESSAGES.invalidJson);
  return knownAnswer(statusCode, ERROR_MESSAGES.invalidRequest);
}

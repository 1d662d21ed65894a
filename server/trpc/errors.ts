import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError } from 'zod';

/**
 * The one error policy. Domain code throws an AppError (a message meant for the user, a status and
 * an optional machine `reason`); every transport — tRPC, the REST envelope, Fastify's own errors —
 * renders whatever was thrown through `describeError`. Anything it does not recognise is internal:
 * one generic message and the request id, never SQL, parameters or a stack.
 */

/** Extra facts an error carries to both the typed client and the REST envelope. */
export interface AppErrorData {
  /** Machine-readable reason, e.g. 'subscription_invalid', 'plan_limit'. */
  reason?: string;
  /** Seconds until a throttled caller may try again. */
  retryAfterSeconds?: number;
}

export class AppError extends TRPCError {
  readonly data: AppErrorData;
  constructor(code: TRPC_ERROR_CODE_KEY, message: string, data: AppErrorData = {}) {
    super({ code, message });
    this.data = data;
  }
}

export const badRequest = (message: string, data?: AppErrorData) => new AppError('BAD_REQUEST', message, data);
export const unauthorized = (message: string, data?: AppErrorData) => new AppError('UNAUTHORIZED', message, data);
export const forbidden = (message: string, data?: AppErrorData) => new AppError('FORBIDDEN', message, data);
export const notFound = (message: string, data?: AppErrorData) => new AppError('NOT_FOUND', message, data);
export const conflict = (message: string, data?: AppErrorData) => new AppError('CONFLICT', message, data);
export const serviceUnavailable = (message: string, data?: AppErrorData) => new AppError('SERVICE_UNAVAILABLE', message, data);
export const tooManyRequests = (message: string, data?: AppErrorData) =>
  new AppError('TOO_MANY_REQUESTS', message, data);

const HTTP_STATUS_BY_CODE: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 400,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  // A service the request needs (the payment gateway) is not there: worth trying again later.
  SERVICE_UNAVAILABLE: 503,
};

export const ERROR_MESSAGES = {
  internal: 'Something went wrong on our side. Please try again.',
  invalidJson: 'The request body is not valid JSON.',
  notJsonObject: 'The request body must be a JSON object.',
  invalidRequest: 'The request is not valid.',
  invalidValues: 'Some of the values are not valid.',
  badAddress: 'The address is not valid.',
  addressTooLong: 'The address is too long.',
  headersTooLarge: 'The address or the headers of the request are too large.',
  notFound: 'Not found.',
  methodNotAllowed: 'This method is not allowed here.',
  timeout: 'The request took too long.',
  tooLarge: 'The request is too large.',
  mediaType: 'Send the body as JSON (Content-Type: application/json).',
  batchTooLarge: 'Too many calls in one request.',
  notInBatch: 'This call must be sent on its own, not in a batch.',
  conflictingChange: 'Someone else changed this at the same time. Please try again.',
  databaseUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;

/** What any transport sends for an error. `internal` answers carry the request id instead of details. */
export interface ErrorAnswer {
  status: number;
  message: string;
  reason?: string;
  fieldErrors?: Record<string, string[] | undefined>;
  retryAfterSeconds?: number;
  internal: boolean;
}

/** The first validation message, in the words the client shows (schemas carry the spec's texts). */
const firstIssueMessage = (error: ZodError) => error.issues[0]?.message ?? ERROR_MESSAGES.invalidRequest;

const known = (status: number, message: string, extra: Partial<ErrorAnswer> = {}): ErrorAnswer =>
  ({ status, message, internal: false, ...extra });
const internal = (): ErrorAnswer => ({ status: 500, message: ERROR_MESSAGES.internal, internal: true });

export function describeError(error: unknown): ErrorAnswer {
  if (error instanceof AppError) {
    return known(HTTP_STATUS_BY_CODE[error.code] ?? 500, error.message, {
      reason: error.data.reason, retryAfterSeconds: error.data.retryAfterSeconds,
    });
  }
  if (error instanceof ZodError) {
    return known(400, firstIssueMessage(error), { fieldErrors: error.flatten().fieldErrors });
  }
  const fromDatabase = describeDatabaseError(error);
  if (fromDatabase) return fromDatabase;
  if (error instanceof TRPCError) {
    // tRPC wraps what a procedure threw (our AppError is already a TRPCError; a ZodError or a
    // database error arrives as the cause). Its own errors keep their status, with our wording.
    if (error.cause && error.cause !== error) {
      const inner = describeError(error.cause);
      if (!inner.internal) return inner;
    }
    return describeTrpcError(error);
  }
  const fromFastify = describeFastifyError(error);
  if (fromFastify) return fromFastify;
  return internal();
}

function describeTrpcError(error: TRPCError): ErrorAnswer {
  switch (error.code) {
    case 'PARSE_ERROR': return known(400, ERROR_MESSAGES.invalidJson);
    case 'BAD_REQUEST':
      return known(400, /batch call exceeds/i.test(error.message) ? ERROR_MESSAGES.batchTooLarge : ERROR_MESSAGES.invalidRequest);
    case 'NOT_FOUND': return known(404, ERROR_MESSAGES.notFound);
    case 'METHOD_NOT_SUPPORTED': return known(405, ERROR_MESSAGES.methodNotAllowed);
    case 'PAYLOAD_TOO_LARGE': return known(413, ERROR_MESSAGES.tooLarge);
    case 'UNSUPPORTED_MEDIA_TYPE': return known(415, ERROR_MESSAGES.mediaType);
    case 'TIMEOUT': return known(408, ERROR_MESSAGES.timeout);
    case 'CLIENT_CLOSED_REQUEST': return known(499, ERROR_MESSAGES.timeout);
    default: return internal();
  }
}

/** Fastify's own errors (FST_ERR_*: bad URL, body parsing, limits, timeouts) by status and code. */
function describeFastifyError(error: unknown): ErrorAnswer | undefined {
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return undefined;
  const name = typeof code === 'string' ? code : '';
  if (statusCode === 413 || name === 'FST_ERR_CTP_BODY_TOO_LARGE') return known(413, ERROR_MESSAGES.tooLarge);
  if (statusCode === 415) return known(415, ERROR_MESSAGES.mediaType);
  if (statusCode === 404) return known(404, ERROR_MESSAGES.notFound);
  if (statusCode === 405) return known(405, ERROR_MESSAGES.methodNotAllowed);
  if (statusCode === 408) return known(408, ERROR_MESSAGES.timeout);
  if (statusCode === 414) return known(414, ERROR_MESSAGES.addressTooLong);
  if (name === 'FST_ERR_BAD_URL' || name === 'FST_ERR_ASYNC_CONSTRAINT') return known(400, ERROR_MESSAGES.badAddress);
  if (/JSON|BODY|CTP/.test(name) || error instanceof SyntaxError) return known(400, ERROR_MESSAGES.invalidJson);
  return known(statusCode, ERROR_MESSAGES.invalidRequest);
}

/**
 * PostgreSQL errors that are the caller's fault become 4xx with a plain message; never a 500.
 * The database out of reach (its connection refused, reset or lost, the server shutting down or
 * starting) is 503: nothing the caller did, and worth trying again shortly.
 * Drizzle wraps driver errors (DrizzleQueryError); the SQLSTATE sits on a cause below.
 */
function describeDatabaseError(error: unknown): ErrorAnswer | undefined {
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
  if (CONNECTION_ERROR_CODES.has(code)) return known(503, ERROR_MESSAGES.databaseUnavailable);
  if (!/^[0-9A-Z]{5}$/.test(code)) return undefined;
  // Class 08 (connection exception); 57P01-57P03: admin shutdown, crash shutdown, cannot connect now.
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') {
    return known(503, ERROR_MESSAGES.databaseUnavailable);
  }
  switch (code) {
    case '23505': return known(409, 'This record already exists.');
    case '23503': return known(400, 'This record refers to something that does not exist or is still in use.');
    case '23514': case '23502': // check and not-null violations
    case '22P02': case '22007': case '22008': // invalid text representation, datetime format or value
    case '22001': case '22003': // value too long, numeric value out of range
    case '22021': case '22P05': // invalid byte sequence (e.g. NUL), untranslatable character
    case '54000': // program limit exceeded (e.g. a value too large for an index)
      return known(400, ERROR_MESSAGES.invalidValues);
    case '42501': return known(404, ERROR_MESSAGES.notFound);
    case '40001': case '40P01': return known(409, ERROR_MESSAGES.conflictingChange);
    default: return undefined;
  }
}

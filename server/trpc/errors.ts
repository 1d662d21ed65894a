import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/unstable-core-do-not-import';

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
export const tooManyRequests = (message: string, data?: AppErrorData) =>
  new AppError('TOO_MANY_REQUESTS', message, data);

export const HTTP_STATUS_BY_CODE: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE_CONTENT: 400,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

/** PostgreSQL errors that are the caller's fault become 4xx with a plain message; never a 500. */
export function fromDatabaseError(error: unknown): TRPCError | undefined {
  // Drizzle wraps driver errors (DrizzleQueryError); the SQLSTATE sits on a cause below.
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const mapped = fromSqlState((current as { code?: unknown }).code);
    if (mapped) return mapped;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function fromSqlState(code: unknown): TRPCError | undefined {
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  switch (code) {
    case '23505': return new AppError('CONFLICT', 'This record already exists.');
    case '23503': return new AppError('BAD_REQUEST', 'This record refers to something that does not exist or is still in use.');
    case '23514': case '23502': case '22P02': case '22007': case '22008': case '22001':
      return new AppError('BAD_REQUEST', 'Some of the values are not valid.');
    case '42501': return new AppError('NOT_FOUND', 'Not found.');
    case '40001': case '40P01': return new AppError('CONFLICT', 'Someone else changed this at the same time. Please try again.');
    default: return undefined;
  }
}

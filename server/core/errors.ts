/**
 * The errors domain code throws. An AppError is a refusal meant for the user: its kind (which
 * fixes the HTTP status), the user's message, and optionally a machine `reason` and the seconds
 * until a throttled caller may try again. It knows no transport: the one error policy
 * (error-policy.ts) turns it, and anything else thrown, into what each transport sends.
 */

/** The kinds of refusal, named as HTTP names their statuses. */
const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // What the address named existed but has ended for good (an expired consent link).
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // A byte range past the end of a file (a gallery file read by ranges).
  RANGE_NOT_SATISFIABLE: 416,
  TOO_MANY_REQUESTS: 429,
  // A service the request needs (the payment gateway, the photo queue) is not there: worth trying again later.
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** Extra facts an error carries to every transport. */
export interface AppErrorData {
  /** Machine-readable reason, e.g. 'subscription_invalid', 'plan_limit'. */
  reason?: string;
  /** Seconds until a throttled caller may try again (sent as Retry-After). */
  retryAfterSeconds?: number;
  /** The values the message was made of (with `reason`), so that a client can say it in its user's
   * language; the message itself stays English for API clients. */
  values?: Record<string, string | number>;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(readonly code: AppErrorCode, message: string, readonly data: AppErrorData = {}) {
    super(message);
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string, data?: AppErrorData) => new AppError('BAD_REQUEST', message, data);
export const unauthorized = (message: string, data?: AppErrorData) => new AppError('UNAUTHORIZED', message, data);
export const forbidden = (message: string, data?: AppErrorData) => new AppError('FORBIDDEN', message, data);
export const notFound = (message: string, data?: AppErrorData) => new AppError('NOT_FOUND', message, data);
export const conflict = (message: string, data?: AppErrorData) => new AppError('CONFLICT', message, data);
export const payloadTooLarge = (message: string, data?: AppErrorData) => new AppError('PAYLOAD_TOO_LARGE', message, data);
export const unsupportedMediaType = (message: string, data?: AppErrorData) => new AppError('UNSUPPORTED_MEDIA_TYPE', message, data);
export const tooManyRequests = (message: string, data?: AppErrorData) => new AppError('TOO_MANY_REQUESTS', message, data);
export const serviceUnavailable = (message: string, data?: AppErrorData) => new AppError('SERVICE_UNAVAILABLE', message, data);

/** The AppError `error` is, or the one it wraps (a transport wraps what a handler threw in its own
 * error, keeping it as the `cause`). */
export function appErrorIn(error: unknown): AppError | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof AppError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The policy's own words, for what is not a domain refusal. */
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
  metricsToken: 'The metrics need the configured bearer token.',
  notReady: 'The server is not ready to take requests.',
} as const;

import type { ErrorAnswer } from '../core/error-answer.js';

/** The REST envelope: { success, data, message? } or { success: false, message, reason?, values?, errors? }. */
export function successBody(data: unknown) {
  const message = data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
    ? (data as { message: string }).message
    : undefined;
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  reason?: string;
  /** The values of a message made of values, beside its `reason` (for a client that translates it). */
  values?: Record<string, string | number>;
  errors?: Record<string, string[] | undefined>;
  /** Only on internal errors: what to quote to support, to find the one log line. */
  requestId?: string;
}

export function errorBody(answer: ErrorAnswer, requestId?: string): ErrorEnvelope {
  return {
    success: false,
    message: answer.message,
    ...(answer.reason ? { reason: answer.reason } : {}),
    ...(answer.values ? { values: answer.values } : {}),
    ...(answer.fieldErrors ? { errors: answer.fieldErrors } : {}),
    ...(answer.internal && requestId ? { requestId } : {}),
  };
}

/** Status, envelope and Retry-After of an error as the one policy described it (server/core/error-policy.ts). */
export function errorReply(answer: ErrorAnswer, requestId?: string) {
  return { status: answer.status, body: errorBody(answer, requestId), retryAfterSeconds: answer.retryAfterSeconds };
}

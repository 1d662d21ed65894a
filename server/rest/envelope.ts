import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorAnswer } from '../core/error-answer.js';
import { recordFailure } from '../logging.js';

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
  /** What a refusal that is an answer carries beside its message (the readiness checks of a 503). */
  data?: unknown;
}

export function errorBody(answer: ErrorAnswer, requestId?: string, data?: unknown): ErrorEnvelope {
  return {
    success: false,
    message: answer.message,
    ...(answer.reason ? { reason: answer.reason } : {}),
    ...(answer.values ? { values: answer.values } : {}),
    ...(answer.fieldErrors ? { errors: answer.fieldErrors } : {}),
    ...(answer.internal && requestId ? { requestId } : {}),
    ...(data === undefined ? {} : { data }),
  };
}

/** Sends `error` as the one policy (server/core/error-policy.ts) described it: the answer's status,
 * Retry-After and envelope, and keeps it for the request's one log line. Every route's errors leave
 * through here. */
export function sendErrorAnswer(req: FastifyRequest, reply: FastifyReply, error: unknown, answer: ErrorAnswer) {
  recordFailure(req, error);
  if (answer.retryAfterSeconds) void reply.header('retry-after', String(answer.retryAfterSeconds));
  return reply.code(answer.status).send(errorBody(answer, String(req.id)));
}

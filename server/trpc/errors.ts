import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { AppError, ERROR_MESSAGES, type AppErrorCode } from '../core/errors.js';
import { internalAnswer, knownAnswer, type ErrorAnswer } from '../core/error-answer.js';
import { describeError } from '../core/error-policy.js';

/**
 * tRPC's side of the one error policy (server/core/error-policy.ts). tRPC wraps whatever a
 * procedure threw in a TRPCError, keeping it as the cause: the policy is asked of the cause first;
 * only tRPC's own refusals (a body that is not JSON, an unknown procedure, a batch too large...)
 * are answered from tRPC's code, in the policy's words.
 */
export function describeTrpcError(error: unknown): ErrorAnswer {
  if (!(error instanceof TRPCError)) return describeError(error);
  if (error.cause && error.cause !== error) {
    const inner = describeTrpcError(error.cause);
    if (!inner.internal) return inner;
  }
  switch (error.code) {
    case 'PARSE_ERROR': return knownAnswer(400, ERROR_MESSAGES.invalidJson);
    case 'BAD_REQUEST':
      return knownAnswer(400, /batch call exceeds/i.test(error.message) ? ERROR_MESSAGES.batchTooLarge : ERROR_MESSAGES.invalidRequest);
    case 'NOT_FOUND': return knownAnswer(404, ERROR_MESSAGES.notFound);
    case 'METHOD_NOT_SUPPORTED': return knownAnswer(405, ERROR_MESSAGES.methodNotAllowed);
    case 'PAYLOAD_TOO_LARGE': return knownAnswer(413, ERROR_MESSAGES.tooLarge);
    case 'UNSUPPORTED_MEDIA_TYPE': return knownAnswer(415, ERROR_MESSAGES.mediaType);
    case 'TIMEOUT': return knownAnswer(408, ERROR_MESSAGES.timeout);
    case 'CLIENT_CLOSED_REQUEST': return knownAnswer(499, ERROR_MESSAGES.timeout);
    default: return internalAnswer();
  }
}

/** Each kind of domain refusal is the tRPC code of the same name (checked here by the compiler), but
 * those tRPC lacks: GONE carried as PRECONDITION_FAILED, RANGE_NOT_SATISFIABLE (thrown by no
 * procedure) as BAD_REQUEST, while the answer's status stays the refusal's own (the error
 * formatter's `httpStatus`, which tRPC answers with). */
const trpcCodeOf = (code: AppErrorCode): TRPC_ERROR_CODE_KEY =>
  (code === 'GONE' ? 'PRECONDITION_FAILED' : code === 'RANGE_NOT_SATISFIABLE' ? 'BAD_REQUEST' : code);

/**
 * A domain refusal as tRPC carries it: tRPC would wrap an AppError as an internal error; this gives
 * the TRPCError the refusal's own code (the typed client reads `error.data.code`), with the
 * AppError kept as its cause for the policy. Anything else is left as tRPC made it.
 */
export function asTrpcError(error: TRPCError): TRPCError {
  const refusal = error.cause;
  if (!(refusal instanceof AppError)) return error;
  return new TRPCError({ code: trpcCodeOf(refusal.code), message: refusal.message, cause: refusal });
}

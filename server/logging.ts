import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { appErrorIn } from './core/errors.js';

/**
 * Logs: one line per request, written when the answer has gone out, carrying the route pattern
 * (never the raw URL, whose query may hold a child's name), the status, the time and, for a failed
 * request, what failed. In production an error is logged without its SQL parameters, the driver's
 * detail or a data exception's message, which may quote what a user typed (names, phones, dates of
 * birth); passwords, tokens and reset links are never logged (headers are not logged at all).
 */

const failures = new WeakMap<FastifyRequest, unknown>();

/** Called by each transport's error path: the error is logged once, in the request's line. */
export function recordFailure(req: FastifyRequest, error: unknown) {
  if (!failures.has(req)) failures.set(req, error);
}

/** Fastify's request logging, reduced to the one line of logRequestLine. */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override routeNotFound() {}
  override defaultErrorLog(error: Error, req: FastifyRequest) { recordFailure(req, error); }
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    if (error) recordFailure(req, error);
    logRequestLine(req, reply);
  }
}

export function logRequestLine(req: FastifyRequest, reply: FastifyReply) {
  const status = reply.statusCode;
  const line = {
    method: req.method,
    route: req.routeOptions.url ?? '(no route)',
    status,
    ms: Math.round(reply.elapsedTime),
  };
  const error = failures.get(req);
  if (status >= 500) req.log.error({ ...line, err: error }, 'request failed');
  else if (status >= 400) req.log.info({ ...line, reason: reasonOf(error) }, 'request refused');
  else req.log.info(line, 'request served');
}

const reasonOf = (error: unknown) => appErrorIn(error)?.data.reason;

interface ErrorLike {
  name?: string; message?: string; stack?: string; code?: unknown; cause?: unknown;
  query?: unknown; constraint_name?: unknown; table_name?: unknown; column_name?: unknown; routine?: unknown;
}

/** An error as a log field. `detailed` (outside production) keeps messages and parameters. */
function serializeError(error: unknown, detailed: boolean, depth = 0): Record<string, unknown> | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined;
  const e = error as ErrorLike;
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.query === 'string') out.query = e.query; // SQL text with $n slots: no values
  for (const key of ['constraint_name', 'table_name', 'column_name', 'routine'] as const) {
    if (typeof e[key] === 'string') out[key] = e[key];
  }
  if (detailed) {
    out.message = e.message;
    out.stack = e.stack;
    const params = (error as { params?: unknown; parameters?: unknown }).params ?? (error as { parameters?: unknown }).parameters;
    if (params !== undefined) out.params = params;
  } else {
    out.message = safeMessage(e);
    out.stack = e.stack?.split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 12).join('\n');
  }
  const cause = serializeError(e.cause, detailed, depth + 1);
  if (cause) out.cause = cause;
  return out;
}

/** Messages that can quote user input are dropped: drizzle's "Failed query ... params: ..." and the
 * data exceptions (SQLSTATE class 22) of PostgreSQL, e.g. 'invalid input syntax for type uuid: "…"'. */
function safeMessage(e: ErrorLike): string | undefined {
  if (typeof e.query === 'string' || e.message?.startsWith('Failed query')) return 'query failed (parameters not logged)';
  if (typeof e.code === 'string' && e.code.startsWith('22')) return 'data exception (message not logged)';
  return e.message;
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): FastifyServerOptions['logger'] {
  const detailed = config.NODE_ENV !== 'production';
  return {
    level: config.LOG_LEVEL,
    serializers: {
      err: (error: unknown) => ({ type: 'unknown', message: '', stack: '', ...serializeError(error, detailed) }),
    },
    // Fastify logs requests only through logRequestLine; these keys are redacted wherever they appear.
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization', 'req.headers', 'link'],
      censor: '[redacted]',
    },
  };
}

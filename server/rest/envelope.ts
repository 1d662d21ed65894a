import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, HTTP_STATUS_BY_CODE } from '../trpc/errors.js';
import { firstIssueMessage } from '../trpc/init.js';

/** The REST envelope of decisions.md: { success, data, message? } or { success: false, message }. */
export function successBody(data: unknown) {
  const message = data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
    ? (data as { message: string }).message
    : undefined;
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

export interface ErrorAnswer {
  status: number;
  body: { success: false; message: string; reason?: string; errors?: Record<string, string[] | undefined> };
  retryAfterSeconds?: number;
}

export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof TRPCError) {
    const status = HTTP_STATUS_BY_CODE[error.code] ?? 500;
    if (error.cause instanceof ZodError) {
      return {
        status: 400,
        body: { success: false, message: firstIssueMessage(error.cause), errors: error.cause.flatten().fieldErrors as Record<string, string[]> },
      };
    }
    const data = error instanceof AppError ? error.data : {};
    const message = status >= 500 ? 'Something went wrong on our side. Please try again.' : error.message;
    return {
      status,
      body: { success: false, message, ...(data.reason ? { reason: data.reason } : {}) },
      retryAfterSeconds: data.retryAfterSeconds,
    };
  }
  return { status: 500, body: { success: false, message: 'Something went wrong on our side. Please try again.' } };
}

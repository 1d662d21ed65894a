import { ERROR_MESSAGES } from './errors.js';

/** What any transport sends for an error. `internal` answers carry the request id instead of details. */
export interface ErrorAnswer {
  status: number;
  message: string;
  reason?: string;
  fieldErrors?: Record<string, string[] | undefined>;
  retryAfterSeconds?: number;
  /** The values of a message made of values (AppErrorData.values). */
  values?: Record<string, string | number>;
  internal: boolean;
}

export const knownAnswer = (status: number, message: string, extra: Partial<ErrorAnswer> = {}): ErrorAnswer =>
  ({ status, message, internal: false, ...extra });
export const internalAnswer = (): ErrorAnswer => ({ status: 500, message: ERROR_MESSAGES.internal, internal: true });

import { TRPCClientError } from '@trpc/client';

interface ServerErrorData {
  httpStatus?: number;
  reason?: string;
}

const serverData = (error: unknown): ServerErrorData | undefined =>
  error instanceof TRPCClientError && error.shape ? (error.data as ServerErrorData | undefined) : undefined;

/** True when the server itself answered (as opposed to a network failure). */
const answeredByServer = (error: unknown) => error instanceof TRPCClientError && Boolean(error.shape);

/** What a failure says: the server's message when it sent one, otherwise the screen's fallback text. */
export function serverMessage(error: unknown, fallback: string): string {
  if (answeredByServer(error) && error instanceof TRPCClientError && error.message) return error.message;
  return fallback;
}

const httpStatusOf = (error: unknown) => serverData(error)?.httpStatus;

/** The machine `reason` the server gave with an error, if any (server/trpc/errors.ts). */
export const reasonOf = (error: unknown) => serverData(error)?.reason;

/** The session is gone (expired, revoked, unknown church): the stored sign-in is useless. */
export const isUnauthorized = (error: unknown) => httpStatusOf(error) === 401;

/** A church call refused because the subscription is no longer valid (server/trpc/init.ts). */
export const isSubscriptionRefusal = (error: unknown) =>
  httpStatusOf(error) === 403 && (serverData(error)?.reason ?? '').startsWith('subscription_');

/** Retry only what may succeed on a second try: network failures and server errors, twice. */
export const shouldRetry = (failureCount: number, error: unknown) => {
  const status = httpStatusOf(error);
  return failureCount < 2 && (status === undefined || status >= 500);
};

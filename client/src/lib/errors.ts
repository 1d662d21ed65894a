import { TRPCClientError } from '@trpc/client';
import { activeLanguage, translate, type MessageId } from './i18n';

interface ServerErrorData {
  httpStatus?: number;
  reason?: string;
  values?: Record<string, string | number>;
}

const serverData = (error: unknown): ServerErrorData | undefined =>
  error instanceof TRPCClientError && error.shape ? (error.data as ServerErrorData | undefined) : undefined;

/** True when the server itself answered (as opposed to a network failure). */
const answeredByServer = (error: unknown) => error instanceof TRPCClientError && Boolean(error.shape);

/**
 * Refusals the server makes of values (its English message names them), said in the active language
 * from their `reason` and `values`. In English the values are the server's own, so the text is the
 * server's message word for word.
 */
const TEXTS_BY_REASON: Record<string, (values: Record<string, string | number>) => string> = {
  plan_limit: (values) => translate('common.planLimit', {
    ...values,
    // A translation names the plan by its tier's name in the language (the English keeps the server's "Free Trial plan").
    plan: activeLanguage() === 'en' ? values.plan : translate(`common.tier.${values.tier}` as MessageId),
  }),
  class_duplicate: (values) => translate('classes.duplicate', { ...values, hasSection: values.section ? 'yes' : 'no' }),
  class_has_students: (values) => translate('classes.hasStudents', values),
  class_name_in_use: (values) => translate('classes.classNameInUse', values),
};

/** What a failure says: the server's message when it sent one (in the active language when it was
 * made of values the catalogue can say), otherwise the screen's fallback text. */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(answeredByServer(error) && error instanceof TRPCClientError && error.message)) return fallback;
  const data = serverData(error);
  const byReason = data?.reason && data.values ? TEXTS_BY_REASON[data.reason] : undefined;
  return byReason ? byReason(data!.values!) : error.message;
}

/** The HTTP status of the server's answer to a failed call; undefined when none came. */
export const httpStatusOf = (error: unknown) => serverData(error)?.httpStatus;

/** The call got no answer of the server (no network, or nothing behind the address). */
export const isNetworkFailure = (error: unknown) => !answeredByServer(error);

/** The machine `reason` the server gave with an error, if any (server/trpc/errors.ts). */
export const reasonOf = (error: unknown) => serverData(error)?.reason;

/** The session is gone (expired, revoked, unknown church): the stored sign-in is useless. */
export const isUnauthorized = (error: unknown) => httpStatusOf(error) === 401;

/** A church call refused because the subscription is no longer valid (server/trpc/init.ts). */
export const isSubscriptionRefusal = (error: unknown) =>
  httpStatusOf(error) === 403 && (serverData(error)?.reason ?? '').startsWith('subscription_');

/**
 * Retry only what may succeed on a second try: network failures and server errors, twice. A network
 * failure while the browser is offline is not retried: it would fail again, so the screen shows it (with
 * Retry) at once rather than after the back-off. (A call the device holds an answer for does not fail:
 * lib/offline/offline-answers-link.ts answers it.)
 */
export const shouldRetry = (failureCount: number, error: unknown) => {
  const status = httpStatusOf(error);
  return failureCount < 2 && (status === undefined ? navigator.onLine : status >= 500);
};

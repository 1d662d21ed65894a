import { TRPCClientError, type Operation, type OperationResultEnvelope, type TRPCLink } from '@trpc/client';
import { observable, type Observable } from '@trpc/server/observable';
import type { AppRouter } from '../../../../server/root';
import { getCredentials, type StoredCredentials } from '../session-store';
import type { RouterOutputs } from '../api-types';
import { KEPT_QUERIES, SESSION_CHECK, type SessionAnswer } from './kept-queries';
import { device, forgetEndedSessions, isCurrent, sessionCheckStarted, sessionOf, sessionSignedIn } from './sessions';

/**
 * Keeps the answers of the teacher's screens on this device and answers them from it when a call gets
 * no answer at all (no network: the fetch failed; a 4xx or 5xx is the server's answer and passes on).
 * Each answer is read only by a call made with a session of the owner it was kept for (sessions.ts,
 * device-answers.ts): another user signing in on this device reads nothing kept for the first.
 *
 * It sits before the HTTP links and sees one operation at a time: when a batch fails, each of its
 * operations fails here and each is answered from the device on its own.
 */

type SignInAnswer = RouterOutputs['auth']['login'];
/** Sign-ins: their answer is a new session, the session check's answer with its token. */
const SIGN_INS: ReadonlySet<string> = new Set(['auth.login', 'auth.googleLogin']);
const KEPT: ReadonlySet<string> = new Set(KEPT_QUERIES);

type Envelope = OperationResultEnvelope<unknown, TRPCClientError<AppRouter>>;
type Results = Observable<Envelope, TRPCClientError<AppRouter>>;

/** No HTTP answer at all: the fetch itself was rejected (offline, DNS, connection refused or reset). */
const isUnanswered = (error: unknown) => error instanceof TRPCClientError && !error.shape && error.cause instanceof TypeError;

interface Handlers {
  /** The server's answer (passed on first). */
  answered?: (data: unknown) => void;
  /** No answer came: what the device keeps for the call, or null. */
  unanswered?: () => Promise<{ data: unknown } | null>;
  /** The server refused the call, or it was cancelled. */
  refused?: () => void;
}

/** The call's results passed on, its answer seen by `answered`; a call that got no answer is answered by `unanswered` when it can. */
function relay(results: Results, { answered, unanswered, refused }: Handlers): Results {
  return observable((observer) => {
    let closed = false;
    const subscription = results.subscribe({
      next(envelope) {
        observer.next(envelope);
        if ('data' in envelope.result) answered?.(envelope.result.data);
      },
      error(error) {
        if (!isUnanswered(error)) {
          refused?.();
          observer.error(error);
          return;
        }
        const kept = unanswered ? unanswered().catch(() => null) : Promise.resolve(null);
        void kept.then((found) => {
          if (closed) return;
          if (!found) {
            observer.error(error);
            return;
          }
          observer.next({ result: { type: 'data', data: found.data } });
          observer.complete();
        });
      },
      complete() {
        observer.complete();
      },
    });
    return () => {
      closed = true;
      subscription.unsubscribe();
    };
  });
}

const ignore = () => undefined;

/** The session check: kept under the session, and names the owner of the session's other calls. */
function sessionCheck(results: Results, credentials: StoredCredentials): Results {
  const check = sessionCheckStarted(credentials);
  return relay(results, {
    answered(data) {
      check.answered(data as SessionAnswer);
      device().then((d) => d.keepSession(credentials, data as SessionAnswer, () => isCurrent(credentials))).catch(ignore);
    },
    async unanswered() {
      check.notAnswered();
      const session = await sessionOf(credentials);
      return session ? { data: session } : null;
    },
    refused: check.notAnswered,
  });
}

/** A kept query other than the session check: kept under the owner of the session that asked it. */
function keptQuery(results: Results, op: Operation, credentials: StoredCredentials): Results {
  return relay(results, {
    answered(data) {
      Promise.all([device(), sessionOf(credentials)])
        .then(([d, session]) => session && d.keepOwnersAnswer(session, op.path, op.input, data, () => isCurrent(credentials)))
        .catch(ignore);
    },
    async unanswered() {
      const [d, session] = await Promise.all([device(), sessionOf(credentials)]);
      return session ? d.keptOwnersAnswer(session, op.path, op.input) : null;
    },
  });
}

/** A sign-in's answer is the new session's check: kept, so the next page load opens signed in without a network. */
function signIn(results: Results): Results {
  return relay(results, {
    answered(data) {
      const answer = data as SignInAnswer;
      // An association officer's session is not kept on the device: its screens are online only.
      if (answer.kind !== 'church') return;
      const { token, user, church } = answer;
      const credentials = { token, churchCode: church.code };
      sessionSignedIn(credentials, { user, church });
      // Wanted unless another session took this browser meanwhile (the sign-in screen stores this one).
      const stillWanted = () => getCredentials() === null || isCurrent(credentials);
      device().then((d) => d.keepSession(credentials, { user, church }, stillWanted)).catch(ignore);
    },
  });
}

/** IndexedDB and SHA-256 (a secure context: https, or localhost) are needed; without them calls pass through untouched. */
const deviceCanKeep = () => typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && crypto.subtle !== undefined;

/** The link of the church's calls (lib/trpc.ts): never the console's, never a payment's. */
export function offlineAnswersLink(): TRPCLink<AppRouter> {
  const enabled = deviceCanKeep();
  if (enabled) forgetEndedSessions();
  // With a session stored, the device's code is needed as soon as its check answers (to keep the
  // answer, or to give the kept one offline): fetched beside the page's first calls, not after them.
  if (enabled && getCredentials()) device().catch(ignore);
  return () => ({ op, next }) => {
    if (!enabled) return next(op);
    if (op.type === 'mutation' && SIGN_INS.has(op.path)) return signIn(next(op));
    const credentials = getCredentials();
    if (!credentials || op.type !== 'query' || !KEPT.has(op.path)) return next(op);
    return op.path === SESSION_CHECK ? sessionCheck(next(op), credentials) : keptQuery(next(op), op, credentials);
  };
}

import type { AppQueryUtils } from '../app/AppProviders';
import type { RouterOutputs } from './trpc';

/**
 * What a screen asks the server for, started at page load beside the session check instead of after
 * the screen has rendered: the calls that need nothing but the address leave in the session check's
 * request (one batch), the ones that need the session (the church's today) as soon as it is known.
 * On a phone's connection each call saved from the chain is a round trip, and the screen's first
 * render then finds its data instead of rendering again when it arrives.
 */
interface ScreenPrefetchContext {
  utils: AppQueryUtils;
  /** The address's query parameters (?class=…). */
  params: URLSearchParams;
  /** The verified session; rejects when the stored one is refused or the server is unreachable. */
  session: Promise<RouterOutputs['auth']['verify']>;
}
export type ScreenPrefetch = (context: ScreenPrefetchContext) => void;

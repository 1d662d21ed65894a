/** Where Google sends the browser back to, for a sign-in or a registration (fetched only then). */
import { lazyScreen } from '../../lib/lazy-screen';

export const GoogleCallbackPage = lazyScreen(() => import('./GoogleCallbackPage').then((m) => m.GoogleCallbackPage));

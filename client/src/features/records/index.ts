/** Session Records: the screen, fetched when first opened. */
import { lazyScreen } from '../../lib/lazy-screen';

export const RecordsPage = lazyScreen(() => import('./RecordsPage').then((m) => m.RecordsPage));

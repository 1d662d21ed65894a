/** Children's consent: the section of a child's card, the dashboard's card and the guardian's public
 * consent page, each fetched when first shown. */
import { lazyScreen } from '../../lib/lazy-screen';

export const ConsentSection = lazyScreen(() => import('./ConsentSection').then((m) => m.ConsentSection));
export const ConsentSummaryCard = lazyScreen(() => import('./ConsentSummaryCard').then((m) => m.ConsentSummaryCard));
export const ConsentPage = lazyScreen(() => import('./ConsentPage').then((m) => m.ConsentPage));

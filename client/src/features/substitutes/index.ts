/** Substitutes and rota: the screen (fetched when first opened). */
import { lazyScreen } from '../../lib/lazy-screen';

export const SubstitutesPage = lazyScreen(() => import('./SubstitutesPage').then((m) => m.SubstitutesPage));

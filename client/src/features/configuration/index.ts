/** Academic Year Configuration: the screen, fetched when first opened. */
import { lazyScreen } from '../../lib/lazy-screen';

export const ConfigurationPage = lazyScreen(() => import('./ConfigurationPage').then((m) => m.ConfigurationPage));

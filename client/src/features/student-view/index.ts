/** Student View, a teacher's classes and their students read-only: the screen, fetched when first opened. */
import { lazyScreen } from '../../lib/lazy-screen';

export const StudentViewPage = lazyScreen(() => import('./StudentViewPage').then((m) => m.StudentViewPage));

/** The media gallery: the screen, fetched when first opened. */
import { lazyScreen } from '../../lib/lazy-screen';

export const GalleryPage = lazyScreen(() => import('./GalleryPage').then((m) => m.GalleryPage));

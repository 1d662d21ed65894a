/** A church's side of its association (a diocese's or district's Sunday school association): the
 * settings card (the association it belongs to, its invitations, leaving) for the Configuration
 * screen, and the circulars card for the principal's and super admin's dashboard; each fetched
 * when first shown. The data code (api.ts) stays inside the feature. */
import { lazyScreen } from '../../lib/lazy-screen';

export const AssociationCard = lazyScreen(() => import('./AssociationCard').then((m) => m.AssociationCard));
export const CircularsCard = lazyScreen(() => import('./CircularsCard').then((m) => m.CircularsCard));

import { lazyScreen } from '../../lib/lazy-screen';

/** The turn of the academic year: the card of the Configuration screen (the rollover, its undo and
 * the rollover month), and the offer on the Classes screen, fetched with its texts when first shown;
 * each opens the same wizard (a full-screen dialog), fetched the first time it is opened. */
export { RolloverCard } from './RolloverCard';
export const RolloverOffer = lazyScreen(() => import('./RolloverOffer').then((m) => m.RolloverOffer));

/** The turn of the academic year: the card of the Configuration screen, which fetches its wizard
 * (a full-screen dialog) the first time it is opened. */
export { RolloverCard } from './RolloverCard';

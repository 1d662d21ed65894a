/** Children's data: erasing a child (the button of the child's card), the retention setting and the
 * children to review (cards of the Configuration screen). The access log's screen is routed from its
 * file (app/navigation.ts), so its code stays out of the first chunk. */
export { EraseChildButton } from './EraseChildButton';
export { RetentionCard } from './RetentionCard';
export { ErasureCandidatesCard } from './ErasureCandidatesCard';

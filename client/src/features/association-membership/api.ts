import { trpc, type RouterOutputs } from '../../lib/trpc';

/**
 * The church's side of its association: its data code, owned by this feature (the cards are only
 * composition over these hooks). Every answer, a leave and a read mark refetch what they change:
 * the membership and invitations, and the circulars (which the association sends only to its members).
 */
type Overview = RouterOutputs['churchAssociation']['overview'];
export type Membership = NonNullable<Overview['membership']>;
export type Invitation = Overview['invitations'][number];
export type Circular = RouterOutputs['churchAssociation']['circulars'][number];

/** The association the church belongs to and its invitations, with the super admin's answers. */
export function useAssociationMembership() {
  const utils = trpc.useUtils();
  const overview = trpc.churchAssociation.overview.useQuery();
  const refresh = () => Promise.all([utils.churchAssociation.overview.invalidate(), utils.churchAssociation.circulars.invalidate()]);
  const accept = trpc.churchAssociation.accept.useMutation({ onSuccess: refresh });
  const decline = trpc.churchAssociation.decline.useMutation({ onSuccess: refresh });
  const leave = trpc.churchAssociation.leave.useMutation({ onSuccess: refresh });
  return { overview, accept, decline, leave };
}

/** The circulars sent to the church, and marking one read by the signed-in user. */
export function useCirculars() {
  const utils = trpc.useUtils();
  // Fetched again each time the dashboard opens: circulars and read marks arrive at any time.
  const circulars = trpc.churchAssociation.circulars.useQuery(undefined, { staleTime: 0 });
  const markRead = trpc.churchAssociation.markCircularRead.useMutation({
    onSuccess: () => utils.churchAssociation.circulars.invalidate(),
  });
  return { circulars, markRead };
}

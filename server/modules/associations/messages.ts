/** What the associations' services answer, in the spec's plain words. */
export const ASSOCIATION_MESSAGES = {
  churchNotFound: 'No church has this code.',
  alreadyInvited: 'This church is already invited or a member.',
  sectionNotFound: 'Section not found.',
  sectionNameTaken: 'A section with this name exists already.',
  membershipNotFound: 'Invitation or membership not found.',
  notAnInvitation: 'This invitation has already been answered.',
  notAMember: 'This church is not a member of an association.',
  memberElsewhere: 'This church already belongs to an association. It must leave it first.',
  circularNotFound: 'Circular not found.',
  circularPdfNotFound: 'This circular has no PDF.',
  officerNotFound: 'Officer not found.',
  officerEmailTaken: 'An officer of this association already has this email.',
  convenerNeedsSection: 'A section convener needs a section.',
  keepYourselfAdmin: 'You cannot remove your own admin role or deactivate yourself.',
} as const;

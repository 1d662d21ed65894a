/**
 * Associations: a diocese's, district's or region's Sunday school association over its member
 * churches (a tenant of its own, signed in to with its code at the same screen as a church).
 */
export const ASSOCIATION_KINDS = ['diocese', 'district', 'region', 'association'] as const;

export const OFFICER_ROLES = ['association_admin', 'examination_controller', 'section_convener', 'valuer'] as const;
export type OfficerRole = typeof OFFICER_ROLES[number];

export const MEMBERSHIP_STATUSES = ['invited', 'active', 'declined', 'left', 'withdrawn'] as const;
export type MembershipStatus = typeof MEMBERSHIP_STATUSES[number];

/**
 * The officers' permission table, as common/permissions.ts is the churches': which officer roles
 * hold each capability. The association admin runs the association (sections, members, officers,
 * circulars); the examination controller and section conveners read the members' figures and
 * circulars; a valuer sees register numbers only (the central examination), none of these.
 */
const OFFICER_CAPABILITIES = {
  /** The member churches' totals, trend and comparison, their list and the circulars with read marks. */
  viewMembers: ['association_admin', 'examination_controller', 'section_convener'],
  /** Sections, invitations, the association's officers. */
  manageMembers: ['association_admin'],
  /** Publish a circular to all member churches or a section. */
  publishCirculars: ['association_admin'],
} as const satisfies Record<string, readonly OfficerRole[]>;
export type OfficerCapability = keyof typeof OFFICER_CAPABILITIES;

export const officerRolesWith = (capability: OfficerCapability): readonly OfficerRole[] => OFFICER_CAPABILITIES[capability];

/** The operator console's texts (02 sections 2.13-2.15 and 8.2), in one place for the screens and tests. */
export const ADMIN_TEXTS = {
  loginTitle: 'Admin Console',
  loginSubtitle: 'Sign in to manage the platform',
  loginFailed: 'Login failed',
  verifying: 'Checking your admin session…',
  // The second factor (the spec has no texts for it).
  codeTitle: 'Two-step verification',
  codeHint: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeLabel: 'Authentication code',
  codeRequired: 'Enter the code from your authenticator app',
  codeFailed: 'The code could not be checked',
  verifyCode: 'Verify',
  startOver: 'Use another account',
  enrolTitle: 'Set up two-step verification',
  enrolHint: 'Scan this QR code with an authenticator app (or type the key below), then enter the 6-digit code it shows.',
  enrolSecretLabel: 'Setup key',
  enrolQrAlt: 'QR code to add this admin account to an authenticator app',
  enrolQrFailed: 'The QR code could not be drawn: type the setup key into your authenticator app instead.',
  enrolCodeLabel: 'First code from the app',
  recoveryTitle: 'Save your recovery codes',
  recoveryHint: 'Each code signs you in once if you lose your authenticator. They are shown only now: keep them somewhere safe.',
  recoverySaved: 'I have saved these codes',
  sessionCheckFailed: 'Your admin session could not be checked. Check your connection and try again.',
  overviewTitle: 'Overview',
  statsFailed: 'The platform figures could not be loaded.',
  recentActivity: 'Recent Activity',
  noRecentActivity: 'No recent activity',
  activityFailed: 'The recent activity could not be loaded.',
  viewAll: 'View all',
  quickActions: 'Quick Actions',
  reportFailed: 'The report could not be generated.',
  churchesTitle: 'Church Management',
  churchesFailed: 'The churches could not be loaded.',
  noChurches: 'No churches found',
  noChurchesFiltered: 'Try adjusting your search filters',
  noChurchesYet: 'No churches have been registered yet',
  detailsTitle: 'Church Details',
  detailsFailed: 'Failed to load church details.',
  closeDetails: 'Close Details',
  manageSubscription: 'Manage Subscription',
  viewDetails: 'View Details',
  updateSubscription: 'Update Subscription',
  subscriptionUpdated: 'Subscription updated successfully!',
  subscriptionFailed: 'Failed to update subscription: ',
  subscriptionFailedGeneric: 'Please try again.',
  notSet: 'Not set',
  notAvailable: 'N/A',
  allChurches: 'All Churches',
  churchFilterFailed: 'The churches could not be loaded: only All Churches can be chosen.',
} as const;

/** The four stat cards of the overview: label and caption (02 section 2.14). */
export const STAT_CARDS = [
  { key: 'totalChurches', testId: 'stat-total-churches', label: 'Total Churches', caption: 'All registered' },
  { key: 'activeChurches', testId: 'stat-active-churches', label: 'Active Churches', caption: 'Subscription active' },
  { key: 'totalUsers', testId: 'stat-total-users', label: 'Total Users', caption: 'Across all churches' },
  { key: 'newChurchesThisMonth', testId: 'stat-new-churches', label: 'New This Month', caption: 'Church registrations' },
] as const;

/** "Showing X to Y of Z results" under a page of the list. */
export const showingText = (page: number, limit: number, total: number) =>
  `Showing ${Math.min((page - 1) * limit + 1, total)} to ${Math.min(page * limit, total)} of ${total} results`;

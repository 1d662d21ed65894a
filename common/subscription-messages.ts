/**
 * The subscription's rule of operator statuses and its texts, shared by the client and the server:
 * the success and failure texts of upgrade, downgrade and trial extension as the church sees them.
 */

/** Statuses only the platform operator sets, and only the operator changes: while a church has one,
 * nothing the church does (a plan change, a trial extension, a payment) changes its subscription. */
const OPERATOR_STATUSES = ['suspended', 'inactive'] as const;
export const isOperatorStatus = (status: string) => (OPERATOR_STATUSES as readonly string[]).includes(status);

export const SUBSCRIPTION_MESSAGES = {
  upgraded: 'Upgrade Successful',
  downgraded: 'Successfully downgraded to Free plan',
  /** The free plan's days come from the plans table (30 unless the operator changes them). */
  trialExtended: (days: number) => `Free trial extended! Enjoy ${days} more days of full access.`,
  // Fallbacks when the server sent no message: the upgrade modal, the pending payment's retry and
  // switch, the plan chooser's selection, a downgrade from a paid plan.
  upgradeFailed: 'Upgrade failed. Please try again.',
  paymentStartFailed: 'Failed to initiate payment. Please try again.',
  switchToFreeFailed: 'Failed to switch to free trial. Please contact support.',
  selectionFailed: 'Failed to process your selection. Please try again.',
  downgradeFailed: 'Downgrade failed',
  alreadyFree: 'Your church is already on the Free Trial.',
  notOnFree: 'Only a church on the Free Trial can extend it.',
  lifetime: 'A lifetime church has no subscription to change.',
  setByOperator: (status: string) =>
    `This church's subscription was set to ${status} by the platform, and only the platform can change it. Please contact support.`,
  paymentHeld: 'Your payment was received, but this church\'s subscription was set by the platform, so your plan has not changed. Please contact support.',
} as const;

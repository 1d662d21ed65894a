/** The messages of orders and payments, shown by the client as the server sends them. */
export const PAYMENT_MESSAGES = {
  choosePaidPlan: 'Choose a paid plan: basic or premium',
  orderFailed: 'Failed to create payment order',
  initFailed: 'Payment initialization failed. Please try again.',
  verifyFailed: 'Payment verification failed. Please contact support.',
  orderNotFound: 'Payment order not found',
  verified: 'Payment verified. Your plan is active.',
  notConfigured: 'Online payment is not available on this server yet. Please contact support.',
  notTestMode: 'The test checkout is only available in test mode.',
  tokenSpent: 'This church\'s payment is complete. Please sign in to continue.',
  alreadyPaid: 'This order is already paid.',
  referenceUsed: 'This payment reference was already used for another payment.',
  operatorStatusFirst: (status: string) => `This church is ${status}: change its status before confirming its payment.`,
} as const;

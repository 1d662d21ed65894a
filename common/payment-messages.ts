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
} as const;

/** Pending Payments' texts, in one place for the screen and its tests. */
export const PAYMENTS_TEXTS = {
  title: 'Pending Payments',
  intro: 'Orders waiting for their payment. Confirm one only when its UPI transfer is on the bank statement, '
    + 'with the transfer\'s 12-digit UTR: the church\'s plan is activated at once.',
  listFailed: 'The pending payments could not be loaded.',
  empty: 'No pending payments',
  emptyHint: 'Every order has been paid.',
  church: 'Church',
  contact: 'Contact',
  plan: 'Plan',
  amount: 'Amount',
  created: 'Created',
  order: 'Order',
  upgrade: 'Upgrade',
  utrLabel: 'UTR',
  utrPlaceholder: '12 digits',
  confirm: 'Confirm',
  confirmFailed: 'Failed to confirm the payment: ',
  confirmFailedGeneric: 'The payment could not be confirmed. Check your connection and try again.',
} as const;

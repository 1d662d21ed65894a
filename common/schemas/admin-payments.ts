import { z } from 'zod';
import { ADMIN_CHURCH_MESSAGES } from './admin-churches.js';
import { idSchema } from './classes.js';
import { pageNumber } from './paging.js';
import { plainString } from './text.js';

/** Messages of the console's Pending Payments (the list and the operator's confirmation). */
export const ADMIN_PAYMENT_MESSAGES = {
  churchIdInvalid: ADMIN_CHURCH_MESSAGES.churchIdInvalid,
  churchNotFound: ADMIN_CHURCH_MESSAGES.churchNotFound,
  orderIdRequired: 'order_id is required',
  utrInvalid: 'Enter the UTR of the UPI payment: the 12 digits of the bank\'s reference',
  paymentConfirmed: 'Payment confirmed: the plan is active.',
} as const;

/** Pending orders on a page of the console, and the most a caller may ask for. */
export const PENDING_PAYMENTS_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 1_000_000;

/** GET /api/admin/payments/pending: the orders still waiting for their payment, newest first. */
export const adminPendingPaymentsInput = z.object({
  page: pageNumber(MAX_PAGE, 1),
  limit: pageNumber(MAX_PAGE_SIZE, PENDING_PAYMENTS_PAGE_SIZE),
}).prefault({}); // no input at all (tRPC) is the first page

/**
 * A UPI payment's UTR (Unique Transaction Reference): the 12 digits a bank statement and the payer's
 * UPI app show for the transfer. Spaces an operator copies along with it are dropped.
 */
export const utrSchema = plainString({ error: ADMIN_PAYMENT_MESSAGES.utrInvalid })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{12}$/, ADMIN_PAYMENT_MESSAGES.utrInvalid));

/** POST /api/admin/churches/{id}/confirm-payment: a UPI transfer of the church's order, seen on the bank statement. */
export const adminConfirmPaymentInput = z.object({
  id: idSchema(ADMIN_PAYMENT_MESSAGES.churchIdInvalid),
  order_id: plainString({ error: ADMIN_PAYMENT_MESSAGES.orderIdRequired }).trim().min(1, ADMIN_PAYMENT_MESSAGES.orderIdRequired)
    .max(100, ADMIN_PAYMENT_MESSAGES.orderIdRequired),
  bank_reference: utrSchema,
});

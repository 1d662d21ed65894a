import { adminConfirmPaymentInput, adminPendingPaymentsInput } from '../../../../common/schemas/admin-payments.js';
import { operatorProcedure, router } from '../../../trpc/init.js';
import { rest } from '../../../rest/meta.js';
import { confirmPayment, listPendingPayments } from './service.js';

// Pending Payments of the operator console: orders waiting for their payment, and a UPI transfer
// seen on the bank statement confirmed by hand.
export const adminPaymentsRouter = router({
  pending: operatorProcedure
    .meta(rest('GET', '/api/admin/payments/pending', 'Orders not yet paid, newest first: page, limit (20 by default, at most 100). '
      + 'Answers items (order_id, church, plan, amount_paise as created, created_at) and pagination {page, pages, total}'))
    .input(adminPendingPaymentsInput)
    .query(({ ctx, input }) => listPendingPayments(ctx, input)),
  confirm: operatorProcedure
    .meta(rest('POST', '/api/admin/churches/{id}/confirm-payment', 'Confirm a pending UPI payment of the church seen on the bank '
      + 'statement: order_id, bank_reference (the 12-digit UTR). The plan is activated as for a verified payment, at the order\'s '
      + 'amount; an order paid meanwhile answers 409; audited'))
    .input(adminConfirmPaymentInput)
    .mutation(({ ctx, input }) => confirmPayment(ctx, input)),
});

import type { z } from 'zod';
import { ADMIN_PAYMENT_MESSAGES, type adminConfirmPaymentInput, type adminPendingPaymentsInput } from '../../../../common/schemas/admin-payments.js';
import type { OperatorScope, PublicScope } from '../../../core/scopes.js';
import { notFound } from '../../../core/errors.js';
import type { Mailer } from '../../mail/index.js';
import { confirmChurchOrderByOperator } from '../../payments/index.js';
import { listPagination } from '../../../../common/schemas/paging.js';
import { churchExists, countPending, selectPendingPage, type PendingOrderRow } from './queries.js';

/** A pending order as the console lists it: the amount it was created with, in paise. */
const toPendingOrderDto = (row: PendingOrderRow) => ({
  order_id: row.orderId,
  church_id: row.churchId,
  church_name: row.churchName,
  church_code: row.churchCode,
  church_phone: row.churchPhone,
  church_email: row.churchEmail,
  plan_tier: row.planTier,
  plan_name: row.planName,
  amount_paise: row.amountPaise,
  currency: row.currency,
  is_upgrade: row.isUpgrade,
  created_at: row.createdAt.toISOString(),
});

/**
 * GET /api/admin/payments/pending: every order not yet paid, newest first. An order is not tied to
 * a way of paying until it is paid (the payment screen offers UPI and the card checkout for the
 * same order), so card orders abandoned at the checkout are listed too; the operator confirms only
 * a transfer seen on the bank statement. With the church's contact phone and e-mail, to ask it about
 * a transfer not yet seen; those are the church's office's, given at registration: not audited.
 */
export async function listPendingPayments({ tx }: OperatorScope, input: z.output<typeof adminPendingPaymentsInput>) {
  const [rows, total] = await Promise.all([
    selectPendingPage(tx, { limit: input.limit, offset: (input.page - 1) * input.limit }),
    countPending(tx),
  ]);
  return { items: rows.map(toPendingOrderDto), pagination: listPagination(total, input.page, input.limit) };
}

/**
 * POST /api/admin/churches/{id}/confirm-payment: a UPI transfer of the church's order, with its UTR.
 * The order completes as a verified payment would, at the amount it was created with: the plan
 * activated once, the audit entry naming the operator, the UTR and the old and new subscription, the
 * receipt mailed after the commit. An order paid meanwhile answers 409 and changes nothing.
 */
export async function confirmPayment(
  scope: OperatorScope & Pick<PublicScope<{ mailer: Mailer }>, 'services' | 'config' | 'log'>, input: z.output<typeof adminConfirmPaymentInput>,
) {
  if (!await churchExists(scope.tx, input.id)) throw notFound(ADMIN_PAYMENT_MESSAGES.churchNotFound);
  const church = await confirmChurchOrderByOperator(scope, {
    churchId: input.id, providerOrderId: input.order_id, operatorId: scope.operator.id, reference: input.bank_reference,
  }, { mailer: scope.services.mailer, log: scope.log, publicUrl: scope.config.PUBLIC_URL });
  return { message: ADMIN_PAYMENT_MESSAGES.paymentConfirmed, church };
}

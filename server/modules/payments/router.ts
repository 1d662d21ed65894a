import { churchIdPathInput, createOrderInput, orderStatusInput, retryPaymentInput, testCheckoutInput, verifyPaymentInput } from '../../../common/schemas/payments.js';
import { churchPayerProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { createOrder, orderStatus, payInTestMode, retryPayment, verifyPayment } from './orders.js';

export const paymentsRouter = router({
  createOrder: churchPayerProcedure
    .meta(rest('POST', '/api/churches/create-order', 'An order for a paid plan (plan_type basic or premium) at the plan price in paise; super admin, or the payment token of a paid registration (X-Payment-Token)'))
    .input(createOrderInput)
    .mutation(({ ctx, input }) => createOrder(ctx, input)),

  verifyPayment: churchPayerProcedure
    .meta(rest('POST', '/api/churches/verify-payment', 'Verify a payment (razorpay_order_id, razorpay_payment_id, razorpay_signature) and activate its plan'))
    .input(verifyPaymentInput)
    .mutation(({ ctx, input }) => verifyPayment(ctx, input)),

  orderStatus: churchPayerProcedure
    .meta(rest('GET', '/api/churches/payment-status/{order_id}', 'Where an order of the church stands (created, paid or failed) and the church\'s subscription'))
    .input(orderStatusInput)
    .query(({ ctx, input }) => orderStatus(ctx, input)),

  retryPayment: churchPayerProcedure
    .meta(rest('POST', '/api/churches/retry-payment', 'A new order after a failed or abandoned payment (plan_type optional: the church\'s own paid plan)'))
    .input(retryPaymentInput)
    .mutation(({ ctx, input }) => retryPayment(ctx, input)),

  retryPaymentFor: churchPayerProcedure
    .meta(rest('POST', '/api/churches/retry-payment/{id}', 'A new order for the church\'s own paid plan'))
    .input(churchIdPathInput)
    .mutation(({ ctx, input }) => retryPayment(ctx, { church_id: input.id })),

  testCheckoutPay: churchPayerProcedure
    .meta(rest('POST', '/api/payments/test-checkout/pay', 'Test mode only: a signed test payment of an order, as the test checkout makes it'))
    .input(testCheckoutInput)
    .mutation(({ ctx, input }) => payInTestMode(ctx, input)),
});

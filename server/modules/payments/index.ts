// The payments module's surface: the gateway (built once, in services), payment tokens of paid
// registrations, the webhook route, and the operator's confirmation of a payment. Its router is wired in server/root.ts.
export { createPaymentGateway, paymentGatewayMode } from './gateway.js';
export { issuePaymentToken, paymentTokenState } from './payment-tokens.js';
export { paymentWebhookRoute } from './webhook.js';
export { confirmChurchOrderByOperator, confirmOrderByOperator } from './orders.js';

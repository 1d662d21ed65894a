// The payments module's surface: the gateway (built once, in services), payment tokens of paid
// registrations, and the webhook route. Its router is wired in server/root.ts.
export { createPaymentGateway } from './gateway.js';
export { issuePaymentToken, isLivePaymentToken } from './payment-tokens.js';
export { registerPaymentWebhook } from './webhook.js';

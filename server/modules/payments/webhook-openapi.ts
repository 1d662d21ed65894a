import { errorAnswerDoc, successAnswerDoc } from '../../rest/openapi.js';
import type { PlainOperationDoc } from '../../rest/plain-route.js';

/** The OpenAPI entry of Razorpay's webhook (webhook.ts declares the route): signed, not a church session. */
export function webhookOperationDoc(): PlainOperationDoc {
  return {
    operationId: 'payments.razorpayWebhook',
    summary: 'Razorpay\'s signed payment events (order.paid, payment.captured complete the order)',
    description: 'Called by Razorpay, not by clients. The body is checked as the raw bytes sent: '
      + 'X-Razorpay-Signature must be the hex HMAC-SHA256 of that exact body with RAZORPAY_WEBHOOK_SECRET, so it must not be '
      + 're-serialized. Each X-Razorpay-Event-Id is handled once; a replay answers outcome "duplicate".',
    tag: 'payments',
    parameters: [
      { name: 'X-Razorpay-Signature', in: 'header', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{64}$' }, description: 'hex HMAC-SHA256 of the raw body' },
      { name: 'X-Razorpay-Event-Id', in: 'header', required: true, schema: { type: 'string', maxLength: 100 } },
    ],
    requestBody: {
      required: true,
      description: 'The raw JSON event, exactly as signed',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              event: { type: 'string', examples: ['order.paid', 'payment.captured'] },
              payload: {
                type: 'object',
                properties: {
                  payment: { type: 'object', properties: { entity: { type: 'object', properties: { id: { type: 'string' }, order_id: { type: 'string' } } } } },
                  order: { type: 'object', properties: { entity: { type: 'object', properties: { id: { type: 'string' } } } } },
                },
              },
            },
            required: ['event', 'payload'],
          },
        },
      },
    },
    responses: {
      200: successAnswerDoc('Handled (or already handled, or not an event that completes an order)', {
        type: 'object', properties: { event: { type: 'string' }, outcome: { type: 'string' } },
      }),
      400: errorAnswerDoc('A bad signature, a body that is not JSON, or no event id'),
      404: errorAnswerDoc('No webhook secret is configured on this server'),
    },
  };
}

import { translate } from '../../lib/i18n';
import { loadOnce } from '../../lib/load-once';
import './messages';

const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** What Razorpay's checkout hands back after a payment: verified by the server, never trusted here. */
export interface CheckoutPayment {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayCheckout;

/** Razorpay's checkout script, loaded on demand (once) the first time a card payment starts. */
const loadCheckoutScript = loadOnce(() => new Promise<RazorpayConstructor>((resolve, reject) => {
  const script = document.createElement('script');
  script.src = RAZORPAY_CHECKOUT_URL;
  script.async = true;
  script.onload = () => {
    const constructor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
    if (constructor) resolve(constructor);
    else reject(new Error(translate('payments.checkoutNotLoaded')));
  };
  script.onerror = () => {
    script.remove();
    reject(new Error(translate('payments.checkoutLoadFailed')));
  };
  document.head.appendChild(script);
}));

/** Opens Razorpay's card checkout for an order; settles when the payment succeeds or fails. */
export async function payByCard(options: {
  keyId: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  description: string;
  onDismiss: () => void;
}): Promise<CheckoutPayment> {
  const Razorpay = await loadCheckoutScript();
  return new Promise<CheckoutPayment>((resolve, reject) => {
    const checkout = new Razorpay({
      key: options.keyId,
      order_id: options.orderId,
      amount: options.amountPaise,
      currency: options.currency,
      name: translate('payments.productName'),
      description: options.description,
      handler: (response: CheckoutPayment) => resolve(response),
      modal: { ondismiss: options.onDismiss },
    });
    checkout.on('payment.failed', (response) => reject(new Error(response.error?.description ?? translate('payments.cardFailed'))));
    checkout.open();
  });
}

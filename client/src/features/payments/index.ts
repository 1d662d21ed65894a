/** Paying for a plan: the payment screen (fetched when first opened) and how to send a church to it. */
import { lazyScreen } from '../../lib/lazy-screen';

export const PaymentPage = lazyScreen(() => import('./PaymentPage').then((m) => m.PaymentPage));
export { goToPayment, PAYMENT_PATH } from './payment-state';

import type { NavigateFunction } from 'react-router-dom';
import type { PaymentCredentials, RouterOutputs } from '../../lib/trpc';

export type PaymentOrder = RouterOutputs['payments']['createOrder'];

/**
 * What the payment screen receives as navigation state: the order to pay, the church
 * it is for, and where to go once it is paid. A paid registration pays with its payment token (no
 * one is signed in yet) and then goes to sign-in; a signed-in church goes home.
 */
export interface PaymentState {
  order: PaymentOrder;
  church: { code: string; name: string };
  /** The paid registration's credentials; absent when the super admin pays signed in. */
  payment?: PaymentCredentials;
  /** Where Back returns to. */
  from: string;
}

export const PAYMENT_PATH = '/payment';

export function goToPayment(navigate: NavigateFunction, state: PaymentState) {
  void navigate(PAYMENT_PATH, { state });
}

/** The state handed to the payment screen, when it is one (a reload or a typed address has none). */
export function paymentStateOf(value: unknown): PaymentState | null {
  const state = value as Partial<PaymentState> | null;
  return state && typeof state === 'object' && state.order && state.church ? state as PaymentState : null;
}

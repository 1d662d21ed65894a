import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { trpc, type PaymentCredentials, type RouterOutputs } from '../../lib/trpc';
import { goToPayment } from '../payments';

type Registration = RouterOutputs['churches']['register'];

/** A paid church just registered: what its payment needs. */
interface PaidChurch {
  code: string;
  name: string;
  tier: 'basic' | 'premium';
  payment: PaymentCredentials;
}

/** The church to pay for after a registration's answer, or null when it is free (no payment token). */
export function paidChurchOf(answer: Registration): PaidChurch | null {
  const { church } = answer;
  if (!answer.payment_token) return null;
  return {
    code: church.code,
    name: church.name,
    tier: church.subscription_tier === 'premium' ? 'premium' : 'basic',
    payment: { token: answer.payment_token, churchCode: church.code },
  };
}

/**
 * The payment of a paid registration (by form or with Google): its order is made with the
 * registration's payment token (nobody is signed in yet), then the payment screen takes over. A
 * church whose order could not be made stays `awaiting`, so trying again makes the order only,
 * never a second church.
 */
export function useRegistrationPayment() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [awaiting, setAwaiting] = useState<PaidChurch | null>(null);
  const createOrder = useMutation({
    mutationFn: (church: PaidChurch) => utils.client.payments.createOrder.mutate(
      { plan_type: church.tier }, { context: { payment: church.payment } },
    ),
  });
  const start = (church: PaidChurch) => {
    setAwaiting(church);
    createOrder.mutate(church, {
      onSuccess: (order) => goToPayment(navigate, {
        order, church: { code: church.code, name: church.name }, payment: church.payment, from: '/login',
      }),
    });
  };
  return { awaiting, start, createOrder };
}

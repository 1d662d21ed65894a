import { useNavigate } from 'react-router-dom';
import type { PaidTier } from '../../../../common/upgrade-path';
import { trpc } from '../../lib/trpc';
import type { SessionChurch } from '../auth';
import { goToPayment } from '../payments';

/**
 * What the church's super admin can do about its subscription: pay for a paid plan
 * (an order, then the payment screen), extend the free trial, or switch to the Free Trial. After a
 * change the session's church is read again, so every guard decides on the new facts.
 */
export function useSubscriptionActions(church: SessionChurch, from: string) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const refresh = async () => {
    await Promise.all([utils.auth.verify.invalidate(), utils.subscription.current.invalidate()]);
  };
  const order = trpc.payments.retryPayment.useMutation({
    onSuccess: (created) => goToPayment(navigate, { order: created, church: { code: church.code, name: church.name }, from }),
  });
  const extendTrial = trpc.subscription.extendTrial.useMutation({ onSuccess: refresh });
  const downgrade = trpc.subscription.downgradeToFree.useMutation({ onSuccess: refresh });
  return {
    pay: (tier: PaidTier) => order.mutate({ plan_type: tier, church_id: church.id }),
    paying: order,
    extendTrial: () => extendTrial.mutate({ id: church.id }),
    extending: extendTrial,
    switchToFree: () => downgrade.mutate({ id: church.id }),
    switching: downgrade,
  };
}

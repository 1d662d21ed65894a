import { trpc } from '../../lib/trpc';
import { FALLBACK_PLANS, type Plan } from './fallback-plans';

/** Lifetime access is granted by the platform, never chosen, so it is not offered. */
const offered = (plan: Plan) => plan.tier !== 'lifetime';

/**
 * The plans on offer, cheapest first: the server's, or the built-in copy when they cannot be
 * loaded (`fallback` true), so registering or choosing a plan never stops on a failed list.
 */
export function usePlans() {
  const plans = trpc.subscription.plans.useQuery(undefined, { staleTime: 5 * 60_000, retry: 1 });
  const source = plans.data ?? (plans.isError ? FALLBACK_PLANS : undefined);
  return {
    plans: source ? Object.values(source).filter(offered) : undefined,
    fallback: plans.isError && !plans.data,
    isPending: plans.isPending && !plans.isError,
  };
}

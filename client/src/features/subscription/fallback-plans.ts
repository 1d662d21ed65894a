import type { RouterOutputs } from '../../lib/trpc';

export type PlansByTier = RouterOutputs['subscription']['plans'];
export type Plan = PlansByTier[string];

/**
 * The plans as the database is seeded with them, shown only when GET /api/subscription/plans
 * cannot be reached (the server's `plans` table is the one source of prices; an integration test
 * keeps this copy equal to the seed).
 */
export const FALLBACK_PLANS: PlansByTier = {
  free: {
    tier: 'free', name: 'Free Trial', description: 'Try everything for 30 days', price: 0, price_paise: 0, duration_days: 30,
    principals: 1, teachers: 1, students: 5, classes: 2, features: [],
  },
  basic: {
    tier: 'basic', name: 'Basic Plan', description: 'For a growing Sunday School', price: 299, price_paise: 29900, duration_days: 30,
    principals: 1, teachers: 10, students: 50, classes: 20, features: [],
  },
  premium: {
    tier: 'premium', name: 'Premium Plan', description: 'For large churches', price: 599, price_paise: 59900, duration_days: 30,
    principals: 2, teachers: -1, students: -1, classes: -1,
    features: [],
  },
  lifetime: {
    tier: 'lifetime', name: 'Lifetime', description: 'Granted by the platform', price: 0, price_paise: 0, duration_days: 36500,
    principals: -1, teachers: -1, students: -1, classes: -1, features: [],
  },
};

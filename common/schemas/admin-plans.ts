import { z } from 'zod';
import { PAID_TIERS } from '../upgrade-path.js';
import { plainString } from './text.js';

/** The plans' tiers: fixed, so the console edits a plan and never adds or deletes one. */
export const PLAN_TIERS = ['free', 'basic', 'premium', 'lifetime'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** Tiers that are sold (an order is made for them); the free trial and lifetime cost nothing. */
export const isPricedTier = (tier: string) => (PAID_TIERS as readonly string[]).includes(tier);

/** Bounds of what an operator may set. A sold plan costs at least ₹1 (the least a UPI or card payment can be). */
export const PLAN_LIMITS = {
  minPriceRupees: 1,
  maxPriceRupees: 100_000,
  maxCount: 1_000_000,
  maxStorageMb: 1_048_576, // 1 TB
  maxDescription: 200,
  maxFeatures: 10,
  maxFeature: 100,
} as const;

/** Messages of the console's Plans screen. */
export const ADMIN_PLAN_MESSAGES = {
  tierInvalid: 'tier must be free, basic, premium or lifetime',
  planNotFound: 'Plan not found',
  priceInvalid: 'price must be in rupees, from ₹1 to ₹1,00,000, with at most two decimals',
  priceFixed: 'The Free Trial and Lifetime plans are never sold: their price stays ₹0',
  limitInvalid: (what: string) => `${what} must be -1 (unlimited) or a whole number from 0 to 1,000,000`,
  storageInvalid: 'storage_quota_mb must be -1 (unlimited) or a whole number of MB from 0 to 1,048,576 (1 TB)',
  descriptionInvalid: 'description must be text of at most 200 characters',
  featuresInvalid: 'features must be a list of at most 10 entries, each of 1 to 100 characters',
  versionInvalid: 'version is required: the version of the plan as it was loaded',
  changedMeanwhile: 'This plan was changed by someone else meanwhile. Reload it and try again.',
  updated: 'Plan updated. New orders use its price; churches on it keep what they paid until they renew.',
  unchanged: 'Nothing to change: the plan is as it was.',
} as const;

/** Rupees as the operator types them (at most two decimals) to the paise they are stored in. */
export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);
const hasAtMostTwoDecimals = (rupees: number) => Math.abs(rupees * 100 - rupeesToPaise(rupees)) < 1e-6;

/** A limit of a plan: -1 is unlimited. */
const limit = (message: string, max: number) =>
  z.number({ error: message }).int(message).min(-1, message).max(max, message);

/** PUT /api/admin/plans/{tier}: the whole editable part of a plan. `version` is the one the console
 * loaded: a plan changed by someone else since is refused (409) rather than overwritten. */
export const adminPlanUpdateInput = z.object({
  tier: z.enum(PLAN_TIERS, { error: ADMIN_PLAN_MESSAGES.tierInvalid }),
  version: plainString({ error: ADMIN_PLAN_MESSAGES.versionInvalid }).min(1, ADMIN_PLAN_MESSAGES.versionInvalid)
    .max(100, ADMIN_PLAN_MESSAGES.versionInvalid),
  price: z.number({ error: ADMIN_PLAN_MESSAGES.priceInvalid }).min(0, ADMIN_PLAN_MESSAGES.priceInvalid)
    .max(PLAN_LIMITS.maxPriceRupees, ADMIN_PLAN_MESSAGES.priceInvalid).refine(hasAtMostTwoDecimals, ADMIN_PLAN_MESSAGES.priceInvalid),
  max_principals: limit(ADMIN_PLAN_MESSAGES.limitInvalid('max_principals'), PLAN_LIMITS.maxCount),
  max_teachers: limit(ADMIN_PLAN_MESSAGES.limitInvalid('max_teachers'), PLAN_LIMITS.maxCount),
  max_students: limit(ADMIN_PLAN_MESSAGES.limitInvalid('max_students'), PLAN_LIMITS.maxCount),
  max_classes: limit(ADMIN_PLAN_MESSAGES.limitInvalid('max_classes'), PLAN_LIMITS.maxCount),
  storage_quota_mb: limit(ADMIN_PLAN_MESSAGES.storageInvalid, PLAN_LIMITS.maxStorageMb),
  description: plainString({ error: ADMIN_PLAN_MESSAGES.descriptionInvalid }).trim()
    .max(PLAN_LIMITS.maxDescription, ADMIN_PLAN_MESSAGES.descriptionInvalid),
  features: z.array(
    plainString({ error: ADMIN_PLAN_MESSAGES.featuresInvalid }).trim().min(1, ADMIN_PLAN_MESSAGES.featuresInvalid)
      .max(PLAN_LIMITS.maxFeature, ADMIN_PLAN_MESSAGES.featuresInvalid),
    { error: ADMIN_PLAN_MESSAGES.featuresInvalid },
  ).max(PLAN_LIMITS.maxFeatures, ADMIN_PLAN_MESSAGES.featuresInvalid),
}).superRefine((plan, ctx) => {
  // A sold plan has a price; the free trial and lifetime are never ordered, so theirs stays 0.
  const priced = isPricedTier(plan.tier);
  if (priced && plan.price < PLAN_LIMITS.minPriceRupees) ctx.addIssue({ code: 'custom', path: ['price'], message: ADMIN_PLAN_MESSAGES.priceInvalid });
  if (!priced && plan.price !== 0) ctx.addIssue({ code: 'custom', path: ['price'], message: ADMIN_PLAN_MESSAGES.priceFixed });
});

// The subscription module's surface: whether a church's subscription is valid, plan limits, plans.
export { subscriptionValidity } from './validity.js';
export { assertWithinPlanLimit, assertWithinStorageQuota, planLimitRefusal, planRoom, storageLeft } from './limits.js';
export { findPlan } from './queries.js';

// The subscription module's surface: whether a church's subscription is valid, and plan limits.
export { subscriptionValidity } from './validity.js';
export { assertWithinPlanLimit } from './limits.js';

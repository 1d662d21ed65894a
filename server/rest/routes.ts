import { authRestRoutes } from '../modules/auth/rest.js';
import { subscriptionRestRoutes } from '../modules/subscription/rest.js';
import type { RestRoute } from './route-table.js';

/** Every documented REST path, gathered from the domain modules. */
export const restRoutes: RestRoute[] = [
  ...authRestRoutes,
  ...subscriptionRestRoutes,
];

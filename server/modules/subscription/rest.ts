import { restRoute } from '../../rest/route-table.js';

const route = restRoute('subscription');

export const subscriptionRestRoutes = [
  route({ method: 'GET', path: '/api/subscription/plans', procedure: 'subscription.plans', public: true,
    summary: 'Plans keyed by tier, with price in rupees and paise and limits (-1 unlimited)' }),
  route({ method: 'GET', path: '/api/subscription/current', procedure: 'subscription.current',
    summary: 'The church, its subscription validity and its plan' }),
  route({ method: 'GET', path: '/api/subscription/usage', procedure: 'subscription.usage',
    summary: 'Usage counts (principals, teachers, students, classes) and the plan limits' }),
];

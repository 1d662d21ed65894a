import { router } from './trpc/init.js';
import { authRouter } from './modules/auth/router.js';
import { subscriptionRouter } from './modules/subscription/router.js';

/** One router per domain; each module's router file is thin wiring. */
export const appRouter = router({
  auth: authRouter,
  subscription: subscriptionRouter,
});

export type AppRouter = typeof appRouter;

import type { ScreenPrefetch } from '../../lib/screen-prefetch';

/** The dashboard's plan usage (every role's dashboard shows it), with the session check. */
export const prefetchDashboard: ScreenPrefetch = ({ utils }) => {
  void utils.subscription.usage.prefetch();
};

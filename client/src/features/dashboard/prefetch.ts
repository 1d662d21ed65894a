import { can } from '../../../../common/permissions';
import type { ScreenPrefetch } from '../../lib/screen-prefetch';

/** The dashboard's plan usage (every role's dashboard shows it), with the session check; and, once
 * the session says the user takes or oversees the roll call (and the church's plan is valid: else
 * the page goes to the subscription), the day at a glance. */
export const prefetchDashboard: ScreenPrefetch = ({ utils, session }) => {
  void utils.subscription.usage.prefetch();
  session.then(({ user, church }) => {
    if (church.subscription.valid && can(user.role, 'markAttendance')) void utils.dashboard.today.prefetch();
  }).catch(() => undefined); // the screen asks again and shows the error
};

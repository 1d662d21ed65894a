import { Suspense, useSyncExternalStore } from 'react';
import { lazyScreen } from '../lib/lazy-screen';
import { notificationsRequested, subscribeNotificationsRequested } from '../lib/notify';

const NotificationsContainer = lazyScreen(async () => {
  const [{ Notifications }] = await Promise.all([import('@mantine/notifications'), import('@mantine/notifications/styles.css')]);
  return Notifications;
});

/**
 * Where the screens' notifications appear, mounted when the first one is shown (lib/notify.ts):
 * until then no screen downloads or renders it. Once mounted it stays.
 */
export function NotificationsHost() {
  const requested = useSyncExternalStore(subscribeNotificationsRequested, notificationsRequested, notificationsRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer position="top-right" />
    </Suspense>
  );
}

import { Suspense, useSyncExternalStore } from 'react';
import { lazyScreen } from '../../../lib/lazy-screen';
import { notificationsRequested, subscribeNotificationsRequested } from '../../../lib/notify';

const NotificationsContainer = lazyScreen(async () => {
  const [{ Notifications }] = await Promise.all([import('@mantine/notifications'), import('@mantine/notifications/styles.css')]);
  return Notifications;
});

/**
 * The console's host of lib/notify's notifications, mounted with the first one. The church frame has
 * its own (shell/NotificationsHost): sharing that one would move it out of the church frame's chunk
 * into a chunk of its own, an extra request on every church load, for a dozen lines.
 */
export function ConsoleNotifications() {
  const requested = useSyncExternalStore(subscribeNotificationsRequested, notificationsRequested, notificationsRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer position="top-right" />
    </Suspense>
  );
}

/** A notification of the screens: a saved form's "done" and the like. */
interface Notice {
  color: string;
  message: string;
}

let requested = false;
const listeners = new Set<() => void>();

/**
 * Shows a notification. Mantine's notifications (their code, styles and host) are fetched with the
 * first one rather than with every screen; the host (components/NotificationsHost, in both signed-in frames) mounts then.
 */
export function notify(notice: Notice) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  import('@mantine/notifications')
    .then(({ notifications }) => notifications.show({ color: notice.color, message: notice.message }))
    .catch(() => undefined); // offline: the screen itself already shows the new state
}

/** Whether a notification was asked for yet, as an external store for useSyncExternalStore. */
export const notificationsRequested = () => requested;

export function subscribeNotificationsRequested(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

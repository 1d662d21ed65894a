/**
 * "The device's marks changed" (a tap kept, a batch formed or answered, a refusal dismissed, a
 * sign-out's cleanup): whatever shows them reads them again. Said at once in this tab and, through a
 * BroadcastChannel, in the device's other tabs, which share the same IndexedDB.
 */
type Listener = () => void;

const CHANNEL_NAME = 'sundayschool-device-marks';
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function emit() {
  for (const listener of listeners) listener();
}

function channelOfTabs(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
    if (channel) channel.onmessage = emit;
  }
  return channel;
}

export function marksChanged() {
  emit();
  channelOfTabs()?.postMessage('changed');
}

export function onMarksChanged(listener: Listener) {
  channelOfTabs();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

import { type ReactNode, useSyncExternalStore } from 'react';
import type { BannerType } from './banner.ts';

/** Spec part 9: toasts stay 4.5 s. */
export const TOAST_MS = 4500;

const colors: Record<BannerType, string> = {
  success: 'green',
  info: 'blue',
  warning: 'yellow',
  danger: 'red',
};

// Mantine's notifications (their store, container and transitions, ~9 KB gzipped, and the parts of the kit
// they share with the signed-in frame, ~37 KB) load with the first toast: main.tsx mounts the container only
// once one is asked for (`useToastsWanted`), and a toast shown before it mounts waits in Mantine's store and
// appears with it. A sign-in page that shows no toast never downloads them.
const store = () => import('@mantine/notifications').then((m) => m.notifications);
let shown = 0;
const wantedListeners = new Set<() => void>();
const subscribeWanted = (listener: () => void) => {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
};

/** True once a toast has been shown: the toasts' container is needed from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(subscribeWanted, () => shown > 0);
}

/**
 * A short-lived toast (bottom-right); `title` is optional, e.g. 'Session Extended'. The message may carry a
 * link to what was just made. Returns the toast's id (to hide it early with hideToast).
 */
export function toast(message: ReactNode, type: BannerType = 'success', title?: string): string {
  shown += 1;
  const id = `toast-${shown}`;
  if (shown === 1) for (const listener of wantedListeners) listener();
  store()
    .then((notifications) =>
      notifications.show({ id, message, title, color: colors[type], autoClose: TOAST_MS, withBorder: true }),
    )
    .catch(() => undefined);
  return id;
}

/** Hides a toast before its time. */
export function hideToast(id: string): void {
  store()
    .then((notifications) => notifications.hide(id))
    .catch(() => undefined);
}

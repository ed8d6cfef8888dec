import type { ReactNode } from 'react';
import type { BannerType } from './banner.ts';

/** Spec part 9: toasts stay 4.5 s. */
export const TOAST_MS = 4500;

const colors: Record<BannerType, string> = {
  success: 'green',
  info: 'blue',
  warning: 'yellow',
  danger: 'red',
};

// Mantine's notifications (their store, container and transitions, ~8 KB gzipped) load after the first paint,
// with the container main.tsx mounts lazily: no first screen needs them before a toast is shown.
const store = () => import('@mantine/notifications').then((m) => m.notifications);
let shown = 0;

/**
 * A short-lived toast (bottom-right); `title` is optional, e.g. 'Session Extended'. The message may carry a
 * link to what was just made. Returns the toast's id (to hide it early with hideToast).
 */
export function toast(message: ReactNode, type: BannerType = 'success', title?: string): string {
  shown += 1;
  const id = `toast-${shown}`;
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

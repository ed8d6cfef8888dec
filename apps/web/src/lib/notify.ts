import { notifications } from '@mantine/notifications';
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

/**
 * A short-lived toast (bottom-right); `title` is optional, e.g. 'Session Extended'. The message may carry a
 * link to what was just made. Returns the toast's id (to hide it early).
 */
export function toast(message: ReactNode, type: BannerType = 'success', title?: string): string {
  return notifications.show({
    message,
    title,
    color: colors[type],
    autoClose: TOAST_MS,
    withBorder: true,
  });
}

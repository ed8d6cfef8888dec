import { notifications } from '@mantine/notifications';
import type { BannerType } from './banner.ts';

/** Spec part 9: toasts stay 4.5 s. */
export const TOAST_MS = 4500;

const colors: Record<BannerType, string> = {
  success: 'green',
  info: 'blue',
  warning: 'yellow',
  danger: 'red',
};

/** A short-lived toast (bottom-right); `title` is optional, e.g. 'Session Extended'. */
export function toast(message: string, type: BannerType = 'success', title?: string): void {
  notifications.show({
    message,
    title,
    color: colors[type],
    autoClose: TOAST_MS,
    withBorder: true,
  });
}

import { useSyncExternalStore } from 'react';

export type BannerType = 'success' | 'info' | 'warning' | 'danger';

export interface Banner {
  id: number;
  type: BannerType;
  message: string;
  /** Survives the next route change (a message meant for the screen being navigated to). */
  keepNext: boolean;
}

export interface BannerOptions {
  /** Keep the banner across the next route change, e.g. showBanner(…, { keepNext: true }) then navigate(). */
  keepNext?: boolean;
}

/** Spec part 4/9: success and notice (info) banners clear after 10 s; warnings and errors stay until cleared. */
export const BANNER_AUTO_CLEAR_MS = 10_000;

export function bannerAutoClears(type: BannerType): boolean {
  return type === 'success' || type === 'info';
}

let current: Banner | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(next: Banner | null) {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * Shows the global alert banner (replacing any current one). It clears on the next route change unless
 * `keepNext` is set, which lets a screen show a message and then navigate to the screen it is meant for.
 */
export function showBanner(type: BannerType, message: string, options: BannerOptions = {}): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  const banner: Banner = { id: nextId++, type, message, keepNext: options.keepNext ?? false };
  emit(banner);
  if (bannerAutoClears(type)) {
    timer = setTimeout(() => {
      if (current?.id === banner.id) emit(null);
    }, BANNER_AUTO_CLEAR_MS);
  }
}

export function clearBanner(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (current) emit(null);
}

/** Called by the router on each path change: clears the banner, or keeps it once when it asked to. */
export function bannerRouteChanged(): void {
  if (current?.keepNext) emit({ ...current, keepNext: false });
  else clearBanner();
}

export function getBanner(): Banner | null {
  return current;
}

export function subscribeBanner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBanner(): Banner | null {
  return useSyncExternalStore(subscribeBanner, getBanner, getBanner);
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_AUTO_CLEAR_MS, bannerRouteChanged, clearBanner, getBanner, showBanner } from './banner.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearBanner();
  vi.useRealTimers();
});

describe('global alert banner (spec part 2, 4, 9)', () => {
  it('auto-clears after 10 s', () => expect(BANNER_AUTO_CLEAR_MS).toBe(10_000));

  it.each([
    ['success', true],
    ['info', true],
    ['warning', false],
    ['danger', false],
  ] as const)('%s clears after 10 s: %s', (type, clears) => {
    showBanner(type, 'message');
    vi.advanceTimersByTime(9_999);
    expect(getBanner()?.message).toBe('message');
    vi.advanceTimersByTime(1);
    expect(getBanner() === null).toBe(clears);
  });

  it('a newer banner replaces the older and its timer does not clear it', () => {
    showBanner('success', 'first');
    vi.advanceTimersByTime(5_000);
    showBanner('danger', 'second');
    vi.advanceTimersByTime(20_000);
    expect(getBanner()).toMatchObject({ type: 'danger', message: 'second' });
  });

  it('clears on route change', () => {
    showBanner('danger', 'error');
    bannerRouteChanged();
    expect(getBanner()).toBeNull();
  });

  it('keepNext survives exactly one route change', () => {
    showBanner('warning', 'Your session has expired, please login.', { keepNext: true });
    bannerRouteChanged();
    expect(getBanner()?.message).toBe('Your session has expired, please login.');
    bannerRouteChanged();
    expect(getBanner()).toBeNull();
  });

  it('the close button clears it', () => {
    showBanner('warning', 'w');
    clearBanner();
    expect(getBanner()).toBeNull();
  });
});

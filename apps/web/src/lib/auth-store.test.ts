// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { fakeJwt, fullClaims } from '../test/render.tsx';
import { adoptRenewedToken, authStore } from './auth-store.ts';

afterEach(() => authStore.logout());

const token = (overrides: Record<string, unknown> = {}) =>
  fakeJwt(fullClaims({ jti: crypto.randomUUID(), ...overrides }));

describe('a token renewed in another tab', () => {
  it('is taken when it renews this session: same person, same impersonation', () => {
    authStore.setToken(token());
    const renewed = token();
    expect(adoptRenewedToken(renewed)).toBe(true);
    expect(authStore.get().jwt).toBe(renewed);
  });

  it.each([
    ['another person', { sub: 'someone@acme.example' }],
    ['a support person acting as this one', { impersonatedBy: 'support@vnoc.example' }],
  ])('is left alone when it is %s', (_case, overrides) => {
    const mine = token();
    authStore.setToken(mine);
    expect(adoptRenewedToken(token(overrides))).toBe(false);
    expect(authStore.get().jwt).toBe(mine);
  });

  it('is left alone when this tab is signed out, or when it is gone (signed out there)', () => {
    expect(adoptRenewedToken(token())).toBe(false);
    expect(authStore.get().jwt).toBeNull();
    const mine = token();
    authStore.setToken(mine);
    expect(adoptRenewedToken(null)).toBe(false);
    expect(authStore.get().jwt).toBe(mine);
  });

  it('arrives as a storage event', () => {
    authStore.setToken(token());
    const renewed = token();
    window.dispatchEvent(new StorageEvent('storage', { key: 'jwt', newValue: renewed }));
    expect(authStore.get().jwt).toBe(renewed);
  });
});

describe('reset for tests sharing one module graph', () => {
  it('reads the state again from storage, as at start-up', () => {
    authStore.setToken(token());
    authStore.setCaptivity('/login/mfa');
    localStorage.clear();
    authStore.resetForTests();
    expect(authStore.get()).toEqual({ jwt: null, claims: null, user: null, captivity: null });
  });
});

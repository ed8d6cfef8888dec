// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(authStore.get()).toEqual({
      jwt: null,
      claims: null,
      user: null,
      captivity: null,
      emailCodeSent: null,
      altSmsCodeSent: null,
      mobileSMSCodeSent: null,
      voiceCodeSent: null,
    });
  });
});

describe('the code flags of spec part 3', () => {
  it('hold where and when each code was sent, each apart, until it is used', () => {
    authStore.setToken(token());
    authStore.setCodeSent('altSmsCodeSent', '+15557772222', 1_000);
    authStore.setCodeSent('mobileSMSCodeSent', '+15557771111', 2_000);
    expect(authStore.get()).toMatchObject({
      altSmsCodeSent: { to: '+15557772222', at: 1_000 },
      mobileSMSCodeSent: { to: '+15557771111', at: 2_000 },
      emailCodeSent: null,
      voiceCodeSent: null,
    });
    authStore.setCodeSent('altSmsCodeSent', null);
    expect(authStore.get().altSmsCodeSent).toBeNull();
    expect(authStore.get().mobileSMSCodeSent).not.toBeNull();
  });

  it('are cleared on sign-out and never stored in the browser', () => {
    authStore.setToken(token());
    for (const flag of ['emailCodeSent', 'altSmsCodeSent', 'mobileSMSCodeSent', 'voiceCodeSent'] as const)
      authStore.setCodeSent(flag, 'somewhere');
    expect(JSON.stringify({ ...localStorage })).not.toContain('somewhere');
    authStore.logout();
    expect(authStore.get()).toMatchObject({
      emailCodeSent: null,
      altSmsCodeSent: null,
      mobileSMSCodeSent: null,
      voiceCodeSent: null,
    });
  });
});

describe("a stored token's claims (issue 39)", () => {
  /** The auth store as the entry loads it with `jwt` stored, and the idle check started with a spy. */
  async function started(jwt: string) {
    localStorage.setItem('jwt', jwt);
    vi.resetModules();
    const store = await import('./auth-store.ts');
    const drawn = store.authStore.get().claims;
    const refused = vi.fn();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      store.verifyStoredClaims(refused);
      // Not before the browser is idle (here, where idle callbacks are missing: 2 s on).
      await vi.advanceTimersByTimeAsync(1999);
      expect(store.authStore.get().jwt).toBe(jwt);
      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
    await store.loadClaimsDecoder();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { store, drawn, refused };
  }

  afterEach(() => localStorage.clear());

  it('are drawn with as the token carries them, and stay once the schema has passed them', async () => {
    const { store, drawn, refused } = await started(token({ entitlements: undefined }));
    // The schema's one default applied before the check: no entitlements is an empty list.
    expect(drawn).toMatchObject({ sub: 'user@acme.example', role: 'USER', entitlements: [] });
    expect(refused).not.toHaveBeenCalled();
    expect(store.authStore.get().claims).toBe(drawn);
  });

  it('end the session, once checked, where the schema refuses them', async () => {
    const { store, drawn, refused } = await started(token({ role: 'OWNER' }));
    expect(drawn?.role).toBe('OWNER');
    expect(refused).toHaveBeenCalledTimes(1);
    expect(store.authStore.get()).toMatchObject({ jwt: null, claims: null });
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('are none for a token that is no JWT, at once', async () => {
    localStorage.setItem('jwt', 'not-a-token');
    vi.resetModules();
    const { authStore: store } = await import('./auth-store.ts');
    expect(store.get()).toMatchObject({ jwt: 'not-a-token', claims: null });
  });
});

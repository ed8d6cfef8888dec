// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { Component as MultiFactorAuth } from '../routes/multi-factor-auth.tsx';

const stepClaims = {
  sub: 'admin@acme.example',
  exp: Math.floor(Date.now() / 1000) + 900,
  isMfaEnrolled: true,
  isMfaAppEnrolled: false,
  isMfaMobileEnrolled: true,
  isMfaVoiceEnrolled: true,
  userSmsNumber: '+1 555 010 1234',
  userVoiceNumber: '+1 555 010 9876',
  isCredExpired: false,
  isMfaValidated: false,
  isEmailValidated: true,
  role: 'ADMINISTRATOR',
  entitlements: [],
};

function renderScreen(claims: Partial<typeof stepClaims> = {}) {
  authStore.setToken(fakeJwt({ ...stepClaims, ...claims }));
  return renderRoutes([{ path: '/authentication', Component: MultiFactorAuth }], '/authentication');
}

beforeAll(installDomStubs);
beforeEach(async () => {
  authStore.logout();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/authentication send buttons', () => {
  it('offers SMS then voice, each with its masked number', () => {
    renderScreen();
    const names = screen.getAllByRole('button', { name: /^Send code by/ }).map((b) => b.textContent);
    expect(names).toEqual([
      'Send code by SMS to +• ••• ••• 1234',
      'Send code by voice call to +• ••• ••• 9876',
    ]);
  });

  it('shows only the methods the user enrolled', () => {
    renderScreen({ isMfaVoiceEnrolled: false });
    expect(screen.getByRole('button', { name: /^Send code by SMS/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Send code by voice/ })).toBeNull();
  });

  it('sends by the method clicked and says where the code went', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: /^Send code by voice/ }));
    expect((await screen.findByRole('status')).textContent).toContain('9876');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ method: 'voice' });
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, Providers } from '../../../test/render.tsx';
import { MfaMethods } from './mfa-methods.tsx';
import { recentlyReauthenticated, useReauth } from './reauth-modal.tsx';

const calls: { path: string; body: unknown }[] = [];
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const nowSeconds = () => Math.floor(Date.now() / 1000);
const reauthenticatedToken = () => fakeJwt(fullClaims({ reauthenticatedAt: nowSeconds() }));

beforeAll(() => installDomStubs());
beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      if (path === '/api/access/reauthenticate') {
        if ((body as { password?: string }).password === 'right-password')
          return json(200, { ok: true }, { Authorization: `Bearer ${reauthenticatedToken()}` });
        return json(403, { id: 'reauth_failed', message: 'The current password is not correct.' });
      }
      return json(200, { ok: true });
    }),
  );
  authStore.setToken(fakeJwt(fullClaims()));
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
});

/** A change guarded by the re-authentication, as the profile screens use it. */
function Harness({ onChange }: { onChange: () => void }) {
  const reauth = useReauth();
  return (
    <>
      <button type="button" onClick={() => reauth.require(onChange)}>
        Change
      </button>
      {reauth.modal}
    </>
  );
}

const renderHarness = (onChange: () => void) =>
  render(
    <Providers>
      <Harness onChange={onChange} />
    </Providers>,
  );

const passwordField = () => screen.getByLabelText(/Current password|Contraseña actual/);

describe('the re-authentication modal (issue 34)', () => {
  it('asks for the current password before the change; the right one lets the change go ahead', async () => {
    const change = vi.fn();
    renderHarness(change);
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm it is you' })).toBeTruthy();
    expect(change).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(passwordField()));

    fireEvent.change(passwordField(), { target: { value: 'right-password' } });
    // Enter in the field submits the form.
    fireEvent.submit(passwordField().closest('form') as HTMLFormElement);
    await waitFor(() => expect(change).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ path: '/api/access/reauthenticate', body: { password: 'right-password' } }]);
    expect(recentlyReauthenticated(authStore.get().claims)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an empty password is asked for; a wrong one shows the refusal in the modal and nothing changes', async () => {
    const change = vi.fn();
    renderHarness(change);
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    expect(await screen.findByText('Enter your current password.')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(passwordField(), { target: { value: 'wrong-password' } });
    fireEvent.click(confirm);
    expect((await screen.findByRole('alert')).textContent).toContain('The current password is not correct.');
    expect(change).not.toHaveBeenCalled();
    expect((passwordField() as HTMLInputElement).value).toBe('');

    // Cancel closes without the change.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(change).not.toHaveBeenCalled();
  });

  it('in Spanish: the modal and the refusal', async () => {
    await i18n.changeLanguage('es');
    renderHarness(vi.fn());
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByRole('dialog', { name: 'Confirme que es usted' })).toBeTruthy();
    fireEvent.change(passwordField(), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('La contraseña actual no es correcta.');
  });

  it('right after a re-authentication the change goes ahead without asking again', async () => {
    authStore.setToken(reauthenticatedToken());
    const change = vi.fn();
    renderHarness(change);
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(change).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removing a factor on the profile: confirm, then the password, then the call', async () => {
    authStore.setToken(fakeJwt(fullClaims({ isMfaMobileEnrolled: true, userSmsNumber: '+15551234567' })));
    render(
      <Providers>
        <MfaMethods />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove SMS' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(calls).toEqual([]);
    fireEvent.change(passwordField(), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { path: '/api/access/reauthenticate', body: { password: 'right-password' } },
        { path: '/api/userProfile/unenroll', body: { method: 'sms' } },
      ]),
    );
  });
});

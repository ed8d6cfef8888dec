// @vitest-environment jsdom
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { NotificationProfileResponse } from '@vnoc/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GlobalBanner } from '../../../components/global-banner.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { clearBanner, getBanner } from '../../../lib/banner.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, Providers } from '../../../test/render.tsx';
import { Component as NotificationsScreen } from '../routes/notifications.tsx';
import { browserTimeZone } from '../utils/notification-profile.ts';

const GROUP = { id: '11111111-1111-4111-8111-111111111111', name: 'Texas stores', siteIds: [] };
const stored = (): NotificationProfileResponse => ({
  profile: {
    channels: ['email', 'sms'],
    severities: ['critical', 'major'],
    codes: [],
    siteIds: [],
    groupIds: [],
    quietHours: null,
    notifyCleared: true,
  },
  // SMS was on, then its number was unenrolled.
  contacts: { email: 'ana@acme.example', sms: null, voice: '+15551234567' },
});

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let testReply: () => Response;
const calls: { method: string; path: string; body: unknown }[] = [];

beforeAll(() => {
  installDomStubs();
});
beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls.length = 0;
  testReply = () => answer({ ok: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, body });
      if (url.pathname === '/api/notificationProfile') return answer(stored());
      if (url.pathname === '/api/updateNotificationProfile')
        return answer({ profile: body, contacts: stored().contacts });
      if (url.pathname === '/api/test-notification') return testReply();
      if (url.pathname === '/api/group') return answer([GROUP]);
      if (url.pathname === '/api/site/search/filtered')
        return answer({ content: [], page: 0, pageSize: 20, totalElements: 0, totalPages: 0 });
      return answer({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  notifications.clean();
  clearBanner();
  authStore.logout();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderScreen() {
  authStore.setToken(fakeJwt(fullClaims({ role: 'READ_ONLY' })));
  const router = createMemoryRouter(
    [
      {
        path: '/settings/notifications',
        element: (
          <>
            <GlobalBanner />
            <NotificationsScreen />
          </>
        ),
      },
      { path: '/settings/profile', element: <p>Profile page</p> },
    ],
    { initialEntries: ['/settings/notifications'] },
  );
  render(
    <Providers>
      <Notifications />
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const saveBody = () => calls.find((c) => c.path === '/api/updateNotificationProfile')?.body;

// A whole screen with Mantine selects renders slowly in jsdom on a busy machine.
describe('Settings → Notifications', { timeout: 20_000 }, () => {
  it('shows each channel with its verified contact, or how to verify one', async () => {
    const router = renderScreen();
    const email = within(await screen.findByTestId('channel-email'));
    expect(email.getByText('To ana@acme.example')).toBeTruthy();
    expect((email.getByRole('checkbox', { name: 'Email' }) as HTMLInputElement).checked).toBe(true);
    const sms = within(screen.getByTestId('channel-sms'));
    const smsBox = sms.getByRole('checkbox', { name: 'SMS' }) as HTMLInputElement;
    expect(smsBox.disabled).toBe(true);
    // Stored on, but with no verified number it is shown (and saved) off.
    expect(smsBox.checked).toBe(false);
    expect((sms.getByRole('button', { name: 'Send a test by SMS' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(screen.getByTestId('channel-voice')).getByText('To +15551234567')).toBeTruthy();
    fireEvent.click(sms.getByRole('link', { name: 'Verify one in Settings → Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/profile'));
  });

  it('saves the choices and says so', async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Voice call' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Minor' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Major' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Also tell me when an alert clears' }));
    fireEvent.click(screen.getByTestId('notification-save'));
    expect(await screen.findByText('Notification profile successfully updated')).toBeTruthy();
    expect(saveBody()).toEqual({
      channels: ['email', 'voice'],
      severities: ['critical', 'minor'],
      codes: [],
      siteIds: [],
      groupIds: [],
      quietHours: null,
      notifyCleared: false,
    });
  });

  it("quiet hours default to overnight in the browser's time zone", async () => {
    renderScreen();
    const sw = await screen.findByTestId('quiet-hours-switch');
    fireEvent.click(sw);
    expect((screen.getByTestId('quiet-hours-start') as HTMLInputElement).value).toBe('22:00');
    fireEvent.change(screen.getByTestId('quiet-hours-end'), { target: { value: '06:30' } });
    fireEvent.click(screen.getByTestId('notification-save'));
    await screen.findByText('Notification profile successfully updated');
    expect(saveBody()).toMatchObject({
      quietHours: { start: '22:00', end: '06:30', timeZone: browserTimeZone() },
    });
  });

  it('a refused save shows the server message', async () => {
    renderScreen();
    await screen.findByTestId('notification-save');
    vi.mocked(fetch).mockImplementationOnce(async () =>
      answer(
        {
          id: 'invalid_input',
          message: 'Choose sites and groups of your organization.',
          errors: [{ path: 'siteIds', message: 'Choose sites and groups of your organization.' }],
        },
        400,
      ),
    );
    fireEvent.click(screen.getByTestId('notification-save'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Choose sites and groups of your organization.',
    );
  });

  it('"Send test" sends one to that method and says so', async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a test by Email' }));
    expect(await screen.findByText('Test notification sent')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/test-notification')).toMatchObject({
      method: 'POST',
      body: { method: 'email' },
    });
  });

  it.each([
    ['en', 'Must wait 5 minutes before sending another test to this contact method.'],
    ['es', 'Debe esperar 5 minutos antes de enviar otra prueba a este método de contacto.'],
  ])(
    'a second test within 5 minutes (423): the spec message replaces "sent", one message, no red banner (%s)',
    async (lang, message) => {
      await i18n.changeLanguage(lang);
      renderScreen();
      const voice = within(await screen.findByTestId('channel-voice'));
      fireEvent.click(voice.getByRole('button'));
      const sent = lang === 'en' ? 'Test notification sent' : i18n.t('notifications:testSent');
      expect(await screen.findByText(sent)).toBeTruthy();
      testReply = () =>
        answer(
          {
            id: 'test_wait',
            message: 'Must wait 5 minutes before sending another test to this contact method.',
          },
          423,
        );
      fireEvent.click(voice.getByRole('button'));
      expect(await screen.findByText(message)).toBeTruthy();
      await waitFor(() => expect(screen.queryByText(sent)).toBeNull());
      expect(getBanner()).toBeNull();
    },
  );

  it('alert types are offered with their catalogue names in the language', async () => {
    await i18n.changeLanguage('es');
    renderScreen();
    const codes = await screen.findByTestId('notification-codes');
    fireEvent.click(codes);
    expect(await screen.findByText('Sitio sin conexión')).toBeTruthy();
    expect(screen.getByText('Caída regional')).toBeTruthy();
    fireEvent.click(screen.getByText('Caída regional'));
    fireEvent.click(screen.getByTestId('notification-save'));
    await screen.findByText('Perfil de notificaciones actualizado correctamente');
    expect(saveBody()).toMatchObject({ codes: ['regional_outage'] });
  });

  it('groups come from the groups list', async () => {
    renderScreen();
    fireEvent.click(await screen.findByTestId('notification-groups'));
    fireEvent.click(await screen.findByText('Texas stores'));
    fireEvent.click(screen.getByTestId('notification-save'));
    await screen.findByText('Notification profile successfully updated');
    expect(saveBody()).toMatchObject({ groupIds: [GROUP.id] });
  });
});

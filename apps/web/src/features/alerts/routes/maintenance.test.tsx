// @vitest-environment jsdom
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MaintenanceWindow } from '@vnoc/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, Providers } from '../../../test/render.tsx';
import { activeWindow, SITE_ID } from '../test/fixtures.ts';
import { Component as MaintenanceScreen } from './maintenance.tsx';

vi.setConfig({ testTimeout: 20_000 });

const GROUP = '99999999-9999-4999-8999-999999999999';
const ended: MaintenanceWindow = {
  ...activeWindow,
  id: 'e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1',
  reason: 'Store remodel',
  state: 'ended',
  group: { id: GROUP, name: 'Texas' },
};
let current: MaintenanceWindow[];
let createAnswer: () => Response;
const requests: { method: string; url: URL; body: unknown }[] = [];
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => installDomStubs());
beforeEach(() => {
  current = [activeWindow];
  requests.length = 0;
  createAnswer = () => answer({ ...activeWindow, id: 'new', state: 'scheduled', reason: 'Router swap' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, url, body });
      if (url.pathname === '/api/maintenance' && method === 'GET')
        return answer(url.searchParams.get('state') === 'ended' ? [ended] : current);
      if (url.pathname === '/api/maintenance' && method === 'POST') return createAnswer();
      if (url.pathname === `/api/maintenance/${activeWindow.id}/end`) {
        current = [];
        return answer({ ...activeWindow, state: 'ended' });
      }
      if (url.pathname === '/api/group') return answer([{ id: GROUP, name: 'Texas', siteIds: [SITE_ID] }]);
      if (url.pathname === '/api/site/search/filtered')
        return answer({ content: [], page: 0, pageSize: 20, totalElements: 0, totalPages: 0 });
      return answer({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  notifications.clean();
  authStore.logout();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function open(role = 'ADMINISTRATOR', path = '/alerts/maintenance') {
  authStore.setToken(fakeJwt(fullClaims({ role })));
  const router = createMemoryRouter(
    [
      {
        path: '/alerts/maintenance',
        Component: MaintenanceScreen,
        handle: { name: 'AlertsMaintenance', title: 'titles.alertsMaintenance' },
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <Notifications />
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('Maintenance windows', () => {
  it('lists the current windows: reason, sites (linked), times, state, who scheduled it', async () => {
    open();
    const row = within((await screen.findAllByTestId('maintenance-row'))[0] as HTMLElement);
    expect(row.getByText('ISP circuit upgrade')).toBeTruthy();
    expect(row.getByRole('link', { name: 'Store 12' }).getAttribute('href')).toBe(`/sites/${SITE_ID}`);
    expect(row.getByText(formatDate(activeWindow.startsAt))).toBeTruthy();
    expect(row.getByText(formatDate(activeWindow.endsAt))).toBeTruthy();
    expect(row.getByText('In progress')).toBeTruthy();
    expect(row.getByText('Ada Admin')).toBeTruthy();
  });

  it('Ended lists ended windows with their group; nothing to end there', async () => {
    const router = open();
    fireEvent.click(await screen.findByText('Ended'));
    await waitFor(() => expect(router.state.location.search).toBe('?state=ended'));
    const row = within((await screen.findAllByTestId('maintenance-row'))[0] as HTMLElement);
    expect(row.getByText('Store remodel')).toBeTruthy();
    expect(row.getByText('Group Texas')).toBeTruthy();
    expect(row.queryByTestId('maintenance-end-window')).toBeNull();
  });

  it('ends a window after confirming; the list says there are none left', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'End the window ISP circuit upgrade' }));
    fireEvent.click(await screen.findByTestId('maintenance-end-confirm'));
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No maintenance windows');
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname.endsWith('/end'))).toBe(true);
  });

  it.each(['USER', 'READ_ONLY'])(
    '%s reads the windows but neither schedules nor ends one (they silence the whole organization)',
    async (role) => {
      open(role);
      await screen.findAllByTestId('maintenance-row');
      expect(screen.queryByTestId('maintenance-schedule')).toBeNull();
      expect(screen.queryByTestId('maintenance-end-window')).toBeNull();
    },
  );

  it("schedules a window for a group: the contract's messages first, then the request", async () => {
    open();
    fireEvent.click(await screen.findByTestId('maintenance-schedule'));
    const form = within(await screen.findByRole('dialog'));
    fireEvent.click(form.getByTestId('maintenance-submit'));
    expect(await form.findByText('Choose sites or a group.')).toBeTruthy();
    expect(form.getByText('Give a reason.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(form.getByTestId('maintenance-group'));
    fireEvent.click(await screen.findByRole('option', { name: 'Texas (1 site)', hidden: true }));
    fireEvent.change(form.getByLabelText(/^Start/), { target: { value: '2099-03-02T10:00' } });
    fireEvent.change(form.getByLabelText(/^End/), { target: { value: '2099-03-02T08:00' } });
    fireEvent.change(form.getByLabelText(/^Reason/), { target: { value: 'Router swap' } });
    fireEvent.click(form.getByTestId('maintenance-submit'));
    expect(await form.findByText('The window must end after it starts.')).toBeTruthy();

    fireEvent.change(form.getByLabelText(/^End/), { target: { value: '2099-03-02T12:00' } });
    fireEvent.click(form.getByTestId('maintenance-submit'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toBeDefined());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      siteIds: [],
      groupId: GROUP,
      startsAt: new Date(2099, 2, 2, 10, 0).toISOString(),
      endsAt: new Date(2099, 2, 2, 12, 0).toISOString(),
      reason: 'Router swap',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("puts the server's refusal under its field, in Spanish", async () => {
    await i18n.changeLanguage('es');
    createAnswer = () =>
      answer(
        {
          id: 'invalid_input',
          message: 'Choose a group of your organization.',
          errors: [{ path: 'groupId', message: 'Choose a group of your organization.' }],
        },
        400,
      );
    open();
    fireEvent.click(await screen.findByTestId('maintenance-schedule'));
    const form = within(await screen.findByRole('dialog'));
    fireEvent.click(form.getByTestId('maintenance-group'));
    fireEvent.click(await screen.findByRole('option', { name: 'Texas (1 sitio)', hidden: true }));
    fireEvent.change(form.getByLabelText(/^Inicio/), { target: { value: '2099-03-02T10:00' } });
    fireEvent.change(form.getByLabelText(/^Fin/), { target: { value: '2099-03-02T12:00' } });
    fireEvent.change(form.getByLabelText(/^Motivo/), { target: { value: 'Cambio de router' } });
    fireEvent.click(form.getByTestId('maintenance-submit'));
    expect(await form.findByText('Elija un grupo de la lista.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

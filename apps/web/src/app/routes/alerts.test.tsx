// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALERT_CATALOGUE, type Alert, type AlertDetail } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  alertOf,
  counts,
  dependentAp,
  detailOf,
  EDGE_ID,
  latency,
  SITE_ID,
} from '../../features/alerts/test/fixtures.ts';
import { ticket } from '../../features/tickets/test/fixtures.ts';
import { authStore } from '../../lib/auth-store.ts';
import { formatDate } from '../../lib/format.ts';
import { i18n } from '../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../test/render.tsx';
import { Component as AlertsScreen } from './alerts.tsx';

const root = alertOf({ dependents: 1 });
let active: Alert[];
let cleared: Alert[];
let detail: AlertDetail;
let failList: boolean;
const requests: { method: string; url: URL; body: unknown; headers: Record<string, string> }[] = [];
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// A screen of many parts on a busy machine: its first render can take seconds.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  active = [root, latency];
  cleared = [];
  detail = detailOf(root, { dependentAlerts: [dependentAp] });
  failList = false;
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, url, body, headers: (init?.headers ?? {}) as Record<string, string> });
      const path = url.pathname;
      if (path === '/api/alert/counts') return answer(counts);
      if (path === '/api/alert/codes') return answer(ALERT_CATALOGUE);
      if (path === '/api/group') return answer([]);
      if (path === '/api/alert/assignees')
        return answer([
          { id: 'u-1', name: 'Uma User', username: 'uma@acme.example' },
          { id: 'u-2', name: 'Ada Admin', username: 'ada@acme.example' },
        ]);
      if (path === '/api/userProfile/updateLastSeenAlert')
        return answer({ ...counts, unseen: 0, lastSeenId: body.lastSeenId });
      if (path === '/api/alert/export.csv')
        return new Response('id,code\n1,site_offline\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="alerts.csv"' },
        });
      if (path === '/api/alert') {
        if (failList && url.searchParams.get('pageSize') !== '1')
          return answer({ id: 'internal', message: 'The alert store is down.' }, 500);
        const rows = (url.searchParams.get('status') === 'cleared' ? cleared : active).filter((a) => {
          const severity = url.searchParams.get('severity');
          return !severity || severity.split(',').includes(a.severity);
        });
        const size = Number(url.searchParams.get('pageSize') ?? 50);
        return answer({
          content: rows.slice(0, size),
          page: 0,
          pageSize: size,
          totalElements: rows.length,
          totalPages: 1,
        });
      }
      if (path === `/api/alert/${root.id}`) return answer(detail);
      if (path === `/api/device/troubleshooting/ticket/${EDGE_ID}` && method === 'POST') {
        // The server keeps the alert: from now on it names its open ticket.
        detail = { ...detail, ticket: { id: ticket.id, number: ticket.number, status: 'open' } };
        return answer({ ...ticket, subject: body.subject, comment: body.comment });
      }
      if (path === `/api/alert/${root.id}/acknowledge`) {
        const acknowledged = {
          ...root,
          acknowledgedAt: '2026-03-02T15:00:00.000Z',
          acknowledgedBy: { id: 'u-1', name: 'Uma User', support: null },
        };
        detail = { ...detail, ...acknowledged };
        return answer(acknowledged);
      }
      if (path === `/api/alert/${root.id}/notes`) {
        detail = {
          ...detail,
          notes: [
            {
              id: 'n-1',
              text: body.text,
              author: { id: 'u-1', name: 'Uma User', support: null },
              createdAt: '2026-03-02T15:05:00.000Z',
            },
          ],
        };
        return answer(detail);
      }
      return answer({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function open(
  path = '/alerts',
  claims: Record<string, unknown> = { role: 'USER', entitlements: ['diagnostics'] },
) {
  authStore.setToken(fakeJwt(fullClaims(claims)));
  return renderRoutes(
    [
      { path: '/alerts', Component: AlertsScreen, handle: { name: 'Alerts', title: 'titles.alerts' } },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    path,
  );
}

/** The list requests (GET alert, not the newest-alert probe) made so far. */
const listRequests = () =>
  requests.filter((r) => r.url.pathname === '/api/alert' && r.url.searchParams.get('pageSize') !== '1');
const lastList = () => listRequests().at(-1)?.url.searchParams;

describe('Alerts: the list', () => {
  it('shows each root alert: severity, name and what was measured, site, device, times, dependents, owner, maintenance', async () => {
    open();
    const rows = await screen.findAllByTestId('data-row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Critical')).toBeTruthy();
    expect(first.getByText('Site offline')).toBeTruthy();
    expect(first.getByText('for 12 min')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Store 12' }).getAttribute('href')).toBe(`/sites/${SITE_ID}`);
    // The device by its name, its MAC beside it.
    expect(first.getByRole('link', { name: 'TZ370 00DB' }).getAttribute('href')).toBe(
      `/sites/${SITE_ID}/device/${EDGE_ID}`,
    );
    expect(first.getByText('00:17:c5:00:00:db')).toBeTruthy();
    // When, as an age with the exact date and zone on hover (issue 37 point 8).
    const raised = first.getAllByTitle(formatDate(root.raisedAt));
    expect(raised.length).toBeGreaterThan(0);
    expect(raised[0]?.textContent).toMatch(/ago$/);
    expect(first.getByTestId('dependents-count').textContent).toBe('1 dependent');
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('182.4 ms')).toBeTruthy();
    const said = (text: string) => (_: string, node: Element | null) =>
      node?.tagName === 'P' && node.textContent === text;
    expect(second.getByText(said('Acknowledged by Ada Admin'))).toBeTruthy();
    expect(second.getByText(said('Assigned to Uma User'))).toBeTruthy();
    expect(second.getByTestId('maintenance-mark')).toBeTruthy();
    expect(lastList()?.get('status')).toBe('active');
  });

  it('severity counts come from alert/counts and filter the list when pressed (held in the address)', async () => {
    const { router } = open();
    const critical = await screen.findByTestId('severity-count-critical', {}, { timeout: 5000 });
    await waitFor(() => expect(within(critical).getByTestId('severity-count-value').textContent).toBe('1'));
    expect(critical.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(critical);
    await waitFor(() => expect(router.state.location.search).toBe('?severity=critical'));
    await waitFor(() => expect(lastList()?.get('severity')).toBe('critical'));
    expect(screen.getByTestId('severity-count-critical').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(1));
  });

  it('filters read from the address are sent to the server; Cleared asks for cleared alerts', async () => {
    open(
      `/alerts?code=on_backup,high_latency&q=store&site=${SITE_ID}&from=2026-03-02T08:00&sort=severity-asc`,
    );
    await waitFor(() => expect(lastList()).toBeDefined(), { timeout: 5000 });
    const query = lastList();
    expect(query?.get('code')).toBe('on_backup,high_latency');
    expect(query?.get('q')).toBe('store');
    expect(query?.get('siteId')).toBe(SITE_ID);
    expect(query?.get('from')).toBe(new Date(2026, 2, 2, 8, 0).toISOString());
    expect(query?.get('sorting')).toBe('severity-asc');
    fireEvent.click(screen.getByRole('tab', { name: /Cleared/ }));
    await waitFor(() => expect(lastList()?.get('status')).toBe('cleared'));
    expect(lastList()?.get('code')).toBe('on_backup,high_latency');
  });

  it('says honestly when there are no active alerts, and when filters hide them', async () => {
    active = [];
    open();
    expect((await screen.findByTestId('empty-state', {}, { timeout: 5000 })).textContent).toContain(
      'No active alerts',
    );
    cleanup();
    open('/alerts?severity=info');
    const empty = await screen.findByTestId('empty-state', {}, { timeout: 5000 });
    expect(empty.textContent).toContain('No alerts match these filters');
  });

  it("a failed list shows the server's message and a retry", async () => {
    failList = true;
    open();
    const error = await screen.findByTestId('table-error', {}, { timeout: 5000 });
    expect(error.textContent).toContain('The alert store is down.');
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('opening the screen marks the newest active alert seen', async () => {
    open();
    await waitFor(
      () =>
        expect(requests.find((r) => r.url.pathname === '/api/userProfile/updateLastSeenAlert')?.body).toEqual(
          {
            lastSeenId: root.id,
          },
        ),
      { timeout: 5000 },
    );
  });

  it('exports the filtered list as CSV with the session token', async () => {
    const createObjectURL = vi.fn(() => 'blob:alerts');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    open('/alerts?severity=critical,major&status=cleared');
    fireEvent.click(await screen.findByTestId('alerts-export', {}, { timeout: 5000 }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const request = requests.find((r) => r.url.pathname === '/api/alert/export.csv');
    expect(request?.url.searchParams.get('severity')).toBe('critical,major');
    expect(request?.url.searchParams.get('status')).toBe('cleared');
    expect(request?.url.searchParams.has('page')).toBe(false);
    expect(request?.headers.Authorization).toMatch(/^Bearer /);
  });
});

describe('Alerts: an alert in the drawer', () => {
  it('opens from its row (Enter), with its dependents; acknowledging it says who did', async () => {
    const { router } = open();
    const rows = await screen.findAllByTestId('data-row', {}, { timeout: 5000 });
    fireEvent.keyDown(rows[0] as HTMLElement, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe(`?alert=${root.id}`));
    const drawer = within(await screen.findByTestId('alert-detail'));
    expect(drawer.getByTestId('alert-measured').textContent).toContain('for 12 min');
    expect(within(drawer.getByTestId('alert-dependents')).getByText('Device offline')).toBeTruthy();
    expect(drawer.getByTestId('alert-acknowledged-by').textContent).toBe('Not yet');
    fireEvent.click(drawer.getByTestId('alert-acknowledge'));
    await waitFor(() =>
      expect(drawer.getByTestId('alert-acknowledged-by').textContent).toBe(
        `By Uma User on ${formatDate('2026-03-02T15:00:00.000Z')}`,
      ),
    );
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname.endsWith('/acknowledge'))).toBe(true);
    expect(drawer.queryByTestId('alert-acknowledge')).toBeNull();
  });

  it('adds a note, refusing an empty one without a request', async () => {
    open(`/alerts?alert=${root.id}`);
    const form = within(await screen.findByTestId('alert-note-form', {}, { timeout: 5000 }));
    fireEvent.click(form.getByRole('button', { name: 'Add note' }));
    expect(await form.findByText('Write a note.')).toBeTruthy();
    expect(requests.some((r) => r.url.pathname.endsWith('/notes'))).toBe(false);
    fireEvent.change(form.getByLabelText('Add a note'), { target: { value: 'ISP ticket 4411 opened.' } });
    fireEvent.click(form.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('ISP ticket 4411 opened.')).toBeTruthy();
    expect(requests.find((r) => r.url.pathname.endsWith('/notes'))?.body).toEqual({
      text: 'ISP ticket 4411 opened.',
    });
  });

  it('"Open a ticket" starts the ticket with the alert and its dependents', async () => {
    open(`/alerts?alert=${root.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Open a ticket' }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send support ticket' }));
    expect((dialog.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe(
      '[Critical] Site offline — Store 12',
    );
    const comment = (dialog.getByLabelText(/^Comment/) as HTMLTextAreaElement).value;
    expect(comment).toContain('Alert: Site offline (Critical)');
    expect(comment).toContain('1 dependent alert:');
    expect(comment).toContain('- [Major] Device offline — Lobby AP (00:18:0a:00:00:01)');
    expect(dialog.getByTestId('send-ticket-device').textContent).toBe('TZ370 00:17:c5:00:00:db at Store 12');
  });

  it('a ticket sent from the alert keeps it; the drawer then names "Ticket #1001" and offers it instead of a second one', async () => {
    open(`/alerts?alert=${root.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Open a ticket' }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send support ticket' }));
    fireEvent.click(dialog.getByTestId('send-ticket-submit'));
    const drawer = within(screen.getByTestId('alert-detail'));
    const openTicket = await drawer.findByRole('link', { name: 'Open ticket #1001' });
    expect(openTicket.getAttribute('href')).toBe(`/tickets/${ticket.id}`);
    expect(drawer.getByTestId('alert-ticket-link').getAttribute('href')).toBe(`/tickets/${ticket.id}`);
    expect(drawer.queryByRole('button', { name: 'Open a ticket' })).toBeNull();
    const sent = requests.find(
      (r) => r.method === 'POST' && r.url.pathname.includes('/troubleshooting/ticket/'),
    );
    expect(sent?.body).toMatchObject({ alertId: root.id, subject: '[Critical] Site offline — Store 12' });
  });

  it('in Spanish: the row and the drawer of an alert with an open ticket link it; a closed one is marked and a new one may be sent', async () => {
    await i18n.changeLanguage('es');
    const ref = { id: ticket.id, number: 1001, status: 'open' } as const;
    active = [{ ...root, ticket: ref }, latency];
    detail = { ...detail, ticket: ref };
    open(`/alerts?alert=${root.id}`);
    const drawer = within(await screen.findByTestId('alert-detail', {}, { timeout: 5000 }));
    expect(drawer.getByRole('link', { name: 'Abrir el ticket #1001' }).getAttribute('href')).toBe(
      `/tickets/${ticket.id}`,
    );
    expect(drawer.queryByRole('button', { name: 'Abrir un ticket' })).toBeNull();
    const rows = await screen.findAllByTestId('data-row');
    expect(within(rows[0] as HTMLElement).getByTestId('alert-ticket-link').textContent).toBe('Ticket #1001');
    cleanup();

    detail = { ...detail, ticket: { ...ref, status: 'closed' } };
    open(`/alerts?alert=${root.id}`);
    const again = within(await screen.findByTestId('alert-detail', {}, { timeout: 5000 }));
    expect(again.getByText('cerrado', { exact: false })).toBeTruthy();
    expect(again.getByRole('button', { name: 'Abrir un ticket' })).toBeTruthy();
    expect(again.queryByTestId('alert-open-ticket')).toBeNull();
  });

  it('Escape closes the ticket form first, then the drawer', async () => {
    const { router } = open(`/alerts?alert=${root.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Open a ticket' }, { timeout: 5000 }));
    await screen.findByTestId('send-ticket-form');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send support ticket' })).toBeNull());
    expect(router.state.location.search).toBe(`?alert=${root.id}`);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('READ_ONLY reads the alert but sees no action', async () => {
    open(`/alerts?alert=${root.id}`, { role: 'READ_ONLY', entitlements: ['diagnostics'] });
    const drawer = within(await screen.findByTestId('alert-detail', {}, { timeout: 5000 }));
    expect(drawer.getByText('No notes yet.')).toBeTruthy();
    expect(drawer.getByText('Nobody')).toBeTruthy();
    expect(drawer.queryByTestId('alert-acknowledge')).toBeNull();
    expect(drawer.queryByTestId('alert-assign')).toBeNull();
    expect(drawer.queryByTestId('alert-note-form')).toBeNull();
    expect(drawer.queryByRole('button', { name: 'Open a ticket' })).toBeNull();
  });
});

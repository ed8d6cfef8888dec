// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { WEBHOOK_TESTS_PER_MINUTE, type Webhook } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import * as notify from '../../../../lib/notify.ts';
import { installDomStubs, Providers, renderRoutes } from '../../../../test/render.tsx';
import { WebhookFormModal } from './webhook-form-modal.tsx';
import { WebhooksScreen } from './webhooks-screen.tsx';

const hook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: 'w1',
  name: 'Ops channel',
  preset: 'slack',
  url: 'https://hooks.slack.com/services/T/B/x',
  host: 'hooks.slack.com',
  events: ['alert.raised', 'alert.cleared'],
  siteIds: [],
  sites: [],
  groupIds: [],
  settings: { routingKey: false, username: null, password: false },
  status: 'active',
  failingSince: null,
  pausedAt: null,
  previousSecretUntil: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let list: Webhook[];
/** How many list requests fail before one answers. */
let listFailures: number;
let requests: { method: string; path: string; body: unknown }[];

beforeAll(() => installDomStubs());
beforeEach(() => {
  requests = [];
  listFailures = 0;
  list = [
    hook(),
    hook({ id: 'w2', name: 'On call', preset: 'pagerduty', host: 'events.pagerduty.com', status: 'paused' }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      requests.push({
        method,
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.pathname === '/api/webhooks' && method === 'GET' && listFailures > 0) {
        listFailures -= 1;
        return json({ id: 'internal', message: 'The server could not answer.' }, 500);
      }
      if (url.pathname === '/api/webhooks' && method === 'GET') return json(list);
      if (url.pathname === '/api/webhooks' && method === 'POST')
        return json(
          { webhook: hook({ id: 'w3', name: 'Receiver', preset: 'generic' }), secret: 'whsec_c2VjcmV0' },
          201,
        );
      if (url.pathname === '/api/webhooks/w1/test')
        return json({ ok: false, status: 404, body: 'no_service', error: 'The destination answered 404.' });
      if (url.pathname === '/api/webhooks/w2/test')
        return json(
          {
            id: 'webhook_test_limited',
            message: `A destination takes at most ${WEBHOOK_TESTS_PER_MINUTE} tests a minute. Wait a minute, then send the test again.`,
          },
          429,
        );
      if (url.pathname === '/api/group') return json([]);
      return json({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const open = () =>
  renderRoutes([{ path: '/admin/webhooks', element: <WebhooksScreen /> }], '/admin/webhooks');

// Forms with several fields render slowly on a shared test machine.
describe('Administration → Webhooks', { timeout: 30_000 }, () => {
  it('lists destinations with their format, host, events and state', async () => {
    open();
    const cards = await screen.findAllByTestId('webhook');
    expect(cards).toHaveLength(2);
    const ops = cards[0] as HTMLElement;
    expect(within(ops).getByText('Ops channel')).toBeTruthy();
    expect(within(ops).getByText('hooks.slack.com')).toBeTruthy();
    expect(within(ops).getByText('Alert raised')).toBeTruthy();
    expect(within(ops).getByText('All sites')).toBeTruthy();
    expect(within(ops).getByTestId('webhook-status').textContent).toBe('Active');
    const onCall = cards[1] as HTMLElement;
    expect(within(onCall).getByTestId('webhook-status').textContent).toBe('Paused');
    expect(within(onCall).getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('a list that failed says why and loads on "Try again"', async () => {
    listFailures = 1;
    open();
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('The webhooks could not be loaded')).toBeTruthy();
    expect(within(failure).getByText('The server could not answer.')).toBeTruthy();
    fireEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('webhook')).toHaveLength(2);
  });

  it('"Send test" shows what the destination answered', async () => {
    open();
    const ops = (await screen.findAllByTestId('webhook'))[0] as HTMLElement;
    fireEvent.click(within(ops).getByRole('button', { name: 'Send test' }));
    const result = await screen.findByTestId('webhook-test-result');
    expect(within(result).getByText('The test was not accepted')).toBeTruthy();
    expect(within(result).getByText('It answered 404.')).toBeTruthy();
    expect(within(result).getByText('no_service')).toBeTruthy();
  });

  it('"Send test" past the limit says the limit, in Spanish too', async () => {
    // Spied, not mocked: the screen's modules may already be loaded by an earlier file of the worker.
    const toast = vi.spyOn(notify, 'toast').mockReturnValue('toast');
    await i18n.changeLanguage('es');
    open();
    const onCall = (await screen.findAllByTestId('webhook'))[1] as HTMLElement;
    fireEvent.click(within(onCall).getByRole('button', { name: 'Enviar prueba' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        `Un destino admite como máximo ${WEBHOOK_TESTS_PER_MINUTE} pruebas por minuto. Espere un minuto y vuelva a enviar la prueba.`,
        'danger',
      ),
    );
    toast.mockRestore();
  });

  it('adds a destination and shows its secret once', async () => {
    open();
    fireEvent.click(await screen.findByTestId('webhook-add'));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Receiver' } });
    fireEvent.change(screen.getByLabelText(/^Address/), {
      target: { value: 'https://hooks.example.com/vnoc' },
    });
    fireEvent.click(screen.getByTestId('webhook-submit'));
    expect((await screen.findByTestId('webhook-secret', {}, { timeout: 8_000 })).textContent).toBe(
      'whsec_c2VjcmV0',
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    const posted = requests.find((r) => r.method === 'POST' && r.path === '/api/webhooks');
    expect(posted?.body).toEqual({
      name: 'Receiver',
      preset: 'generic',
      url: 'https://hooks.example.com/vnoc',
      events: ['alert.raised', 'alert.acknowledged', 'alert.cleared'],
      siteIds: [],
      groupIds: [],
      settings: {},
    });
  });
});

describe('the webhook form', () => {
  const edit = (webhook: Webhook) =>
    render(
      <Providers>
        <WebhookFormModal
          opened
          webhook={webhook}
          loading={false}
          failure={null}
          onClose={vi.fn()}
          onSubmit={vi.fn()}
        />
      </Providers>,
    );

  it('asks for a preset secret while none is stored', async () => {
    edit(hook({ preset: 'pagerduty' }));
    const key = (await screen.findByLabelText(/^Routing key/)) as HTMLInputElement;
    expect(key.required).toBe(true);
    expect(screen.queryByText('Stored. Leave empty to keep it.')).toBeNull();
  });

  it('once a secret is stored, may leave it empty to keep it, and says so', async () => {
    edit(hook({ preset: 'servicenow', settings: { routingKey: false, username: 'svc', password: true } }));
    const password = (await screen.findByLabelText(/^Password/)) as HTMLInputElement;
    expect(password.required).toBe(false);
    expect(screen.getByText('Stored. Leave empty to keep it.')).toBeTruthy();
  });

  it('limits to site groups under the common label, saying when the organization has none', async () => {
    edit(hook());
    const [groups] = ((await screen.findAllByLabelText('Site groups')) as HTMLInputElement[]).filter(
      (input) => input.type !== 'hidden',
    );
    await waitFor(() => expect(groups?.placeholder).toBe('The organization has no site groups'));
  });
});

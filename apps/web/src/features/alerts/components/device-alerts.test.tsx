// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type { Alert } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { alertOf, EDGE_ID, latency } from '../test/fixtures.ts';
import { DeviceAlerts } from './device-alerts.tsx';

let alerts: Alert[] | null;
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => installDomStubs());
beforeEach(() => {
  alerts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname === `/api/device/${EDGE_ID}/alerts` && url.searchParams.get('active') === 'true')
        return alerts ? answer(alerts) : answer({ id: 'internal', message: 'Alerts are unavailable.' }, 500);
      return answer({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const open = () => renderRoutes([{ path: '*', element: <DeviceAlerts deviceId={EDGE_ID} /> }], '/');

describe("the device page's alerts panel", () => {
  it('lists the active alerts worst first, with links to them and to the history', async () => {
    alerts = [latency, alertOf()];
    open();
    const items = await screen.findAllByTestId('alert-mini-item');
    expect(items.map((item) => within(item).getAllByText(/.+/)[0]?.textContent)).toEqual([
      'Critical',
      'Minor',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Site offline')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByRole('img', { name: /maintenance window/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all 2 in Alerts' }).getAttribute('href')).toBe(
      `/alerts?device=${EDGE_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Alert history' }).getAttribute('href')).toBe(
      `/alerts?device=${EDGE_ID}&status=cleared`,
    );
  });

  it('says so when there are none, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    open();
    expect((await screen.findByTestId('device-alerts-empty')).textContent).toBe('No hay alertas activas');
  });

  it("shows the server's message when they cannot be loaded", async () => {
    alerts = null;
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Alerts are unavailable.');
  });
});

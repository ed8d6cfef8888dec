// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomStubs, renderRoutes } from '../test/render.tsx';
import { AlertDeviceLink } from './alert-device-link.tsx';

const show = (alert: { siteId: string | null; deviceId: string | null }) =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <AlertDeviceLink alert={alert} style={{}}>
            TZ370
          </AlertDeviceLink>
        ),
      },
    ],
    '/',
  );

beforeAll(() => installDomStubs());
afterEach(cleanup);

describe('AlertDeviceLink', () => {
  it("opens the alert's device", async () => {
    show({ siteId: 's1', deviceId: 'd1' });
    expect((await screen.findByRole('link', { name: 'TZ370' })).getAttribute('href')).toBe(
      '/sites/s1/device/d1',
    );
  });

  it.each([[{ siteId: 's1', deviceId: null }], [{ siteId: null, deviceId: 'd1' }]])(
    'an alert of no device (or no site to find it in): a dash',
    async (alert) => {
      show(alert);
      expect(await screen.findByText('—')).toBeTruthy();
      expect(screen.queryByRole('link')).toBeNull();
    },
  );
});

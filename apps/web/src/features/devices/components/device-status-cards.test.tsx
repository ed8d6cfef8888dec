// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { DEVICE_KINDS } from '@vnoc/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { device } from '../../../test/device-fixtures.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { DeviceStatusCards } from './device-status-cards.tsx';

beforeAll(() => installDomStubs());
afterEach(cleanup);

describe('DeviceStatusCards', () => {
  it('shows each time as its age with the date under it, and Never for a time the device never sent', () => {
    render(
      <Providers>
        <DeviceStatusCards device={{ ...device, lastUpdate: null }} />
      </Providers>,
    );
    const update = screen.getByTestId('device-last-update');
    expect(within(update).getByText('Never')).toBeTruthy();
    const boot = screen.getByTestId('device-last-boot');
    expect(within(boot).getByText(formatDate(device.lastBoot as string))).toBeTruthy();
    expect(within(boot).queryByText('Never')).toBeNull();
  });

  // Issue 37 point 7: a switch or access point has no WAN of its own, so no red "Connection: No Service".
  it.each(DEVICE_KINDS.map((kind) => ({ kind, wan: kind === 'firewall' || kind === '5g' })))(
    '$kind: a connection card $wan',
    ({ kind, wan }) => {
      render(
        <Providers>
          <DeviceStatusCards device={{ ...device, kind, connection: wan ? 'primary' : 'none' }} />
        </Providers>,
      );
      expect(screen.queryByTestId('device-connection') !== null).toBe(wan);
      expect(screen.queryByText('No Service')).toBeNull();
      expect(screen.getByTestId('device-cloud')).toBeTruthy();
    },
  );
});

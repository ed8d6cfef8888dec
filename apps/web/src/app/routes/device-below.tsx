import { Grid } from '@mantine/core';
import { type Device, KIND_TRAITS } from '@vnoc/contracts';
import { DeviceVersions, DeviceVlans } from '../../features/devices/components/device-config.tsx';
import { DeviceSignal } from '../../features/devices/components/device-signal.tsx';
import { DeviceTelemetrySection } from '../../features/devices/components/device-telemetry.tsx';
import { DeviceWanChart } from '../../features/devices/components/device-wan-chart.tsx';
import { JobHistory } from '../../features/diagnostics/components/job-history.tsx';
import { DeviceTickets } from '../../features/tickets/components/device-tickets.tsx';
import { TimelineLater } from '../../features/timeline/components/timeline-later.tsx';

/**
 * What the device page draws below its first view (the header, status, alerts, ports and troubleshooting
 * actions): the run history, tickets, timeline, what a real device reports, signal, WAN chart, VLANs and
 * versions. Its module is fetched beside the device's data (device.tsx), not in the page's first load.
 */
export function DeviceBelow({ device }: { device: Device }) {
  // The kind decides the cards (issue 37 point 7): no WAN chart or signal without a WAN or modem.
  const traits = KIND_TRAITS[device.kind];
  return (
    <>
      <JobHistory device={device} />
      <DeviceTickets deviceId={device.id} />
      <TimelineLater subject={{ kind: 'device', id: device.id }} siteId={device.site.id} />
      {/* After the actions, which keep their place on every device's page, beside the other reported facts. */}
      <DeviceTelemetrySection device={device} />
      <Grid gap="lg">
        {traits.modem && (
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <DeviceSignal device={device} />
          </Grid.Col>
        )}
        {traits.wan && (
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <DeviceWanChart deviceId={device.id} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DeviceVlans device={device} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DeviceVersions device={device} />
        </Grid.Col>
      </Grid>
    </>
  );
}

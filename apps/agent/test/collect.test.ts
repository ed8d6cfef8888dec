import { cpus } from 'node:os';
import { join } from 'node:path';
import { DeviceMonitoringSchema } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { collectReport, type HostAccess } from '../src/collect.ts';
import { runCommand } from '../src/exec.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'host');
const T = 1_795_950_000_000;

/** The fixture tree is this build machine's /proc and /sys (eth0, lo) plus a wireless radio, a LAN neighbour and leases. */
const fixtureHost: HostAccess = {
  root: FIXTURE,
  run: runCommand,
  now: () => T,
  hostname: () => 'branch-12-gw',
  addresses: () => ({
    eth0: [
      {
        address: '192.0.2.2',
        netmask: '255.255.255.0',
        family: 'IPv4',
        mac: '02:fc:00:00:00:01',
        internal: false,
        cidr: '192.0.2.2/24',
      },
    ],
  }),
};

describe('collectReport from a fixture tree', () => {
  it('reads the host into a DeviceMonitoring report', async () => {
    // The WAN probe pings loopback for real (the fixture's gateway is not on every machine).
    const report = await collectReport(fixtureHost, {
      wanTarget: '127.0.0.1',
      ports: { '2': 'eth1', '1': 'eth0' },
    });
    expect(DeviceMonitoringSchema.parse(report)).toEqual(report);
    expect(report.general).toEqual({
      hostname: 'branch-12-gw',
      local_time: T / 1000,
      uptime: expect.any(Number),
    });
    expect(report.resources?.cpus).toBe(2);
    expect(report.resources?.memory?.total).toBeGreaterThan(0);
    expect(report.resources?.load).toHaveLength(3);
    const byName = Object.fromEntries((report.interfaces ?? []).map((i) => [i.name, i]));
    expect(Object.keys(byName)).toEqual(['eth0', 'lo', 'wlan0']);
    expect(byName.eth0).toMatchObject({
      type: 'ethernet',
      up: true,
      mac: '02:fc:00:00:00:01',
      mtu: 1400,
      addresses: [{ address: '192.0.2.2', mask: 24, family: 'ipv4' }],
      statistics: { rx_bytes: expect.any(Number), tx_errors: 0, rx_dropped: 0 },
    });
    expect(byName.lo).toMatchObject({ type: 'loopback', up: true });
    expect(byName.lo?.mac).toBeUndefined();
    expect(byName.wlan0).toMatchObject({ type: 'wireless', up: false, statistics: { rx_errors: 4 } });
    expect(report.neighbors).toEqual([
      { ip: '192.0.2.1', mac: '02:fc:00:00:00:05', interface: 'eth0' },
      { ip: '192.168.1.20', mac: 'a4:5e:60:00:00:01', interface: 'wlan0' },
    ]);
    expect(report.dhcp_leases).toHaveLength(2);
    expect(report.vnoc).toMatchObject({
      protocol: 1,
      sampledAt: T,
      connection: 'primary',
      wan: { interface: 'eth0', ipAddress: '192.0.2.2', target: '127.0.0.1', lossPercent: 0 },
      ports: [
        { id: 1, systemNumber: 1, type: 'LAN' },
        { id: 2, systemNumber: 2, type: 'LAN' },
      ],
      // A host without VLANs names one: the console's traceroute and speed test choose among the device's VLANs.
      vlans: [{ id: 1, name: 'LAN' }],
    });
    expect(report.vnoc?.wan?.latencyMs).toBeGreaterThanOrEqual(0);
    expect(report.vnoc?.wan?.jitterMs).toBeGreaterThanOrEqual(0);
    // mmcli is not installed here: no cellular section at all.
    expect(report.vnoc?.cellular).toBeUndefined();
  });

  it('reports no WAN and connection "none" without a default route; the LAN VLAN it is configured with', async () => {
    const report = await collectReport({ ...fixtureHost, root: join(FIXTURE, 'sys') }, { lanVlan: 20 });
    expect(report.vnoc?.vlans).toEqual([{ id: 20, name: 'LAN' }]);
    expect(report.vnoc?.connection).toBe('none');
    expect(report.vnoc?.wan).toBeUndefined();
    expect(report.interfaces).toEqual([]);
  });
});

describe('collectReport on this host', () => {
  it('reads the real /proc and /sys', async () => {
    const report = await collectReport(
      { root: '/', run: runCommand, now: Date.now },
      { wanTarget: '127.0.0.1' },
    );
    DeviceMonitoringSchema.parse(report);
    expect(report.resources?.cpus).toBe(cpus().length);
    expect(report.resources?.memory?.available).toBeGreaterThan(0);
    expect(report.resources?.disk?.[0]?.size_bytes).toBeGreaterThan(0);
    expect(report.general?.uptime).toBeGreaterThan(0);
    const lo = report.interfaces?.find((i) => i.name === 'lo');
    expect(lo).toMatchObject({ type: 'loopback', up: true });
    expect(lo?.addresses?.some((a) => a.address === '127.0.0.1')).toBe(true);
    expect(lo?.statistics?.rx_bytes).toBeGreaterThan(0);
    if (report.vnoc?.wan) {
      expect(report.interfaces?.map((i) => i.name)).toContain(report.vnoc.wan.interface);
      expect(report.vnoc.wan.lossPercent).toBe(0);
    }
  });
});

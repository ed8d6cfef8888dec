import { type Device, deviceCapabilities } from '@vnoc/contracts';

export const DEVICE_ID = '11111111-1111-4111-8111-111111111111';

/** A firewall with two WAN ports, LAN ports 3–8 (port 5 turned off) and two VLANs. */
export const device: Device = {
  id: DEVICE_ID,
  name: 'Front desk firewall',
  macAddress: '00:17:c5:00:00:db',
  deviceModelType: { manufacturer: 'SonicWall', model: 'TZ370' },
  kind: 'firewall',
  site: { id: 'site-1', name: 'Acme Houston South' },
  returnRequested: false,
  status: 'online',
  connection: 'primary',
  lastUpdate: new Date().toISOString(),
  lastBoot: new Date(Date.now() - 86_400_000).toISOString(),
  driver: 'simulator',
  modemSignalStatistics: [],
  signalStrength: null,
  portMapping: [
    { id: 101, systemNumber: 1, type: 'WAN' },
    { id: 102, systemNumber: 2, type: 'WAN2' },
    ...[3, 4, 5, 6, 7, 8].map((n) => ({ id: 100 + n, systemNumber: n, type: 'LAN' })),
  ],
  vlans: [
    { id: 10, name: 'Staff', subnet: '10.0.10.0/24' },
    { id: 20, name: 'Guests', subnet: '10.0.20.0/24' },
  ],
  portLabels: { '103': 'Printer' },
  disabledPorts: [5],
  transactions: [],
  capabilities: deviceCapabilities({ kind: 'firewall', driver: 'simulator' }),
};

/** The device changed as the API would answer it: what it can do follows its kind and driver. */
export function deviceWith(changes: Partial<Device>): Device {
  const changed = { ...device, ...changes };
  return { ...changed, capabilities: deviceCapabilities(changed) };
}

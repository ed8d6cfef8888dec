import type { Connection, DeviceKind, DeviceStatus } from '@vnoc/contracts';
import type { ModemSignal, PortMapping, Vlan } from '../../../db/schema.ts';

/** A device as the simulator's answers need it; a `SeedDevice` or a devices row fits. */
export type ActionDevice = {
  id: string;
  kind: DeviceKind;
  model: string;
  status: DeviceStatus;
  connection?: Connection;
  lastBoot?: Date | string | null;
  vlans: readonly Vlan[];
  portMapping: readonly PortMapping[];
  modemSignalStatistics?: readonly ModemSignal[];
  /** System numbers of the LAN ports disabled by a port action; none when absent. */
  disabledPorts?: readonly number[];
};

/** The run's context: the fleet's seed and the (simulated) time the job starts. */
export type RunContext = { seed: number; nowMs: number };

/** Readable reasons, shown as is. */
export const ACTION_MESSAGES = {
  offline: 'The device is offline and cannot run diagnostics.',
  rebooting: 'The device is rebooting. Try again when it is back online.',
  alreadyRebooting: 'The device is already rebooting.',
  unknownVlan: 'Unknown VLAN.',
  portNotOnDevice: (port: number) => `Port ${port} is not on this device.`,
  wanPort: 'WAN ports cannot be disabled.',
} as const;

/** A port that carries the WAN (`WAN`, `WAN2`, …): never disabled by a port action. */
export function isWanPort(port: PortMapping): boolean {
  return /^WAN/i.test(port.type);
}

/** Whether the device is on its backup link (LTE for a firewall; for a 5G appliance its fallback). */
export function onBackup(device: ActionDevice): boolean {
  return device.status === 'onbackup' || device.connection === 'secondary';
}

/**
 * Why the device cannot run the action now, or null when it can. Only a device that is up (online
 * or on backup) answers; a second reboot while one runs is refused with its own reason.
 */
export function actionRefusal(device: ActionDevice, action: string): string | null {
  if (device.status === 'rebooting')
    return action === 'reboot' ? ACTION_MESSAGES.alreadyRebooting : ACTION_MESSAGES.rebooting;
  if (device.status !== 'online' && device.status !== 'onbackup') return ACTION_MESSAGES.offline;
  return null;
}

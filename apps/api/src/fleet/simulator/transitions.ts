import type { DeviceKind, DeviceStatus } from '@vnoc/contracts';

export type { DeviceKind, DeviceStatus };

/**
 * Every status change a device may make (spec part 4 names the statuses; the moves are ours).
 * `uninstalled` is terminal; `unknown` is only where a device starts, before its first report.
 */
export const LEGAL_TRANSITIONS: Readonly<Record<DeviceStatus, readonly DeviceStatus[]>> = {
  unknown: ['online', 'offline', 'rebooting', 'pending', 'error', 'onbackup', 'uninstalled'],
  pending: ['online', 'error', 'uninstalled'],
  error: ['pending', 'online', 'uninstalled'],
  online: ['offline', 'onbackup', 'rebooting', 'uninstalled'],
  // The backup link can fail too, and a device on backup can be rebooted.
  onbackup: ['online', 'offline', 'rebooting'],
  // Power back: the device comes up, or boots first, or comes up on its backup link.
  offline: ['online', 'onbackup', 'rebooting', 'uninstalled'],
  // An access point rebooting behind an edge device that goes down is offline.
  rebooting: ['online', 'offline'],
  uninstalled: [],
};

/** Whether a device may go from one status to another; staying put is not a transition. */
export function isLegalTransition(from: DeviceStatus, to: DeviceStatus): boolean {
  return LEGAL_TRANSITIONS[from].includes(to);
}

/** Up time (DESIGN.md §5): a device on its backup link still serves its site. */
export function isUp(status: DeviceStatus): boolean {
  return status === 'online' || status === 'onbackup';
}

/** A site's edge device (its WAN gateway); access points and switches reach the cloud through it. */
export function isEdgeKind(kind: DeviceKind): boolean {
  return kind === 'firewall' || kind === '5g';
}

/** Statuses the simulator moves devices out of and back into `online`; the others are left alone. */
export function isCycling(status: DeviceStatus): boolean {
  return status === 'online' || status === 'offline' || status === 'onbackup' || status === 'rebooting';
}

/** One kind of trouble: how often it starts while the device is online, and how long it lasts. */
export type Fault = {
  status: 'offline' | 'onbackup' | 'rebooting';
  perHour: number;
  minMinutes: number;
  maxMinutes: number;
};

const perDays = (days: number) => 1 / (days * 24);

/**
 * Realistic rates per device kind. Durations are drawn log-uniformly between the bounds, so short
 * outages are more common than long ones. Access points and switches also go offline whenever
 * their site's edge device is offline or rebooting (the engine does that); these are their own faults.
 */
export const FAULTS: Readonly<Record<DeviceKind, readonly Fault[]>> = {
  firewall: [
    { status: 'offline', perHour: perDays(14), minMinutes: 5, maxMinutes: 90 }, // power or ISP outage
    { status: 'onbackup', perHour: perDays(7), minMinutes: 10, maxMinutes: 120 }, // primary WAN lost, LTE carries
    { status: 'rebooting', perHour: perDays(30), minMinutes: 2, maxMinutes: 4 }, // firmware update, watchdog
  ],
  '5g': [
    { status: 'offline', perHour: perDays(12), minMinutes: 5, maxMinutes: 90 },
    { status: 'onbackup', perHour: perDays(7), minMinutes: 10, maxMinutes: 120 }, // cell lost, wired/LTE backup
    { status: 'rebooting', perHour: perDays(21), minMinutes: 2, maxMinutes: 4 },
  ],
  'access-point': [
    { status: 'offline', perHour: perDays(60), minMinutes: 2, maxMinutes: 30 }, // unplugged, PoE fault
    { status: 'rebooting', perHour: perDays(30), minMinutes: 2, maxMinutes: 4 },
  ],
  switch: [
    { status: 'offline', perHour: perDays(90), minMinutes: 5, maxMinutes: 45 },
    { status: 'rebooting', perHour: perDays(60), minMinutes: 2, maxMinutes: 5 },
  ],
};

/** A pending site is installed (pending → online) about once in 60 days; its LAN devices come up with it. */
export const INSTALL_PER_HOUR = perDays(60);

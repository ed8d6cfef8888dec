import { type DeviceKind, type DeviceStatus, EDGE_KINDS } from '@vnoc/contracts';

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

/** Up time: a device on its backup link still serves its site. */
export function isUp(status: DeviceStatus): boolean {
  return status === 'online' || status === 'onbackup';
}

/** A site's edge device (its WAN gateway); access points and switches reach the cloud through it. */
export function isEdgeKind(kind: DeviceKind): boolean {
  return (EDGE_KINDS as readonly DeviceKind[]).includes(kind);
}

/** Statuses the simulator moves devices out of and back into `online`; the others are left alone. */
export function isCycling(status: DeviceStatus): boolean {
  return status === 'online' || status === 'offline' || status === 'onbackup' || status === 'rebooting';
}

type Span = {
  /** How often it starts while the device is online (and not in another episode). */
  perHour: number;
  /** Its length, drawn log-uniformly between the bounds: short episodes are more common than long ones. */
  minMinutes: number;
  maxMinutes: number;
};

/** Trouble that changes the device's status until it ends. */
export type Fault = Span & { status: 'offline' | 'onbackup' | 'rebooting' };

/**
 * Trouble that leaves the device `online`: it stops reporting to the cloud (`silent`: no heartbeats),
 * its cellular signal fades (`weak-signal`, devices with a modem), or its WAN is congested (`congestion`:
 * high ping, jitter and packet loss in its samples).
 */
export type Episode = Span & { episode: 'silent' | 'weak-signal' | 'congestion' };

export type Trouble = Fault | Episode;

const perDays = (days: number) => 1 / (days * 24);

/** The share of the simulator's own reboots that hang: 12–25 minutes instead of 2–4. */
export const SLOW_REBOOT_SHARE = 0.1;

const reboots = (perHour: number, minMinutes: number, maxMinutes: number): Fault[] => [
  { status: 'rebooting', perHour: perHour * (1 - SLOW_REBOOT_SHARE), minMinutes, maxMinutes },
  { status: 'rebooting', perHour: perHour * SLOW_REBOOT_SHARE, minMinutes: 12, maxMinutes: 25 },
];

/**
 * Rates per device kind, tuned so a demo shows trouble at any moment: the share of time
 * in a status is about rate × mean length, and the mean of a log-uniform length is (max − min) / ln(max / min).
 * Edge devices: offline ~1.7 % of the time (10–240 min, mean 72 min, every 3 days; regional outages add
 * ~0.2 %), on backup ~3 % (15–240 min, mean 81 min, every 1.8 days), a reboot every 5 days (1 in 10 hangs).
 * Access points ~1 % and switches ~0.8 % offline on their own; they are also offline whenever their site's
 * edge device is offline or rebooting (the engine does that).
 */
export const FAULTS: Readonly<Record<DeviceKind, readonly Fault[]>> = {
  firewall: [
    { status: 'offline', perHour: perDays(2.6), minMinutes: 10, maxMinutes: 240 }, // power or ISP outage
    { status: 'onbackup', perHour: perDays(1.6), minMinutes: 15, maxMinutes: 240 }, // primary WAN lost, LTE carries
    ...reboots(perDays(5), 2, 4), // firmware update, watchdog
  ],
  '5g': [
    { status: 'offline', perHour: perDays(2.6), minMinutes: 10, maxMinutes: 240 },
    { status: 'onbackup', perHour: perDays(1.6), minMinutes: 15, maxMinutes: 240 }, // cell lost, wired/LTE backup
    ...reboots(perDays(5), 2, 4),
  ],
  'access-point': [
    { status: 'offline', perHour: perDays(4), minMinutes: 10, maxMinutes: 180 }, // unplugged, PoE fault
    ...reboots(perDays(20), 2, 4),
  ],
  switch: [
    { status: 'offline', perHour: perDays(5), minMinutes: 10, maxMinutes: 180 },
    ...reboots(perDays(30), 2, 5),
  ],
};

const edgeEpisodes: readonly Episode[] = [
  // Cloud connection lost: a few a day across the demo's 150 edge devices.
  { episode: 'silent', perHour: perDays(30), minMinutes: 6, maxMinutes: 30 },
  // A fade on devices with a modem (the others ignore it): ~3 % of them weak at any moment.
  { episode: 'weak-signal', perHour: perDays(0.8), minMinutes: 10, maxMinutes: 60 },
  // Congested WAN: a few a day across the fleet.
  { episode: 'congestion', perHour: perDays(30), minMinutes: 5, maxMinutes: 30 },
];

/** Episodes per device kind: only edge devices report to the cloud themselves, carry a modem or a WAN. */
export const EPISODES: Readonly<Record<DeviceKind, readonly Episode[]>> = {
  firewall: edgeEpisodes,
  '5g': edgeEpisodes,
  'access-point': [],
  switch: [],
};

/**
 * Regional outages (a storm, a carrier's fibre cut): about every 6 hours across the fleet, 3–6 sites of one
 * organization in one region (the site's state) lose their edge devices at the same moment, for 10–60
 * minutes, coming back within `staggerMinutes` of each other. Only regions with enough edge devices
 * online and free take part.
 */
export const REGIONAL_OUTAGE = {
  perHour: 1 / 6,
  minSites: 3,
  maxSites: 6,
  minMinutes: 10,
  maxMinutes: 60,
  staggerMinutes: 5,
} as const;

/** A pending site is installed (pending → online) about once in 60 days; its LAN devices come up with it. */
export const INSTALL_PER_HOUR = perDays(60);

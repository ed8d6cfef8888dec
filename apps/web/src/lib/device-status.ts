import type fleet from '../locales/en/fleet.json';

/** A status key of locales/<lang>/fleet.json (namespace `fleet`). */
export type StatusLabelKey = `status.${keyof typeof fleet.status & string}`;

/** The statuses a device reports (spec part 4, "Device status"). */
export type DeviceStatus =
  | 'online'
  | 'offline'
  | 'rebooting'
  | 'pending'
  | 'error'
  | 'onbackup'
  | 'uninstalled'
  | 'unknown';

/**
 * What the console shows: `error` folds into `pending`, and anything unrecognised into `unknown`.
 * `neverConnected` is not a status a device reports: it is shown instead of the stored one for a device a real
 * driver reaches that never reported (`neverConnected`), and is never counted.
 */
export type DisplayStatus =
  | 'neverConnected'
  | 'online'
  | 'offline'
  | 'rebooting'
  | 'pending'
  | 'onbackup'
  | 'uninstalled'
  | 'unknown';

/** Mantine colour names; Mantine has no amber, so amber is its `yellow`. */
export type StatusColour = 'green' | 'red' | 'orange' | 'blue' | 'yellow' | 'gray' | 'violet';

/** The device fields the status rules read. */
export interface StatusInput {
  status: string | null | undefined;
  statusText?: string | null;
}

/**
 * How a device reaches vNOC and when it last reported (the `driver` and `lastUpdate` of a device or a device
 * summary). Left out (a site's status, a filter's value), the stored status is shown as it is.
 */
export interface DeviceReach {
  driver?: string | null;
  lastUpdate?: string | null;
}

/**
 * docs/device-protocol.md: "A device that never reported is shown as Never connected, not Offline." Only a
 * device that is not simulated (the simulator reports from the first tick) and whose last update is known to
 * be missing (null, not just left out).
 */
export function isNeverConnected(reach: DeviceReach | null | undefined): boolean {
  return (
    reach?.driver !== undefined &&
    reach.driver !== null &&
    reach.driver !== 'simulator' &&
    reach.lastUpdate === null
  );
}

const shownAs: Record<string, DisplayStatus> = {
  online: 'online',
  offline: 'offline',
  rebooting: 'rebooting',
  pending: 'pending',
  error: 'pending',
  onbackup: 'onbackup',
  uninstalled: 'uninstalled',
  unknown: 'unknown',
};

/**
 * Spec part 4: the status as shown. "A pending or error status whose text contains Offline is shown as
 * rebooting." The status and the text are matched case-insensitively: the device firmware, not a person,
 * writes the text, and "offline" in any case means the same. Anything else is `unknown`. With the device's
 * `reach`, a device that never connected is shown so whatever its stored status.
 */
export function displayStatus(
  status: string | null | undefined,
  statusText?: string | null,
  reach?: DeviceReach | null,
): DisplayStatus {
  if (isNeverConnected(reach)) return 'neverConnected';
  const value = (status ?? '').trim().toLowerCase();
  const shown = shownAs[value] ?? 'unknown';
  if (shown === 'pending' && statusText?.toLowerCase().includes('offline')) return 'rebooting';
  return shown;
}

/** The fleet.json key of a device's status label (spec part 4 table, with the rebooting rule). */
export function deviceStatusLabelKey(
  status: string | null | undefined,
  statusText?: string | null,
  reach?: DeviceReach | null,
): StatusLabelKey {
  // Every display status has its label under the same name (fleet.json's `status` keys are checked by the type).
  return `status.${displayStatus(status, statusText, reach)}`;
}

// Pending is blue, not grey, so a device being installed stands apart from one with no services. Never
// connected is violet: waiting for its first report is neither a fault (red) nor a known state (grey, blue).
const colours: Record<DisplayStatus, StatusColour> = {
  neverConnected: 'violet',
  online: 'green',
  offline: 'red',
  rebooting: 'orange',
  pending: 'blue',
  onbackup: 'yellow',
  uninstalled: 'gray',
  unknown: 'gray',
};

/** The colour of a device's status badge (and of its site's marker). */
export function deviceStatusColour(
  status: string | null | undefined,
  statusText?: string | null,
  reach?: DeviceReach | null,
): StatusColour {
  return colours[displayStatus(status, statusText, reach)];
}

/** Spec part 4: "Counts are shown for offline, online, onbackup, pending, rebooting." */
export const COUNTED_STATUSES = ['offline', 'online', 'onbackup', 'pending', 'rebooting'] as const;

export type CountedStatus = (typeof COUNTED_STATUSES)[number];

export type StatusCounts = Record<CountedStatus, number>;

function isCounted(status: DisplayStatus): status is CountedStatus {
  return (COUNTED_STATUSES as readonly string[]).includes(status);
}

/**
 * Devices per counted status, every counted status present (0 when none). Devices are counted as they
 * are shown, so an error counts as pending and a pending "Offline" as rebooting; uninstalled and unknown
 * devices are not counted. A device that never connected counts by its stored status: Never connected is how
 * it is shown, not a status (the server's counts read the stored one too).
 */
export function countStatuses(devices: readonly StatusInput[]): StatusCounts {
  const counts: StatusCounts = { offline: 0, online: 0, onbackup: 0, pending: 0, rebooting: 0 };
  for (const device of devices) {
    const shown = displayStatus(device.status, device.statusText);
    if (isCounted(shown)) counts[shown] += 1;
  }
  return counts;
}

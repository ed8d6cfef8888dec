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

/** What the console shows: `error` folds into `pending`, and anything unrecognised into `unknown`. */
export type DisplayStatus =
  | 'online'
  | 'offline'
  | 'rebooting'
  | 'pending'
  | 'onbackup'
  | 'uninstalled'
  | 'unknown';

/** Mantine colour names; Mantine has no amber, so amber is its `yellow`. */
export type StatusColour = 'green' | 'red' | 'orange' | 'blue' | 'yellow' | 'gray';

/** The device fields the status rules read. */
export interface StatusInput {
  status: string | null | undefined;
  statusText?: string | null;
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
 * writes the text, and "offline" in any case means the same. Anything else is `unknown`.
 */
export function displayStatus(status: string | null | undefined, statusText?: string | null): DisplayStatus {
  const value = (status ?? '').trim().toLowerCase();
  const shown = shownAs[value] ?? 'unknown';
  if (shown === 'pending' && statusText?.toLowerCase().includes('offline')) return 'rebooting';
  return shown;
}

/** The fleet.json key of a device's status label (spec part 4 table, with the rebooting rule). */
export function deviceStatusLabelKey(
  status: string | null | undefined,
  statusText?: string | null,
): StatusLabelKey {
  // Every display status has its label under the same name (fleet.json's `status` keys are checked by the type).
  return `status.${displayStatus(status, statusText)}`;
}

// Pending is blue, not grey, so a device being installed stands apart from one with no services.
const colours: Record<DisplayStatus, StatusColour> = {
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
): StatusColour {
  return colours[displayStatus(status, statusText)];
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
 * devices are not counted.
 */
export function countStatuses(devices: readonly StatusInput[]): StatusCounts {
  const counts: StatusCounts = { offline: 0, online: 0, onbackup: 0, pending: 0, rebooting: 0 };
  for (const device of devices) {
    const shown = displayStatus(device.status, device.statusText);
    if (isCounted(shown)) counts[shown] += 1;
  }
  return counts;
}

import { ageMs, type Timestamp } from '../../../lib/age.ts';
import type { FleetKey } from '../../../lib/fleet-text.ts';

/** Spec part 9: "Cloud connected under 5 min." */
export const CLOUD_CONNECTED_UNDER_MS = 5 * 60_000;

/**
 * Spec part 4: "Connected when last update is under 5 minutes old, otherwise Not Connected." Exactly 5:00
 * old is not under 5 minutes, so Not Connected; a device that never reported is Not Connected.
 */
export function isCloudConnected(lastUpdate: Timestamp | null | undefined, now: Timestamp): boolean {
  const age = ageMs(lastUpdate, now);
  return age !== null && age < CLOUD_CONNECTED_UNDER_MS;
}

/** The fleet.json key of the cloud connection label. */
export function cloudConnectionLabelKey(lastUpdate: Timestamp | null | undefined, now: Timestamp): FleetKey {
  return isCloudConnected(lastUpdate, now) ? 'cloud.connected' : 'cloud.notConnected';
}

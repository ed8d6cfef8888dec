import { ageMs, type Timestamp } from './age.ts';

/** Mantine colour names; amber is Mantine's `yellow`; `gray` when there is no time to judge. */
export type AgeColour = 'green' | 'yellow' | 'red' | 'gray';

const MINUTE = 60_000;

/** Spec part 4 boundaries, in milliseconds. */
export const LAST_UPDATE_GREEN_UP_TO_MS = 5 * MINUTE;
export const LAST_UPDATE_AMBER_UP_TO_MS = 7 * MINUTE;
export const LAST_BOOT_RED_UP_TO_MS = 5 * MINUTE;
export const LAST_BOOT_AMBER_UP_TO_MS = 30 * MINUTE;

/** Both rules' form: `young` up to the first bound (inclusive), amber up to the second, `old` past it. */
function ageBand(
  age: number | null,
  [youngUpTo, amberUpTo]: [number, number],
  young: AgeColour,
  old: AgeColour,
) {
  if (age === null) return 'gray';
  if (age <= youngUpTo) return young;
  if (age <= amberUpTo) return 'yellow';
  return old;
}

/**
 * Spec part 4: "Colour by age of last update: up to 5 min green, 5 to 7 amber, over 7 red." "Up to" and
 * "over" make the ends inclusive: exactly 5:00 is green, exactly 7:00 is still amber, 7:00.001 is red.
 * No last update → gray (nothing to judge; the cloud connection already says Not Connected).
 */
export function lastUpdateColour(lastUpdate: Timestamp | null | undefined, now: Timestamp): AgeColour {
  return ageBand(
    ageMs(lastUpdate, now),
    [LAST_UPDATE_GREEN_UP_TO_MS, LAST_UPDATE_AMBER_UP_TO_MS],
    'green',
    'red',
  );
}

/**
 * Spec part 4: "Last boot colour: over 30 min green, 5 to 30 amber, 5 or less red." The age is the time
 * since boot (uptime), so a fresh reboot is red: exactly 5:00 is red, exactly 30:00 is amber, 30:00.001 is
 * green. No boot time → gray.
 */
export function lastBootColour(lastBoot: Timestamp | null | undefined, now: Timestamp): AgeColour {
  return ageBand(ageMs(lastBoot, now), [LAST_BOOT_RED_UP_TO_MS, LAST_BOOT_AMBER_UP_TO_MS], 'red', 'green');
}

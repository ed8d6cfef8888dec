import type { TFunction } from 'i18next';
import type en from '../locales/en/fleet.json';

/** The i18next namespace of the fleet's display labels (locales/<lang>/fleet.json). */
export const FLEET_NS = 'fleet';

type LeafKeys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafKeys<T[K]>}`;
}[keyof T & string];

/** A key of fleet.json: the rules return these, so a misspelt key fails type-checking, not the screen. */
export type FleetKey = LeafKeys<typeof en>;

/** The text of a fleet key in the language of `t` (from useTranslation, or i18n.getFixedT in tests). */
export function fleetText(t: TFunction, key: FleetKey, values?: Record<string, unknown>): string {
  return t(key, { ...values, ns: FLEET_NS });
}

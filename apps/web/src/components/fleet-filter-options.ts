import type { TFunction } from 'i18next';
import { deviceStatusLabelKey } from '../lib/device-status.ts';

/** The statuses a list can be filtered by, as the spec shows them (error folds into pending). */
export const STATUS_FILTERS = [
  'online',
  'offline',
  'rebooting',
  'pending',
  'onbackup',
  'uninstalled',
  'unknown',
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const KIND_FILTERS = ['firewall', '5g', 'access-point', 'switch'] as const;
export type KindFilter = (typeof KIND_FILTERS)[number];

const kindKeys: Record<KindFilter, string> = {
  firewall: 'kind.firewall',
  '5g': 'kind.fiveG',
  'access-point': 'kind.accessPoint',
  switch: 'kind.switch',
};

/** Select options for status filters, labelled with the spec's status texts (namespace `fleet`). */
export function statusOptions(t: TFunction, statuses: readonly StatusFilter[] = STATUS_FILTERS) {
  return statuses.map((value) => ({ value, label: t(deviceStatusLabelKey(value), { ns: 'fleet' }) }));
}

export function kindOptions(t: TFunction) {
  return KIND_FILTERS.map((value) => ({ value, label: t(kindKeys[value], { ns: 'fleet' }) }));
}

/*
 * The fleet's vocabulary without zod (issue 39): device statuses and kinds, the ports' padding, paging limits,
 * the lists' sort fields, a device name's length and the WAN chart's durations. The console's screens read these
 * on their first load; the schemas built on them live in fleet.ts.
 */

/** Device status values (spec part 4 "Device status"). */
export const DEVICE_STATUSES = [
  'online',
  'offline',
  'rebooting',
  'pending',
  'error',
  'onbackup',
  'uninstalled',
  'unknown',
] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
/**
 * Severity of a status, worst first: a site's status is its worst edge device's (the database's
 * `vnoc_status_rank`, migration 0003, ranks the same).
 */
export const DEVICE_STATUS_RANK: Readonly<Record<(typeof DEVICE_STATUSES)[number], number>> = {
  offline: 0,
  rebooting: 1,
  error: 2,
  onbackup: 3,
  pending: 4,
  uninstalled: 5,
  unknown: 6,
  online: 7,
};

export const DEVICE_KINDS = ['firewall', '5g', 'access-point', 'switch'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
/** A site's edge devices (its WAN gateways): access points and switches reach the cloud through them. */
export const EDGE_KINDS = ['firewall', '5g'] as const satisfies readonly DeviceKind[];

/** Spec part 9: "Ports padded to 16." A device's portMapping in the API's answers holds 16 entries at least. */
export const PADDED_PORTS = 16;
/** The type of an entry that only pads the map (id 0): no port of the device, never drawn nor chosen. */
export const UNUSED_PORT_TYPE = 'unused';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const SITE_SORT_FIELDS = [
  'name',
  'alias',
  'backOfficeAccountId',
  'city',
  'state',
  'zip',
  'status',
  'deviceCount',
] as const;
export type SiteSortField = (typeof SITE_SORT_FIELDS)[number];

export const DEVICE_SORT_FIELDS = [
  'name',
  'macAddress',
  'manufacturer',
  'model',
  'kind',
  'status',
  'lastUpdate',
  'siteName',
  /**
   * By what a problem costs (issue 37, the dashboard's problem devices): first an edge device down (offline or
   * rebooting: its site is cut off, the root of its other devices' outage), then any other device down, then
   * one on backup (its site still served); within each, the longest silent first.
   */
  'impact',
] as const;
export type DeviceSortField = (typeof DEVICE_SORT_FIELDS)[number];

export const DEVICE_NAME_MAX = 48;

export const DURATIONS = ['LAST_HOUR', 'LAST_6_HOURS', 'LAST_24_HOURS', 'LAST_7_DAYS'] as const;
export type Duration = (typeof DURATIONS)[number];

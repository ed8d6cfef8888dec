import type { AlertSeverity } from '@vnoc/contracts';

/** A site drawn on a status map: its marker colour and popup text (clusters come from GET map/sites). */
export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  /** Mantine colour name of the marker (by status). */
  color: string;
  label: string;
  /** The site's status. */
  status: string;
  /** Set for a popup: the site's worst active alert severity (null: none), alert count, maintenance. */
  severity?: AlertSeverity | null;
  alertCount?: number;
  maintenance?: boolean;
}

/** Site map status choices (spec part 2): none, uninstalled, onbackup, online, offline, pending. */
export const MAP_STATUS_FILTERS = [
  'none',
  'uninstalled',
  'onbackup',
  'online',
  'offline',
  'pending',
] as const;
export type MapStatusFilter = (typeof MAP_STATUS_FILTERS)[number];

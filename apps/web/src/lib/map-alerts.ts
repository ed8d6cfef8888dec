import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AlertSeverity,
  AlertSeveritySchema,
  type MaintenanceWindow,
  MaintenanceWindowSchema,
} from '@vnoc/contracts';
import { useMemo } from 'react';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { liveRefetchInterval } from './live.ts';

/** A window starts and ends with time, not with an event: asked again this often even while the stream is open. */
const MAINTENANCE_REFRESH_MS = 60_000;

/** Its answer is checked in dev only (on the map's first load, issue 39), so the schema is built there alone. */
const siteSeveritySchema = () =>
  z.object({
    siteId: z.string(),
    severity: AlertSeveritySchema,
    count: z.number().int(),
  });
export type SiteSeverity = z.infer<ReturnType<typeof siteSeveritySchema>>;

/** GET alert/site-severities: the worst active severity (and the active alert count) of each site that has one. */
export function getSiteSeverities(signal?: AbortSignal): Promise<SiteSeverity[]> {
  return apiRequest('alert/site-severities', {
    schema: import.meta.env.DEV ? z.array(siteSeveritySchema()) : undefined,
    signal,
  });
}

export const siteSeveritiesQuery = queryOptions({
  // Under ['alerts'], so live alert events refresh the markers.
  queryKey: ['alerts', 'site-severities'] as const,
  queryFn: ({ signal }) => getSiteSeverities(signal),
  refetchInterval: () => liveRefetchInterval(),
});

export function useSiteSeverities() {
  return useQuery(siteSeveritiesQuery);
}

/** GET maintenance?state=current: scheduled and active windows (the map marks the sites of active ones). */
export function getCurrentMaintenance(signal?: AbortSignal): Promise<MaintenanceWindow[]> {
  return apiRequest('maintenance', {
    query: { state: 'current' },
    schema: import.meta.env.DEV ? z.array(MaintenanceWindowSchema) : undefined,
    signal,
  });
}

export const currentMaintenanceQuery = queryOptions({
  // The Maintenance screen's current list asks the same: one cache entry, under ['maintenance'].
  queryKey: ['maintenance', 'current', null] as const,
  queryFn: ({ signal }) => getCurrentMaintenance(signal),
  refetchInterval: () => liveRefetchInterval(MAINTENANCE_REFRESH_MS),
});

export function useCurrentMaintenance() {
  return useQuery(currentMaintenanceQuery);
}

/** The sites in a window in progress at `now` (its state says so, or its times do for a window that began since). */
export function sitesInMaintenance(windows: readonly MaintenanceWindow[], now: number): Set<string> {
  const sites = new Set<string>();
  for (const window of windows) {
    const inProgress =
      window.state === 'active' ||
      (window.state === 'scheduled' && Date.parse(window.startsAt) <= now && now < Date.parse(window.endsAt));
    if (!inProgress) continue;
    for (const site of window.sites) sites.add(site.id);
  }
  return sites;
}

/** What a site's marker shows besides its status. */
export interface PointMark {
  /** The worst active alert severity; null without active alerts. */
  severity: AlertSeverity | null;
  alertCount: number;
  /** In a maintenance window now. */
  maintenance: boolean;
}

/**
 * Each site's mark: its worst active alert severity and count, and whether it is in maintenance; sites with
 * neither have none. Kept apart from the points, so a changed mark redraws a marker without moving the map.
 */
export function alertMarks(
  severities: readonly SiteSeverity[] | undefined,
  maintenance: ReadonlySet<string> | undefined,
): Map<string, PointMark> {
  const marks = new Map<string, PointMark>();
  for (const row of severities ?? []) {
    marks.set(row.siteId, { severity: row.severity, alertCount: row.count, maintenance: false });
  }
  for (const siteId of maintenance ?? []) {
    const mark = marks.get(siteId);
    if (mark) mark.maintenance = true;
    else marks.set(siteId, { severity: null, alertCount: 0, maintenance: true });
  }
  return marks;
}

/** The marks of every site from the live severities and current windows (shared, refreshed queries). */
export function useAlertMarks(): Map<string, PointMark> {
  const { data: severities } = useSiteSeverities();
  const { data: windows } = useCurrentMaintenance();
  return useMemo(
    () => alertMarks(severities, windows ? sitesInMaintenance(windows, Date.now()) : undefined),
    [severities, windows],
  );
}

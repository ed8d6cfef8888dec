import { keepPreviousData, queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DeviceStatus,
  MAP_MAX_ZOOM,
  type MapSites,
  MapSitesSchema,
  type MapSummary,
  MapSummarySchema,
} from '@vnoc/contracts';
import { useState } from 'react';
import { apiRequest } from './api-client.ts';
import { liveRefetchInterval } from './live.ts';
import { MAP_VIEW_KEY } from './map-view-keys.ts';

/** What part of the world a map shows: its edges and zoom, as GET map/sites takes them. */
export interface MapViewport {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/** Which sites a map shows: a status (none: every status) and site groups (none: every site in scope). */
export interface MapScope {
  status?: DeviceStatus;
  groupIds?: readonly string[];
}

const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const round = (value: number) => Math.round(value * 1e4) / 1e4;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A Leaflet view as GET map/sites takes it: longitudes wrapped into −180…180 (west east of east when the view
 * crosses the antimeridian, the whole circle when it is wider than the world), latitudes clamped, the zoom a
 * whole level, all rounded so small drifts share one query.
 */
export function toViewport(bounds: MapViewport): MapViewport {
  const whole = bounds.east - bounds.west >= 360;
  return {
    west: whole ? -180 : round(wrap(bounds.west)),
    east: whole ? 180 : round(wrap(bounds.east)),
    south: round(clamp(bounds.south, -90, 90)),
    north: round(clamp(bounds.north, -90, 90)),
    zoom: clamp(Math.round(bounds.zoom), 0, MAP_MAX_ZOOM),
  };
}

const scopeQuery = (scope: MapScope) => ({
  status: scope.status,
  groupId: scope.groupIds && scope.groupIds.length > 0 ? scope.groupIds.join(',') : undefined,
});

export function getMapView(scope: MapScope, viewport: MapViewport, signal?: AbortSignal): Promise<MapSites> {
  return apiRequest('map/sites', {
    schema: import.meta.env.DEV ? MapSitesSchema : undefined,
    query: { ...viewport, ...scopeQuery(scope) },
    signal,
  });
}

export function getMapSummary(scope: MapScope, signal?: AbortSignal): Promise<MapSummary> {
  return apiRequest('map/summary', {
    schema: import.meta.env.DEV ? MapSummarySchema : undefined,
    query: scopeQuery(scope),
    signal,
  });
}

/** The key of a map's scope: a map fits itself to its sites again when it changes. */
export function mapScopeKey(scope: MapScope): string {
  return JSON.stringify([scope.status ?? null, [...(scope.groupIds ?? [])]]);
}

/** The queries of map summaries; under ['sites'], so a device's status change refreshes them. */
const MAP_SUMMARY_KEY = ['sites', 'map', 'summary'] as const;

/** GET map/summary of a scope: a map fits itself to it before it asks for its first view. */
export function mapSummaryQuery(scope: MapScope) {
  return queryOptions({
    queryKey: [...MAP_SUMMARY_KEY, mapScopeKey(scope)] as const,
    queryFn: ({ signal }) => getMapSummary(scope, signal),
    refetchInterval: () => liveRefetchInterval(),
  });
}

export const mapViewQueryKey = (scopeKey: string, viewport: MapViewport | null) =>
  [...MAP_VIEW_KEY, scopeKey, viewport] as const;

/**
 * What a status map shows: how many sites it has and where (GET map/summary, once per scope), and for its
 * current view the clusters and sites computed by the server (GET map/sites, on every pan and zoom). The
 * previous answers stay on screen while the next load.
 */
export function useMapView(scope: MapScope) {
  const queryClient = useQueryClient();
  // None until the map has fitted itself to the summary and told its view.
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const scopeKey = mapScopeKey(scope);
  const cells = useQuery({
    queryKey: mapViewQueryKey(scopeKey, viewport),
    queryFn: viewport ? ({ signal }) => getMapView(scope, viewport, signal) : skipToken,
    placeholderData: keepPreviousData,
    refetchInterval: () => liveRefetchInterval(),
  });
  const summary = useQuery({ ...mapSummaryQuery(scope), placeholderData: keepPreviousData });
  return {
    cells,
    summary,
    scopeKey,
    setViewport: (next: MapViewport) => {
      const view = toViewport(next);
      // Asked at once, not when React renders the new view: a map told its first view in an effect draws its
      // basemap before that render, and the sites' round trip now runs beside the drawing.
      queryClient
        .prefetchQuery({
          queryKey: mapViewQueryKey(scopeKey, view),
          queryFn: ({ signal }) => getMapView(scope, view, signal),
        })
        .catch(() => undefined);
      setViewport(view);
    },
  };
}

export type MapViewState = ReturnType<typeof useMapView>;

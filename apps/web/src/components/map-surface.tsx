import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import { BASEMAP_ATTRIBUTION } from '@vnoc/contracts';
import L, { type LatLngBoundsExpression, type LatLngExpression } from 'leaflet';
import { type ReactNode, useEffect, useState } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { afterPaint, inSlices, nextTask } from '../lib/after-paint.ts';
import { loadBasemap } from '../lib/basemap.ts';
import { useMapSettings } from '../lib/map-settings.ts';
import classes from './map-surface.module.css';

/** After this many failed tiles a map drops its tile layer and draws the bundled basemap instead. */
export const TILE_ERROR_LIMIT = 4;

/**
 * The least longitude, in degrees, a map opened on a point shows on the basemap. The basemap has outlines only
 * (coasts, countries, states), so a close view is a blank square of land: a site's card 386 px wide opened at
 * zoom 6 showed 8° around the site, often inside one state with no outline at all (issue 37 point 14). 20° shows
 * the neighbouring states at any card width.
 */
export const BASEMAP_MIN_SPAN_DEG = 20;

/** The closest zoom at which a map `widthPx` wide shows BASEMAP_MIN_SPAN_DEG of longitude (256 px world at 0). */
export function basemapZoom(widthPx: number): number {
  return Math.max(1, Math.floor(Math.log2((widthPx * 360) / (256 * BASEMAP_MIN_SPAN_DEG))));
}

/** Leaflet's tiles sit at z-index 200 and its markers and shapes at 400: the basemap goes between. */
const BASEMAP_PANE = 'basemap';

interface MapSurfaceProps {
  center?: LatLngExpression;
  zoom?: number;
  bounds?: LatLngBoundsExpression;
  height: number | string;
  /** A floor for a relative height whose parent may have none (a dashboard's widgets stacked on a phone). */
  minHeight?: number;
  /** Accessible name of the map region. */
  label: string;
  children?: ReactNode;
  scrollWheelZoom?: boolean;
}

/** The basemap in Leaflet's coordinates: one polygon per land feature, one set of lines per border mesh. */
interface BasemapShapes {
  land: (L.LatLng[][] | L.LatLng[][][])[];
  borders: L.LatLng[][][];
}

let shapes: Promise<BasemapShapes> | undefined;

/**
 * The basemap's ~60 000 points as Leaflet's LatLng objects, converted once and shared by every map that opens (each
 * map converted them again: ~11 ms of the dashboard's first draw here). Started while the sign-in code is typed.
 */
export function loadBasemapShapes(): Promise<BasemapShapes> {
  // The land and the borders converted in tasks of their own, not in the basemap's last one.
  shapes ??= loadBasemap().then(async ({ land, borders }) => {
    await nextTask();
    const landShapes = land.features.flatMap(({ geometry: g }): BasemapShapes['land'] =>
      g.type === 'Polygon'
        ? [L.GeoJSON.coordsToLatLngs(g.coordinates, 1) as L.LatLng[][]]
        : g.type === 'MultiPolygon'
          ? [L.GeoJSON.coordsToLatLngs(g.coordinates, 2) as L.LatLng[][][]]
          : [],
    );
    await nextTask();
    const borderShapes = borders.features.flatMap(({ geometry: g }): BasemapShapes['borders'] =>
      g.type === 'MultiLineString' ? [L.GeoJSON.coordsToLatLngs(g.coordinates, 1) as L.LatLng[][]] : [],
    );
    return { land: landShapes, borders: borderShapes };
  });
  // A failed load (a new deployment, a network blip) is tried again by the next map.
  shapes.catch(() => {
    shapes = undefined;
  });
  return shapes;
}

/**
 * Natural Earth land and borders as vector shapes (lib/basemap.ts), drawn in a pane below the markers after the
 * first paint, a few shapes per task, not interactive; its colours follow the theme through CSS.
 */
function BasemapLayer() {
  const map = useMap();
  useEffect(() => {
    let layer: L.Layer | undefined;
    let gone = false;
    // Drawn after the screen's first paint, even when already loaded, and in slices (lib/after-paint.ts): the
    // ~230 SVG shapes drawn at once were one long task (~90 ms here, ×4 on a phone's CPU).
    Promise.all([loadBasemapShapes(), afterPaint()])
      .then(([{ land, borders }]) => {
        if (gone) return;
        const pane = map.getPane(BASEMAP_PANE) ?? map.createPane(BASEMAP_PANE);
        pane.style.zIndex = '250';
        const shared = { renderer: L.svg({ pane: BASEMAP_PANE }), interactive: false, pane: BASEMAP_PANE };
        // The attribution is the group's, given once: on each of the ~230 shapes, Leaflet rewrote the
        // attribution control's text once per shape while the map opened.
        const group = L.layerGroup([], { attribution: BASEMAP_ATTRIBUTION }).addTo(map);
        layer = group;
        const shapes = [
          ...land.map(
            (latlngs) => () => L.polygon(latlngs, { ...shared, className: classes.land, stroke: false }),
          ),
          ...borders.map(
            (latlngs) => () =>
              L.polyline(latlngs, { ...shared, className: classes.border, fill: false, weight: 1 }),
          ),
        ];
        return inSlices(
          shapes,
          (shape) => group.addLayer(shape()),
          () => gone,
        );
      })
      // No basemap (its chunk failed to load): the water colour and the markers remain.
      .catch(() => undefined);
    return () => {
      gone = true;
      layer?.remove();
    };
  }, [map]);
  return null;
}

/**
 * Keeps Leaflet's idea of the map's size true when its box changes without a window resize (a dashboard grid
 * measuring its cells, a drawer, the navbar), so fitting and the view asked of the server use the real size.
 */
function FollowSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * On the basemap (no tile server, or its tiles failed after the map opened close on a point), the map zooms out
 * until the point's surroundings show, for the box's real width: measured when the map opens, or when the box
 * first gets a size if it had none yet (FollowSize tells Leaflet).
 */
function BasemapContext({ zoom }: { zoom: number }) {
  const map = useMap();
  useEffect(() => {
    const fit = () => {
      const width = map.getSize().x;
      if (width === 0) return false;
      map.setZoom(Math.min(zoom, basemapZoom(width)), { animate: false });
      return true;
    };
    if (fit()) return;
    const onResize = () => {
      if (fit()) map.off('resize', onResize);
    };
    map.on('resize', onResize);
    return () => {
      map.off('resize', onResize);
    };
  }, [map, zoom]);
  return null;
}

/**
 * A Leaflet map that works offline: raster tiles when the deployment has a tile server (MAP_TILE_URL, dropped
 * after a few failed tiles), else the bundled basemap.
 */
export function MapSurface({
  center = [39.5, -98.35],
  zoom = 4,
  bounds,
  height,
  minHeight,
  label,
  children,
  scrollWheelZoom = false,
}: MapSurfaceProps) {
  const settings = useMapSettings();
  const [tileErrors, setTileErrors] = useState(0);
  // The basemap's shapes load while the settings are asked for, not after (they are also the tiles' fallback).
  useEffect(() => {
    loadBasemapShapes().catch(() => undefined);
  }, []);
  const tileUrl = settings.data?.tileUrl;
  const showTiles = Boolean(tileUrl) && tileErrors < TILE_ERROR_LIMIT;
  return (
    <Box
      pos="relative"
      className={classes.frame}
      style={{ height, minHeight }}
      role="region"
      aria-label={label}
    >
      {/* Opened once the tile server is known: the opening zoom depends on it. */}
      {!settings.isPending && (
        <MapContainer
          center={bounds ? undefined : center}
          zoom={bounds ? undefined : zoom}
          bounds={bounds}
          boundsOptions={{ padding: [24, 24], maxZoom: 12 }}
          className={classes.map}
          scrollWheelZoom={scrollWheelZoom}
          worldCopyJump
        >
          {showTiles && tileUrl ? (
            <TileLayer
              url={tileUrl}
              attribution={settings.data?.tileAttribution ?? undefined}
              eventHandlers={{ tileerror: () => setTileErrors((n) => n + 1) }}
            />
          ) : (
            <>
              <BasemapLayer />
              {bounds ? null : <BasemapContext zoom={zoom} />}
            </>
          )}
          <FollowSize />
          {children}
        </MapContainer>
      )}
    </Box>
  );
}

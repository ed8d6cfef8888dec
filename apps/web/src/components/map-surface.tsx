import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import { BASEMAP_ATTRIBUTION } from '@vnoc/contracts';
import L, { type LatLngBoundsExpression, type LatLngExpression } from 'leaflet';
import { type ReactNode, useEffect, useState } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { afterPaint } from '../lib/after-paint.ts';
import { BASEMAP_UNITS, type BasemapPaths, MAX_LATITUDE } from '../lib/basemap.ts';
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

/**
 * The closest zoom on the basemap. The browser lays out no box wider than 2^25 px, and at zoom 17 the world's is
 * 2^25: the overlay stopped growing with the map and slid off the markers. At 16 the map shows ~3 km across a
 * laptop's screen, and every site is out of its cluster (MAP_UNCLUSTERED_ZOOM).
 */
export const BASEMAP_MAX_ZOOM = 16;

/** The world's square in Leaflet's Web Mercator, which the basemap's paths fill (lib/basemap.ts). */
const WORLD: LatLngBoundsExpression = [
  [-MAX_LATITUDE, -180],
  [MAX_LATITUDE, 180],
];

/**
 * The basemap's paths, a chunk of their own loaded by the first map (or ahead of it, while the sign-in code is
 * typed); every later map has them at once.
 */
export function loadBasemap(): Promise<BasemapPaths> {
  return import('../lib/basemap-paths.ts');
}

const SVG = 'http://www.w3.org/2000/svg';

/** One SVG of the whole world, its land filled and its borders a pixel wide at any zoom; themed by CSS. */
function basemapSvg({ land, borders }: BasemapPaths): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${BASEMAP_UNITS} ${BASEMAP_UNITS}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  for (const [d, className] of [
    [land, classes.land],
    [borders, classes.border],
  ]) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d ?? '');
    path.setAttribute('class', className ?? '');
    svg.append(path);
  }
  return svg;
}

/**
 * Natural Earth land and borders (lib/basemap.ts) as one SVG overlay over the world, in a pane below the markers,
 * added after the screen's first paint, not interactive. The browser scales and moves it with the map: no point
 * of it is an object of the page's (the ~230 Leaflet shapes it replaced, with the topology they were made from, were
 * half the dashboard's JS heap and ~250 DOM nodes: bench/README.md, 2026-12-01).
 */
function BasemapLayer() {
  const map = useMap();
  useEffect(() => {
    let layer: L.Layer | undefined;
    let gone = false;
    const maxZoom = map.options.maxZoom;
    map.setMaxZoom(Math.min(maxZoom ?? BASEMAP_MAX_ZOOM, BASEMAP_MAX_ZOOM));
    Promise.all([loadBasemap(), afterPaint()])
      .then(([paths]) => {
        if (gone) return;
        const pane = map.getPane(BASEMAP_PANE) ?? map.createPane(BASEMAP_PANE);
        pane.style.zIndex = '250';
        layer = L.svgOverlay(basemapSvg(paths), WORLD, {
          pane: BASEMAP_PANE,
          interactive: false,
          attribution: BASEMAP_ATTRIBUTION,
        }).addTo(map);
      })
      // No basemap (its chunk failed to load): the water colour and the markers remain.
      .catch(() => undefined);
    return () => {
      gone = true;
      layer?.remove();
      // Undefined (Leaflet's default) gives the say back to the layers' maxZoom.
      map.setMaxZoom(maxZoom as number);
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
  // The basemap loads while the settings are asked for, not after (it is also the tiles' fallback).
  useEffect(() => {
    loadBasemap().catch(() => undefined);
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

import 'leaflet/dist/leaflet.css';
import { Box, Text } from '@mantine/core';
import type { LatLngBoundsExpression, LatLngExpression } from 'leaflet';
import { type ReactNode, useState } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';
import { TILE_ERROR_LIMIT, tileAttribution, tileUrl } from '../lib/tiles.ts';
import classes from './map-surface.module.css';

interface MapSurfaceProps {
  center?: LatLngExpression;
  zoom?: number;
  bounds?: LatLngBoundsExpression;
  height: number | string;
  /** Accessible name of the map region. */
  label: string;
  /** Shown in a corner when no tiles are drawn (none configured, or the tile server failed). */
  noTilesNote?: string;
  children?: ReactNode;
  scrollWheelZoom?: boolean;
}

/**
 * A Leaflet map that works without tiles: the tile layer comes from VITE_TILE_URL and is dropped after a
 * few failed tiles; the plain background and the markers remain.
 */
export function MapSurface({
  center = [39.5, -98.35],
  zoom = 4,
  bounds,
  height,
  label,
  noTilesNote,
  children,
  scrollWheelZoom = false,
}: MapSurfaceProps) {
  const [tileErrors, setTileErrors] = useState(0);
  const showTiles = tileUrl !== null && tileErrors < TILE_ERROR_LIMIT;
  return (
    <Box pos="relative" className={classes.frame} style={{ height }} role="region" aria-label={label}>
      <MapContainer
        center={bounds ? undefined : center}
        zoom={bounds ? undefined : zoom}
        bounds={bounds}
        boundsOptions={{ padding: [24, 24], maxZoom: 12 }}
        className={classes.map}
        scrollWheelZoom={scrollWheelZoom}
        worldCopyJump
        attributionControl={showTiles}
      >
        {showTiles && tileUrl && (
          <TileLayer
            url={tileUrl}
            attribution={tileAttribution}
            eventHandlers={{ tileerror: () => setTileErrors((n) => n + 1) }}
          />
        )}
        {children}
      </MapContainer>
      {!showTiles && noTilesNote && (
        <Text size="xs" className={classes.note} data-testid="map-no-tiles">
          {noTilesNote}
        </Text>
      )}
    </Box>
  );
}

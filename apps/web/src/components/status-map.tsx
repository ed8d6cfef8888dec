import { useMantineTheme } from '@mantine/core';
import { MAP_UNCLUSTERED_ZOOM, type MapBounds, mapClusterSizePx } from '@vnoc/contracts';
import L from 'leaflet';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { SEVERITY_COLOUR } from '../lib/alert-display.ts';
import { deviceStatusColour, deviceStatusLabelKey } from '../lib/device-status.ts';
import { FLEET_NS } from '../lib/fleet-text.ts';
import type { PointMark } from '../lib/map-alerts.ts';
import type { MapPoint } from '../lib/map-clusters.ts';
import type { MapViewState } from '../lib/map-view.ts';
import classes from './map-surface.module.css';
import { MapSurface } from './map-surface.tsx';

interface StatusMapProps {
  /** What to show, from useMapView (lib/map-view.ts): the server's clusters and sites for the map's view. */
  view: MapViewState;
  height: number | string;
  /** A floor for a relative height whose parent may have none (a dashboard's widgets stacked on a phone). */
  minHeight?: number;
  label: string;
  /** The content of a point's popup (e.g. the site's name and a link). */
  renderPopup: (point: MapPoint) => ReactNode;
  /** Accessible text of a cluster bubble, e.g. "12 sites". */
  clusterLabel: (count: number) => string;
  scrollWheelZoom?: boolean;
  /**
   * Marks by site id: a ring in the colour of the worst active alert, a dashed ring for maintenance (clusters
   * carry their own worst alert from the server).
   */
  marks?: ReadonlyMap<string, PointMark>;
}

/**
 * A cluster bubble filled with the colour of the worst status inside it (darkened so its white count reads at
 * 4.5:1); `ring` (a CSS colour) replaces its halo with the worst active alert among its sites.
 */
function clusterIcon(
  count: number,
  label: string,
  worst: { status: string; colour: string },
  ring?: string,
): L.DivIcon {
  const { status, colour } = worst;
  const size = mapClusterSizePx(count);
  const fill = `color-mix(in srgb, var(--mantine-color-${colour}-9) 70%, black)`;
  const halo = ring
    ? `;box-shadow:0 0 0 4px ${ring}`
    : `;box-shadow:0 0 0 5px color-mix(in srgb, var(--mantine-color-${colour}-7) 35%, transparent)`;
  return L.divIcon({
    html: `<div class="${classes.cluster}" style="width:${size}px;height:${size}px;background:${fill}${halo}" role="img" aria-label="${label}" data-status="${status}">${count}</div>`,
    className: '',
    iconSize: [size, size],
  });
}

/** Leaflet's [[south, west], [north, east]] of the contract's bounds. */
const latLngBounds = (b: MapBounds): L.LatLngBoundsExpression => [
  [b.south, b.west],
  [b.north, b.east],
];

function Layers({ view, renderPopup, clusterLabel, marks }: Omit<StatusMapProps, 'height' | 'label'>) {
  const map = useMap();
  const theme = useMantineTheme();
  const { t } = useTranslation();
  const { t: tf } = useTranslation(FLEET_NS);
  const { scopeKey, setViewport } = view;
  const data = view.cells.data;
  const summary = view.summary;

  // The view asked of the server: what is on screen and a margin around it, so a short pan needs no wait.
  const report = () => {
    // A map not laid out yet (a hidden tab, a grid still measuring) has no view to ask for.
    const size = map.getSize();
    if (size.x === 0 || size.y === 0) return;
    const b = map.getBounds().pad(0.15);
    setViewport({
      west: b.getWest(),
      south: b.getSouth(),
      east: b.getEast(),
      north: b.getNorth(),
      zoom: map.getZoom(),
    });
  };
  // A map laid out only now (its size was 0 when its sites came) fits itself then.
  const [laidOut, setLaidOut] = useState(0);
  useMapEvents({ moveend: report, resize: () => setLaidOut((n) => n + 1) });

  // Once per scope (a status, a dashboard's groups): fit the map to its sites, then ask for that view.
  const fitted = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: report reads the map's current view.
  useEffect(() => {
    if (!summary.data || summary.isPlaceholderData || fitted.current === scopeKey) return;
    const size = map.getSize();
    if (size.x === 0 || size.y === 0) return;
    fitted.current = scopeKey;
    const bounds = summary.data.bounds;
    if (bounds) map.fitBounds(latLngBounds(bounds), { padding: [32, 32], maxZoom: 12, animate: false });
    report();
  }, [summary.data, summary.isPlaceholderData, scopeKey, map, laidOut]);

  const colour = (name: string) => theme.colors[name]?.[7] ?? theme.colors.gray[7];
  return (
    <>
      {data?.clusters.map((cluster) => (
        <Marker
          key={`c${cluster.lat},${cluster.lng},${cluster.count}`}
          position={[cluster.lat, cluster.lng]}
          icon={clusterIcon(
            cluster.count,
            `${clusterLabel(cluster.count)}, ${t('sites.clusterWorst', { status: tf(deviceStatusLabelKey(cluster.status)) })}`,
            { status: cluster.status, colour: deviceStatusColour(cluster.status) },
            // The worst active alert among its sites, so trouble inside a bubble still shows.
            cluster.severity ? theme.colors[SEVERITY_COLOUR[cluster.severity]]?.[6] : undefined,
          )}
          eventHandlers={{
            click: () =>
              map.fitBounds(latLngBounds(cluster.bounds), {
                padding: [40, 40],
                maxZoom: MAP_UNCLUSTERED_ZOOM,
              }),
          }}
        />
      ))}
      {data?.sites.map((site) => {
        const point: MapPoint = {
          id: site.id,
          lat: site.lat,
          lng: site.lng,
          color: deviceStatusColour(site.status),
          label: site.name,
          status: site.status,
        };
        return (
          <PointMarker
            key={site.id}
            point={point}
            mark={marks?.get(site.id)}
            fill={colour(point.color)}
            renderPopup={renderPopup}
          />
        );
      })}
    </>
  );
}

interface PointMarkerProps {
  point: MapPoint;
  mark: PointMark | undefined;
  fill: string;
  renderPopup: (point: MapPoint) => ReactNode;
}

/** A site: its status dot, ringed by its worst active alert's colour and, in maintenance, a dashed ring. */
function PointMarker({ point: site, mark, fill, renderPopup }: PointMarkerProps) {
  const theme = useMantineTheme();
  const center: [number, number] = [site.lat, site.lng];
  const point = mark ? { ...site, ...mark } : site;
  const ring = mark?.severity ? theme.colors[SEVERITY_COLOUR[mark.severity]]?.[6] : undefined;
  return (
    <>
      {mark?.maintenance && (
        <CircleMarker
          center={center}
          radius={ring ? 17 : 13}
          interactive={false}
          pathOptions={{ color: theme.colors.grape[7], weight: 2, dashArray: '4 3', fill: false }}
        />
      )}
      {ring && (
        <CircleMarker
          center={center}
          radius={12}
          interactive={false}
          pathOptions={{ color: ring, weight: 3.5, fill: false, opacity: 1 }}
        />
      )}
      <CircleMarker
        center={center}
        radius={8}
        pathOptions={{ color: '#fff', weight: 2, fillColor: fill, fillOpacity: 1 }}
      >
        <Popup>{renderPopup(point)}</Popup>
      </CircleMarker>
    </>
  );
}

/**
 * Sites as circle markers coloured by status, and clusters as bubbles with counts, as the server gathers them
 * for the view (any fleet size); fits itself to the sites of its scope.
 */
export function StatusMap({ height, minHeight, label, scrollWheelZoom, ...rest }: StatusMapProps) {
  return (
    <MapSurface height={height} minHeight={minHeight} label={label} scrollWheelZoom={scrollWheelZoom}>
      <Layers {...rest} />
    </MapSurface>
  );
}

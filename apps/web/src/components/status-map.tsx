import { useMantineTheme } from '@mantine/core';
import L from 'leaflet';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { SEVERITY_COLOUR, worstSeverity } from '../lib/alert-display.ts';
import { deviceStatusLabelKey } from '../lib/device-status.ts';
import { FLEET_NS } from '../lib/fleet-text.ts';
import type { PointMark } from '../lib/map-alerts.ts';
import {
  boundsOf,
  type ClusterItem,
  clusterIndex,
  clusterSize,
  clustersAt,
  type MapPoint,
} from '../lib/map-clusters.ts';
import classes from './map-surface.module.css';
import { MapSurface } from './map-surface.tsx';

interface StatusMapProps {
  points: readonly MapPoint[];
  height: number | string;
  label: string;
  /** The content of a point's popup (e.g. the site's name and a link). */
  renderPopup: (point: MapPoint) => ReactNode;
  /** Accessible text of a cluster bubble, e.g. "12 sites". */
  clusterLabel: (count: number) => string;
  scrollWheelZoom?: boolean;
  /**
   * Marks by site id: a ring in the colour of the worst active alert, a dashed ring for maintenance. Apart
   * from the points, so a changed mark redraws its marker without fitting the map again.
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
  const size = clusterSize(count);
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

function Clusters({ points, renderPopup, clusterLabel, marks }: Omit<StatusMapProps, 'height' | 'label'>) {
  const map = useMap();
  const theme = useMantineTheme();
  const { t } = useTranslation();
  const { t: tf } = useTranslation(FLEET_NS);
  const index = useMemo(() => clusterIndex(points), [points]);
  const [items, setItems] = useState<ClusterItem[]>([]);

  const refresh = () => {
    const b = map.getBounds();
    setItems(clustersAt(index, [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom()));
  };
  useMapEvents({ moveend: refresh, zoomend: refresh });

  // New points (a filter, a refetch): fit the map to them and redraw.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh reads the current index.
  useEffect(() => {
    const bounds = boundsOf(points);
    if (bounds) map.fitBounds(bounds, { padding: [32, 32], maxZoom: 12, animate: false });
    refresh();
  }, [index, map]);

  const colour = (name: string) => theme.colors[name]?.[7] ?? theme.colors.gray[7];
  // The worst active alert among a cluster's sites, so trouble inside a bubble still shows.
  const clusterRing = (id: number): string | undefined => {
    if (!marks || marks.size === 0) return undefined;
    let leaves: ReturnType<typeof index.getLeaves>;
    try {
      leaves = index.getLeaves(id, Number.POSITIVE_INFINITY);
    } catch {
      // New points (a filter) render once with the previous clusters until refresh() redraws: no ring then.
      return undefined;
    }
    const worst = worstSeverity(
      leaves.flatMap((leaf) => marks.get(leaf.properties.point.id)?.severity ?? []),
    );
    return worst ? theme.colors[SEVERITY_COLOUR[worst]]?.[6] : undefined;
  };
  return (
    <>
      {items.map((item) =>
        item.kind === 'cluster' ? (
          <Marker
            key={`c${item.id}`}
            position={[item.lat, item.lng]}
            icon={clusterIcon(
              item.count,
              `${clusterLabel(item.count)}, ${t('sites.clusterWorst', { status: tf(deviceStatusLabelKey(item.status)) })}`,
              { status: item.status, colour: item.color },
              clusterRing(item.id),
            )}
            eventHandlers={{
              click: () =>
                map.setView([item.lat, item.lng], Math.min(index.getClusterExpansionZoom(item.id), 16)),
            }}
          />
        ) : (
          <PointMarker
            key={item.point.id}
            item={item}
            mark={marks?.get(item.point.id)}
            fill={colour(item.point.color)}
            renderPopup={renderPopup}
          />
        ),
      )}
    </>
  );
}

interface PointMarkerProps {
  item: Extract<ClusterItem, { kind: 'point' }>;
  mark: PointMark | undefined;
  fill: string;
  renderPopup: (point: MapPoint) => ReactNode;
}

/** A site: its status dot, ringed by its worst active alert's colour and, in maintenance, a dashed ring. */
function PointMarker({ item, mark, fill, renderPopup }: PointMarkerProps) {
  const theme = useMantineTheme();
  const center: [number, number] = [item.lat, item.lng];
  const point = mark ? { ...item.point, ...mark } : item.point;
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

/** Sites as circle markers coloured by status, clustered into bubbles with counts; fits itself to the points. */
export function StatusMap({ points, height, label, scrollWheelZoom, ...rest }: StatusMapProps) {
  return (
    <MapSurface height={height} label={label} scrollWheelZoom={scrollWheelZoom}>
      <Clusters points={points} {...rest} />
    </MapSurface>
  );
}

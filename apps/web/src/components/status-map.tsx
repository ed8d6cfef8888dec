import { useMantineTheme } from '@mantine/core';
import L from 'leaflet';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { CircleMarker, Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
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
  noTilesNote?: string;
  /** The content of a point's popup (e.g. the site's name and a link). */
  renderPopup: (point: MapPoint) => ReactNode;
  /** Accessible text of a cluster bubble, e.g. "12 sites". */
  clusterLabel: (count: number) => string;
  scrollWheelZoom?: boolean;
}

function clusterIcon(count: number, label: string): L.DivIcon {
  const size = clusterSize(count);
  return L.divIcon({
    html: `<div class="${classes.cluster}" style="width:${size}px;height:${size}px" role="img" aria-label="${label}">${count}</div>`,
    className: '',
    iconSize: [size, size],
  });
}

function Clusters({ points, renderPopup, clusterLabel }: Omit<StatusMapProps, 'height' | 'label'>) {
  const map = useMap();
  const theme = useMantineTheme();
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
  return (
    <>
      {items.map((item) =>
        item.kind === 'cluster' ? (
          <Marker
            key={`c${item.id}`}
            position={[item.lat, item.lng]}
            icon={clusterIcon(item.count, clusterLabel(item.count))}
            eventHandlers={{
              click: () =>
                map.setView([item.lat, item.lng], Math.min(index.getClusterExpansionZoom(item.id), 16)),
            }}
          />
        ) : (
          <CircleMarker
            key={item.point.id}
            center={[item.lat, item.lng]}
            radius={8}
            pathOptions={{ color: '#fff', weight: 2, fillColor: colour(item.point.color), fillOpacity: 1 }}
          >
            <Popup>{renderPopup(item.point)}</Popup>
          </CircleMarker>
        ),
      )}
    </>
  );
}

/** Sites as circle markers coloured by status, clustered into bubbles with counts; fits itself to the points. */
export function StatusMap({ points, height, label, noTilesNote, scrollWheelZoom, ...rest }: StatusMapProps) {
  return (
    <MapSurface height={height} label={label} noTilesNote={noTilesNote} scrollWheelZoom={scrollWheelZoom}>
      <Clusters points={points} {...rest} />
    </MapSurface>
  );
}

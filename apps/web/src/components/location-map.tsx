import { useMantineTheme } from '@mantine/core';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { MapSurface } from './map-surface.tsx';

interface LocationMapProps {
  lat: number;
  lng: number;
  /** Mantine colour name of the marker. */
  color: string;
  label: string;
  markerLabel: string;
  height?: number;
}

/** A small map box with one marker (a site's location); works offline. */
export function LocationMap({ lat, lng, color, label, markerLabel, height = 220 }: LocationMapProps) {
  const theme = useMantineTheme();
  const fill = theme.colors[color]?.[7] ?? theme.colors.blue[7];
  return (
    <MapSurface center={[lat, lng]} zoom={12} height={height} label={label}>
      <CircleMarker
        center={[lat, lng]}
        radius={10}
        pathOptions={{ color: '#fff', weight: 3, fillColor: fill, fillOpacity: 1 }}
      >
        <Tooltip direction="top" offset={[0, -10]} permanent>
          {markerLabel}
        </Tooltip>
      </CircleMarker>
    </MapSurface>
  );
}

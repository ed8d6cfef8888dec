import type { FleetKey } from '../../../lib/fleet-text.ts';

/** The device's WAN link in use, as reported ('primary', 'secondary', or anything else when neither is up). */
export type Connection = 'primary' | 'secondary' | 'none';

/** Spec part 4: "primary shows Connected/Primary; secondary shows Secondary; otherwise No Service." */
export function deviceConnection(value: string | null | undefined): Connection {
  const link = (value ?? '').trim().toLowerCase();
  return link === 'primary' || link === 'secondary' ? link : 'none';
}

const labelKeys: Record<Connection, FleetKey> = {
  primary: 'connection.primary',
  secondary: 'connection.secondary',
  none: 'connection.none',
};

/** The fleet.json key of the connection label. */
export function connectionLabelKey(value: string | null | undefined): FleetKey {
  return labelKeys[deviceConnection(value)];
}

import { PADDED_PORTS, UNUSED_PORT_TYPE } from '@vnoc/contracts';

/** Spec part 9: "Ports padded to 16." */
export const PORT_COUNT = PADDED_PORTS;
export { UNUSED_PORT_TYPE };

/** One entry of a device's portMapping (spec part 3: id, systemNumber, type). */
export interface PortMappingEntry {
  id?: string | number | null;
  systemNumber: number;
  type?: string | null;
}

/** Users' names for ports (set through device/editPortName), as the device's portLabels: port id, as text → label. */
export type PortLabels = Readonly<Record<string, string>>;

/** A label already placed on a port number. */
export interface PortLabel {
  systemNumber: number;
  label: string;
}

export interface PortSlot {
  systemNumber: number;
  /** The reported port's id; null for a placeholder. */
  id: string | number | null;
  type: string;
  /** The user's label; null when the port has none (the screen shows "Port n"). */
  label: string | null;
  /** True for a placeholder filling a number the device did not report. */
  unused: boolean;
}

function isPortNumber(value: number): boolean {
  return Number.isInteger(value) && value >= 0;
}

/**
 * The port map as shown: ports 1 to 16 always present, the device's own ports kept by systemNumber (the
 * first entry wins on a duplicate), missing numbers filled with an unused placeholder, sorted by number.
 * Ports outside 1–16 that the device reports (a port 0, a 24-port switch) are kept, never cut; entries
 * whose systemNumber is not a whole number ≥ 0 are dropped. Labels come either as the device's portLabels
 * (keyed by port id, so a placeholder, having no id, has none) or as a list by port number (first wins);
 * a blank label counts as none.
 */
export function padPorts(
  ports: readonly PortMappingEntry[] | null | undefined,
  labels: PortLabels | readonly PortLabel[] | null | undefined = {},
): PortSlot[] {
  const byNumber = new Map<number, string>();
  if (Array.isArray(labels)) {
    for (const { systemNumber, label } of labels as readonly PortLabel[]) {
      if (!byNumber.has(systemNumber) && label.trim() !== '') byNumber.set(systemNumber, label.trim());
    }
  }
  const byId = Array.isArray(labels) ? {} : ((labels ?? {}) as PortLabels);
  const labelOf = (id: string | number | null, systemNumber: number): string | null => {
    const label = (id === null ? undefined : byId[String(id)]?.trim()) || byNumber.get(systemNumber);
    return label ? label : null;
  };
  const slots = new Map<number, PortSlot>();
  for (const port of ports ?? []) {
    // The API's own padding entries are placeholders like the ones added below.
    if (port.type === UNUSED_PORT_TYPE) continue;
    if (!isPortNumber(port.systemNumber) || slots.has(port.systemNumber)) continue;
    slots.set(port.systemNumber, {
      systemNumber: port.systemNumber,
      id: port.id ?? null,
      type: port.type || UNUSED_PORT_TYPE,
      label: labelOf(port.id ?? null, port.systemNumber),
      unused: false,
    });
  }
  for (let systemNumber = 1; systemNumber <= PORT_COUNT; systemNumber += 1) {
    if (!slots.has(systemNumber)) {
      slots.set(systemNumber, {
        systemNumber,
        id: null,
        type: UNUSED_PORT_TYPE,
        label: labelOf(null, systemNumber),
        unused: true,
      });
    }
  }
  return [...slots.values()].sort((a, b) => a.systemNumber - b.systemNumber);
}

/** The device fields the port map reads. */
export interface PortMapDevice {
  portMapping: readonly PortMappingEntry[];
  portLabels: PortLabels;
}

/**
 * The port slots drawn for a device: only the ports it has (an access point's one port is one tile, not 16;
 * issue 37 point 7), by number, with the labels (keyed by port id). The spec's padding to 16 stays in the
 * data (`padPorts`, the API's portMapping), not on screen.
 */
export function devicePortSlots(device: PortMapDevice): PortSlot[] {
  return padPorts(device.portMapping, device.portLabels).filter((slot) => !slot.unused);
}

/** A port that carries the WAN (`WAN`, `WAN2`, …): port actions never turn it off. */
export function isWanPort(slot: Pick<PortSlot, 'type'>): boolean {
  return /^WAN/i.test(slot.type);
}

/**
 * Whether a port may be chosen to be disabled: a port the device reports (not padding), not a WAN port,
 * and not already disabled.
 */
export function isPortSelectable(slot: PortSlot, disabledPorts: readonly number[]): boolean {
  return !slot.unused && !isWanPort(slot) && !disabledPorts.includes(slot.systemNumber);
}

import { type ActionCallMap, type Device, type DiagnosticAction, HostOrIpSchema } from '@vnoc/contracts';
import { devicePortSlots, isPortSelectable } from '../../../lib/ports.ts';

/** The panel's form: every action's inputs (only the chosen action's are read). */
export interface ActionInputs {
  /** The chosen VLAN id, as the Select holds it (text); null when none is chosen. */
  vlan: string | null;
  host: string;
  ports: readonly number[];
}

export const EMPTY_INPUTS: ActionInputs = { vlan: null, host: '', ports: [] };

/** Translation keys (namespace `diagnostics`) of the input problems. */
export type InputErrorKey =
  | 'validation.vlan'
  | 'validation.host'
  | 'validation.ports'
  | 'validation.portNotAllowed';
export type InputErrors = Partial<Record<'vlan' | 'host' | 'ports', InputErrorKey>>;

/** The problem with a host-or-IP field (spec part 5: an IPv4 dotted quad or a host name), or null. */
export function hostError(value: string): InputErrorKey | null {
  return HostOrIpSchema.safeParse(value).success ? null : 'validation.host';
}

/** The device fields the inputs are checked against. */
export type InputDevice = Pick<Device, 'vlans' | 'portMapping' | 'portLabels' | 'disabledPorts'>;

export type BuiltRequest<A extends DiagnosticAction> =
  | { ok: true; body: ActionCallMap[A] }
  | { ok: false; errors: InputErrors };

/**
 * The request body of an action from the form, checked as the server would: the VLAN is one of the
 * device's, the host is an IPv4 address or host name, the ports are LAN ports of the device that are on.
 * Nothing is sent while there are errors.
 */
export function buildActionRequest<A extends DiagnosticAction>(
  action: A,
  inputs: ActionInputs,
  device: InputDevice,
): BuiltRequest<A> {
  const errors: InputErrors = {};
  const vlan = inputs.vlan === null ? null : Number(inputs.vlan);
  const vlanKnown = vlan !== null && device.vlans.some((v) => v.id === vlan);
  let body: Record<string, unknown> = {};
  if (action === 'speedtest' || action === 'traceroute') {
    if (!vlanKnown) errors.vlan = 'validation.vlan';
    body = { vlan };
  }
  if (action === 'traceroute') {
    const host = hostError(inputs.host);
    if (host) errors.host = host;
    body = { vlan, ip: inputs.host.trim() };
  }
  if (action === 'disableLanPorts') {
    const slots = devicePortSlots(device);
    const allowed = new Set(
      slots.filter((s) => isPortSelectable(s, device.disabledPorts)).map((s) => s.systemNumber),
    );
    if (inputs.ports.length === 0) errors.ports = 'validation.ports';
    else if (inputs.ports.some((p) => !allowed.has(p))) errors.ports = 'validation.portNotAllowed';
    body = { ports: [...inputs.ports].sort((a, b) => a - b) };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: body as ActionCallMap[A] };
}

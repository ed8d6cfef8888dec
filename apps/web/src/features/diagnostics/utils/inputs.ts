import {
  type ActionCallMap,
  DEFAULT_REVERT_MINUTES,
  type Device,
  type DiagnosticAction,
  isHostOrIp,
  MAX_REVERT_MINUTES,
} from '@vnoc/contracts';
import { devicePortSlots, isPortSelectable } from '../../../lib/ports.ts';

/** The panel's form: every action's inputs (only the chosen action's are read). */
export interface ActionInputs {
  /** The chosen VLAN id, as the Select holds it (text); null when none is chosen. */
  vlan: string | null;
  host: string;
  ports: readonly number[];
  /** After how many minutes a real device turns disabled ports back on by itself (as the NumberInput holds it). */
  revertAfterMinutes: number | string;
}

export const EMPTY_INPUTS: ActionInputs = {
  vlan: null,
  host: '',
  ports: [],
  revertAfterMinutes: DEFAULT_REVERT_MINUTES,
};

/** Translation keys (namespace `diagnostics`) of the input problems. */
export type InputErrorKey =
  | 'validation.vlan'
  | 'validation.host'
  | 'validation.ports'
  | 'validation.portNotAllowed'
  | 'validation.revertMinutes';
export type InputErrors = Partial<Record<'vlan' | 'host' | 'ports' | 'revertAfterMinutes', InputErrorKey>>;

/**
 * The problem with a host-or-IP field (spec part 5: an IPv4 dotted quad or a host name), or null: the rule of
 * the request's HostOrIpSchema (trimmed, then `isHostOrIp`), without loading zod with the panel.
 */
export function hostError(value: string): InputErrorKey | null {
  return isHostOrIp(value.trim()) ? null : 'validation.host';
}

/** The device fields the inputs are checked against. */
export type InputDevice = Pick<Device, 'vlans' | 'portMapping' | 'portLabels' | 'disabledPorts'> &
  Partial<Pick<Device, 'driver'>>;

/** A device that reports for real turns disabled ports back on by itself unless they are kept off. */
export const revertsByItself = (device: Partial<Pick<Device, 'driver'>>) =>
  device.driver !== undefined && device.driver !== 'simulator';

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
    if (revertsByItself(device)) {
      const minutes = Number(inputs.revertAfterMinutes);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_REVERT_MINUTES)
        errors.revertAfterMinutes = 'validation.revertMinutes';
      body = { ...body, revertAfterMinutes: minutes };
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: body as ActionCallMap[A] };
}

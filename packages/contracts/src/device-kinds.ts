import { DIAGNOSTIC_ACTIONS, type DiagnosticAction } from './diagnostic-constants.ts';
import type { DeviceCapabilities, DeviceDriver } from './fleet.ts';
import type { DeviceKind, DeviceStatus } from './fleet-constants.ts';

/**
 * What each kind of device is (issue 37 point 7), defined once: the console draws a device's cards from here,
 * and what a device can do — its kind's actions that its driver carries out (`deviceCapabilities`) — is what
 * the API answers with the device, what the console offers, and what the API refuses otherwise (400, the
 * messages below).
 * A switch and an access point hang off the site's edge device (firewall or 5G appliance): they have no WAN
 * link of their own and no modem, so no connection, signal, WAN or speed figures, and no test of the WAN.
 */
export const KIND_TRAITS: Record<DeviceKind, { wan: boolean; modem: boolean }> = {
  /** Its WAN, and the LTE modem it fails over to. */
  firewall: { wan: true, modem: true },
  '5g': { wan: true, modem: true },
  switch: { wan: false, modem: false },
  'access-point': { wan: false, modem: false },
};

/** Actions that measure or need the device's own WAN link (the WAN test, speed test and traceroute by VLAN). */
const WAN_ACTIONS: readonly DiagnosticAction[] = ['wantest', 'speedtest', 'traceroute'];

/**
 * The actions each kind is offered, in the contracts' order. A switch keeps its port actions (turning a
 * port off is what a switch is for); an access point has only its uplink, which turning off would cut it
 * off, so it has none.
 */
export const KIND_ACTIONS: Record<DeviceKind, readonly DiagnosticAction[]> = {
  firewall: DIAGNOSTIC_ACTIONS,
  '5g': DIAGNOSTIC_ACTIONS,
  switch: DIAGNOSTIC_ACTIONS.filter((a) => !WAN_ACTIONS.includes(a)),
  'access-point': ['reboot', 'lanpingtest', 'systemTest'],
};

export function isActionOffered(kind: DeviceKind, action: DiagnosticAction): boolean {
  return KIND_ACTIONS[kind].includes(action);
}

/**
 * The actions each driver carries out (docs/device-protocol.md): the simulator and vNOC's agent take every
 * action as a command on the device's topic; OpenWISP's monitoring agent only posts reports and takes no
 * command, so vNOC can run nothing on such a device.
 */
export const DRIVER_ACTIONS: Record<DeviceDriver, readonly DiagnosticAction[]> = {
  simulator: DIAGNOSTIC_ACTIONS,
  agent: DIAGNOSTIC_ACTIONS,
  openwisp: [],
};

/** Why a driver does not carry out an action: the API's 400 message (the console shows its own words for it). */
export const DRIVER_REFUSALS: Record<DeviceDriver, string> = {
  simulator: 'The simulator does not carry out this action.',
  agent: "vNOC's agent does not carry out this action.",
  openwisp: "This device reports through OpenWISP's agent and takes no commands.",
};

/**
 * What the device can do (the `capabilities` of its answer): the actions its kind is offered and its driver
 * carries out, and those it cannot, by why — its driver first (an OpenWISP device can do nothing, whatever its
 * kind), else its kind. The API refuses what is missing (`actionRefusal`) and the console offers only `actions`.
 */
export function deviceCapabilities(device: { kind: DeviceKind; driver: DeviceDriver }): DeviceCapabilities {
  const byDriver = DRIVER_ACTIONS[device.driver];
  const byKind = KIND_ACTIONS[device.kind];
  return {
    actions: DIAGNOSTIC_ACTIONS.filter((a) => byDriver.includes(a) && byKind.includes(a)),
    missing: {
      driver: DIAGNOSTIC_ACTIONS.filter((a) => !byDriver.includes(a)),
      kind: DIAGNOSTIC_ACTIONS.filter((a) => byDriver.includes(a) && !byKind.includes(a)),
    },
  };
}

/** Why the device cannot carry out the action — its driver, else its kind — or null when it can. */
export function actionRefusalCause(
  device: { kind: DeviceKind; driver: DeviceDriver },
  action: DiagnosticAction,
): 'driver' | 'kind' | null {
  if (!DRIVER_ACTIONS[device.driver].includes(action)) return 'driver';
  if (!isActionOffered(device.kind, action)) return 'kind';
  return null;
}

/** Why the device cannot carry out the action (the API's 400 message), or null when it can. */
export function actionRefusal(
  device: { kind: DeviceKind; driver: DeviceDriver },
  action: DiagnosticAction,
): string | null {
  const cause = actionRefusalCause(device, action);
  if (cause === 'driver') return DRIVER_REFUSALS[device.driver];
  if (cause === 'kind') return KIND_REFUSALS[device.kind];
  return null;
}

/** Why a kind is not offered an action: the API's 400 message (the console shows its own words for it). */
export const KIND_REFUSALS: Record<DeviceKind, string> = {
  firewall: 'This action is not offered for firewall appliances.',
  '5g': 'This action is not offered for 5G appliances.',
  switch:
    "This action is not offered for switches: a switch has no WAN link of its own. Run it on the site's firewall or 5G appliance.",
  'access-point':
    "This action is not offered for access points: an access point has no WAN link and only its uplink port. Run it on the site's firewall or 5G appliance.",
};

/**
 * Why no action can run on the device now, or null when it can: every action is carried out by the device,
 * so it must be up (online or on backup). The console shows the reason beside a disabled Run button.
 */
export type ActionBlock = 'offline' | 'rebooting';
export function actionBlock(status: DeviceStatus): ActionBlock | null {
  if (status === 'online' || status === 'onbackup') return null;
  return status === 'rebooting' ? 'rebooting' : 'offline';
}

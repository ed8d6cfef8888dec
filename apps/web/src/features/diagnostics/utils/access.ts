import {
  type ActionBlock,
  actionBlock,
  type Claims,
  type Device,
  type DeviceCapabilities,
  DIAGNOSTIC_ACTIONS,
  DISRUPTIVE_ACTIONS,
  type DiagnosticAction,
  PORT_ACTIONS,
} from '@vnoc/contracts';
import { canRunDiagnostics, hasEntitlement } from '../../../lib/permissions.ts';

/** What the signed-in user may see and do in troubleshooting (the server enforces the same). */
export interface DiagnosticsAccess {
  /** The organization has the `diagnostics` entitlement: results and history are shown. */
  visible: boolean;
  /** The role may run actions (not READ_ONLY). */
  canRun: boolean;
  /** Port actions too: the organization also has `port-control`. */
  canControlPorts: boolean;
}

export function diagnosticsAccess(claims: Pick<Claims, 'role' | 'entitlements'> | null): DiagnosticsAccess {
  const visible = hasEntitlement(claims, 'diagnostics');
  const canRun = canRunDiagnostics(claims);
  return { visible, canRun, canControlPorts: canRun && hasEntitlement(claims, 'port-control') };
}

/** The actions the user may run on one device, in the contract's order. */
export function runnableActions(access: DiagnosticsAccess): DiagnosticAction[] {
  if (!access.canRun) return [];
  return DIAGNOSTIC_ACTIONS.filter((action) => access.canControlPorts || !PORT_ACTIONS.includes(action));
}

/**
 * What one device offers the user (issue 37 point 7): among the actions the user may run, those the device can
 * do (its `capabilities`, as the API answers them: its kind's actions that its driver carries out), those it
 * cannot, by why (named, so the panel can say why they are missing), and why none can run now (the device is
 * offline or rebooting: shown, with Run disabled, never hidden silently; nothing to say when it can do nothing).
 */
export function deviceActions(
  access: DiagnosticsAccess,
  device: Pick<Device, 'status' | 'capabilities'>,
): {
  offered: DiagnosticAction[];
  notOffered: Record<keyof DeviceCapabilities['missing'], DiagnosticAction[]>;
  block: ActionBlock | null;
} {
  const runnable = runnableActions(access);
  const { actions, missing } = device.capabilities;
  const offered = runnable.filter((action) => actions.includes(action));
  return {
    offered,
    notOffered: {
      driver: runnable.filter((action) => missing.driver.includes(action)),
      kind: runnable.filter((action) => missing.kind.includes(action)),
    },
    block: offered.length > 0 ? actionBlock(device.status) : null,
  };
}

/**
 * Actions offered on several devices at once: the ones that need no input (a VLAN or ports differ per
 * device), and reboot behind its confirmation.
 */
export const BATCH_ACTIONS = [
  'wantest',
  'lanpingtest',
  'systemTest',
  'reboot',
] as const satisfies readonly DiagnosticAction[];
export type BatchAction = (typeof BATCH_ACTIONS)[number];

export function isBatchAction(value: string | null): value is BatchAction {
  return (BATCH_ACTIONS as readonly string[]).includes(value ?? '');
}

/** Whether the action interrupts the site, so the console asks first. */
export function isDisruptive(action: DiagnosticAction): boolean {
  return DISRUPTIVE_ACTIONS.includes(action);
}

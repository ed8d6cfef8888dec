import type {
  ActionResultMap,
  Connection,
  DeviceStatus,
  DiagnosticAction,
  PortsResult,
  RebootResult,
} from '@vnoc/contracts';
import { AppError } from '../../../errors.ts';
import { type Rng, runRng, uniform } from '../random.ts';
import { type ActionDevice, actionRefusal, type RunContext } from './device.ts';
import { lanPing, speedTest, traceroute, wanTest } from './network.ts';
import { lanPortStates, reboot, systemTest } from './system.ts';
import { validateActionParams } from './validate.ts';

const S = 1000;

/** How long each action takes on the device, in simulated ms; reboot is the time to accept it. */
export const ACTION_DURATIONS: Readonly<Record<DiagnosticAction, readonly [number, number]>> = {
  reboot: [2 * S, 5 * S],
  wantest: [20 * S, 40 * S],
  lanpingtest: [10 * S, 20 * S],
  systemTest: [5 * S, 10 * S],
  speedtest: [30 * S, 60 * S],
  traceroute: [10 * S, 30 * S],
  disableLanPorts: [3 * S, 8 * S],
  revertLanPorts: [3 * S, 8 * S],
};
/** A device that cannot run the action is given up on after trying to reach it for this long. */
export const REFUSAL_DURATION: readonly [number, number] = [3 * S, 6 * S];

export type ActionOutcome<A extends DiagnosticAction> =
  | { ok: true; result: ActionResultMap[A] }
  | { ok: false; error: string };
export type ActionRun<A extends DiagnosticAction> = { durationMs: number; outcome: ActionOutcome<A> };

const duration = (rng: Rng, [min, max]: readonly [number, number]) =>
  Math.round(uniform(rng, min, max) / 100) * 100;

/**
 * The simulator's answer to one troubleshooting action: how long it takes and what it finds,
 * derived from the device's state (status, link, model, VLANs, ports) and deterministic in
 * (`seed`, device, action, `nowMs`). `nowMs` is the simulated time the job starts; the caller maps
 * durations and times through its SIM_SPEED clock. A device that is not up fails with a readable
 * reason, and so do inputs that no longer fit the device (checked again here, the job having
 * been queued since); nothing is thrown for either. Pure: no I/O, the device is not changed.
 */
export function runAction<A extends DiagnosticAction>(
  device: ActionDevice,
  action: A,
  params: unknown,
  ctx: RunContext,
): ActionRun<A> {
  const rng = runRng(ctx.seed, device.id, action, ctx.nowMs);
  const refusal = actionRefusal(device, action);
  if (refusal) return { durationMs: duration(rng, REFUSAL_DURATION), outcome: { ok: false, error: refusal } };
  let input: Record<string, unknown>;
  try {
    input = validateActionParams(device, action, params) as Record<string, unknown>;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { durationMs: duration(rng, REFUSAL_DURATION), outcome: { ok: false, error: e.message } };
  }
  const durationMs = duration(rng, ACTION_DURATIONS[action]);
  const vlan = () =>
    device.vlans.find((v) => v.id === input.vlan) as NonNullable<ActionDevice['vlans'][number]>;
  let result: ActionResultMap[DiagnosticAction];
  switch (action as DiagnosticAction) {
    case 'reboot':
      result = reboot(ctx, durationMs, rng);
      break;
    case 'wantest':
      result = wanTest(device, ctx, rng);
      break;
    case 'lanpingtest':
      result = lanPing(device, rng);
      break;
    case 'systemTest':
      result = systemTest(device, ctx, rng);
      break;
    case 'speedtest':
      result = speedTest(device, vlan(), ctx, rng);
      break;
    case 'traceroute':
      result = traceroute(device, vlan(), input.ip as string, ctx, rng);
      break;
    case 'disableLanPorts':
      result = lanPortStates(device, [...(device.disabledPorts ?? []), ...(input.ports as number[])]);
      break;
    case 'revertLanPorts':
      result = lanPortStates(device, []);
      break;
  }
  return { durationMs, outcome: { ok: true, result: result as ActionResultMap[A] } };
}

/** Device fields an action changes; `lastBoot` as a Date, `disabledPorts` as LAN port system numbers. */
export type DeviceUpdate = {
  status?: DeviceStatus;
  connection?: Connection;
  lastBoot?: Date;
  disabledPorts?: number[];
};

/** What to write now, and what to write later (at simulated `atMs`) — a reboot's return. */
export type ActionEffect = { now: DeviceUpdate; later: { atMs: number; update: DeviceUpdate } | null };

/**
 * The device fields a succeeded action changes. A reboot takes the device to `rebooting` (no WAN
 * connection) now, and at `expectedBackAt` back to the status it had (online, or still on its
 * backup link) with `lastBoot` then. Port actions set the disabled LAN ports. Diagnostics change
 * nothing. Pure.
 */
export function applyActionEffect<A extends DiagnosticAction>(
  device: ActionDevice,
  action: A,
  result: ActionResultMap[A],
): ActionEffect {
  switch (action as DiagnosticAction) {
    case 'reboot': {
      const back = Date.parse((result as RebootResult).expectedBackAt);
      const status: DeviceStatus = device.status === 'onbackup' ? 'onbackup' : 'online';
      const edge = device.kind === 'firewall' || device.kind === '5g';
      const connection: Connection = !edge ? 'none' : status === 'onbackup' ? 'secondary' : 'primary';
      return {
        now: { status: 'rebooting', connection: 'none' },
        later: { atMs: back, update: { status, connection, lastBoot: new Date(back) } },
      };
    }
    case 'disableLanPorts':
    case 'revertLanPorts':
      return {
        now: {
          disabledPorts: (result as PortsResult).ports.filter((p) => !p.enabled).map((p) => p.systemNumber),
        },
        later: null,
      };
    default:
      return { now: {}, later: null };
  }
}

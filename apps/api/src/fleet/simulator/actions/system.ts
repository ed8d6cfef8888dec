import type { DeviceKind, PortsResult, RebootResult, SystemTestResult } from '@vnoc/contracts';
import { between, hashString, noise, type Rng, round1, uniform } from '../random.ts';
import { type ActionDevice, isWanPort, onBackup, type RunContext } from './device.ts';

type Range = readonly [number, number];
type Profile = { cpu: Range; memory: Range; sessions: Range; temperature: Range };

/**
 * What each class of device looks like under a normal load. Sessions are firewall/NAT sessions on
 * edge devices, associated clients on an access point and MAC table entries on a switch.
 */
const PROFILES: Record<DeviceKind, Profile> = {
  firewall: { cpu: [6, 40], memory: [35, 68], sessions: [150, 3500], temperature: [42, 61] },
  '5g': { cpu: [5, 35], memory: [30, 62], sessions: [40, 900], temperature: [45, 68] },
  'access-point': { cpu: [3, 25], memory: [25, 55], sessions: [2, 45], temperature: [40, 60] },
  switch: { cpu: [2, 18], memory: [20, 45], sessions: [10, 300], temperature: [35, 52] },
};

/** Entry-level models run warmer and busier than their class; bigger ones have more headroom. */
const MODEL_LOAD: Record<string, number> = {
  TZ370: 1.25,
  FX3100: 1.2,
  MX68: 1.1,
  'FortiGate 60F': 0.9,
  'USW-24-PoE': 1.1,
};

export function systemTest(device: ActionDevice, ctx: RunContext, rng: Rng): SystemTestResult {
  const p = PROFILES[device.kind];
  const load = MODEL_LOAD[device.model] ?? 1;
  // Each device has its own typical level (fixed by the seed) around which a run varies.
  const level = noise(ctx.seed, hashString(device.id), 0, 41);
  const within = (r: Range, spread: number) =>
    r[0] + (r[1] - r[0]) * Math.min(1, Math.max(0, level + uniform(rng, -spread, spread)));
  // Carrying the site over LTE costs some CPU (encryption, failover tracking).
  const cpu = within(p.cpu, 0.2) * load + (onBackup(device) ? uniform(rng, 3, 8) : 0);
  return {
    cpuPercent: round1(Math.min(98, cpu)),
    memoryPercent: round1(Math.min(95, within(p.memory, 0.1) * Math.sqrt(load))),
    sessions: Math.round(within(p.sessions, 0.25)),
    temperatureC: round1(within(p.temperature, 0.1) + (load - 1) * 10),
    uptimeSeconds: uptimeSeconds(device, ctx, rng),
  };
}

function uptimeSeconds(device: ActionDevice, ctx: RunContext, rng: Rng): number {
  const boot = device.lastBoot == null ? Number.NaN : new Date(device.lastBoot).getTime();
  if (Number.isFinite(boot) && boot <= ctx.nowMs) return Math.floor((ctx.nowMs - boot) / 1000);
  // No usable last boot: some days.
  return between(rng, 3600, 45 * 86400);
}

export function reboot(ctx: RunContext, durationMs: number, rng: Rng): RebootResult {
  const rebootedAt = ctx.nowMs + durationMs;
  // Back after 2–4 minutes of simulated time, in whole seconds.
  const expectedBackAt = rebootedAt + between(rng, 120, 240) * 1000;
  return {
    rebootedAt: new Date(rebootedAt).toISOString(),
    expectedBackAt: new Date(expectedBackAt).toISOString(),
  };
}

/** The device's LAN ports, in system-number order, with the given ones disabled. */
export function lanPortStates(device: ActionDevice, disabled: Iterable<number>): PortsResult {
  const off = new Set(disabled);
  return {
    ports: device.portMapping
      .filter((p) => !isWanPort(p))
      .map((p) => p.systemNumber)
      .sort((a, b) => a - b)
      .map((systemNumber) => ({ systemNumber, enabled: !off.has(systemNumber) })),
  };
}

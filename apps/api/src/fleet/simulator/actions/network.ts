import {
  isIPv4,
  type LanPingResult,
  type SpeedTestResult,
  type TracerouteResult,
  type WanTestResult,
} from '@vnoc/contracts';
import type { Vlan } from '../../../db/schema.ts';
import { between, hashString, noise, pick, type Rng, round1, uniform } from '../random.ts';
import { type ActionDevice, onBackup, type RunContext } from './device.ts';

// ---- addresses ----

const toInt = (ip: string) => ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);
const toIp = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');

/** A VLAN's network address and size; a malformed subnet counts as a /24 on 192.168.1.0. */
export function parseSubnet(subnet: string): { network: number; size: number } {
  const [ip = '', bits = ''] = subnet.split('/');
  const prefix = Number(bits);
  if (!isIPv4(ip) || !Number.isInteger(prefix) || prefix < 8 || prefix > 30)
    return { network: toInt('192.168.1.0'), size: 256 };
  const size = 2 ** (32 - prefix);
  return { network: Math.floor(toInt(ip) / size) * size, size };
}

/** The VLAN's gateway: the device itself, at the subnet's first host address. */
export const vlanGateway = (vlan: Vlan) => toIp(parseSubnet(vlan.subnet).network + 1);

/** First octets of public blocks (no private, CGNAT, loopback or multicast space). */
const PUBLIC_FIRST = [
  23, 38, 50, 64, 66, 68, 69, 71, 72, 73, 96, 98, 107, 108, 129, 144, 162, 173, 184, 199, 204, 206, 209,
];
const publicIp = (rng: Rng) =>
  `${pick(rng, PUBLIC_FIRST)}.${between(rng, 0, 255)}.${between(rng, 0, 255)}.${between(rng, 1, 254)}`;

/** Whether the link in use is cellular: a 5G appliance's own link, or a firewall's LTE backup. */
const cellular = (device: ActionDevice) => device.kind === '5g' || onBackup(device);

/** The device's modem quality, 0.3–1 (1 without a modem reading): scales cellular throughput. */
function signalFactor(device: ActionDevice): number {
  const sinr = device.modemSignalStatistics?.[0]?.sinr;
  if (sinr === null || sinr === undefined) return 0.75;
  return Math.min(1, Math.max(0.3, (sinr + 5) / 30));
}

// ---- WAN latency ----

/**
 * The device's usual WAN latency to 8.8.8.8, in ms: the engine's per-device value (20–42 ms), so
 * a WAN test agrees with the device's latency chart; on backup ×1.5 + 35 ms, as the engine samples it.
 */
export function usualLatency(device: ActionDevice, seed: number): number {
  const usual = 20 + 22 * noise(seed, hashString(device.id), 0, 1);
  return onBackup(device) ? usual * 1.5 + 35 : usual;
}

/** The provider's gateway as the device sees it: on a cellular link in carrier NAT space (100.64/10). */
function providerGateway(device: ActionDevice, seed: number): string {
  const key = hashString(`${device.id}:${cellular(device) ? 'cell' : 'wan'}`);
  const a = Math.floor(noise(seed, key, 0, 21) * 256);
  const b = Math.floor(noise(seed, key, 0, 22) * 256);
  return cellular(device)
    ? `100.${64 + (a % 64)}.${b}.1`
    : `${PUBLIC_FIRST[a % PUBLIC_FIRST.length]}.${b}.${a}.1`;
}

const PINGS = 20;

export function wanTest(device: ActionDevice, ctx: RunContext, rng: Rng): WanTestResult {
  const backup = onBackup(device);
  const usual = usualLatency(device, ctx.seed);
  const targets = [
    { target: '8.8.8.8', name: 'Google DNS', base: usual },
    { target: '1.1.1.1', name: 'Cloudflare DNS', base: usual * 0.9 },
    {
      target: providerGateway(device, ctx.seed),
      name: 'Provider gateway',
      base: backup ? usual * 0.6 : usual * 0.3,
    },
  ];
  return {
    link: backup ? 'backup' : 'primary',
    targets: targets.map(({ target, name, base }) => {
      const avg = Math.max(1, base + uniform(rng, -2, 2));
      const jitter = backup ? uniform(rng, 6, 20) : uniform(rng, 0.5, 4);
      const min = Math.max(0.5, avg - jitter * uniform(rng, 0.8, 1.6));
      const max = avg + jitter * uniform(rng, 2, 5);
      // Mostly clean; now and then a lost probe or two, more often over LTE.
      const lost = rng() < (backup ? 0.45 : 0.15) ? between(rng, 1, backup ? 4 : 2) : 0;
      return {
        target,
        name,
        sent: PINGS,
        min: round1(min),
        avg: round1(avg),
        max: round1(max),
        jitter: round1(jitter),
        loss: round1((lost / PINGS) * 100),
      };
    }),
  };
}

// ---- LAN ping ----

/** Devices without VLANs (access points, switches) ping their management network. */
const MANAGEMENT_VLAN: Vlan = { id: 1, name: 'Management', subnet: '192.168.1.0/24' };
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'host';
const LAN_PINGS = 5;

export function lanPing(device: ActionDevice, rng: Rng): LanPingResult {
  const vlans = device.vlans.length > 0 ? device.vlans : [MANAGEMENT_VLAN];
  const hosts: LanPingResult['hosts'] = [];
  for (const vlan of vlans) {
    const { network, size } = parseSubnet(vlan.subnet);
    const wireless = /guest|wi-?fi/i.test(vlan.name);
    const count = between(rng, 2, 3);
    // Distinct addresses past the gateway, each a little further up the subnet.
    let offset = Math.min(size - 2, 9);
    for (let h = 1; h <= count && offset < size - 2; h++) {
      offset = Math.min(size - 2, offset + between(rng, 1, Math.max(1, Math.floor((size - 12) / count))));
      const r = rng();
      const received = r < 0.85 ? LAN_PINGS : r < 0.92 ? LAN_PINGS - 1 : 0;
      const avg = wireless ? uniform(rng, 2, 12) : uniform(rng, 0.3, 2.5);
      hosts.push({
        host: `${slug(vlan.name)}-${String(h).padStart(2, '0')}`,
        ip: toIp(network + offset),
        vlan: vlan.id,
        sent: LAN_PINGS,
        received,
        avgMs: received === 0 ? null : round1(avg),
      });
    }
  }
  return { hosts };
}

// ---- speed test ----

/** Wired plans a firewall's primary WAN may have, download/upload in Mbps. */
const WIRED_PLANS = [
  { down: 100, up: 20 },
  { down: 300, up: 35 },
  { down: 500, up: 500 },
  { down: 940, up: 940 },
] as const;
/** A guest network is rate-limited at the appliance. */
const GUEST_CAP = { down: 50, up: 20 };

export function speedTest(device: ActionDevice, vlan: Vlan, ctx: RunContext, rng: Rng): SpeedTestResult {
  const backup = onBackup(device);
  const key = hashString(device.id);
  const signal = signalFactor(device);
  let down: number;
  let up: number;
  if (backup) {
    // LTE backup: a fraction of any primary link.
    down = uniform(rng, 8, 40) * signal;
    up = uniform(rng, 2, 10) * signal;
  } else if (device.kind === '5g') {
    down = uniform(rng, 120, 650) * signal;
    up = uniform(rng, 15, 90) * signal;
  } else {
    const plan = WIRED_PLANS[Math.floor(noise(ctx.seed, key, 0, 31) * WIRED_PLANS.length)] ?? WIRED_PLANS[0];
    down = plan.down * uniform(rng, 0.82, 0.97);
    up = plan.up * uniform(rng, 0.82, 0.97);
  }
  if (/guest/i.test(vlan.name)) {
    down = Math.min(down, GUEST_CAP.down * uniform(rng, 0.9, 0.99));
    up = Math.min(up, GUEST_CAP.up * uniform(rng, 0.9, 0.99));
  }
  // Latency under load: the usual latency plus some queueing.
  const latency = usualLatency(device, ctx.seed) + (backup ? uniform(rng, 15, 45) : uniform(rng, 3, 12));
  return {
    vlan: vlan.id,
    link: backup ? 'backup' : 'primary',
    downloadKbps: Math.round(down * 1000),
    uploadKbps: Math.round(up * 1000),
    latencyMs: round1(latency),
  };
}

// ---- traceroute ----

const METROS = ['chi', 'dal', 'atl', 'den', 'lax', 'sea', 'nyc', 'iad', 'phx', 'mia', 'kcy', 'stl'];
const CARRIERS = ['transitnet.net', 'backbone-one.net', 'corelink.net', 'metrofiber.net'];

export function traceroute(
  device: ActionDevice,
  vlan: Vlan,
  target: string,
  ctx: RunContext,
  rng: Rng,
): TracerouteResult {
  const backup = onBackup(device);
  const total = between(rng, 5, 12);
  const targetMs = usualLatency(device, ctx.seed) + uniform(rng, -2, 6);
  const hops: TracerouteResult['hops'] = [];
  const probes = (at: number, spread: number) =>
    [0, 1, 2].map(() => (rng() < 0.04 ? null : round1(Math.max(0.2, at + uniform(rng, -spread, spread)))));

  // 1: the VLAN's gateway, the device itself.
  hops.push({ hop: 1, host: null, ip: vlanGateway(vlan), ms: probes(uniform(rng, 0.4, 1.5), 0.3) });
  // 2: the provider's first, private hop: carrier NAT on cellular, an aggregation router on cable/fibre.
  let at = backup || device.kind === '5g' ? uniform(rng, 12, 30) : uniform(rng, 4, 10);
  const privateIp = cellular(device)
    ? `100.${between(rng, 64, 127)}.${between(rng, 0, 255)}.${between(rng, 1, 254)}`
    : `10.${between(rng, 0, 255)}.${between(rng, 0, 255)}.1`;
  hops.push({ hop: 2, host: null, ip: privateIp, ms: probes(at, backup ? 6 : 1.5) });
  // Public backbone hops, climbing to the target's latency; some routers do not answer ('*').
  const carrier = pick(rng, CARRIERS);
  const publicHops = total - 3;
  for (let k = 1; k <= publicHops; k++) {
    at += Math.max(0.5, (targetMs - at) / (publicHops - k + 2)) * uniform(rng, 0.7, 1.2);
    const hop = hops.length + 1;
    if (rng() < 0.15) {
      hops.push({ hop, host: null, ip: null, ms: [null, null, null] });
      continue;
    }
    const metro = pick(rng, METROS);
    hops.push({
      hop,
      host: `ae-${between(rng, 1, 12)}.cr${between(rng, 1, 4)}.${metro}${between(rng, 1, 3)}.${carrier}`,
      ip: publicIp(rng),
      ms: probes(at, backup ? 5 : 1),
    });
  }
  // The target answers last.
  const ip = isIPv4(target) ? target : publicIp(rng);
  hops.push({
    hop: hops.length + 1,
    host: isIPv4(target) ? null : target,
    ip,
    ms: [0, 1, 2].map(() => round1(Math.max(at, targetMs) + uniform(rng, -1, backup ? 8 : 2))),
  });
  return { target, vlan: vlan.id, hops };
}

import { existsSync } from 'node:fs';
import { readdir, readFile, statfs } from 'node:fs/promises';
import { hostname, type NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import {
  DEVICE_PROTOCOL_VERSION,
  type DeviceMonitoring,
  DeviceMonitoringSchema,
  type NetJsonInterface,
} from '@vnoc/contracts';
import type { Runner } from './exec.ts';
import {
  type CellularSignal,
  type DefaultRoute,
  type Neighbour,
  parseArp,
  parseDefaultRoute,
  parseDnsmasqLeases,
  parseLoadavg,
  parseMeminfo,
  parseMmcliList,
  parseMmcliSignal,
  parseMmcliState,
  parsePing,
  parseUptime,
} from './parse.ts';

/** What collection reads the host with: its file tree, its programs, its clock. */
export type HostAccess = {
  /** Where /proc and /sys are (a fixture tree in tests). */
  root: string;
  run: Runner;
  now: () => number;
  /** os.networkInterfaces (the addresses per interface). */
  addresses?: () => NodeJS.Dict<NetworkInterfaceInfo[]>;
  hostname?: () => string;
};

const read = (access: HostAccess, path: string) =>
  readFile(join(access.root, path), 'utf8').catch(() => null);

export async function readText(access: HostAccess, path: string): Promise<string | null> {
  return read(access, path);
}

export async function defaultRoute(access: HostAccess): Promise<DefaultRoute | null> {
  const text = await read(access, 'proc/net/route');
  return text ? parseDefaultRoute(text) : null;
}

export async function neighbours(access: HostAccess): Promise<Neighbour[]> {
  const text = await read(access, 'proc/net/arp');
  return text ? parseArp(text) : [];
}

/** NetJSON's interface type from what /sys says of it. */
async function interfaceType(access: HostAccess, dir: string, name: string): Promise<string> {
  const arpType = (await read(access, `${dir}/type`))?.trim();
  if (arpType === '772' || name === 'lo') return 'loopback';
  if (existsSync(join(access.root, dir, 'wireless')) || existsSync(join(access.root, dir, 'phy80211')))
    return 'wireless';
  if (existsSync(join(access.root, dir, 'bridge'))) return 'bridge';
  // A physical interface has a device link; veth, dummy, tun and the like do not.
  if (existsSync(join(access.root, dir, 'device')) && arpType === '1') return 'ethernet';
  return arpType === '1' ? 'virtual' : 'other';
}

const STATISTICS = [
  'rx_bytes',
  'tx_bytes',
  'rx_packets',
  'tx_packets',
  'rx_errors',
  'tx_errors',
  'rx_dropped',
  'tx_dropped',
  'collisions',
] as const;

/** IFF_UP in /sys/class/net/X/flags. */
const IFF_UP = 0x1;

/** Interfaces from /sys/class/net: state, MAC, MTU, counters, with their addresses. */
export async function collectInterfaces(access: HostAccess): Promise<NetJsonInterface[]> {
  const base = 'sys/class/net';
  const names = (await readdir(join(access.root, base)).catch(() => [] as string[])).sort();
  const addresses = (access.addresses ?? networkInterfaces)();
  const out: NetJsonInterface[] = [];
  for (const name of names) {
    const dir = `${base}/${name}`;
    const operstate = (await read(access, `${dir}/operstate`))?.trim();
    if (operstate === undefined) continue; // not an interface (e.g. bonding_masters)
    const flags = Number.parseInt((await read(access, `${dir}/flags`))?.trim() ?? '0', 16);
    // Loopback and some virtual links say "unknown": administratively up counts then.
    const up = operstate === 'up' || (operstate === 'unknown' && (flags & IFF_UP) !== 0);
    const iface: NetJsonInterface = { name, type: await interfaceType(access, dir, name), up };
    const mac = (await read(access, `${dir}/address`))?.trim();
    if (mac && mac !== '00:00:00:00:00:00') iface.mac = mac;
    const mtu = Number((await read(access, `${dir}/mtu`))?.trim());
    if (Number.isFinite(mtu) && mtu > 0) iface.mtu = mtu;
    const statistics: Record<string, number> = {};
    for (const key of STATISTICS) {
      const value = Number((await read(access, `${dir}/statistics/${key}`))?.trim() ?? Number.NaN);
      if (Number.isFinite(value) && value >= 0) statistics[key] = value;
    }
    if (Object.keys(statistics).length) iface.statistics = statistics;
    const own = addresses[name] ?? [];
    if (own.length)
      iface.addresses = own.map((a) => ({
        address: a.address,
        mask: a.cidr ? Number(a.cidr.split('/')[1]) : undefined,
        family: a.family === 'IPv4' ? 'ipv4' : 'ipv6',
      }));
    out.push(iface);
  }
  return out;
}

export async function collectResources(
  access: HostAccess,
): Promise<NonNullable<DeviceMonitoring['resources']>> {
  const resources: NonNullable<DeviceMonitoring['resources']> = {};
  const load = await read(access, 'proc/loadavg');
  if (load) resources.load = parseLoadavg(load);
  const cpuinfo = await read(access, 'proc/cpuinfo');
  if (cpuinfo) {
    const cpus = cpuinfo.split('\n').filter((l) => /^processor\s*:/.test(l)).length;
    if (cpus > 0) resources.cpus = cpus;
  }
  const meminfo = await read(access, 'proc/meminfo');
  if (meminfo) {
    const m = parseMeminfo(meminfo);
    resources.memory = {
      total: m.MemTotal,
      free: m.MemFree,
      available: m.MemAvailable,
      buffered: m.Buffers,
      cached: m.Cached,
      shared: m.Shmem,
    };
    if (m.SwapTotal !== undefined) resources.swap = { total: m.SwapTotal, free: m.SwapFree };
  }
  const fs = await statfs(access.root).catch(() => null);
  if (fs) {
    const size = fs.blocks * fs.bsize;
    const used = (fs.blocks - fs.bfree) * fs.bsize;
    resources.disk = [
      {
        mount_point: '/',
        size_bytes: size,
        used_bytes: used,
        available_bytes: fs.bavail * fs.bsize,
        used_percent: size > 0 ? Math.round((used / size) * 1000) / 10 : 0,
      },
    ];
  }
  return resources;
}

export type WanSample = NonNullable<NonNullable<DeviceMonitoring['vnoc']>['wan']>;

/** `ping -c 5` to the WAN target: latency (avg), jitter (mdev) and loss. */
export async function measureWan(
  access: HostAccess,
  route: DefaultRoute,
  target: string | undefined,
  interfaces: NetJsonInterface[],
): Promise<WanSample> {
  const ipAddress = interfaces
    .find((i) => i.name === route.interface)
    ?.addresses?.find((a) => a.family === 'ipv4')?.address;
  const wan: WanSample = { interface: route.interface };
  if (ipAddress) wan.ipAddress = ipAddress;
  const to = target ?? route.gateway ?? undefined;
  if (!to) return wan;
  wan.target = to;
  const result = await access.run(['ping', '-n', '-c', '5', '-i', '0.2', '-W', '1', to], {
    timeoutMs: 10_000,
  });
  const ping = parsePing(result.stdout);
  if (!ping) return wan;
  wan.latencyMs = ping.avg;
  wan.jitterMs = ping.mdev;
  wan.lossPercent = ping.lossPercent;
  return wan;
}

/** ModemManager's signal per modem, when `mmcli` is installed; none otherwise. */
export async function collectCellular(
  access: HostAccess,
): Promise<(CellularSignal & { linkStatus?: string })[]> {
  const list = await access.run(['mmcli', '-L', '-K'], { timeoutMs: 5_000 });
  if (list.missing || list.code !== 0) return [];
  const out: (CellularSignal & { linkStatus?: string })[] = [];
  for (const index of parseMmcliList(list.stdout).slice(0, 4)) {
    const signal = await access.run(['mmcli', '-m', String(index), '--signal-get', '-K'], {
      timeoutMs: 5_000,
    });
    const modem = await access.run(['mmcli', '-m', String(index), '-K'], { timeoutMs: 5_000 });
    const state = parseMmcliState(modem.stdout);
    for (const s of parseMmcliSignal(signal.stdout)) out.push(state ? { ...s, linkStatus: state } : s);
  }
  return out;
}

const LEASE_FILES = ['var/lib/misc/dnsmasq.leases', 'tmp/dhcp.leases', 'var/lib/dnsmasq/dnsmasq.leases'];

async function collectLeases(access: HostAccess, file: string | undefined) {
  for (const path of file ? [file.replace(/^\//, '')] : LEASE_FILES) {
    const text = await read(access, path);
    if (text !== null) return parseDnsmasqLeases(text);
  }
  return null;
}

export type CollectOptions = {
  wanTarget?: string;
  dhcpLeaseFile?: string;
  ports?: Record<string, string>;
  /** The LAN's VLAN id (config `lanVlan`; a host without VLANs: 1). */
  lanVlan?: number;
};

/** One report of the host, as the protocol's DeviceMonitoring (validated: it throws if it is not one). */
export async function collectReport(
  access: HostAccess,
  options: CollectOptions = {},
): Promise<DeviceMonitoring> {
  const sampledAt = access.now();
  const [interfaces, resources, route, uptimeText] = await Promise.all([
    collectInterfaces(access),
    collectResources(access),
    defaultRoute(access),
    read(access, 'proc/uptime'),
  ]);
  const [wan, cellular, leases] = await Promise.all([
    route ? measureWan(access, route, options.wanTarget, interfaces) : Promise.resolve(undefined),
    collectCellular(access),
    collectLeases(access, options.dhcpLeaseFile),
  ]);
  const uptime = uptimeText ? parseUptime(uptimeText) : null;
  const arp = await neighbours(access);
  const report: DeviceMonitoring = {
    type: 'DeviceMonitoring',
    general: {
      hostname: (access.hostname ?? hostname)(),
      local_time: Math.floor(sampledAt / 1000),
      ...(uptime !== null ? { uptime: Math.floor(uptime) } : {}),
    },
    resources,
    interfaces,
    neighbors: arp.map((n) => ({ ip: n.ip, mac: n.mac, interface: n.interface })),
    ...(leases ? { dhcp_leases: leases } : {}),
    vnoc: {
      protocol: DEVICE_PROTOCOL_VERSION,
      sampledAt,
      connection: route ? 'primary' : 'none',
      ...(wan ? { wan } : {}),
      ...(cellular.length ? { cellular } : {}),
      // The console offers the device's VLANs for its traceroute and speed test (and refuses any other).
      vlans: [{ id: options.lanVlan ?? 1, name: 'LAN' }],
      ...(options.ports && Object.keys(options.ports).length
        ? {
            ports: Object.keys(options.ports)
              .map(Number)
              .sort((a, b) => a - b)
              .map((n) => ({ id: n, systemNumber: n, type: 'LAN' })),
          }
        : {}),
    },
  };
  return DeviceMonitoringSchema.parse(report);
}

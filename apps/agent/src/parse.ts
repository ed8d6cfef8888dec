/**
 * Parsers of what the host's programs and kernel files print (run in the C locale). Pure: tests feed them
 * outputs captured on real hosts (apps/agent/test/fixtures/).
 */

export type PingSummary = {
  /** The address ping resolved the target to (its first line), when it printed one. */
  ip: string | null;
  sent: number;
  received: number;
  lossPercent: number;
  /** Round-trip times in ms; null when no reply came back. */
  min: number | null;
  avg: number | null;
  max: number | null;
  /** iputils' mdev (busybox prints none): the jitter figure. */
  mdev: number | null;
};

/** iputils' or busybox's `ping -c N` output; null when it printed no statistics (an unknown host). */
export function parsePing(output: string): PingSummary | null {
  const header = /^PING\s+\S+\s+\(([^)]+)\)/m.exec(output);
  const counts =
    /(\d+) packets transmitted, (\d+) (?:packets )?received(?:, \+\d+ (?:errors|duplicates))*, ([\d.]+)% packet loss/m.exec(
      output,
    );
  if (!counts) return null;
  const rtt =
    /(?:rtt|round-trip) min\/avg\/max(?:\/mdev)? = ([\d.]+)\/([\d.]+)\/([\d.]+)(?:\/([\d.]+))? ms/m.exec(
      output,
    );
  return {
    ip: header?.[1] ?? null,
    sent: Number(counts[1]),
    received: Number(counts[2]),
    lossPercent: Number(counts[3]),
    min: rtt ? Number(rtt[1]) : null,
    avg: rtt ? Number(rtt[2]) : null,
    max: rtt ? Number(rtt[3]) : null,
    mdev: rtt?.[4] !== undefined ? Number(rtt[4]) : null,
  };
}

export type Hop = { hop: number; host: string | null; ip: string | null; ms: (number | null)[] };

const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]+)$/;

/**
 * `traceroute -n -q N` output: one line per hop, probes as `1.032 ms` or `*`, optional `!H`-style flags. With
 * names (no -n) a hop reads `name (ip)`.
 */
export function parseTraceroute(output: string): Hop[] {
  const hops: Hop[] = [];
  for (const line of output.split('\n')) {
    const m = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const hop: Hop = { hop: Number(m[1]), host: null, ip: null, ms: [] };
    const tokens = (m[2] as string).trim().split(/\s+/);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as string;
      if (token === '*') hop.ms.push(null);
      else if (/^[\d.]+$/.test(token) && tokens[i + 1] === 'ms') {
        hop.ms.push(Number(token));
        i++;
      } else if (/^\(.+\)$/.test(token) && hop.ip === null) hop.ip = token.slice(1, -1);
      else if (ADDRESS.test(token) && hop.ip === null) hop.ip = token;
      else if (!token.startsWith('!') && hop.ip === null && hop.host === null) hop.host = token;
    }
    // A name is kept only with its `(ip)`: a word alone on the line is not a hop's name.
    if (hop.ip === null) hop.host = null;
    hops.push(hop);
  }
  return hops;
}

/**
 * `tracepath -n` output: `N:  ip  time ms` per probe (a hop may print several lines), `N:  no reply`, and the
 * `[LOCALHOST]` line of path MTU discovery (skipped).
 */
export function parseTracepath(output: string): Hop[] {
  const byHop = new Map<number, Hop>();
  for (const line of output.split('\n')) {
    const m = /^\s*(\d+)\??:\s+(.*)$/.exec(line);
    if (!m) continue;
    const rest = (m[2] as string).trim();
    if (rest.startsWith('[LOCALHOST]')) continue;
    const n = Number(m[1]);
    const hop = byHop.get(n) ?? { hop: n, host: null, ip: null, ms: [] };
    byHop.set(n, hop);
    if (rest.startsWith('no reply')) {
      hop.ms.push(null);
      continue;
    }
    const [address] = rest.split(/\s+/);
    if (address && ADDRESS.test(address) && hop.ip === null) hop.ip = address;
    const time = /([\d.]+)ms/.exec(rest);
    hop.ms.push(time ? Number(time[1]) : null);
  }
  return [...byHop.values()].sort((a, b) => a.hop - b.hop);
}

/** ModemManager's modem indexes from `mmcli -L` (human or `-K` output). */
export function parseMmcliList(output: string): number[] {
  return [...output.matchAll(/\/org\/freedesktop\/ModemManager1\/Modem\/(\d+)/g)].map((m) => Number(m[1]));
}

export type CellularSignal = {
  serviceType: string;
  rsrp: number | null;
  rsrq: number | null;
  sinr: number | null;
  rssi: number | null;
};

const TECHNOLOGIES: Record<string, string> = { lte: 'LTE', '5g': '5G', nr5g: '5G' };
const MEASURES: Record<string, keyof Omit<CellularSignal, 'serviceType'>> = {
  rsrp: 'rsrp',
  rsrq: 'rsrq',
  rssi: 'rssi',
  snr: 'sinr',
  's/n': 'sinr',
  sinr: 'sinr',
};

/**
 * `mmcli -m N --signal-get` (human or `-K` key-value output): the LTE and 5G measurements, one entry per
 * technology that has any (unknown values print as `--`). Other technologies carry no RSRP and are left out.
 */
export function parseMmcliSignal(output: string): CellularSignal[] {
  const found = new Map<string, CellularSignal>();
  const set = (tech: string, measure: string, raw: string) => {
    const serviceType = TECHNOLOGIES[tech.toLowerCase()];
    const key = MEASURES[measure.toLowerCase()];
    const value = Number.parseFloat(raw);
    if (!serviceType || !key || !Number.isFinite(value)) return;
    const entry = found.get(serviceType) ?? { serviceType, rsrp: null, rsrq: null, sinr: null, rssi: null };
    entry[key] = value;
    found.set(serviceType, entry);
  };
  let section = '';
  for (const line of output.split('\n')) {
    const kv = /^\s*modem\.signal\.([\w]+)\.([\w/]+)\s*:\s*(\S+)/.exec(line);
    if (kv) {
      set(kv[1] as string, kv[2] as string, kv[3] as string);
      continue;
    }
    const human = /^\s*([^|]*?)\s*\|\s*([\w/]+):\s*(\S+)/.exec(line);
    if (!human) continue;
    if (human[1]) section = human[1];
    set(section, human[2] as string, human[3] as string);
  }
  return [...found.values()];
}

/** `mmcli -m N` (human or `-K`): the modem's state (e.g. `connected`), for the report's link status. */
export function parseMmcliState(output: string): string | null {
  const kv = /^\s*modem\.generic\.state\s*:\s*(\S+)/m.exec(output);
  if (kv) return kv[1] as string;
  const human = /^\s*(?:Status\s*)?\|\s*state:\s*(?:\S*\[\d+m)?([a-z-]+)/m.exec(output);
  return human ? (human[1] as string) : null;
}

/** /proc/uptime: seconds since boot. */
export function parseUptime(text: string): number | null {
  const n = Number.parseFloat(text.trim().split(/\s+/)[0] ?? '');
  return Number.isFinite(n) ? n : null;
}

/** /proc/loadavg: the 1, 5 and 15-minute load averages. */
export function parseLoadavg(text: string): number[] {
  return text
    .trim()
    .split(/\s+/)
    .slice(0, 3)
    .map(Number)
    .filter((n) => Number.isFinite(n));
}

/** /proc/meminfo in bytes (the file says kB, which is KiB). */
export function parseMeminfo(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^(\w+(?:\(\w+\))?):\s+(\d+)(?:\s+kB)?/.exec(line);
    if (m) out[m[1] as string] = Number(m[2]) * (line.includes('kB') ? 1024 : 1);
  }
  return out;
}

/** /proc/stat's aggregate `cpu` line: busy and total jiffies (idle and iowait are not busy). */
export function parseCpuTimes(text: string): { busy: number; total: number } | null {
  const line = text.split('\n').find((l) => /^cpu\s/.test(l));
  if (!line) return null;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest and guest_nice are already in user and nice).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = values;
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return { busy: total - idle - iowait, total };
}

/** The CPU use between two /proc/stat readings, 0–100. */
export function cpuPercent(a: { busy: number; total: number }, b: { busy: number; total: number }): number {
  const total = b.total - a.total;
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, ((b.busy - a.busy) / total) * 100));
}

export type DefaultRoute = { interface: string; gateway: string | null };

/** Little-endian hex of /proc/net/route → dotted quad. */
function hexToIPv4(hex: string): string {
  const n = Number.parseInt(hex, 16);
  return [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255].join('.');
}

/** /proc/net/route: the default route (destination and mask 0, up) with the lowest metric. */
export function parseDefaultRoute(text: string): DefaultRoute | null {
  let best: (DefaultRoute & { metric: number }) | null = null;
  for (const line of text.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 8) continue;
    const [iface, destination, gateway, flags, , , metric, mask] = f as [
      string,
      string,
      string,
      string,
      ...string[],
    ];
    const up = (Number.parseInt(flags, 16) & 0x1) !== 0;
    if (!up || destination !== '00000000' || mask !== '00000000') continue;
    const route = {
      interface: iface,
      gateway: gateway === '00000000' ? null : hexToIPv4(gateway),
      metric: Number(metric),
    };
    if (!best || route.metric < best.metric) best = route;
  }
  return best ? { interface: best.interface, gateway: best.gateway } : null;
}

export type Neighbour = { ip: string; mac: string; interface: string };

/** /proc/net/arp: complete entries (flag 0x2) only. */
export function parseArp(text: string): Neighbour[] {
  const out: Neighbour[] = [];
  for (const line of text.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 6) continue;
    const [ip, , flags, mac, , device] = f as [string, string, string, string, string, string];
    if ((Number.parseInt(flags, 16) & 0x2) === 0 || mac === '00:00:00:00:00:00') continue;
    out.push({ ip, mac, interface: device });
  }
  return out;
}

export type DhcpLease = { expiry: number; mac: string; ip: string; client_name?: string; client_id?: string };

/** A dnsmasq lease file: `expiry mac ip name client-id` per line (`*` for none). */
export function parseDnsmasqLeases(text: string): DhcpLease[] {
  const out: DhcpLease[] = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 3 || !/^\d+$/.test(f[0] as string)) continue;
    const [expiry, mac, ip, name, clientId] = f as [string, string, string, string?, string?];
    const lease: DhcpLease = { expiry: Number(expiry), mac: mac.toLowerCase(), ip };
    if (name && name !== '*') lease.client_name = name;
    if (clientId && clientId !== '*') lease.client_id = clientId;
    out.push(lease);
  }
  return out;
}

/** /proc/net/tcp or tcp6: the number of sockets listed (every line after the header). */
export function countSockets(text: string): number {
  return text.split('\n').filter((l, i) => i > 0 && l.trim() !== '').length;
}

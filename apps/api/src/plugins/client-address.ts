import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or undefined when it is not one. */
function ipv6Groups(ip: string): string[] | undefined {
  const address = ip.split('%')[0] ?? '';
  if (!isIPv6(address)) return undefined;
  const [head = '', tail] = address.split('::');
  const parse = (part: string) => (part ? part.split(':') : []);
  let left = parse(head);
  let right = tail === undefined ? [] : parse(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4) is two groups.
  const embed = (groups: string[]) => {
    const last = groups[groups.length - 1];
    if (!last || !isIPv4(last)) return groups;
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    return [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  left = embed(left);
  right = embed(right);
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}

/**
 * The key rate limits and lockouts count a client by (issue 11): an IPv4 address as it is (an IPv4-mapped
 * IPv6 address as its IPv4), an IPv6 address by its /64 — one subscriber's network hands out a whole /64,
 * so counting single addresses would let one client rotate through millions of them.
 */
export function clientKeyOf(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [hi, lo] = [Number.parseInt(groups[6] ?? '0', 16), Number.parseInt(groups[7] ?? '0', 16)];
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether a TRUST_PROXY entry is an address, a CIDR or one of proxy-addr's names. */
export function isProxyEntry(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIPv4(address) ? 4 : isIPv6(address) ? 6 : 0;
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The one way the API fetches an address someone else chose (an organization's identity provider today,
 * webhooks later): never to this machine, the private network or a cloud's metadata service (SSRF).
 *
 * - https only, unless the configuration says this is a development install (allowHttp);
 * - the host is resolved once and every address it resolves to must be public; the connection is made to
 *   that checked address (the Host header and TLS SNI still name the host), so a second DNS answer cannot
 *   point it elsewhere (DNS rebinding);
 * - redirects are never followed (a 3xx is an error), answers are capped in time and size.
 */

export type RefusedReason =
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'unspecified'
  | 'metadata'
  | 'reserved';

const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

const RANGES: [RefusedReason, string, number, 'ipv4' | 'ipv6'][] = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['shared', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  // NAT64 and 6to4 carry an IPv4 address the gateway connects to: refused rather than decoded.
  ['reserved', '64:ff9b::', 96, 'ipv6'],
  ['reserved', '2002::', 16, 'ipv6'],
  ['unique-local', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['reserved', 'fec0::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
];

const LISTS = new Map<RefusedReason, BlockList>();
for (const [reason, network, prefix, type] of RANGES) {
  const list = LISTS.get(reason) ?? new BlockList();
  list.addSubnet(network, prefix, type);
  LISTS.set(reason, list);
}

/** The eight 16-bit groups of an IPv6 address (without a zone), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...more] = text.split('::');
  if (more.length > 0 || head === undefined) return undefined;
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array(fill).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : undefined;
}

/** The IPv4 address an IPv6 one carries as IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d). */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address.replace(/%.*$/, ''));
  if (!g || g.slice(0, 5).some((x) => x !== 0) || (g[5] !== 0xffff && g[5] !== 0)) return undefined;
  const hi = g[6] as number;
  const lo = g[7] as number;
  // ::, ::1 are IPv6's own unspecified and loopback.
  if (g[5] === 0 && hi === 0) return undefined;
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** Why an address must not be fetched from, or undefined for a public one. Not an address → 'reserved'. */
export function refusedAddress(address: string): RefusedReason | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'reserved';
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return refusedAddress(v4);
    // The canonical (compressed, lower-case) spelling, whichever way the address was written.
    if (METADATA.has(new URL(`http://[${bare}]`).hostname.slice(1, -1))) return 'metadata';
  }
  if (METADATA.has(bare.toLowerCase())) return 'metadata';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [reason, list] of LISTS) if (list.check(bare, type)) return reason;
  return undefined;
}

/** Why an outbound request was not made or not used; `message` is safe to show and to log. */
export class OutboundError extends Error {
  constructor(
    readonly kind: 'url' | 'address' | 'dns' | 'redirect' | 'status' | 'timeout' | 'size' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export type ResolvedAddress = { address: string; family: number };
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutboundOptions = {
  /** Plain http allowed (development installs only). */
  allowHttp: boolean;
  /**
   * Loopback addresses allowed (development installs only, WEBHOOKS_ALLOW_LOOPBACK=1: a receiver on the developer's
   * own machine); every other refused range stays refused.
   */
  allowLoopback?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** DNS resolution (tests answer their own names). */
  resolve?: Resolve;
  /**
   * Addresses the caller vouches for although the rules refuse them (tests' own servers on 127.0.0.1, by
   * port). Never set from configuration: a trusted in-process service is trusted through its keys instead.
   */
  permit?: (target: { address: string; port: number }) => boolean;
};

export type OutboundRequest = {
  method?: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
};

export type OutboundResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export type Outbound = {
  /** Checks a URL as `request` would (scheme, resolved addresses) without fetching it. */
  check(url: string): Promise<void>;
  request(url: string, init?: OutboundRequest): Promise<OutboundResponse>;
  /** GET of a JSON document: a non-2xx answer, non-JSON or anything `request` refuses is an OutboundError. */
  json(url: string, init?: OutboundRequest): Promise<unknown>;
};

export const OUTBOUND_TIMEOUT_MS = 5_000;
export const OUTBOUND_MAX_BYTES = 256 * 1024;

const systemResolve: Resolve = async (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export function createOutbound(options: OutboundOptions): Outbound {
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? OUTBOUND_MAX_BYTES;
  const resolve = options.resolve ?? systemResolve;

  /** The URL parsed and the one checked address to connect to. */
  async function vet(raw: string): Promise<{ url: URL; target: ResolvedAddress; port: number }> {
    if (!URL.canParse(raw)) throw new OutboundError('url', 'The address is not a URL.');
    const url = new URL(raw);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowHttp)) {
      throw new OutboundError('url', 'The address must start with https://.');
    }
    if (url.username || url.password)
      throw new OutboundError('url', 'The address must not carry credentials.');
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: ResolvedAddress[];
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await resolve(host);
      } catch {
        throw new OutboundError('dns', `${host} could not be resolved.`);
      }
    }
    if (addresses.length === 0) throw new OutboundError('dns', `${host} could not be resolved.`);
    // Every address must pass: a name with one public and one private address is refused.
    for (const { address } of addresses) {
      if (options.permit?.({ address, port })) continue;
      const reason = refusedAddress(address);
      if (reason === 'loopback' && options.allowLoopback) continue;
      if (reason) throw new OutboundError('address', `${host} is a ${reason} address, not a public one.`);
    }
    return { url, target: addresses[0] as ResolvedAddress, port };
  }

  async function request(raw: string, init: OutboundRequest = {}): Promise<OutboundResponse> {
    const { url, target, port } = await vet(raw);
    // The connection goes to the checked address, whatever a later DNS answer would say.
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<OutboundResponse>((resolvePromise, reject) => {
      const req = client.request(
        {
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[|\]$/g, ''),
          port,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? 'GET',
          headers: init.headers,
          lookup: pinned,
          // A fresh connection each time: a pooled socket is never reused for another name.
          agent: false,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            res.destroy();
            reject(new OutboundError('redirect', `${url.host} answered a redirect, which is not followed.`));
            return;
          }
          const declared = Number(res.headers['content-length']);
          if (Number.isFinite(declared) && declared > maxBytes) {
            res.destroy();
            reject(new OutboundError('size', `${url.host} answered more than ${maxBytes} bytes.`));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              res.destroy();
              reject(new OutboundError('size', `${url.host} answered more than ${maxBytes} bytes.`));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () => resolvePromise({ status, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', () => reject(new OutboundError('network', `${url.host} did not answer.`)));
        },
      );
      // One deadline for the whole exchange: connecting, the headers and the last byte of the body.
      const deadline = setTimeout(() => {
        reject(new OutboundError('timeout', `${url.host} did not answer within ${timeoutMs} ms.`));
        req.destroy();
      }, timeoutMs);
      deadline.unref();
      const done = () => clearTimeout(deadline);
      req.on('error', (error) => {
        done();
        reject(
          error instanceof OutboundError
            ? error
            : new OutboundError('network', `${url.host} did not answer.`),
        );
      });
      req.on('close', done);
      req.end(init.body);
    });
  }

  return {
    async check(url) {
      await vet(url);
    },
    request,
    async json(url, init = {}) {
      const response = await request(url, {
        ...init,
        headers: { accept: 'application/json', ...init.headers },
      });
      if (response.status < 200 || response.status > 299) {
        throw new OutboundError('status', `${new URL(url).host} answered ${response.status}.`);
      }
      try {
        return JSON.parse(response.body.toString('utf8')) as unknown;
      } catch {
        throw new OutboundError('status', `${new URL(url).host} did not answer JSON.`);
      }
    },
  };
}

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, OutboundError, type RefusedReason, refusedAddress } from '../src/net/outbound.ts';

describe('refusedAddress: the addresses the API never fetches from', () => {
  const table: [string, RefusedReason | undefined][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['FD00:EC2:0:0:0:0:0:254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    // IPv4-mapped and IPv4-compatible IPv6 forms are the IPv4 address they carry.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:100.64.1.1', 'shared'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['not-an-address', 'reserved'],
    // Public addresses pass.
    ['93.184.216.34', undefined],
    ['8.8.8.8', undefined],
    ['100.63.255.255', undefined],
    ['100.128.0.1', undefined],
    ['172.32.0.1', undefined],
    ['2606:4700:4700::1111', undefined],
    ['::ffff:8.8.8.8', undefined],
  ];
  it.each(table)('%s → %s', (address, reason) => {
    expect(refusedAddress(address)).toBe(reason);
  });
});

/** A real server on 127.0.0.1 that counts what reaches it. */
let server: Server;
let port: number;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` });
      return res.end();
    }
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ pad: 'x'.repeat(4096) }));
    }
    if (req.url === '/stall') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
      return; // never ends
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, host: req.headers.host }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof OutboundError ? error.kind : error),
  );

describe('createOutbound: the one guard of outbound requests', () => {
  it('refuses a loopback server by address, by name, and by a name resolving to it (nothing reaches it)', async () => {
    const strict = createOutbound({ allowHttp: true });
    const before = seen.length;
    expect(await refusal(strict.json(`http://127.0.0.1:${port}/`))).toBe('address');
    expect(await refusal(strict.json(`http://[::ffff:127.0.0.1]:${port}/`))).toBe('address');
    expect(await refusal(strict.json(`http://localhost:${port}/`))).toBe('address');
    // Decimal, hex and short IPv4 spellings are the same address once the URL is parsed.
    for (const host of ['2130706433', '0x7f.1', '127.1', '0177.0.0.1'])
      expect(await refusal(strict.json(`http://${host}:${port}/`)), host).toBe('address');
    const rebinding = createOutbound({
      allowHttp: true,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    expect(await refusal(rebinding.json(`http://idp.example:${port}/`))).toBe('address');
    const metadata = createOutbound({
      allowHttp: true,
      resolve: async () => [{ address: '169.254.169.254', family: 4 }],
    });
    expect(await refusal(metadata.json('http://metadata.example/latest/meta-data/'))).toBe('address');
    expect(seen.length).toBe(before);
  });

  it('allows loopback only when told (WEBHOOKS_ALLOW_LOOPBACK), every other refused range still refused', async () => {
    const development = createOutbound({
      allowHttp: true,
      allowLoopback: true,
      resolve: async (host) => [
        { address: host === 'private.example' ? '10.0.0.7' : '127.0.0.1', family: 4 },
      ],
    });
    const before = seen.length;
    expect(await development.json(`http://127.0.0.1:${port}/`)).toBeDefined();
    expect(await development.json(`http://localhost.example:${port}/`)).toBeDefined();
    expect(seen.length).toBe(before + 2);
    for (const url of [
      'http://10.0.0.1/',
      'http://169.254.169.254/',
      'http://[fe80::1]/',
      'http://private.example/',
    ])
      expect(await refusal(development.check(url)), url).toBe('address');
  });

  it('refuses plain http unless the configuration allows it, and credentials in the address', async () => {
    const production = createOutbound({ allowHttp: false });
    expect(await refusal(production.check('http://idp.example/'))).toBe('url');
    expect(await refusal(production.check('ftp://idp.example/'))).toBe('url');
    expect(await refusal(production.check('https://user:pw@idp.example/'))).toBe('url');
  });

  // A guard that vouches for this test's server only, to exercise what happens once connected.
  const permitted = (options: { timeoutMs?: number; maxBytes?: number } = {}) =>
    createOutbound({
      allowHttp: true,
      permit: (target) => target.address === '127.0.0.1' && target.port === port,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      ...options,
    });

  it('connects to the checked address with the Host of the name (pinned: no second resolution)', async () => {
    let resolutions = 0;
    const outbound = createOutbound({
      allowHttp: true,
      permit: (target) => target.address === '127.0.0.1' && target.port === port,
      resolve: async () => {
        resolutions += 1;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(await outbound.json(`http://idp.example:${port}/doc`)).toEqual({
      ok: true,
      host: `idp.example:${port}`,
    });
    expect(resolutions).toBe(1);
  });

  it('never follows a redirect: a 3xx is an error and its target is not fetched', async () => {
    const before = seen.length;
    expect(await refusal(permitted().json(`http://idp.example:${port}/redirect`))).toBe('redirect');
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/redirect']);
  });

  it('caps the answer in size and in time', async () => {
    expect(await refusal(permitted({ maxBytes: 1024 }).json(`http://idp.example:${port}/big`))).toBe('size');
    expect(await refusal(permitted({ timeoutMs: 200 }).json(`http://idp.example:${port}/stall`))).toBe(
      'timeout',
    );
  });
});

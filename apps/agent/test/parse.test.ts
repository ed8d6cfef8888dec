import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countSockets,
  cpuPercent,
  parseArp,
  parseCpuTimes,
  parseDefaultRoute,
  parseDnsmasqLeases,
  parseLoadavg,
  parseMeminfo,
  parseMmcliList,
  parseMmcliSignal,
  parseMmcliState,
  parsePing,
  parseTracepath,
  parseTraceroute,
  parseUptime,
} from '../src/parse.ts';

/**
 * The ping, traceroute and tracepath fixtures are real outputs captured on the build machine (Debian 12,
 * iputils 20221126, traceroute 2.1.2) between network namespaces: a site behind a router (10.77.1.1) in front of
 * a host (10.77.2.2). The busybox ping is OpenWrt's format. The mmcli fixtures follow ModemManager 1.20's
 * key-value (-K) and human outputs (no modem on the build machine to capture them from).
 */
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('parsePing', () => {
  it.each([
    [
      'ping-loopback.txt',
      {
        ip: '127.0.0.1',
        sent: 5,
        received: 5,
        lossPercent: 0,
        min: 0.023,
        avg: 0.034,
        max: 0.043,
        mdev: 0.006,
      },
    ],
    [
      'ping-two-hops.txt',
      {
        ip: '10.77.2.2',
        sent: 5,
        received: 5,
        lossPercent: 0,
        min: 0.031,
        avg: 0.048,
        max: 0.053,
        mdev: 0.008,
      },
    ],
    [
      'ping-no-reply.txt',
      {
        ip: '10.77.1.7',
        sent: 4,
        received: 0,
        lossPercent: 100,
        min: null,
        avg: null,
        max: null,
        mdev: null,
      },
    ],
    [
      'ping-busybox.txt',
      {
        ip: '192.168.1.1',
        sent: 3,
        received: 3,
        lossPercent: 0,
        min: 0.387,
        avg: 0.443,
        max: 0.512,
        mdev: null,
      },
    ],
  ])('%s', (file, expected) => {
    expect(parsePing(fixture(file))).toMatchObject(expected);
  });

  it('answers null when ping printed no statistics (an unknown host)', () => {
    expect(parsePing(fixture('ping-unknown-host.txt'))).toBeNull();
  });

  it('reads partial loss with errors', () => {
    const out =
      '3 packets transmitted, 1 received, +2 errors, 66.6667% packet loss, time 2003ms\nrtt min/avg/max/mdev = 1.5/1.5/1.5/0.000 ms';
    expect(parsePing(out)).toMatchObject({ sent: 3, received: 1, lossPercent: 66.6667, avg: 1.5, mdev: 0 });
  });
});

describe('parseTraceroute', () => {
  it.each([
    [
      'traceroute-two-hops.txt',
      [
        { hop: 1, host: null, ip: '10.77.1.1', ms: [0.026] },
        { hop: 2, host: null, ip: '10.77.2.2', ms: [0.014] },
      ],
    ],
    ['traceroute-loopback.txt', [{ hop: 1, host: null, ip: '127.0.0.1', ms: [0.023] }]],
    // What the agent runs (three probes a hop, `-q 3`), captured on this machine.
    ['traceroute-loopback-3.txt', [{ hop: 1, host: null, ip: '127.0.0.1', ms: [0.03, 0.005, 0.006] }]],
    [
      'traceroute-stars.txt',
      [
        { hop: 1, host: null, ip: '10.77.1.1', ms: [0.027] },
        { hop: 2, host: null, ip: null, ms: [null] },
        { hop: 3, host: null, ip: null, ms: [null] },
      ],
    ],
    ['traceroute-unreachable.txt', [{ hop: 1, host: null, ip: '10.77.1.1', ms: [0.033] }]],
    [
      'traceroute-names.txt',
      [
        { hop: 1, host: null, ip: null, ms: [null] },
        { hop: 2, host: null, ip: '10.77.2.2', ms: [0.016] },
      ],
    ],
  ])('%s', (file, hops) => {
    expect(parseTraceroute(fixture(file))).toEqual(hops);
  });

  it('keeps a hop name apart from its address, and several probes per hop', () => {
    expect(parseTraceroute(' 1  gw.branch.lan (192.168.1.1)  0.512 ms  0.401 ms *\n')).toEqual([
      { hop: 1, host: 'gw.branch.lan', ip: '192.168.1.1', ms: [0.512, 0.401, null] },
    ]);
  });
});

describe('parseTracepath', () => {
  it('merges the probes of a hop and skips the path MTU line', () => {
    expect(parseTracepath(fixture('tracepath-two-hops.txt'))).toEqual([
      { hop: 1, host: null, ip: '10.77.1.1', ms: [0.087, 0.011] },
      { hop: 2, host: null, ip: '10.77.2.2', ms: [0.017] },
    ]);
  });

  it('gives hops that did not answer null addresses and times', () => {
    expect(parseTracepath(fixture('tracepath-no-reply.txt'))).toEqual(
      [1, 2, 3].map((hop) => ({ hop, host: null, ip: null, ms: [null] })),
    );
  });
});

describe('mmcli', () => {
  it.each([
    ['mmcli-list.txt', [0]],
    ['mmcli-list-human.txt', [0, 3]],
    ['mmcli-list-none.txt', []],
  ])('lists modems from %s', (file, ids) => {
    expect(parseMmcliList(fixture(file))).toEqual(ids);
  });

  it.each([
    ['mmcli-signal.txt', [{ serviceType: 'LTE', rsrp: -95, rsrq: -11, sinr: 12.4, rssi: -67 }]],
    [
      'mmcli-signal-human.txt',
      [
        { serviceType: 'LTE', rsrp: -101, rsrq: -12, sinr: 7.2, rssi: -71 },
        { serviceType: '5G', rsrp: -88, rsrq: -10, sinr: 18, rssi: null },
      ],
    ],
    ['mmcli-signal-unset.txt', []],
  ])('reads the signal of %s', (file, signal) => {
    expect(parseMmcliSignal(fixture(file))).toEqual(signal);
  });

  it('reads the modem state', () => {
    expect(parseMmcliState(fixture('mmcli-modem.txt'))).toBe('connected');
    expect(parseMmcliState('  Status   |   state: registered\n')).toBe('registered');
    expect(parseMmcliState('')).toBeNull();
  });
});

describe('/proc', () => {
  const proc = (name: string) => fixture(`host/proc/${name}`);

  it('reads uptime, load and memory in bytes', () => {
    expect(parseUptime(proc('uptime'))).toBeGreaterThan(0);
    expect(parseUptime('350735.47 234388.90\n')).toBe(350735.47);
    expect(parseLoadavg('0.12 0.08 0.05 1/123 4567\n')).toEqual([0.12, 0.08, 0.05]);
    const m = parseMeminfo(
      'MemTotal:        1015808 kB\nMemFree:          512000 kB\nHugePages_Total:       0\n',
    );
    expect(m).toEqual({ MemTotal: 1015808 * 1024, MemFree: 512000 * 1024, HugePages_Total: 0 });
    const real = parseMeminfo(proc('meminfo'));
    expect(real.MemTotal).toBeGreaterThan(real.MemAvailable as number);
  });

  it('measures CPU use between two /proc/stat readings', () => {
    const a = parseCpuTimes('cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 50 0 50 400 0 0 0 0 0 0\n');
    const b = parseCpuTimes('cpu  150 0 150 900 0 0 0 0 0 0\n');
    expect(a).toEqual({ busy: 200, total: 1000 });
    expect(cpuPercent(a as never, b as never)).toBe(50);
    expect(cpuPercent(a as never, a as never)).toBe(0);
    expect(parseCpuTimes(proc('stat'))?.total).toBeGreaterThan(0);
    expect(parseCpuTimes('intr 1 2 3')).toBeNull();
  });

  it('finds the default route and its gateway', () => {
    expect(parseDefaultRoute(proc('net/route'))).toEqual({ interface: 'eth0', gateway: '192.0.2.1' });
    const two =
      'Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask\tMTU\tWindow\tIRTT\n' +
      'wwan0\t00000000\t00000000\t0001\t0\t0\t700\t00000000\t0\t0\t0\n' +
      'eth1\t00000000\t0101A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0\n' +
      'eth2\t00000000\t0102A8C0\t0002\t0\t0\t1\t00000000\t0\t0\t0\n';
    // eth2's route is not up (flag 0x1 missing); the lowest metric wins.
    expect(parseDefaultRoute(two)).toEqual({ interface: 'eth1', gateway: '192.168.1.1' });
    expect(parseDefaultRoute('Iface\tDestination\n')).toBeNull();
  });

  it('keeps complete neighbour entries only', () => {
    expect(parseArp(proc('net/arp'))).toEqual([
      { ip: '192.0.2.1', mac: '02:fc:00:00:00:05', interface: 'eth0' },
      { ip: '192.168.1.20', mac: 'a4:5e:60:00:00:01', interface: 'wlan0' },
    ]);
  });

  it('reads dnsmasq leases', () => {
    expect(parseDnsmasqLeases(fixture('host/var/lib/misc/dnsmasq.leases'))).toEqual([
      {
        expiry: 1795953600,
        mac: 'a4:5e:60:00:00:01',
        ip: '192.168.1.20',
        client_name: 'laptop',
        client_id: '01:a4:5e:60:00:00:01',
      },
      { expiry: 1795957200, mac: 'a4:5e:60:00:00:02', ip: '192.168.1.21' },
    ]);
  });

  it('counts sockets in /proc/net/tcp', () => {
    expect(countSockets(proc('net/tcp'))).toBe(3);
    expect(countSockets('  sl  local_address\n')).toBe(0);
  });
});

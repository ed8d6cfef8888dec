import {
  ACTION_SCHEMAS,
  DIAGNOSTIC_ACTIONS,
  type DiagnosticAction,
  DisableLanPortsRequestSchema,
  HOST_OR_IP_MESSAGE,
  HostOrIpSchema,
  JobSchema,
  SpeedTestRequestSchema,
  summarizeJobs,
  TracerouteRequestSchema,
} from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.ts';
import { generateFleet } from '../src/fleet/seed-fleet.ts';
import {
  ACTION_DURATIONS,
  ACTION_MESSAGES,
  type ActionDevice,
  applyActionEffect,
  REFUSAL_DURATION,
  runAction,
  usualLatency,
  validateActionParams,
} from '../src/fleet/simulator/actions/index.ts';

const SEED = 42;
const NOW = Date.parse('2025-03-10T15:00:00.000Z');
const ctx = { seed: SEED, nowMs: NOW };

const VLANS = [
  { id: 1, name: 'Corporate', subnet: '10.0.5.0/26' },
  { id: 20, name: 'POS', subnet: '10.0.5.64/26' },
  { id: 30, name: 'Guest', subnet: '10.0.5.128/26' },
];
const ports = (n: number, wan: number) =>
  Array.from({ length: n }, (_, p) => ({
    id: p + 1,
    systemNumber: p + 1,
    type: p < wan ? (p === 0 ? 'WAN' : 'WAN2') : 'LAN',
  }));

const firewall: ActionDevice = {
  id: '4f1c2a77-9b1e-4c3d-8e2f-0a1b2c3d4e5f',
  kind: 'firewall',
  model: 'FortiGate 60F',
  status: 'online',
  connection: 'primary',
  lastBoot: new Date(NOW - 3 * 86_400_000),
  vlans: VLANS,
  portMapping: ports(10, 2),
  modemSignalStatistics: [],
};
const fiveG: ActionDevice = {
  id: '9a8b7c6d-1e2f-4a3b-9c4d-5e6f7a8b9c0d',
  kind: '5g',
  model: 'E300',
  status: 'online',
  connection: 'primary',
  lastBoot: new Date(NOW - 86_400_000).toISOString(),
  vlans: VLANS,
  portMapping: ports(5, 1),
  modemSignalStatistics: [
    { linkStatus: 'connected', serviceType: '5G NR', rsrp: -90, rsrq: -9, sinr: 18, rssi: -65 },
  ],
};
const accessPoint: ActionDevice = {
  id: '11111111-2222-4333-8444-555555555555',
  kind: 'access-point',
  model: 'AP-515',
  status: 'online',
  lastBoot: null,
  vlans: [],
  portMapping: ports(2, 0),
};
const onBackup = (d: ActionDevice): ActionDevice => ({ ...d, status: 'onbackup', connection: 'secondary' });

const PARAMS: Record<DiagnosticAction, unknown> = {
  reboot: {},
  wantest: undefined,
  lanpingtest: {},
  systemTest: {},
  speedtest: { vlan: 20 },
  traceroute: { vlan: 1, ip: 'gw-01.example.com' },
  disableLanPorts: { ports: [3, 4] },
  revertLanPorts: {},
};

function ok<A extends DiagnosticAction>(
  device: ActionDevice,
  action: A,
  params: unknown = PARAMS[action],
  c = ctx,
) {
  const run = runAction(device, action, params, c);
  if (!run.outcome.ok) throw new Error(`${action} failed: ${run.outcome.error}`);
  return { durationMs: run.durationMs, result: run.outcome.result };
}

function refusal(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return { status: e.statusCode, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('results', () => {
  const devices = [firewall, fiveG, accessPoint, onBackup(firewall), onBackup(fiveG)];
  it.each(DIAGNOSTIC_ACTIONS)(
    '%s: every device kind and link answers a result its schema accepts',
    (action) => {
      for (const device of devices) {
        if (device.kind === 'access-point' && (action === 'speedtest' || action === 'traceroute')) continue;
        const params =
          device.kind === 'access-point' && action === 'disableLanPorts' ? { ports: [2] } : undefined;
        const { result } = ok(device, action, params ?? PARAMS[action]);
        expect(ACTION_SCHEMAS[action].result.parse(result)).toEqual(result);
      }
    },
  );

  it('every action on every up device of a generated fleet parses, at several times', () => {
    const { devices: fleet } = generateFleet(
      7,
      [
        {
          id: 'a0000000-0000-4000-8000-000000000001',
          name: 'o',
          siteLabel: 'S',
          aliasPrefix: 'S',
          accountHolder: 'H',
          vlanName: 'POS',
        },
      ],
      30,
      new Date(NOW),
    );
    const up = fleet.filter((d) => d.status === 'online' || d.status === 'onbackup');
    expect(up.length).toBeGreaterThan(30);
    let runs = 0;
    for (const device of up)
      for (const action of DIAGNOSTIC_ACTIONS)
        for (const nowMs of [NOW, NOW + 61_000, NOW + 3_600_000]) {
          const lan = device.portMapping.find((p) => p.type === 'LAN');
          const vlan = device.vlans[0]?.id;
          const params =
            action === 'disableLanPorts'
              ? { ports: [lan?.systemNumber] }
              : action === 'speedtest' || action === 'traceroute'
                ? { vlan, ip: '8.8.4.4' }
                : {};
          if (vlan === undefined && (action === 'speedtest' || action === 'traceroute')) continue;
          const { result } = ok(device, action, params, { seed: SEED, nowMs });
          ACTION_SCHEMAS[action].result.parse(result);
          runs++;
        }
    expect(runs).toBeGreaterThan(500);
  });

  it('WAN test probes 8.8.8.8, 1.1.1.1 and the provider gateway, with min ≤ avg ≤ max', () => {
    const { result } = ok(firewall, 'wantest');
    expect(result.targets.map((t) => t.target).slice(0, 2)).toEqual(['8.8.8.8', '1.1.1.1']);
    expect(result.targets[2]?.name).toBe('Provider gateway');
    for (const t of result.targets) {
      expect(t.min).toBeLessThanOrEqual(t.avg);
      expect(t.avg).toBeLessThanOrEqual(t.max);
    }
    // The probe to 8.8.8.8 agrees with the device's usual latency (the engine's WAN samples).
    expect(Math.abs((result.targets[0]?.avg ?? 0) - usualLatency(firewall, SEED))).toBeLessThanOrEqual(2.1);
  });

  it('WAN test loses a probe sometimes, more often on backup', () => {
    const lossy = (d: ActionDevice) =>
      Array.from(
        { length: 200 },
        (_, i) => ok(d, 'wantest', {}, { seed: SEED, nowMs: NOW + i * 60_000 }).result,
      )
        .flatMap((r) => r.targets)
        .filter((t) => t.loss > 0).length;
    const primary = lossy(firewall);
    const backup = lossy(onBackup(firewall));
    expect(primary).toBeGreaterThan(0);
    expect(primary).toBeLessThan(600 * 0.3);
    expect(backup).toBeGreaterThan(primary);
  });

  it('LAN ping answers per host on each VLAN subnet', () => {
    const { result } = ok(firewall, 'lanpingtest');
    expect(new Set(result.hosts.map((h) => h.vlan))).toEqual(new Set([1, 20, 30]));
    const inSubnet = { 1: [0, 63], 20: [64, 127], 30: [128, 191] } as const;
    for (const h of result.hosts) {
      expect(h.ip).toMatch(/^10\.0\.5\.\d+$/);
      const last = Number(h.ip.split('.')[3]);
      const [lo, hi] = inSubnet[h.vlan as 1 | 20 | 30];
      expect(last).toBeGreaterThan(lo + 1); // past the network address and the gateway
      expect(last).toBeLessThan(hi); // before the broadcast address
      expect(h.avgMs === null).toBe(h.received === 0);
    }
    expect(new Set(result.hosts.map((h) => h.ip)).size).toBe(result.hosts.length);
  });

  it('system test is plausible per model class, uptime from the last boot', () => {
    const fw = ok(firewall, 'systemTest').result;
    expect(fw.uptimeSeconds).toBe(3 * 86_400);
    expect(fw.sessions).toBeGreaterThanOrEqual(150);
    const ap = ok(accessPoint, 'systemTest').result;
    expect(ap.sessions).toBeLessThanOrEqual(45);
    expect(ok(fiveG, 'systemTest').result.uptimeSeconds).toBe(86_400);
  });

  it('speed test: a firewall outruns LTE backup, a guest VLAN is capped', () => {
    const fw = ok(firewall, 'speedtest', { vlan: 1 }).result;
    expect(fw.vlan).toBe(1);
    expect(fw.downloadKbps).toBeGreaterThanOrEqual(80_000);
    const guest = ok(firewall, 'speedtest', { vlan: 30 }).result;
    expect(guest.downloadKbps).toBeLessThanOrEqual(50_000);
    expect(guest.uploadKbps).toBeLessThanOrEqual(20_000);
  });

  it('traceroute: 5–12 hops, private first hops, public then, the target last', () => {
    let silent = 0;
    for (let i = 0; i < 50; i++) {
      const { result } = ok(
        firewall,
        'traceroute',
        { vlan: 20, ip: '9.9.9.9' },
        { seed: SEED, nowMs: NOW + i * 1000 },
      );
      expect(result.hops.length).toBeGreaterThanOrEqual(5);
      expect(result.hops.length).toBeLessThanOrEqual(12);
      expect(result.hops.map((h) => h.hop)).toEqual(result.hops.map((_, k) => k + 1));
      expect(result.hops[0]?.ip).toBe('10.0.5.65');
      expect(result.hops[1]?.ip).toMatch(/^(10\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)/);
      for (const h of result.hops.slice(2, -1))
        if (h.ip) expect(h.ip).not.toMatch(/^(10|127|192\.168|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7]))\./);
      expect(result.hops.at(-1)?.ip).toBe('9.9.9.9');
      silent += result.hops.filter((h) => h.ip === null && h.ms.every((m) => m === null)).length;
    }
    expect(silent).toBeGreaterThan(0);
    const named = ok(firewall, 'traceroute', { vlan: 1, ip: 'gw-01.example.com' }).result;
    expect(named.hops.at(-1)?.host).toBe('gw-01.example.com');
  });

  it('disableLanPorts answers the LAN ports with the chosen ones (and earlier ones) off; revert enables all', () => {
    const first = ok(firewall, 'disableLanPorts', { ports: [3, 5] }).result;
    expect(first.ports.map((p) => p.systemNumber)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.ports.filter((p) => !p.enabled).map((p) => p.systemNumber)).toEqual([3, 5]);
    const effect = applyActionEffect(firewall, 'disableLanPorts', first);
    expect(effect).toEqual({ now: { disabledPorts: [3, 5] }, later: null });
    const after = { ...firewall, disabledPorts: effect.now.disabledPorts };
    const second = ok(after, 'disableLanPorts', { ports: [7] }).result;
    expect(second.ports.filter((p) => !p.enabled).map((p) => p.systemNumber)).toEqual([3, 5, 7]);
    const reverted = ok(after, 'revertLanPorts').result;
    expect(reverted.ports.every((p) => p.enabled)).toBe(true);
    expect(applyActionEffect(after, 'revertLanPorts', reverted).now).toEqual({ disabledPorts: [] });
  });

  it('reboot is accepted, then the device is rebooting for 2–4 minutes and comes back with a new last boot', () => {
    const { durationMs, result } = ok(onBackup(firewall), 'reboot');
    const rebootedAt = Date.parse(result.rebootedAt);
    const back = Date.parse(result.expectedBackAt);
    expect(rebootedAt).toBe(NOW + durationMs);
    expect(back - rebootedAt).toBeGreaterThanOrEqual(120_000);
    expect(back - rebootedAt).toBeLessThanOrEqual(240_000);
    expect(applyActionEffect(onBackup(firewall), 'reboot', result)).toEqual({
      now: { status: 'rebooting', connection: 'none' },
      later: {
        atMs: back,
        update: { status: 'onbackup', connection: 'secondary', lastBoot: new Date(back) },
      },
    });
    const ap = ok(accessPoint, 'reboot').result;
    expect(applyActionEffect(accessPoint, 'reboot', ap).later?.update).toMatchObject({
      status: 'online',
      connection: 'none',
    });
  });

  it('diagnostics change nothing on the device', () => {
    for (const action of ['wantest', 'lanpingtest', 'systemTest', 'speedtest', 'traceroute'] as const)
      expect(applyActionEffect(firewall, action, ok(firewall, action).result)).toEqual({
        now: {},
        later: null,
      });
  });
});

describe('backup is slower than primary', () => {
  it.each([
    ['firewall', firewall],
    ['5G appliance', fiveG],
  ])('%s: higher WAN latency and lower speed on backup, at any time', (_, device) => {
    for (let i = 0; i < 50; i++) {
      const c = { seed: SEED + i, nowMs: NOW + i * 997_000 };
      const primary = ok(device, 'wantest', {}, c).result;
      const backup = ok(onBackup(device), 'wantest', {}, c).result;
      expect(primary.link).toBe('primary');
      expect(backup.link).toBe('backup');
      for (const [k, t] of primary.targets.entries()) expect(backup.targets[k]?.avg).toBeGreaterThan(t.avg);
      for (const vlan of [1, 30]) {
        const fast = ok(device, 'speedtest', { vlan }, c).result;
        const slow = ok(onBackup(device), 'speedtest', { vlan }, c).result;
        expect(slow.downloadKbps).toBeLessThan(fast.downloadKbps);
        expect(slow.uploadKbps).toBeLessThan(fast.uploadKbps);
        expect(slow.latencyMs).toBeGreaterThan(fast.latencyMs);
      }
    }
  });

  it('a firewall on its LTE backup is much slower than on its wire', () => {
    const fast = ok(firewall, 'speedtest', { vlan: 1 }).result;
    const slow = ok(onBackup(firewall), 'speedtest', { vlan: 1 }).result;
    expect(slow.downloadKbps * 2).toBeLessThan(fast.downloadKbps);
  });
});

describe('determinism', () => {
  it.each(DIAGNOSTIC_ACTIONS)('%s: same seed, device and time → the same run', (action) => {
    const a = runAction(firewall, action, PARAMS[action], ctx);
    const b = runAction({ ...firewall }, action, structuredClone(PARAMS[action]), { ...ctx });
    expect(b).toEqual(a);
  });

  it('another time or another seed gives another run', () => {
    const a = runAction(firewall, 'traceroute', PARAMS.traceroute, ctx);
    expect(runAction(firewall, 'traceroute', PARAMS.traceroute, { ...ctx, nowMs: NOW + 1 })).not.toEqual(a);
    expect(runAction(firewall, 'traceroute', PARAMS.traceroute, { ...ctx, seed: SEED + 1 })).not.toEqual(a);
  });

  it('does not change the device', () => {
    const device = structuredClone({ ...firewall, disabledPorts: [4] });
    const copy = structuredClone(device);
    for (const action of DIAGNOSTIC_ACTIONS) runAction(device, action, PARAMS[action], ctx);
    expect(device).toEqual(copy);
  });
});

describe('durations', () => {
  const expected: Record<DiagnosticAction, [number, number]> = {
    reboot: [2, 5],
    wantest: [20, 40],
    lanpingtest: [10, 20],
    systemTest: [5, 10],
    speedtest: [30, 60],
    traceroute: [10, 30],
    disableLanPorts: [3, 8],
    revertLanPorts: [3, 8],
  };
  it.each(DIAGNOSTIC_ACTIONS)('%s takes a realistic time', (action) => {
    const [lo, hi] = expected[action];
    expect(ACTION_DURATIONS[action]).toEqual([lo * 1000, hi * 1000]);
    const seen = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const { durationMs } = ok(fiveG, action, PARAMS[action], { seed: SEED, nowMs: NOW + i * 5000 });
      expect(durationMs).toBeGreaterThanOrEqual(lo * 1000);
      expect(durationMs).toBeLessThanOrEqual(hi * 1000);
      seen.add(durationMs);
    }
    expect(seen.size).toBeGreaterThan(10);
  });
});

describe('a device that is not up', () => {
  const statuses = ['offline', 'pending', 'uninstalled', 'error', 'unknown'] as const;
  it.each(statuses)('%s: every action (reboot too) fails with the clear reason', (status) => {
    for (const action of DIAGNOSTIC_ACTIONS) {
      const run = runAction({ ...firewall, status, connection: 'none' }, action, PARAMS[action], ctx);
      expect(run.outcome).toEqual({ ok: false, error: 'The device is offline and cannot run diagnostics.' });
      expect(run.durationMs).toBeGreaterThanOrEqual(REFUSAL_DURATION[0]);
      expect(run.durationMs).toBeLessThanOrEqual(REFUSAL_DURATION[1]);
    }
  });

  it('rebooting: a second reboot is refused, diagnostics wait for it', () => {
    const rebooting = { ...firewall, status: 'rebooting' as const, connection: 'none' as const };
    expect(runAction(rebooting, 'reboot', {}, ctx).outcome).toEqual({
      ok: false,
      error: ACTION_MESSAGES.alreadyRebooting,
    });
    expect(runAction(rebooting, 'wantest', {}, ctx).outcome).toEqual({
      ok: false,
      error: ACTION_MESSAGES.rebooting,
    });
  });

  it('inputs that no longer fit the device fail the run instead of throwing', () => {
    const run = runAction(firewall, 'speedtest', { vlan: 99 }, ctx);
    expect(run.outcome).toEqual({ ok: false, error: 'Unknown VLAN.' });
  });
});

describe('validateActionParams', () => {
  it.each<[string, ActionDevice, DiagnosticAction, unknown, string]>([
    ['unknown VLAN (speed test)', firewall, 'speedtest', { vlan: 99 }, 'Unknown VLAN.'],
    ['unknown VLAN (traceroute)', firewall, 'traceroute', { vlan: 2, ip: '8.8.8.8' }, 'Unknown VLAN.'],
    ['a device without VLANs', accessPoint, 'speedtest', { vlan: 1 }, 'Unknown VLAN.'],
    ['no VLAN', firewall, 'speedtest', {}, 'Choose a VLAN.'],
    ['a VLAN that is not a number', firewall, 'speedtest', { vlan: '20' }, 'Choose a VLAN.'],
    ['a fractional VLAN', firewall, 'speedtest', { vlan: 1.5 }, 'Choose a VLAN.'],
    ['a malformed host', firewall, 'traceroute', { vlan: 1, ip: '256.1.1.1' }, HOST_OR_IP_MESSAGE],
    ['no host', firewall, 'traceroute', { vlan: 1 }, HOST_OR_IP_MESSAGE],
    [
      'a port outside the map',
      firewall,
      'disableLanPorts',
      { ports: [11] },
      'Port 11 is not on this device.',
    ],
    [
      'a port outside a 5-port map',
      fiveG,
      'disableLanPorts',
      { ports: [2, 6] },
      'Port 6 is not on this device.',
    ],
    ['the WAN port', firewall, 'disableLanPorts', { ports: [1] }, 'WAN ports cannot be disabled.'],
    ['the WAN2 port', firewall, 'disableLanPorts', { ports: [4, 2] }, 'WAN ports cannot be disabled.'],
    ['no ports', firewall, 'disableLanPorts', { ports: [] }, 'Choose at least one port.'],
    ['ports missing', firewall, 'disableLanPorts', {}, 'Choose at least one port.'],
    ['port 0', firewall, 'disableLanPorts', { ports: [0] }, 'Ports are numbered 1 to 16.'],
    ['port 17', firewall, 'disableLanPorts', { ports: [17] }, 'Ports are numbered 1 to 16.'],
    ['a fractional port', firewall, 'disableLanPorts', { ports: [3.5] }, 'Ports are numbered 1 to 16.'],
    ['a repeated port', firewall, 'disableLanPorts', { ports: [3, 3] }, 'Each port may be chosen once.'],
    [
      'more than 16 ports',
      firewall,
      'disableLanPorts',
      { ports: Array.from({ length: 17 }, (_, i) => i + 1) },
      'Choose at most 16 ports.',
    ],
    ['an unknown action', firewall, 'format' as DiagnosticAction, {}, 'Unknown action.'],
  ])('%s → 400 %s', (_, device, action, params, message) => {
    expect(refusal(() => validateActionParams(device, action, params))).toEqual({ status: 400, message });
  });

  it('answers good inputs typed and trimmed', () => {
    expect(validateActionParams(firewall, 'speedtest', { vlan: 30 })).toEqual({ vlan: 30 });
    expect(validateActionParams(firewall, 'traceroute', { vlan: 1, ip: ' 10.0.0.1 ' })).toEqual({
      vlan: 1,
      ip: '10.0.0.1',
    });
    expect(validateActionParams(firewall, 'disableLanPorts', { ports: [10, 3] })).toEqual({ ports: [10, 3] });
    expect(validateActionParams(accessPoint, 'disableLanPorts', { ports: [1, 2] })).toEqual({
      ports: [1, 2],
    });
    expect(validateActionParams(firewall, 'reboot', undefined)).toEqual({});
  });
});

describe('HostOrIpSchema (spec part 5)', () => {
  it.each([
    '10.0.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '8.8.8.8',
    'gw-01.example.com',
    'localhost',
    'router',
    'a.b',
    'xn--bcher-kva.example',
    'EXAMPLE.COM',
    '1host.example.com',
    `${'a'.repeat(63)}.com`,
    [...Array(4)].map(() => 'a'.repeat(61)).join('.'), // 247 characters
  ])('accepts %s', (v) => {
    expect(HostOrIpSchema.safeParse(v).success).toBe(true);
  });

  it.each([
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '10.0.0.-1',
    '',
    ' ',
    '-bad.example',
    'bad-.example',
    'under_score.example',
    'a..b',
    '.example.com',
    'example.com.',
    'host name',
    'http://example.com',
    `${'a'.repeat(64)}.com`,
    `${[...Array(5)].map(() => 'a'.repeat(50)).join('.')}.abc`, // 258 characters
    '2001:db8::1',
  ])('rejects %j with the message', (v) => {
    const parsed = HostOrIpSchema.safeParse(v);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(HOST_OR_IP_MESSAGE);
  });

  it('rejects a non-string with the message', () => {
    expect(HostOrIpSchema.safeParse(42).error?.issues[0]?.message).toBe(HOST_OR_IP_MESSAGE);
  });
});

describe('request and job contracts', () => {
  it('parse the requests', () => {
    expect(SpeedTestRequestSchema.parse({ vlan: 20 })).toEqual({ vlan: 20 });
    expect(TracerouteRequestSchema.safeParse({ vlan: 1, ip: '-bad.example' }).success).toBe(false);
    expect(DisableLanPortsRequestSchema.parse({ ports: [1, 16] })).toEqual({ ports: [1, 16] });
  });

  it('a job carries the result of its own action only', () => {
    const base = {
      id: 'j1',
      deviceId: firewall.id,
      batchId: null,
      state: 'succeeded',
      error: null,
      requestedBy: { id: 'u1', name: 'Maria Garcia' },
      createdAt: new Date(NOW).toISOString(),
      startedAt: new Date(NOW).toISOString(),
      finishedAt: new Date(NOW + 30_000).toISOString(),
    };
    const speed = ok(firewall, 'speedtest').result;
    expect(
      JobSchema.parse({ ...base, action: 'speedtest', params: { vlan: 20 }, result: speed }).action,
    ).toBe('speedtest');
    expect(JobSchema.safeParse({ ...base, action: 'wantest', params: {}, result: speed }).success).toBe(
      false,
    );
    expect(
      JobSchema.safeParse({ ...base, action: 'wantest', params: {}, state: 'queued', result: null }).success,
    ).toBe(true);
    expect(summarizeJobs([{ state: 'queued' }, { state: 'failed' }, { state: 'failed' }])).toEqual({
      total: 3,
      queued: 1,
      running: 0,
      succeeded: 0,
      failed: 2,
      cancelled: 0,
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { Job, LanPingResult, SpeedTestResult, SystemTestResult, WanTestResult } from './diagnostics.ts';
import {
  jobVerdict,
  VERDICT_THRESHOLDS as T,
  type Verdict,
  verdictRank,
  verdictReasonText,
} from './verdict.ts';

const base = {
  id: 'j1',
  deviceId: 'd1',
  batchId: null,
  error: null,
  requestedBy: { id: 'u1', name: 'Ada' },
  createdAt: '2026-11-26T10:00:00.000Z',
  startedAt: '2026-11-26T10:00:01.000Z',
  finishedAt: '2026-11-26T10:00:05.000Z',
};
const wan = (
  target: Partial<WanTestResult['targets'][number]>,
  link: 'primary' | 'backup' = 'primary',
): Job => ({
  ...base,
  state: 'succeeded',
  action: 'wantest',
  params: {},
  result: {
    link,
    targets: [
      {
        target: '8.8.8.8',
        name: 'Google DNS',
        sent: 10,
        min: 10,
        avg: 20,
        max: 30,
        jitter: 3,
        loss: 0,
        ...target,
      },
    ],
  },
});
const lan = (hosts: Partial<LanPingResult['hosts'][number]>[]): Job => ({
  ...base,
  state: 'succeeded',
  action: 'lanpingtest',
  params: {},
  result: {
    hosts: hosts.map((h) => ({
      host: 'till-1',
      ip: '10.0.10.21',
      vlan: 10,
      sent: 10,
      received: 10,
      avgMs: 1.2,
      ...h,
    })),
  },
});
const system = (r: Partial<SystemTestResult>): Job => ({
  ...base,
  state: 'succeeded',
  action: 'systemTest',
  params: {},
  result: { cpuPercent: 20, memoryPercent: 40, sessions: 120, temperatureC: 45, uptimeSeconds: 3600, ...r },
});
const speed = (r: Partial<SpeedTestResult>): Job => ({
  ...base,
  state: 'succeeded',
  action: 'speedtest',
  params: { vlan: 10 },
  result: { vlan: 10, link: 'primary', downloadKbps: 90_000, uploadKbps: 20_000, latencyMs: 25, ...r },
});
const verdictOf = (job: Job) => jobVerdict(job)?.verdict ?? null;

describe('WAN latency test: loss, latency and jitter per target, each side of each limit', () => {
  it.each<[string, Partial<WanTestResult['targets'][number]>, Verdict]>([
    ['all well', {}, 'healthy'],
    ['loss at the degraded limit', { loss: T.lossPercent.degraded }, 'healthy'],
    ['loss just over it', { loss: T.lossPercent.degraded + 0.1 }, 'degraded'],
    ['loss just under failing', { loss: T.lossPercent.failing - 0.1 }, 'degraded'],
    // Issue 37 point 13: one probe lost in ten flagged a healthy site Failing.
    ['one probe lost in ten (10 %)', { sent: 10, loss: 10 }, 'degraded'],
    ['two lost in ten (20 %)', { sent: 10, loss: 20 }, 'degraded'],
    ['three lost in ten (30 %): the window fails', { sent: 10, loss: 30 }, 'failing'],
    ['two lost in four (50 %): too few probes to fail', { sent: 4, loss: 50 }, 'degraded'],
    ['a quarter of twenty (5 lost)', { sent: 20, loss: T.lossPercent.failing }, 'failing'],
    ['every probe lost', { loss: 100 }, 'failing'],
    ['latency at the limit', { avg: T.wanLatencyMs.degraded }, 'healthy'],
    ['latency over it', { avg: T.wanLatencyMs.degraded + 1 }, 'degraded'],
    ['latency at failing', { avg: T.wanLatencyMs.failing }, 'failing'],
    ['jitter at the limit', { jitter: T.jitterMs.degraded }, 'healthy'],
    ['jitter over it', { jitter: T.jitterMs.degraded + 1 }, 'degraded'],
    ['jitter at failing', { jitter: T.jitterMs.failing }, 'failing'],
  ])('%s → %s', (_name, target, verdict) => {
    expect(verdictOf(wan(target))).toBe(verdict);
  });

  it('running on the backup link is Degraded, named as such', () => {
    expect(jobVerdict(wan({}, 'backup'))).toEqual({
      verdict: 'degraded',
      reasons: [{ code: 'onBackup', level: 'degraded' }],
    });
  });

  it('no target measured is Failing', () => {
    const job: Job = { ...wan({}), result: { link: 'primary', targets: [] } } as Job;
    expect(verdictOf(job)).toBe('failing');
  });

  it('names the target, the figure and the limit, problems first', () => {
    const result = jobVerdict(wan({ loss: 30, jitter: 40 }));
    expect(result?.reasons).toEqual([
      { code: 'wanLoss', level: 'failing', subject: 'Google DNS', value: 30, limit: 25, unit: 'percent' },
      { code: 'wanJitter', level: 'degraded', subject: 'Google DNS', value: 40, limit: 30, unit: 'ms' },
    ]);
  });
});

describe('LAN ping: a host that does not reply fails the test', () => {
  it.each<[string, Partial<LanPingResult['hosts'][number]>[], Verdict]>([
    ['every host replied', [{}, { host: 'till-2', ip: '10.0.10.22' }], 'healthy'],
    ['one host of three silent', [{}, {}, { received: 0, avgMs: null }], 'failing'],
    ['one ping of twenty lost (5 %)', [{ sent: 20, received: 19 }], 'degraded'],
    ['one ping of five lost (20 %): reachable, so Degraded', [{ sent: 5, received: 4 }], 'degraded'],
    ['one ping of fifty lost (2 %)', [{ sent: 50, received: 49 }], 'healthy'],
    ['slow at the limit', [{ avgMs: T.lanLatencyMs.degraded }], 'healthy'],
    ['slow over it', [{ avgMs: T.lanLatencyMs.degraded + 0.1 }], 'degraded'],
    ['slow at failing', [{ avgMs: T.lanLatencyMs.failing }], 'failing'],
  ])('%s → %3$s', (_name, hosts, verdict) => {
    expect(verdictOf(lan(hosts))).toBe(verdict);
  });

  it('names the silent host by name and address', () => {
    expect(jobVerdict(lan([{ received: 0, avgMs: null }]))?.reasons).toEqual([
      { code: 'hostSilent', level: 'failing', subject: 'till-1 (10.0.10.21)' },
    ]);
  });
});

describe('system test', () => {
  it.each<[string, Partial<SystemTestResult>, Verdict]>([
    ['all well', {}, 'healthy'],
    ['cpu at 80', { cpuPercent: T.cpuPercent.degraded }, 'healthy'],
    ['cpu at 81', { cpuPercent: T.cpuPercent.degraded + 1 }, 'degraded'],
    ['cpu at 95', { cpuPercent: T.cpuPercent.failing }, 'failing'],
    ['memory at 85', { memoryPercent: T.memoryPercent.degraded }, 'healthy'],
    ['memory at 86', { memoryPercent: T.memoryPercent.degraded + 1 }, 'degraded'],
    ['memory at 95', { memoryPercent: T.memoryPercent.failing }, 'failing'],
    ['70 °C', { temperatureC: T.temperatureC.degraded }, 'healthy'],
    ['71 °C', { temperatureC: T.temperatureC.degraded + 1 }, 'degraded'],
    ['85 °C', { temperatureC: T.temperatureC.failing }, 'failing'],
  ])('%s → %s', (_name, result, verdict) => {
    expect(verdictOf(system(result))).toBe(verdict);
  });
});

describe('speed test: slow links, latency under load and the backup link', () => {
  it.each<[string, Partial<SpeedTestResult>, Verdict]>([
    ['a wired plan', {}, 'healthy'],
    ['download at the limit', { downloadKbps: T.downloadKbps.degraded }, 'healthy'],
    ['download under it', { downloadKbps: T.downloadKbps.degraded - 1 }, 'degraded'],
    ['download under failing', { downloadKbps: T.downloadKbps.failing - 1 }, 'failing'],
    ['upload under the limit', { uploadKbps: T.uploadKbps.degraded - 1 }, 'degraded'],
    ['upload under failing', { uploadKbps: T.uploadKbps.failing - 1 }, 'failing'],
    ['loaded latency over the limit', { latencyMs: T.loadedLatencyMs.degraded + 1 }, 'degraded'],
    ['loaded latency at failing', { latencyMs: T.loadedLatencyMs.failing }, 'failing'],
    ['over the backup link', { link: 'backup' }, 'degraded'],
  ])('%s → %s', (_name, result, verdict) => {
    expect(verdictOf(speed(result))).toBe(verdict);
  });
});

describe('traceroute', () => {
  const trace = (lastIp: string | null): Job => ({
    ...base,
    state: 'succeeded',
    action: 'traceroute',
    params: { vlan: 10, ip: '8.8.8.8' },
    result: {
      target: '8.8.8.8',
      vlan: 10,
      hops: [
        { hop: 1, host: 'gw', ip: '10.0.10.1', ms: [1, 1, 1] },
        { hop: 2, host: null, ip: lastIp, ms: lastIp ? [12, 13, 12] : [null, null, null] },
      ],
    },
  });
  it('reached → Healthy; the last hop silent → Failing', () => {
    expect(verdictOf(trace('8.8.8.8'))).toBe('healthy');
    expect(jobVerdict(trace(null))?.reasons).toEqual([
      { code: 'traceSilent', level: 'failing', subject: '8.8.8.8' },
    ]);
  });
});

describe('what is not judged', () => {
  it.each([
    ['a test still running', { ...speed({}), state: 'running', result: null } as Job],
    ['a cancelled test', { ...speed({}), state: 'cancelled', result: null } as Job],
    [
      'a reboot',
      {
        ...base,
        state: 'succeeded',
        action: 'reboot',
        params: {},
        result: { rebootedAt: base.startedAt, expectedBackAt: base.finishedAt },
      } as Job,
    ],
    [
      'a failed reboot',
      { ...base, state: 'failed', action: 'reboot', params: {}, result: null, error: 'x' } as Job,
    ],
  ])('%s → no verdict', (_name, job) => {
    expect(jobVerdict(job)).toBeNull();
  });

  it('a test that failed to run is Failing with its error', () => {
    const job = { ...speed({}), state: 'failed', result: null, error: 'The device is offline.' } as Job;
    expect(jobVerdict(job)).toEqual({
      verdict: 'failing',
      reasons: [{ code: 'jobFailed', level: 'failing', error: 'The device is offline.' }],
    });
  });
});

describe('order and wording', () => {
  it('ranks problems first and what has no verdict last', () => {
    const order = (['healthy', null, 'failing', 'degraded'] as const)
      .slice()
      .sort((a, b) => verdictRank(a) - verdictRank(b));
    expect(order).toEqual(['failing', 'degraded', 'healthy', null]);
  });

  it("writes a reason in English and in Spanish with the caller's figures", () => {
    const reason = jobVerdict(wan({ loss: 30 }))?.reasons[0];
    if (!reason) throw new Error('no reason');
    const figure = (value: number, unit: string) => `${value} ${unit === 'percent' ? '%' : unit}`;
    expect(verdictReasonText(reason, 'en', figure)).toBe('Google DNS: 30 % of probes lost (limit 25 %).');
    expect(verdictReasonText(reason, 'es', figure)).toBe(
      'Google DNS: 30 % de sondeos perdidos (límite 25 %).',
    );
  });
});
